import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type TSubDirection,
  ZCreateSubDirectionInput,
  ZListSubDirectionsInput,
  ZUpdateSubDirectionInput,
} from '../../../shared/schemas/sub-directions.ts';
import { type Column, joinCellText } from '../../components/DataTable/DataTable.tsx';
import { FilterSelect } from '../../components/DataTable/FilterSelect.tsx';
import {
  CheckboxField,
  FormDialog,
  formClasses,
  TextareaField,
  TextField,
  useSaveRecord,
  useZodForm,
} from '../../components/FormDialog/index.ts';
import {
  ActiveFilter,
  ArchivedFilter,
  CodeCell,
  NameCell,
  NumberCell,
  type RecordDialogProps,
  RecordListPage,
  RecordStatus,
  useRecordList,
  useRecordStatusText,
} from '../../components/ListPage/index.ts';
import {
  CustomerFilter,
  RecordSelect,
  useDirectionOptions,
  useGroupedByCustomer,
  useIsSuperadmin,
} from '../../components/RecordSelect/index.ts';
import { useFormatters } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';

/** /management/sub-directions: areas inside a direction; locations belong to one. */
export default function SubDirectionsPage() {
  const { t } = useTranslation('business');
  const fmt = useFormatters();
  const statusText = useRecordStatusText();
  const superadmin = useIsSuperadmin();
  const list = useRecordList({
    filters: ['customerId', 'directionId', 'active', 'archived'],
    schema: ZListSubDirectionsInput,
    list: trpc.subDirections.list,
    invalidates: ['subDirections', 'directions', 'locations'],
    subject: 'SubDirection',
    label: (s) => s.name,
    archived: (s) => !!s.archivedAt,
    archive: trpc.subDirections.archive.useMutation().mutateAsync,
    restore: trpc.subDirections.restore.useMutation().mutateAsync,
    remove: trpc.subDirections.delete.useMutation().mutateAsync,
    deleteHint: t('subDirections.deleteHint'),
    deleteBlocked: (s) => (s.locationCount > 0 ? t('subDirections.cannotDelete', { count: s.locationCount }) : null),
    records: t('subDirections.records'),
  });
  const { filters } = list.state;
  const directions = useDirectionOptions(filters.customerId ? Number(filters.customerId) : null);
  const directionFilterOptions = useGroupedByCustomer(directions.options, superadmin);

  const columns: Column<TSubDirection>[] = [
    {
      key: 'code',
      header: t('fields.code'),
      kind: 'code',
      sortable: true,
      render: (s) => <CodeCell>{s.code}</CodeCell>,
      exportValue: (s) => s.code,
    },
    {
      key: 'name',
      header: t('fields.name'),
      kind: 'name',
      sortable: true,
      render: (s) => <NameCell name={s.name} detail={s.description} />,
      exportValue: (s) => joinCellText(s.name, s.description),
    },
    {
      key: 'direction',
      header: t('fields.direction'),
      kind: 'text',
      width: 12,
      sortable: true,
      render: (s) => <NameCell name={s.direction.name} detail={s.direction.code} detailLtr />,
      exportValue: (s) => joinCellText(s.direction.name, s.direction.code),
    },
    {
      key: 'locationCount',
      header: t('fields.locations'),
      kind: 'number',
      render: (s) => <NumberCell>{fmt.number(s.locationCount)}</NumberCell>,
      exportValue: (s) => fmt.number(s.locationCount),
    },
    {
      key: 'status',
      header: t('fields.status'),
      kind: 'status',
      render: (s) => <RecordStatus active={s.active} archivedAt={s.archivedAt} />,
      exportValue: (r) => statusText(r),
    },
    {
      key: 'updatedAt',
      header: t('fields.updatedAt'),
      kind: 'date',
      sortable: true,
      render: (s) => fmt.date(s.updatedAt),
    },
  ];

  return (
    <RecordListPage
      list={list}
      title={t('subDirections.title')}
      description={t('subDirections.description')}
      createLabel={t('subDirections.new')}
      emptyTitle={t('subDirections.empty')}
      columns={columns}
      card={{ title: 'name', facts: ['direction', 'locationCount'], status: 'status' }}
      exportDomain="subDirections"
      importKind="subDirections"
      filters={
        <>
          <CustomerFilter
            value={filters.customerId}
            onChange={(customerId) => list.update({ filters: { customerId, directionId: '' } })}
          />
          <FilterSelect
            label={t('fields.direction')}
            {...list.filter('directionId')}
            allLabel={t('filters.allDirections')}
            options={directionFilterOptions.map((o) => ({
              value: String(o.id),
              label: o.group && superadmin ? `${o.group} · ${o.label}` : o.label,
            }))}
          />
          <ActiveFilter {...list.filter('active')} />
          <ArchivedFilter {...list.filter('archived')} />
        </>
      }
      dialog={(subDirection, props) => (
        <SubDirectionDialog
          subDirection={subDirection}
          defaultDirectionId={filters.directionId ? Number(filters.directionId) : null}
          {...props}
        />
      )}
    />
  );
}

function SubDirectionDialog({
  subDirection,
  defaultDirectionId,
  onClose,
  onSaved,
  onReload,
}: RecordDialogProps & { subDirection: TSubDirection | null; defaultDirectionId: number | null }) {
  const { t } = useTranslation('business');
  const superadmin = useIsSuperadmin();
  const save = useSaveRecord(!!subDirection, trpc.subDirections);
  const directions = useDirectionOptions(subDirection && superadmin ? subDirection.customerId : null);
  const directionOptions = useGroupedByCustomer(directions.options, superadmin && !subDirection);
  const schema = useMemo(() => (subDirection ? ZUpdateSubDirectionInput : ZCreateSubDirectionInput), [subDirection]);
  const form = useZodForm(
    schema,
    {
      directionId: subDirection?.direction.id ?? defaultDirectionId,
      code: subDirection?.code ?? '',
      name: subDirection?.name ?? '',
      description: subDirection?.description ?? '',
      active: subDirection?.active ?? true,
    },
    (v) => (subDirection ? { id: subDirection.id, version: subDirection.version, ...v } : v),
  );
  return (
    <FormDialog
      title={subDirection ? t('subDirections.edit', { name: subDirection.name }) : t('subDirections.new')}
      form={form}
      onClose={onClose}
      onReload={onReload}
      onSubmit={async (data) => onSaved((await save(data)).name)}
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
        <TextField
          form={form}
          name="code"
          label={t('fields.code')}
          required
          monospace
          caption={t('subDirections.codeHint')}
        />
        <TextField form={form} name="name" label={t('fields.name')} required />
      </div>
      <TextareaField form={form} name="description" label={t('fields.description')} />
      <CheckboxField form={form} name="active" label={t('fields.active')} />
    </FormDialog>
  );
}
