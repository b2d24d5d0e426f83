import { useTranslation } from 'react-i18next';
import { RecordSelect } from '../../../components/RecordSelect/index.ts';
import { trpc } from '../../../lib/trpc.ts';

/** The inspector of an assignment: an active `qualitycontrol` member of the chosen team, or nobody. */
export function InspectorSelect({
  teamId,
  value,
  onChange,
  error,
}: {
  teamId: number | null;
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
}) {
  const { t } = useTranslation('workflow');
  const users = trpc.users.list.useQuery(
    { role: 'qualitycontrol', teamId: teamId ?? 0, status: 'active', itemsPerPage: -1, sortBy: 'fullName' },
    { enabled: !!teamId, staleTime: 30_000 },
  );
  return (
    <RecordSelect
      label={t('fields.inspector')}
      placeholder={teamId ? t('wizard.assignments.noInspector') : t('wizard.assignments.teamFirst')}
      options={(users.data?.items ?? []).map((u) => ({ id: u.id, label: u.fullName }))}
      loading={!!teamId && users.isLoading}
      disabled={!teamId}
      value={value}
      onChange={onChange}
      error={error}
      caption={teamId && users.data && users.data.total === 0 ? t('wizard.assignments.noInspectorsInTeam') : undefined}
    />
  );
}
