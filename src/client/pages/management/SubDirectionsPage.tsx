import { PlusIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ZCreateSubDirectionInput,
  ZListSubDirectionsInput,
  ZUpdateSubDirectionInput,
  type TCreateSubDirectionInput,
  type TSubDirection,
  type TUpdateSubDirectionInput,
} from '../../../shared/schemas/sub-directions.ts';
import { DataTable, type Column } from '../../components/DataTable/DataTable.tsx';
import { ExportCsvButton } from '../../components/DataTable/ExportCsvButton.tsx';
import { FilterSelect } from '../../components/DataTable/FilterSelect.tsx';
import { RowActions } from '../../components/DataTable/RowActions.tsx';
import { CheckboxField, FormDialog, TextareaField, TextField, formClasses, useZodForm } from '../../components/FormDialog/index.ts';
import {
  ActiveFilter,
  ArchivedFilter,
  CodeCell,
  ListPage,
  NameCell,
  RecordStatus,
  useNotice,
  useRecordActions,
} from '../../components/ListPage/index.ts';
import {
  CustomerFilter,
  RecordSelect,
  useDirectionOptions,
  useGroupedByCustomer,
  useIsSuperadmin,
} from '../../components/RecordSelect/index.ts';
import { useFormatters } from '../../lib/format.ts';
import { toSchemaListInput, useListState } from '../../lib/list-state.ts';
import { useSession } from '../../lib/session.tsx';
import { trpc } from '../../lib/trpc.ts';

const FILTERS = ['customerId', 'directionId', 'active', 'archived'] as const;

/** /management/sub-directions: areas inside a direction; locations belong to one. */
export default function SubDirectionsPage() {
  const { t } = useTranslation('business');
  const { ability } = useSession();
  const fmt = useFormatters();
  const superadmin = useIsSuperadmin();
  const [state, update] = useListState(FILTERS);
  const input = toSchemaListInput(ZListSubDirectionsInput, state);
  const list = trpc.subDirections.list.useQuery(input, { placeholderData: keepPreviousData });
  const directions = useDirectionOptions(state.filters.customerId ? Number(state.filters.customerId) : null);
  const directionFilterOptions = useGroupedByCustomer(directions.options, superadmin);
  const utils = trpc.useUtils();
  const notices = useNotice();
  const [editing, setEditing] = useState<TSubDirection | 'new' | null>(null);
  const canCreate = ability.can('create', 'SubDirection');
  const canUpdate = ability.can('update', 'SubDirection');
  const canDelete = ability.can('delete', 'SubDirection');
  const refresh = () => Promise.all([utils.subDirections.invalidate(), utils.directions.invalidate(), utils.locations.invalidate()]);
  const actions = useRecordActions<TSubDirection>({
    notices,
    refresh,
    label: (s) => s.name,
    archive: trpc.subDirections.archive.useMutation().mutateAsync,
    restore: trpc.subDirections.restore.useMutation().mutateAsync,
    remove: trpc.subDirections.delete.useMutation().mutateAsync,
    deleteHint: t('subDirections.deleteHint'),
  });

  const columns: Column<TSubDirection>[] = [
    { key: 'code', header: t('fields.code'), sortable: true, render: (s) => <CodeCell>{s.code}</CodeCell> },
    { key: 'name', header: t('fields.name'), sortable: true, render: (s) => <NameCell name={s.name} detail={s.description} /> },
    {
      key: 'direction',
      header: t('fields.direction'),
      sortable: true,
      render: (s) => <NameCell name={s.direction.name} detail={s.direction.code} />,
    },
    { key: 'locationCount', header: t('fields.locations'), align: 'end', render: (s) => fmt.number(s.locationCount) },
    { key: 'status', header: t('fields.status'), render: (s) => <RecordStatus active={s.active} archivedAt={s.archivedAt} /> },
    { key: 'updatedAt', header: t('fields.updatedAt'), sortable: true, render: (s) => fmt.date(s.updatedAt) },
  ];

  return (
    <ListPage
      title={t('subDirections.title')}
      description={t('subDirections.description')}
      notices={notices}
      actions={
        canCreate && (
          <Button variant="primary" leadingVisual={PlusIcon} onClick={() => setEditing('new')}>
            {t('subDirections.new')}
          </Button>
        )
      }
    >
      <DataTable
        label={t('subDirections.title')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        rowKey={(s) => s.id}
        state={state}
        onStateChange={update}
        loading={list.isFetching}
        error={list.error?.message}
        onRetry={() => void list.refetch()}
        onRowOpen={canUpdate ? setEditing : undefined}
        empty={{ title: t('subDirections.empty'), description: canCreate ? t('emptyCreate') : t('emptyFilters') }}
        toolbar={
          <>
            <CustomerFilter
              value={state.filters.customerId}
              onChange={(customerId) => update({ filters: { customerId, directionId: '' } })}
            />
            <FilterSelect
              label={t('fields.direction')}
              value={state.filters.directionId}
              onChange={(directionId) => update({ filters: { directionId } })}
              allLabel={t('filters.allDirections')}
              options={directionFilterOptions.map((o) => ({ value: String(o.id), label: o.group && superadmin ? `${o.group} · ${o.label}` : o.label }))}
            />
            <ActiveFilter value={state.filters.active} onChange={(active) => update({ filters: { active } })} />
            <ArchivedFilter value={state.filters.archived} onChange={(archived) => update({ filters: { archived } })} />
            <ExportCsvButton domain="subDirections" input={input} />
          </>
        }
        rowActions={(s) => (
          <RowActions
            rowLabel={s.name}
            actions={actions.menu(s, { onEdit: () => setEditing(s), canUpdate, canDelete, archived: !!s.archivedAt })}
          />
        )}
      />
      {editing && (
        <SubDirectionDialog
          subDirection={editing === 'new' ? null : editing}
          defaultDirectionId={state.filters.directionId ? Number(state.filters.directionId) : null}
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

function SubDirectionDialog({
  subDirection,
  defaultDirectionId,
  onClose,
  onSaved,
}: {
  subDirection: TSubDirection | null;
  defaultDirectionId: number | null;
  onClose: () => void;
  onSaved: (name: string) => Promise<void>;
}) {
  const { t } = useTranslation('business');
  const superadmin = useIsSuperadmin();
  const create = trpc.subDirections.create.useMutation();
  const save = trpc.subDirections.update.useMutation();
  const directions = useDirectionOptions(subDirection && superadmin ? subDirection.customerId : null);
  const directionOptions = useGroupedByCustomer(directions.options, superadmin && !subDirection);
  const schema = useMemo(() => (subDirection ? ZUpdateSubDirectionInput : ZCreateSubDirectionInput), [subDirection]);
  const form = useZodForm(
    schema,
    {
      directionId: (subDirection?.direction.id ?? defaultDirectionId),
      code: subDirection?.code ?? '',
      name: subDirection?.name ?? '',
      description: subDirection?.description ?? '',
      active: subDirection?.active ?? true,
    },
    (v) => (subDirection ? { id: subDirection.id, ...v } : v),
  );
  return (
    <FormDialog
      title={subDirection ? t('subDirections.edit', { name: subDirection.name }) : t('subDirections.new')}
      form={form}
      onClose={onClose}
      onSubmit={async (data) => {
        const saved = subDirection
          ? await save.mutateAsync(data as TUpdateSubDirectionInput)
          : await create.mutateAsync(data as TCreateSubDirectionInput);
        await onSaved(saved.name);
      }}
    >
      <RecordSelect
        label={t('fields.direction')}
        required
        placeholder={t('filters.chooseDirection')}
        options={directionOptions}
        loading={directions.loading}
        value={form.values.directionId}
        onChange={(id) => form.set('directionId', id)}
        error={form.error('directionId')}
        caption={subDirection ? t('subDirections.moveHint') : undefined}
      />
      <div className={formClasses.row}>
        <TextField form={form} name="code" label={t('fields.code')} required monospace caption={t('subDirections.codeHint')} />
        <TextField form={form} name="name" label={t('fields.name')} required />
      </div>
      <TextareaField form={form} name="description" label={t('fields.description')} />
      <CheckboxField form={form} name="active" label={t('fields.active')} />
    </FormDialog>
  );
}
