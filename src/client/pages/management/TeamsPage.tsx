import { Text } from '@primer/react';
import { useTranslation } from 'react-i18next';
import {
  type TTeam,
  type TTeamDetail,
  type TUpdateTeamInput,
  type TUserRef,
  ZCreateTeamInput,
  ZListTeamsInput,
  ZUpdateTeamInput,
} from '../../../shared/schemas/teams.ts';
import { type Column, joinCellText } from '../../components/DataTable/DataTable.tsx';
import {
  CheckboxField,
  FormDialog,
  TextareaField,
  TextField,
  useSaveRecord,
} from '../../components/FormDialog/index.ts';
import {
  ActiveFilter,
  ArchivedFilter,
  NameCell,
  NumberCell,
  type RecordDialogProps,
  RecordListPage,
  RecordStatus,
  useRecordList,
  useRecordStatusText,
} from '../../components/ListPage/index.ts';
import { RecordHistory } from '../../components/RecordHistory/RecordHistory.tsx';
import {
  CustomerField,
  CustomerFilter,
  type PickedUser,
  RecordSelect,
  UserMultiPicker,
  useCustomerRecordForm,
  useUserOptions,
} from '../../components/RecordSelect/index.ts';
import { useFormatters } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { DetailLoader } from './DetailLoader.tsx';
import classes from './Management.module.css';

/** /management/teams: inspectors grouped under a floor manager and a team leader. */
export default function TeamsPage() {
  const { t } = useTranslation('business');
  const fmt = useFormatters();
  const statusText = useRecordStatusText();
  const list = useRecordList({
    filters: ['customerId', 'active', 'archived'],
    schema: ZListTeamsInput,
    list: trpc.teams.list,
    invalidates: ['teams', 'users'],
    subject: 'Team',
    // Floor managers manage their own teams only.
    record: (team) => team,
    label: (team) => team.name,
    archived: (team) => !!team.archivedAt,
    archive: trpc.teams.archive.useMutation().mutateAsync,
    restore: trpc.teams.restore.useMutation().mutateAsync,
    remove: trpc.teams.delete.useMutation().mutateAsync,
    deleteHint: t('teams.deleteHint'),
    deleteBlocked: (team) => (team.memberCount > 0 ? t('teams.cannotDelete', { count: team.memberCount }) : null),
    records: t('teams.records'),
  });
  const personText = (u: TUserRef | null) => (u ? joinCellText(u.fullName, u.email) : '—');
  const person = (u: TUserRef | null) =>
    u ? <NameCell name={u.fullName} detail={u.email} /> : <Text className={classes.muted}>—</Text>;

  const columns: Column<TTeam>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      kind: 'name',
      sortable: true,
      render: (team) => <NameCell name={team.name} detail={team.description} />,
      exportValue: (team) => joinCellText(team.name, team.description),
    },
    {
      key: 'floorManager',
      header: t('teams.floorManager'),
      kind: 'text',
      width: 13,
      render: (team) => person(team.floorManager),
      exportValue: (team) => personText(team.floorManager),
    },
    {
      key: 'teamLeader',
      header: t('teams.teamLeader'),
      kind: 'text',
      width: 13,
      render: (team) => person(team.teamLeader),
      exportValue: (team) => personText(team.teamLeader),
    },
    {
      key: 'memberCount',
      header: t('teams.members'),
      kind: 'number',
      render: (team) => <NumberCell>{fmt.number(team.memberCount)}</NumberCell>,
      exportValue: (team) => fmt.number(team.memberCount),
    },
    {
      key: 'status',
      header: t('fields.status'),
      kind: 'status',
      render: (team) => <RecordStatus active={team.active} archivedAt={team.archivedAt} />,
      exportValue: (r) => statusText(r),
    },
    {
      key: 'updatedAt',
      header: t('fields.updatedAt'),
      kind: 'date',
      sortable: true,
      render: (team) => fmt.date(team.updatedAt),
    },
  ];

  return (
    <RecordListPage
      list={list}
      title={t('teams.title')}
      description={t('teams.description')}
      createLabel={t('teams.new')}
      emptyTitle={t('teams.empty')}
      columns={columns}
      card={{ title: 'name', facts: ['teamLeader', 'memberCount'], status: 'status' }}
      exportDomain="teams"
      importKind="teams"
      filters={
        <>
          <CustomerFilter {...list.filter('customerId')} />
          <ActiveFilter {...list.filter('active')} />
          <ArchivedFilter {...list.filter('archived')} />
        </>
      }
      dialog={(team, props) => (
        <DetailLoader id={team?.id ?? null} byId={trpc.teams.byId} onClose={props.onClose}>
          {(detail) => <TeamDialog team={detail} {...props} />}
        </DetailLoader>
      )}
    />
  );
}

function TeamDialog({ team, onClose, onSaved, onReload }: RecordDialogProps & { team: TTeamDetail | null }) {
  const { t } = useTranslation('business');
  const save = useSaveRecord(!!team, trpc.teams);
  const update = trpc.teams.update.useMutation();
  const addMembers = trpc.teams.addMembers.useMutation();
  const removeMembers = trpc.teams.removeMembers.useMutation();
  /**
   * An edit saves the team's own fields with the version read (stale: CONFLICT, nothing saved), then
   * the member changes made here as additions and removals, so members that someone else added or
   * removed meanwhile stay as they did. The fields go first: a new lead becomes a member, and an old
   * lead may then be removed.
   */
  const saveTeam = async (data: Parameters<typeof save>[0]): Promise<TTeamDetail> => {
    if (!team) return save(data);
    const { memberIds = [], ...fields } = data as TUpdateTeamInput;
    let saved = await update.mutateAsync(fields);
    const loaded = new Set(team.members.map((m) => m.id));
    const chosen = new Set(memberIds);
    const added = memberIds.filter((id) => !loaded.has(id));
    const removed = [...loaded].filter((id) => !chosen.has(id));
    if (added.length) saved = await addMembers.mutateAsync({ id: team.id, userIds: added });
    if (removed.length) saved = await removeMembers.mutateAsync({ id: team.id, userIds: removed });
    return saved;
  };
  const { form, superadmin } = useCustomerRecordForm({
    record: team,
    create: ZCreateTeamInput,
    update: ZUpdateTeamInput,
    values: {
      name: team?.name ?? '',
      description: team?.description ?? '',
      floorManagerId: team?.floorManager?.id ?? null,
      teamLeaderId: team?.teamLeader?.id ?? null,
      members: (team?.members ?? []).map(
        (m): PickedUser => ({ id: m.id, fullName: m.fullName, email: m.email, role: m.role }),
      ),
      active: team?.active ?? true,
    },
    toInput: ({ members, ...fields }) => ({ ...fields, memberIds: members.map((m) => m.id) }),
  });
  const customerId = team ? team.customerId : form.values.customerId;
  const scoped = !superadmin || !!customerId;
  const floorManagers = useUserOptions({ customerId: superadmin ? customerId : null, role: 'floormanager' }, scoped);
  const teamLeaders = useUserOptions({ customerId: superadmin ? customerId : null, role: 'teamleader' }, scoped);
  // Each lead says which role holds them in the team: the floor manager is no "team leader".
  const leads = new Map<number, string>();
  if (form.values.floorManagerId != null) leads.set(form.values.floorManagerId, t('teams.isFloorManager'));
  if (form.values.teamLeaderId != null) leads.set(form.values.teamLeaderId, t('teams.isTeamLeader'));

  return (
    <FormDialog
      title={team ? t('teams.edit', { name: team.name }) : t('teams.new')}
      form={form}
      width="xlarge"
      onClose={onClose}
      onReload={onReload}
      onSubmit={async (data) => onSaved((await saveTeam(data)).name)}
    >
      {!team && <CustomerField form={form} superadmin={superadmin} />}
      <TextField form={form} name="name" label={t('fields.name')} required />
      <TextareaField form={form} name="description" label={t('fields.description')} />
      {scoped ? (
        <>
          <div className={classes.twoColumns}>
            <RecordSelect
              label={t('teams.floorManager')}
              placeholder={t('filters.nobody')}
              options={floorManagers.options}
              loading={floorManagers.loading}
              value={form.values.floorManagerId}
              onChange={(id) => form.set('floorManagerId', id)}
              error={form.error('floorManagerId')}
              caption={t('teams.floorManagerHint')}
            />
            <RecordSelect
              label={t('teams.teamLeader')}
              placeholder={t('filters.nobody')}
              options={teamLeaders.options}
              loading={teamLeaders.loading}
              value={form.values.teamLeaderId}
              onChange={(id) => form.set('teamLeaderId', id)}
              error={form.error('teamLeaderId')}
              caption={t('teams.teamLeaderHint')}
            />
          </div>
          <UserMultiPicker
            label={t('teams.members')}
            value={form.values.members}
            onChange={(members) => form.patch({ members }, ['members', 'memberIds'])}
            customerId={superadmin ? customerId : null}
            locked={leads}
            error={form.error('memberIds')}
          />
        </>
      ) : (
        <Text as="p" className={classes.muted}>
          {t('teams.chooseCustomerFirst')}
        </Text>
      )}
      <CheckboxField form={form} name="active" label={t('fields.active')} />
      {team && <RecordHistory entityType="Team" entityId={team.id} />}
    </FormDialog>
  );
}
