import { Label } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import {
  SCHEME_STATUSES,
  SCHEME_VIEWS,
  type TScheme,
  ZCreateSchemeInput,
  ZListSchemesInput,
} from '../../../shared/schemas/schemes.ts';
import { type Column, joinCellText } from '../../components/DataTable/DataTable.tsx';
import { FilterSelect } from '../../components/DataTable/FilterSelect.tsx';
import { CheckboxField, FormDialog, NumberField, TextareaField, TextField } from '../../components/FormDialog/index.ts';
import {
  NameCell,
  type NoticeApi,
  NumberCell,
  RecordListPage,
  useNotice,
  useRecordList,
} from '../../components/ListPage/index.ts';
import { RecordHistory } from '../../components/RecordHistory/RecordHistory.tsx';
import { CustomerField, CustomerFilter, useCustomerRecordForm } from '../../components/RecordSelect/index.ts';
import { useFormatters } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { SCHEME_STATUS_VARIANT, SchemeEditor } from './scheme-editor/index.ts';

/** The open scheme version travels in the URL too (`?scheme=<id>`), so the editor survives a reload. */
const OPEN_PARAM = 'scheme';

/** /management/schemes: versioned checklists; the list, or the editor of one version. */
export default function SchemesPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const notices = useNotice();
  const openId = Number(new URLSearchParams(search).get(OPEN_PARAM)) || null;

  const withOpen = (id: number | null) => {
    const params = new URLSearchParams(search);
    if (id) params.set(OPEN_PARAM, String(id));
    else params.delete(OPEN_PARAM);
    const text = params.toString();
    return `${location}${text ? `?${text}` : ''}`;
  };

  if (openId) {
    return (
      <>
        <SchemeEditor
          key={openId}
          id={openId}
          notices={notices}
          onBack={() => navigate(withOpen(null))}
          onOpen={(id) => navigate(withOpen(id))}
        />
        <RecordHistory entityType="Scheme" entityId={openId} />
      </>
    );
  }
  return <SchemeList notices={notices} onOpen={(id) => navigate(withOpen(id))} />;
}

function SchemeList({ notices, onOpen }: { notices: NoticeApi; onOpen: (id: number) => void }) {
  const { t } = useTranslation('business');
  const fmt = useFormatters();
  const list = useRecordList({
    filters: ['customerId', 'status', 'view'],
    schema: ZListSchemesInput,
    list: trpc.schemes.list,
    invalidates: ['schemes'],
    notices,
    subject: 'Scheme',
    record: (s) => ({ customerId: s.customerId }),
    label: (s) => t('schemes.nameVersion', { name: s.name, version: s.version }),
    archived: (s) => s.status === 'archived',
    archive: trpc.schemes.archive.useMutation().mutateAsync,
    restore: trpc.schemes.restore.useMutation().mutateAsync,
    remove: trpc.schemes.delete.useMutation().mutateAsync,
    deleteHint: t('schemes.deleteHint'),
    archiveHint: t('schemes.archiveHint'),
    deleteBlocked: (s) => (s.status === 'draft' ? null : t('schemes.cannotDelete')),
    records: t('schemes.records'),
  });
  const publish = trpc.schemes.publish.useMutation();

  const columns: Column<TScheme>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      kind: 'name',
      sortable: true,
      render: (s) => <NameCell name={s.name} detail={s.description} />,
      exportValue: (s) => joinCellText(s.name, s.description),
    },
    {
      key: 'version',
      header: t('schemes.version'),
      kind: 'number',
      width: 6,
      sortable: true,
      render: (s) => <NumberCell>{`v${s.version}`}</NumberCell>,
      exportValue: (s) => `v${s.version}`,
    },
    {
      key: 'status',
      header: t('fields.status'),
      kind: 'status',
      sortable: true,
      render: (s) => <Label variant={SCHEME_STATUS_VARIANT[s.status]}>{t(`schemes.status.${s.status}`)}</Label>,
      exportValue: (s) => t(`schemes.status.${s.status}`),
    },
    {
      key: 'questions',
      header: t('schemes.questions'),
      kind: 'number',
      width: 12,
      render: (s) =>
        t('schemes.counts', {
          sections: t('schemes.sectionCount', { count: s.sectionCount }),
          questions: t('schemes.questionCount', { count: s.questionCount }),
        }),
    },
    {
      key: 'passingScore',
      header: t('schemes.passingScore'),
      kind: 'number',
      width: 8,
      render: (s) => <NumberCell>{`${s.passingScore} %`}</NumberCell>,
      exportValue: (s) => `${s.passingScore} %`,
    },
    {
      key: 'publishedAt',
      header: t('schemes.publishedAt'),
      kind: 'date',
      sortable: true,
      render: (s) => fmt.date(s.publishedAt),
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
      title={t('schemes.title')}
      description={t('schemes.description')}
      createLabel={t('schemes.new')}
      emptyTitle={t('schemes.empty')}
      columns={columns}
      card={{ title: 'name', facts: ['version', 'questions'], status: 'status' }}
      exportDomain="schemes"
      filters={
        <>
          <CustomerFilter {...list.filter('customerId')} />
          <FilterSelect
            label={t('fields.status')}
            {...list.filter('status')}
            allLabel={t('filters.allStatuses')}
            options={SCHEME_STATUSES.map((s) => ({ value: s, label: t(`schemes.status.${s}`) }))}
          />
          <FilterSelect
            label={t('schemes.viewFilter')}
            clearValue="latest"
            value={list.state.filters.view || 'latest'}
            onChange={(view) => list.update({ filters: { view: view === 'latest' ? '' : view } })}
            options={SCHEME_VIEWS.map((v) => ({ value: v, label: t(`schemes.views.${v}`) }))}
          />
        </>
      }
      onRowOpen={(s) => onOpen(s.id)}
      rowActions={(s) => {
        const canUpdate = list.can('update', s);
        return [
          {
            label: canUpdate && s.status !== 'archived' ? t('schemes.openEditor') : t('schemes.open'),
            onSelect: () => onOpen(s.id),
          },
          {
            label: t('schemes.publish'),
            visible: canUpdate && s.status === 'draft' && s.questionCount > 0,
            onSelect: () =>
              void notices.run(
                async () => {
                  await publish.mutateAsync({ id: s.id });
                  await list.refresh();
                },
                t('schemes.published', { name: s.name, version: s.version }),
              ),
          },
          ...list.menu(s, {
            onEdit: undefined,
            canUpdate: canUpdate && s.status !== 'draft',
            canDelete: list.can('delete', s),
          }),
        ];
      }}
      dialog={(_, { onClose }) => (
        <CreateSchemeDialog
          onClose={onClose}
          onCreated={async (id, name) => {
            await list.announce(t('schemes.created', { name }));
            onOpen(id);
          }}
        />
      )}
    />
  );
}

function CreateSchemeDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (id: number, name: string) => Promise<void>;
}) {
  const { t } = useTranslation('business');
  const create = trpc.schemes.create.useMutation();
  const { form, superadmin } = useCustomerRecordForm({
    record: null,
    create: ZCreateSchemeInput,
    values: { name: '', description: '', passingScore: 80, requireSignature: false },
    toInput: (fields) => ({ ...fields, sections: [] }),
  });
  return (
    <FormDialog
      title={t('schemes.new')}
      subtitle={t('schemes.newHint')}
      form={form}
      onClose={onClose}
      submitLabel={t('schemes.createAndEdit')}
      onSubmit={async (data) => {
        const created = await create.mutateAsync(data);
        await onCreated(created.id, created.name);
      }}
    >
      <CustomerField form={form} superadmin={superadmin} />
      <TextField form={form} name="name" label={t('fields.name')} required />
      <TextareaField form={form} name="description" label={t('fields.description')} />
      <NumberField
        form={form}
        name="passingScore"
        label={t('schemes.passingScore')}
        required
        min={0}
        max={100}
        step={1}
        caption={t('schemes.passingScoreHint')}
      />
      <CheckboxField form={form} name="requireSignature" label={t('schemes.requireSignature')} />
    </FormDialog>
  );
}
