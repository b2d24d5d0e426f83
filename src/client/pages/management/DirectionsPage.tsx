import { useTranslation } from 'react-i18next';
import {
  type TDirection,
  ZCreateDirectionInput,
  ZListDirectionsInput,
  ZUpdateDirectionInput,
} from '../../../shared/schemas/directions.ts';
import { type Column, joinCellText } from '../../components/DataTable/DataTable.tsx';
import {
  CheckboxField,
  FormDialog,
  formClasses,
  TextareaField,
  TextField,
  useSaveRecord,
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
import { CustomerField, CustomerFilter, useCustomerRecordForm } from '../../components/RecordSelect/index.ts';
import { useFormatters } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';

/** /management/directions: a customer's top-level grouping of locations (regions, departments). */
export default function DirectionsPage() {
  const { t } = useTranslation('business');
  const fmt = useFormatters();
  const statusText = useRecordStatusText();
  const list = useRecordList({
    filters: ['customerId', 'active', 'archived'],
    schema: ZListDirectionsInput,
    list: trpc.directions.list,
    invalidates: ['directions', 'subDirections'],
    subject: 'Direction',
    label: (d) => d.name,
    archived: (d) => !!d.archivedAt,
    archive: trpc.directions.archive.useMutation().mutateAsync,
    restore: trpc.directions.restore.useMutation().mutateAsync,
    remove: trpc.directions.delete.useMutation().mutateAsync,
    deleteHint: t('directions.deleteHint'),
    deleteBlocked: (d) =>
      d.subDirectionCount > 0 ? t('directions.cannotDelete', { count: d.subDirectionCount }) : null,
    records: t('directions.records'),
  });

  const columns: Column<TDirection>[] = [
    {
      key: 'code',
      header: t('fields.code'),
      kind: 'code',
      sortable: true,
      render: (d) => <CodeCell>{d.code}</CodeCell>,
      exportValue: (d) => d.code,
    },
    {
      key: 'name',
      header: t('fields.name'),
      kind: 'name',
      sortable: true,
      render: (d) => <NameCell name={d.name} detail={d.description} />,
      exportValue: (d) => joinCellText(d.name, d.description),
    },
    {
      key: 'subDirectionCount',
      header: t('directions.subDirections'),
      kind: 'number',
      width: 9,
      render: (d) => <NumberCell>{fmt.number(d.subDirectionCount)}</NumberCell>,
      exportValue: (d) => fmt.number(d.subDirectionCount),
    },
    {
      key: 'status',
      header: t('fields.status'),
      kind: 'status',
      render: (d) => <RecordStatus active={d.active} archivedAt={d.archivedAt} />,
      exportValue: (r) => statusText(r),
    },
    {
      key: 'updatedAt',
      header: t('fields.updatedAt'),
      kind: 'date',
      sortable: true,
      render: (d) => fmt.date(d.updatedAt),
    },
  ];

  return (
    <RecordListPage
      list={list}
      title={t('directions.title')}
      description={t('directions.description')}
      createLabel={t('directions.new')}
      emptyTitle={t('directions.empty')}
      columns={columns}
      card={{ title: 'name', facts: ['code', 'subDirectionCount'], status: 'status' }}
      exportDomain="directions"
      importKind="directions"
      filters={
        <>
          <CustomerFilter {...list.filter('customerId')} />
          <ActiveFilter {...list.filter('active')} />
          <ArchivedFilter {...list.filter('archived')} />
        </>
      }
      dialog={(direction, props) => <DirectionDialog direction={direction} {...props} />}
    />
  );
}

function DirectionDialog({
  direction,
  onClose,
  onSaved,
  onReload,
}: RecordDialogProps & { direction: TDirection | null }) {
  const { t } = useTranslation('business');
  const save = useSaveRecord(!!direction, trpc.directions);
  const { form, superadmin } = useCustomerRecordForm({
    record: direction,
    create: ZCreateDirectionInput,
    update: ZUpdateDirectionInput,
    values: {
      code: direction?.code ?? '',
      name: direction?.name ?? '',
      description: direction?.description ?? '',
      active: direction?.active ?? true,
    },
  });
  return (
    <FormDialog
      title={direction ? t('directions.edit', { name: direction.name }) : t('directions.new')}
      form={form}
      onClose={onClose}
      onReload={onReload}
      onSubmit={async (data) => onSaved((await save(data)).name)}
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
