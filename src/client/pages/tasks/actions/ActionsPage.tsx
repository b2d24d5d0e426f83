import { ArrowLeftIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import {
  ACTION_STATUSES,
  type TCorrectiveAction,
  ZListCorrectiveActionsInput,
} from '../../../../shared/schemas/corrective-actions.ts';
import { Bdi } from '../../../components/Bidi/index.ts';
import { ActionStatusLabel } from '../../../components/CorrectiveActions/index.ts';
import { type Column, DataTable, joinCellText } from '../../../components/DataTable/DataTable.tsx';
import { FilterSelect } from '../../../components/DataTable/FilterSelect.tsx';
import { CodeCell, ListPage, NameCell, useNotice } from '../../../components/ListPage/index.ts';
import { useCan } from '../../../lib/can.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useFormatters } from '../../../lib/format.ts';
import { toSchemaListInput, useListState } from '../../../lib/list-state.ts';
import { useSession } from '../../../lib/session.tsx';
import { trpc } from '../../../lib/trpc.ts';
import { ActionDetails } from './ActionDetails.tsx';

/** URL keys: the list's filters, and `id`, the action whose side panel is open (notification links). */
const FILTERS = ['status', 'overdue', 'locationId', 'ownerId', 'projectId', 'taskId', 'teamId', 'mine', 'id'] as const;

/**
 * /tasks/actions: the corrective actions the caller may read (an inspector: their own), most urgent
 * first, filtered by status, overdue, location, owner and project in SQL; a row opens its side panel
 * (complete, verify, edit, cancel), and `?id=` opens it from a link.
 */
export default function ActionsPage() {
  const { t } = useTranslation('actions');
  const errorText = useErrorText();
  const fmt = useFormatters();
  const can = useCan();
  const { user } = useSession();
  const notices = useNotice();
  const [state, update] = useListState(FILTERS);
  const { filters } = state;
  const { id: openParam, ...listFilters } = filters;
  const input = toSchemaListInput(ZListCorrectiveActionsInput, { ...state, filters: listFilters });
  const list = trpc.correctiveActions.list.useQuery(input, { placeholderData: keepPreviousData });
  const openId = Number(openParam) > 0 ? Number(openParam) : null;
  const setOpen = (id: number | null) => update({ filters: { id: id === null ? '' : String(id) }, page: state.page });
  const filter = (key: string) => ({
    value: filters[key] ?? '',
    onChange: (value: string) => update({ filters: { [key]: value } }),
  });

  const inspector = user?.role_name === 'qualitycontrol';
  const projects = trpc.projects.list.useQuery(
    { itemsPerPage: -1, sortBy: 'code', archived: 'include' },
    { staleTime: 30_000, enabled: can('read', 'Project') },
  );
  const locations = trpc.locations.list.useQuery(
    { itemsPerPage: -1, sortBy: 'code' },
    { staleTime: 30_000, enabled: can('read', 'Location') },
  );
  const readsUsers = can('read', 'User') && !inspector;
  const users = trpc.users.list.useQuery(
    { itemsPerPage: -1, sortBy: 'fullName' },
    { staleTime: 30_000, enabled: readsUsers },
  );

  const columns: Column<TCorrectiveAction>[] = [
    {
      key: 'question',
      header: t('fields.question'),
      kind: 'name',
      render: (a) => <NameCell name={a.questionText} />,
      exportValue: (a) => joinCellText(a.questionText, a.questionKey),
    },
    {
      key: 'status',
      header: t('fields.status'),
      kind: 'status',
      sortable: true,
      render: (a) => <ActionStatusLabel status={a.status} overdue={a.overdue} />,
      exportValue: (a) => (a.overdue ? t('status.overdue') : t(`status.${a.status}`)),
    },
    { key: 'dueAt', header: t('fields.dueAt'), kind: 'date', sortable: true, render: (a) => fmt.date(a.dueAt) },
    {
      key: 'location',
      header: t('fields.location'),
      render: (a) => <NameCell name={a.location.name} detail={<CodeCell>{a.location.code}</CodeCell>} />,
      exportValue: (a) => joinCellText(a.location.name, a.location.code),
    },
    {
      key: 'owner',
      header: t('fields.owner'),
      render: (a) => (a.owner ? <Bdi>{a.owner.name}</Bdi> : t('list.noOwner')),
      exportValue: (a) => a.owner?.name ?? t('list.noOwner'),
    },
    {
      key: 'project',
      header: t('fields.project'),
      render: (a) => <NameCell name={a.project.name} detail={<CodeCell>{a.project.code}</CodeCell>} />,
      exportValue: (a) => joinCellText(a.project.name, a.project.code),
    },
    {
      key: 'createdAt',
      header: t('fields.createdAt'),
      kind: 'date',
      sortable: true,
      render: (a) => fmt.date(a.createdAt),
    },
  ];

  const filterControls = (
    <>
      <FilterSelect
        label={t('fields.status')}
        {...filter('status')}
        allLabel={t('filters.allStatuses')}
        options={ACTION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
      />
      <FilterSelect
        label={t('filters.overdue')}
        {...filter('overdue')}
        allLabel={t('filters.anyDue')}
        options={[
          { value: 'true', label: t('filters.onlyOverdue') },
          { value: 'false', label: t('filters.notOverdue') },
        ]}
      />
      {can('read', 'Location') && (
        <FilterSelect
          label={t('fields.location')}
          {...filter('locationId')}
          allLabel={t('filters.allLocations')}
          options={(locations.data?.items ?? []).map((l) => ({ value: String(l.id), label: `${l.code} · ${l.name}` }))}
        />
      )}
      {readsUsers ? (
        <FilterSelect
          label={t('fields.owner')}
          {...filter('ownerId')}
          allLabel={t('filters.allOwners')}
          options={(users.data?.items ?? []).map((u) => ({ value: String(u.id), label: u.fullName }))}
        />
      ) : (
        <FilterSelect
          label={t('fields.owner')}
          {...filter('mine')}
          allLabel={t('filters.allOwners')}
          options={[{ value: 'true', label: t('filters.mine') }]}
        />
      )}
      {can('read', 'Project') && (
        <FilterSelect
          label={t('fields.project')}
          {...filter('projectId')}
          allLabel={t('filters.allProjects')}
          options={(projects.data?.items ?? []).map((p) => ({ value: String(p.id), label: `${p.code} · ${p.name}` }))}
        />
      )}
    </>
  );

  return (
    <ListPage
      title={t('title')}
      description={t('description')}
      notices={notices}
      actions={
        <Button as={RouterLink} href="/tasks" leadingVisual={ArrowLeftIcon}>
          {t('backToTasks')}
        </Button>
      }
    >
      <DataTable
        label={t('title')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        rowKey={(a) => a.id}
        rowLabel={(a) => a.questionText}
        state={state}
        onStateChange={update}
        loading={list.isFetching}
        error={list.error ? errorText.error(list.error) : undefined}
        onRetry={() => void list.refetch()}
        onRowOpen={(a) => setOpen(a.id)}
        empty={{ title: t('list.empty'), description: t('list.emptyHint') }}
        records={t('records')}
        filters={filterControls}
        card={{ title: 'question', facts: ['dueAt', 'location'], status: 'status' }}
      />
      {openId !== null && (
        <ActionDetails id={openId} onClose={() => setOpen(null)} onChanged={(message) => notices.success(message)} />
      )}
    </ListPage>
  );
}
