import { PlusIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ZCreateClassInput,
  ZListClassesInput,
  ZUpdateClassInput,
  type TCreateClassInput,
  type TLocationClass,
  type TUpdateClassInput,
} from '../../../shared/schemas/classes.ts';
import { DataTable, type Column } from '../../components/DataTable/DataTable.tsx';
import { ExportCsvButton } from '../../components/DataTable/ExportCsvButton.tsx';
import { RowActions } from '../../components/DataTable/RowActions.tsx';
import { FormDialog, TextareaField, TextField, useZodForm } from '../../components/FormDialog/index.ts';
import {
  ArchivedFilter,
  ColorCell,
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
import classes from './Management.module.css';

const FILTERS = ['customerId', 'archived'] as const;

/** /management/classes: kinds of location (hypermarket, warehouse…), each with a color. */
export default function ClassesPage() {
  const { t } = useTranslation('business');
  const { ability } = useSession();
  const fmt = useFormatters();
  const [state, update] = useListState(FILTERS);
  const input = toSchemaListInput(ZListClassesInput, state);
  const list = trpc.classes.list.useQuery(input, { placeholderData: keepPreviousData });
  const utils = trpc.useUtils();
  const notices = useNotice();
  const [editing, setEditing] = useState<TLocationClass | 'new' | null>(null);
  const canCreate = ability.can('create', 'Class');
  const canUpdate = ability.can('update', 'Class');
  const canDelete = ability.can('delete', 'Class');
  const refresh = () => Promise.all([utils.classes.invalidate(), utils.locations.invalidate()]);
  const actions = useRecordActions<TLocationClass>({
    notices,
    refresh,
    label: (c) => c.name,
    archive: trpc.classes.archive.useMutation().mutateAsync,
    restore: trpc.classes.restore.useMutation().mutateAsync,
    remove: trpc.classes.delete.useMutation().mutateAsync,
    deleteHint: t('classes.deleteHint'),
  });

  const columns: Column<TLocationClass>[] = [
    { key: 'name', header: t('fields.name'), sortable: true, render: (c) => <NameCell name={c.name} detail={c.description} /> },
    { key: 'color', header: t('fields.color'), render: (c) => <ColorCell color={c.color} /> },
    { key: 'locationCount', header: t('fields.locations'), align: 'end', render: (c) => fmt.number(c.locationCount) },
    { key: 'status', header: t('fields.status'), render: (c) => <RecordStatus active archivedAt={c.archivedAt} /> },
    { key: 'updatedAt', header: t('fields.updatedAt'), sortable: true, render: (c) => fmt.date(c.updatedAt) },
  ];

  return (
    <ListPage
      title={t('classes.title')}
      description={t('classes.description')}
      notices={notices}
      actions={
        canCreate && (
          <Button variant="primary" leadingVisual={PlusIcon} onClick={() => setEditing('new')}>
            {t('classes.new')}
          </Button>
        )
      }
    >
      <DataTable
        label={t('classes.title')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        rowKey={(c) => c.id}
        state={state}
        onStateChange={update}
        loading={list.isFetching}
        error={list.error?.message}
        onRetry={() => void list.refetch()}
        onRowOpen={canUpdate ? setEditing : undefined}
        empty={{ title: t('classes.empty'), description: canCreate ? t('emptyCreate') : t('emptyFilters') }}
        toolbar={
          <>
            <CustomerFilter value={state.filters.customerId} onChange={(customerId) => update({ filters: { customerId } })} />
            <ArchivedFilter value={state.filters.archived} onChange={(archived) => update({ filters: { archived } })} />
            <ExportCsvButton domain="classes" input={input} />
          </>
        }
        rowActions={(c) => (
          <RowActions
            rowLabel={c.name}
            actions={actions.menu(c, { onEdit: () => setEditing(c), canUpdate, canDelete, archived: !!c.archivedAt })}
          />
        )}
      />
      {editing && (
        <ClassDialog
          locationClass={editing === 'new' ? null : editing}
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

function ClassDialog({
  locationClass,
  onClose,
  onSaved,
}: {
  locationClass: TLocationClass | null;
  onClose: () => void;
  onSaved: (name: string) => Promise<void>;
}) {
  const { t } = useTranslation('business');
  const superadmin = useIsSuperadmin();
  const create = trpc.classes.create.useMutation();
  const save = trpc.classes.update.useMutation();
  const schema = useMemo(
    () => (locationClass ? ZUpdateClassInput : requireCustomerFor(ZCreateClassInput, superadmin)),
    [locationClass, superadmin],
  );
  const form = useZodForm(
    schema,
    {
      customerId: null as number | null,
      name: locationClass?.name ?? '',
      description: locationClass?.description ?? '',
      color: locationClass?.color ?? '#6e7781',
    },
    ({ customerId, ...fields }) =>
      locationClass ? { id: locationClass.id, ...fields } : { ...fields, customerId: (superadmin && customerId) || undefined },
  );
  return (
    <FormDialog
      title={locationClass ? t('classes.edit', { name: locationClass.name }) : t('classes.new')}
      form={form}
      onClose={onClose}
      onSubmit={async (data) => {
        const saved = locationClass
          ? await save.mutateAsync(data as TUpdateClassInput)
          : await create.mutateAsync(data as TCreateClassInput);
        await onSaved(saved.name);
      }}
    >
      {!locationClass && <CustomerField form={form} superadmin={superadmin} />}
      <TextField form={form} name="name" label={t('fields.name')} required />
      <TextareaField form={form} name="description" label={t('fields.description')} />
      <div className={classes.colorInput}>
        <input
          type="color"
          className={classes.colorSwatch}
          value={/^#[0-9a-f]{6}$/i.test(form.values.color) ? form.values.color : '#6e7781'}
          onChange={(e) => form.set('color', e.target.value)}
          aria-label={t('classes.pickColor')}
        />
        <TextField form={form} name="color" label={t('fields.color')} required monospace caption={t('classes.colorHint')} className={classes.grow} />
      </div>
    </FormDialog>
  );
}
