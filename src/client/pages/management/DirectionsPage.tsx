import { PlusIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ZCreateDirectionInput,
  ZListDirectionsInput,
  ZUpdateDirectionInput,
  type TCreateDirectionInput,
  type TDirection,
  type TUpdateDirectionInput,
} from '../../../shared/schemas/directions.ts';
import { DataTable, type Column } from '../../components/DataTable/DataTable.tsx';
import { ExportCsvButton } from '../../components/DataTable/ExportCsvButton.tsx';
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
import { CustomerField, CustomerFilter, requireCustomerFor, useIsSuperadmin } from '../../components/RecordSelect/index.ts';
import { useFormatters } from '../../lib/format.ts';
import { toSchemaListInput, useListState } from '../../lib/list-state.ts';
import { useSession } from '../../lib/session.tsx';
import { trpc } from '../../lib/trpc.ts';

const FILTERS = ['customerId', 'active', 'archived'] as const;

/** /management/directions: a customer's top-level grouping of locations (regions, departments). */
export default function DirectionsPage() {
  const { t } = useTranslation('business');
  const { ability } = useSession();
  const fmt = useFormatters();
  const [state, update] = useListState(FILTERS);
  const input = toSchemaListInput(ZListDirectionsInput, state);
  const list = trpc.directions.list.useQuery(input, { placeholderData: keepPreviousData });
  const utils = trpc.useUtils();
  const notices = useNotice();
  const [editing, setEditing] = useState<TDirection | 'new' | null>(null);
  const canCreate = ability.can('create', 'Direction');
  const canUpdate = ability.can('update', 'Direction');
  const canDelete = ability.can('delete', 'Direction');
  const refresh = () => Promise.all([utils.directions.invalidate(), utils.subDirections.invalidate()]);
  const actions = useRecordActions<TDirection>({
    notices,
    refresh,
    label: (d) => d.name,
    archive: trpc.directions.archive.useMutation().mutateAsync,
    restore: trpc.directions.restore.useMutation().mutateAsync,
    remove: trpc.directions.delete.useMutation().mutateAsync,
    deleteHint: t('directions.deleteHint'),
  });

  const columns: Column<TDirection>[] = [
    { key: 'code', header: t('fields.code'), sortable: true, render: (d) => <CodeCell>{d.code}</CodeCell> },
    { key: 'name', header: t('fields.name'), sortable: true, render: (d) => <NameCell name={d.name} detail={d.description} /> },
    { key: 'subDirectionCount', header: t('directions.subDirections'), align: 'end', render: (d) => fmt.number(d.subDirectionCount) },
    { key: 'status', header: t('fields.status'), render: (d) => <RecordStatus active={d.active} archivedAt={d.archivedAt} /> },
    { key: 'updatedAt', header: t('fields.updatedAt'), sortable: true, render: (d) => fmt.date(d.updatedAt) },
  ];

  return (
    <ListPage
      title={t('directions.title')}
      description={t('directions.description')}
      notices={notices}
      actions={
        canCreate && (
          <Button variant="primary" leadingVisual={PlusIcon} onClick={() => setEditing('new')}>
            {t('directions.new')}
          </Button>
        )
      }
    >
      <DataTable
        label={t('directions.title')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        rowKey={(d) => d.id}
        state={state}
        onStateChange={update}
        loading={list.isFetching}
        error={list.error?.message}
        onRetry={() => void list.refetch()}
        onRowOpen={canUpdate ? setEditing : undefined}
        empty={{ title: t('directions.empty'), description: canCreate ? t('emptyCreate') : t('emptyFilters') }}
        toolbar={
          <>
            <CustomerFilter value={state.filters.customerId} onChange={(customerId) => update({ filters: { customerId } })} />
            <ActiveFilter value={state.filters.active} onChange={(active) => update({ filters: { active } })} />
            <ArchivedFilter value={state.filters.archived} onChange={(archived) => update({ filters: { archived } })} />
            <ExportCsvButton domain="directions" input={input} />
          </>
        }
        rowActions={(d) => (
          <RowActions
            rowLabel={d.name}
            actions={actions.menu(d, { onEdit: () => setEditing(d), canUpdate, canDelete, archived: !!d.archivedAt })}
          />
        )}
      />
      {editing && (
        <DirectionDialog
          direction={editing === 'new' ? null : editing}
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

function DirectionDialog({
  direction,
  onClose,
  onSaved,
}: {
  direction: TDirection | null;
  onClose: () => void;
  onSaved: (name: string) => Promise<void>;
}) {
  const { t } = useTranslation('business');
  const superadmin = useIsSuperadmin();
  const create = trpc.directions.create.useMutation();
  const save = trpc.directions.update.useMutation();
  const schema = useMemo(
    () => (direction ? ZUpdateDirectionInput : requireCustomerFor(ZCreateDirectionInput, superadmin)),
    [direction, superadmin],
  );
  const form = useZodForm(
    schema,
    {
      customerId: null as number | null,
      code: direction?.code ?? '',
      name: direction?.name ?? '',
      description: direction?.description ?? '',
      active: direction?.active ?? true,
    },
    ({ customerId, ...fields }) => (direction ? { id: direction.id, ...fields } : { ...fields, customerId: (superadmin && customerId) || undefined }),
  );
  return (
    <FormDialog
      title={direction ? t('directions.edit', { name: direction.name }) : t('directions.new')}
      form={form}
      onClose={onClose}
      onSubmit={async (data) => {
        const saved = direction
          ? await save.mutateAsync(data as TUpdateDirectionInput)
          : await create.mutateAsync(data as TCreateDirectionInput);
        await onSaved(saved.name);
      }}
    >
      {!direction && <CustomerField form={form} superadmin={superadmin} />}
      <div className={formClasses.row}>
        <TextField form={form} name="code" label={t('fields.code')} required monospace />
        <TextField form={form} name="name" label={t('fields.name')} required />
      </div>
      <TextareaField form={form} name="description" label={t('fields.description')} />
      <CheckboxField form={form} name="active" label={t('fields.active')} caption={t('directions.activeHint')} />
    </FormDialog>
  );
}
