import { PlusIcon } from '@primer/octicons-react';
import { Button, Dialog, Spinner, Text } from '@primer/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ZCreateTeamInput,
  ZListTeamsInput,
  ZUpdateTeamInput,
  type TCreateTeamInput,
  type TTeam,
  type TTeamDetail,
  type TUpdateTeamInput,
  type TUserRef,
} from '../../../shared/schemas/teams.ts';
import { DataTable, type Column } from '../../components/DataTable/DataTable.tsx';
import { ExportCsvButton } from '../../components/DataTable/ExportCsvButton.tsx';
import { RowActions } from '../../components/DataTable/RowActions.tsx';
import { CheckboxField, FormDialog, TextareaField, TextField, useZodForm } from '../../components/FormDialog/index.ts';
import {
  ActiveFilter,
  ArchivedFilter,
  ListPage,
  NameCell,
  RecordStatus,
  useNotice,
  useRecordActions,
} from '../../components/ListPage/index.ts';
import {
  CustomerField,
  CustomerFilter,
  RecordSelect,
  UserMultiPicker,
  requireCustomerFor,
  useIsSuperadmin,
  useUserOptions,
  type PickedUser,
} from '../../components/RecordSelect/index.ts';
import { useCan } from '../../lib/can.ts';
import { useFormatters } from '../../lib/format.ts';
import { toSchemaListInput, useListState } from '../../lib/list-state.ts';
import { trpc } from '../../lib/trpc.ts';
import classes from './Management.module.css';

const FILTERS = ['customerId', 'active', 'archived'] as const;

/** /management/teams: inspectors grouped under a floor manager and a team leader. */
export default function TeamsPage() {
  const { t } = useTranslation('business');
  const can = useCan();
  const fmt = useFormatters();
  const [state, update] = useListState(FILTERS);
  const input = toSchemaListInput(ZListTeamsInput, state);
  const list = trpc.teams.list.useQuery(input, { placeholderData: keepPreviousData });
  const utils = trpc.useUtils();
  const notices = useNotice();
  const [editing, setEditing] = useState<TTeam | 'new' | null>(null);
  const canCreate = can('create', 'Team');
  const refresh = () => Promise.all([utils.teams.invalidate(), utils.users.invalidate()]);
  const actions = useRecordActions<TTeam>({
    notices,
    refresh,
    label: (team) => team.name,
    archive: trpc.teams.archive.useMutation().mutateAsync,
    restore: trpc.teams.restore.useMutation().mutateAsync,
    remove: trpc.teams.delete.useMutation().mutateAsync,
    deleteHint: t('teams.deleteHint'),
  });
  const person = (u: TUserRef | null) => (u ? <NameCell name={u.fullName} detail={u.email} /> : <Text className={classes.muted}>—</Text>);

  const columns: Column<TTeam>[] = [
    { key: 'name', header: t('fields.name'), sortable: true, render: (team) => <NameCell name={team.name} detail={team.description} /> },
    { key: 'floorManager', header: t('teams.floorManager'), render: (team) => person(team.floorManager) },
    { key: 'teamLeader', header: t('teams.teamLeader'), render: (team) => person(team.teamLeader) },
    { key: 'memberCount', header: t('teams.members'), align: 'end', render: (team) => fmt.number(team.memberCount) },
    { key: 'status', header: t('fields.status'), render: (team) => <RecordStatus active={team.active} archivedAt={team.archivedAt} /> },
    { key: 'updatedAt', header: t('fields.updatedAt'), sortable: true, render: (team) => fmt.date(team.updatedAt) },
  ];

  return (
    <ListPage
      title={t('teams.title')}
      description={t('teams.description')}
      notices={notices}
      actions={
        canCreate && (
          <Button variant="primary" leadingVisual={PlusIcon} onClick={() => setEditing('new')}>
            {t('teams.new')}
          </Button>
        )
      }
    >
      <DataTable
        label={t('teams.title')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        rowKey={(team) => team.id}
        state={state}
        onStateChange={update}
        loading={list.isFetching}
        error={list.error?.message}
        onRetry={() => void list.refetch()}
        onRowOpen={(team) => can('update', 'Team', team) && setEditing(team)}
        empty={{ title: t('teams.empty'), description: canCreate ? t('emptyCreate') : t('emptyFilters') }}
        toolbar={
          <>
            <CustomerFilter value={state.filters.customerId} onChange={(customerId) => update({ filters: { customerId } })} />
            <ActiveFilter value={state.filters.active} onChange={(active) => update({ filters: { active } })} />
            <ArchivedFilter value={state.filters.archived} onChange={(archived) => update({ filters: { archived } })} />
            <ExportCsvButton domain="teams" input={input} />
          </>
        }
        rowActions={(team) => (
          <RowActions
            rowLabel={team.name}
            actions={actions.menu(team, {
              onEdit: () => setEditing(team),
              canUpdate: can('update', 'Team', team),
              canDelete: can('delete', 'Team', team),
              archived: !!team.archivedAt,
            })}
          />
        )}
      />
      {editing && (
        <TeamDialogLoader
          team={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async (name) => {
            await refresh();
            notices.success(t('notices.saved', { name }));
          }}
        />
      )}
      {actions.dialog}
    </ListPage>
  );
}

interface DialogProps {
  onClose: () => void;
  onSaved: (name: string) => Promise<void>;
}

/** Loads the team's members before showing the form. */
function TeamDialogLoader({ team, ...props }: DialogProps & { team: TTeam | null }) {
  const { t } = useTranslation('business');
  const detail = trpc.teams.byId.useQuery({ id: team?.id ?? 0 }, { enabled: !!team, gcTime: 0 });
  if (!team) return <TeamDialog team={null} {...props} />;
  if (detail.error) {
    return (
      <Dialog title={t('loadFailed')} onClose={props.onClose} footerButtons={[{ content: t('close'), onClick: props.onClose }]}>
        <Text as="p">{detail.error.message}</Text>
      </Dialog>
    );
  }
  if (!detail.data) {
    return (
      <div className={classes.overlayStatus}>
        <Spinner srText={t('loading')} />
      </div>
    );
  }
  return <TeamDialog team={detail.data} {...props} />;
}

function TeamDialog({ team, onClose, onSaved }: DialogProps & { team: TTeamDetail | null }) {
  const { t } = useTranslation('business');
  const superadmin = useIsSuperadmin();
  const create = trpc.teams.create.useMutation();
  const save = trpc.teams.update.useMutation();
  const schema = useMemo(() => (team ? ZUpdateTeamInput : requireCustomerFor(ZCreateTeamInput, superadmin)), [team, superadmin]);
  const form = useZodForm(
    schema,
    {
      customerId: null as number | null,
      name: team?.name ?? '',
      description: team?.description ?? '',
      floorManagerId: (team?.floorManager?.id ?? null),
      teamLeaderId: (team?.teamLeader?.id ?? null),
      members: (team?.members ?? []).map((m): PickedUser => ({ id: m.id, fullName: m.fullName, email: m.email, role: m.role })),
      active: team?.active ?? true,
    },
    ({ customerId, members, ...fields }) => ({
      ...(team ? { id: team.id } : { customerId: (superadmin && customerId) || undefined }),
      ...fields,
      memberIds: members.map((m) => m.id),
    }),
  );
  const customerId = team ? team.customerId : form.values.customerId;
  const scoped = !superadmin || !!customerId;
  const floorManagers = useUserOptions({ customerId: superadmin ? customerId : null, role: 'floormanager' }, scoped);
  const teamLeaders = useUserOptions({ customerId: superadmin ? customerId : null, role: 'teamleader' }, scoped);
  const leads = [form.values.floorManagerId, form.values.teamLeaderId].filter((id): id is number => id != null);

  return (
    <FormDialog
      title={team ? t('teams.edit', { name: team.name }) : t('teams.new')}
      form={form}
      width="xlarge"
      onClose={onClose}
      onSubmit={async (data) => {
        const saved = team ? await save.mutateAsync(data as TUpdateTeamInput) : await create.mutateAsync(data as TCreateTeamInput);
        await onSaved(saved.name);
      }}
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
            locked={{ ids: leads, reason: t('teams.leadMember') }}
            error={form.error('memberIds')}
          />
        </>
      ) : (
        <Text as="p" className={classes.muted}>
          {t('teams.chooseCustomerFirst')}
        </Text>
      )}
      <CheckboxField form={form} name="active" label={t('fields.active')} />
    </FormDialog>
  );
}
