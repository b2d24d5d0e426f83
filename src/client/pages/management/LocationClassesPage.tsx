import { useTranslation } from 'react-i18next';
import {
  type TLocationClass,
  ZCreateClassInput,
  ZListClassesInput,
  ZUpdateClassInput,
} from '../../../shared/schemas/classes.ts';
import { type Column, joinCellText } from '../../components/DataTable/DataTable.tsx';
import { FormDialog, TextareaField, TextField, useSaveRecord } from '../../components/FormDialog/index.ts';
import {
  ArchivedFilter,
  ColorCell,
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
import classes from './Management.module.css';

/** /management/classes: location classes, the kinds of location (hypermarket, warehouse…), each with a color. */
export default function LocationClassesPage() {
  const { t } = useTranslation('business');
  const fmt = useFormatters();
  const statusText = useRecordStatusText();
  const list = useRecordList({
    filters: ['customerId', 'archived'],
    schema: ZListClassesInput,
    list: trpc.classes.list,
    invalidates: ['classes', 'locations'],
    subject: 'Class',
    label: (c) => c.name,
    archived: (c) => !!c.archivedAt,
    archive: trpc.classes.archive.useMutation().mutateAsync,
    restore: trpc.classes.restore.useMutation().mutateAsync,
    remove: trpc.classes.delete.useMutation().mutateAsync,
    deleteHint: t('classes.deleteHint'),
    deleteBlocked: (c) => (c.locationCount > 0 ? t('classes.cannotDelete', { count: c.locationCount }) : null),
    records: t('classes.records'),
  });

  const columns: Column<TLocationClass>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      kind: 'name',
      sortable: true,
      render: (c) => <NameCell name={c.name} detail={c.description} />,
      exportValue: (c) => joinCellText(c.name, c.description),
    },
    {
      key: 'color',
      header: t('fields.color'),
      kind: 'code',
      width: 8,
      render: (c) => <ColorCell color={c.color} />,
      exportValue: (c) => c.color,
    },
    {
      key: 'locationCount',
      header: t('fields.locations'),
      kind: 'number',
      render: (c) => <NumberCell>{fmt.number(c.locationCount)}</NumberCell>,
      exportValue: (c) => fmt.number(c.locationCount),
    },
    {
      key: 'status',
      header: t('fields.status'),
      kind: 'status',
      render: (c) => <RecordStatus active archivedAt={c.archivedAt} />,
      exportValue: (c) => statusText({ active: true, archivedAt: c.archivedAt }),
    },
    {
      key: 'updatedAt',
      header: t('fields.updatedAt'),
      kind: 'date',
      sortable: true,
      render: (c) => fmt.date(c.updatedAt),
    },
  ];

  return (
    <RecordListPage
      list={list}
      title={t('classes.title')}
      description={t('classes.description')}
      createLabel={t('classes.new')}
      emptyTitle={t('classes.empty')}
      columns={columns}
      card={{ title: 'name', facts: ['color', 'locationCount'], status: 'status' }}
      exportDomain="classes"
      importKind="classes"
      filters={
        <>
          <CustomerFilter {...list.filter('customerId')} />
          <ArchivedFilter {...list.filter('archived')} />
        </>
      }
      dialog={(locationClass, props) => <LocationClassDialog locationClass={locationClass} {...props} />}
    />
  );
}

function LocationClassDialog({
  locationClass,
  onClose,
  onSaved,
  onReload,
}: RecordDialogProps & { locationClass: TLocationClass | null }) {
  const { t } = useTranslation('business');
  const save = useSaveRecord(!!locationClass, trpc.classes);
  const { form, superadmin } = useCustomerRecordForm({
    record: locationClass,
    create: ZCreateClassInput,
    update: ZUpdateClassInput,
    values: {
      name: locationClass?.name ?? '',
      description: locationClass?.description ?? '',
      color: locationClass?.color ?? '#6e7781',
    },
  });
  return (
    <FormDialog
      title={locationClass ? t('classes.edit', { name: locationClass.name }) : t('classes.new')}
      form={form}
      onClose={onClose}
      onReload={onReload}
      onSubmit={async (data) => onSaved((await save(data)).name)}
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
        <TextField
          form={form}
          name="color"
          label={t('fields.color')}
          required
          monospace
          caption={t('classes.colorHint')}
          className={classes.grow}
        />
      </div>
    </FormDialog>
  );
}
