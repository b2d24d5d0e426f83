import { PlusIcon } from '@primer/octicons-react';
import { Button, Label } from '@primer/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import {
  SCHEME_STATUSES,
  SCHEME_VIEWS,
  ZCreateSchemeInput,
  ZListSchemesInput,
  type TScheme,
} from '../../../shared/schemas/schemes.ts';
import { DataTable, type Column } from '../../components/DataTable/DataTable.tsx';
import { ExportCsvButton } from '../../components/DataTable/ExportCsvButton.tsx';
import { FilterSelect } from '../../components/DataTable/FilterSelect.tsx';
import { RowActions } from '../../components/DataTable/RowActions.tsx';
import { CheckboxField, FormDialog, NumberField, TextareaField, TextField, useZodForm } from '../../components/FormDialog/index.ts';
import { ListPage, NameCell, useNotice, useRecordActions } from '../../components/ListPage/index.ts';
import { CustomerField, CustomerFilter, requireCustomerFor, useIsSuperadmin } from '../../components/RecordSelect/index.ts';
import { useCan } from '../../lib/can.ts';
import { useFormatters } from '../../lib/format.ts';
import { toSchemaListInput, useListState } from '../../lib/list-state.ts';
import { trpc } from '../../lib/trpc.ts';
import { SCHEME_STATUS_VARIANT, SchemeEditor } from './SchemeEditor.tsx';

const FILTERS = ['customerId', 'status', 'view'] as const;
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
      <SchemeEditor
        key={openId}
        id={openId}
        notices={notices}
        onBack={() => navigate(withOpen(null))}
        onOpen={(id) => navigate(withOpen(id))}
      />
    );
  }
  return <SchemeList notices={notices} onOpen={(id) => navigate(withOpen(id))} />;
}

function SchemeList({ notices, onOpen }: { notices: ReturnType<typeof useNotice>; onOpen: (id: number) => void }) {
  const { t } = useTranslation('business');
  const can = useCan();
  const fmt = useFormatters();
  const [state, update] = useListState(FILTERS);
  const input = toSchemaListInput(ZListSchemesInput, state);
  const list = trpc.schemes.list.useQuery(input, { placeholderData: keepPreviousData });
  const utils = trpc.useUtils();
  const [creating, setCreating] = useState(false);
  const canCreate = can('create', 'Scheme');
  const refresh = () => utils.schemes.invalidate();
  const publish = trpc.schemes.publish.useMutation();
  const actions = useRecordActions<TScheme>({
    notices,
    refresh,
    label: (s) => t('schemes.nameVersion', { name: s.name, version: s.version }),
    archive: trpc.schemes.archive.useMutation().mutateAsync,
    restore: trpc.schemes.restore.useMutation().mutateAsync,
    remove: trpc.schemes.delete.useMutation().mutateAsync,
    deleteHint: t('schemes.deleteHint'),
  });

  const columns: Column<TScheme>[] = [
    { key: 'name', header: t('fields.name'), sortable: true, render: (s) => <NameCell name={s.name} detail={s.description} /> },
    { key: 'version', header: t('schemes.version'), sortable: true, align: 'end', render: (s) => `v${s.version}` },
    {
      key: 'status',
      header: t('fields.status'),
      sortable: true,
      render: (s) => <Label variant={SCHEME_STATUS_VARIANT[s.status]}>{t(`schemes.status.${s.status}`)}</Label>,
    },
    {
      key: 'questions',
      header: t('schemes.questions'),
      align: 'end',
      render: (s) => t('schemes.counts', { sections: s.sectionCount, questions: s.questionCount }),
    },
    { key: 'passingScore', header: t('schemes.passingScore'), align: 'end', render: (s) => `${s.passingScore} %` },
    { key: 'publishedAt', header: t('schemes.publishedAt'), sortable: true, render: (s) => fmt.date(s.publishedAt) },
    { key: 'updatedAt', header: t('fields.updatedAt'), sortable: true, render: (s) => fmt.date(s.updatedAt) },
  ];

  return (
    <ListPage
      title={t('schemes.title')}
      description={t('schemes.description')}
      notices={notices}
      actions={
        canCreate && (
          <Button variant="primary" leadingVisual={PlusIcon} onClick={() => setCreating(true)}>
            {t('schemes.new')}
          </Button>
        )
      }
    >
      <DataTable
        label={t('schemes.title')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        rowKey={(s) => s.id}
        state={state}
        onStateChange={update}
        loading={list.isFetching}
        error={list.error?.message}
        onRetry={() => void list.refetch()}
        onRowOpen={(s) => onOpen(s.id)}
        empty={{ title: t('schemes.empty'), description: canCreate ? t('emptyCreate') : t('emptyFilters') }}
        toolbar={
          <>
            <CustomerFilter value={state.filters.customerId} onChange={(customerId) => update({ filters: { customerId } })} />
            <FilterSelect
              label={t('fields.status')}
              value={state.filters.status}
              onChange={(status) => update({ filters: { status } })}
              allLabel={t('filters.allStatuses')}
              options={SCHEME_STATUSES.map((s) => ({ value: s, label: t(`schemes.status.${s}`) }))}
            />
            <FilterSelect
              label={t('schemes.viewFilter')}
              value={state.filters.view || 'latest'}
              onChange={(view) => update({ filters: { view: view === 'latest' ? '' : view } })}
              options={SCHEME_VIEWS.map((v) => ({ value: v, label: t(`schemes.views.${v}`) }))}
            />
            <ExportCsvButton domain="schemes" input={input} />
          </>
        }
        rowActions={(s) => {
          const record = { customerId: s.customerId };
          const canUpdate = can('update', 'Scheme', record);
          return (
            <RowActions
              rowLabel={t('schemes.nameVersion', { name: s.name, version: s.version })}
              actions={[
                { label: canUpdate && s.status !== 'archived' ? t('schemes.openEditor') : t('schemes.open'), onSelect: () => onOpen(s.id) },
                {
                  label: t('schemes.publish'),
                  visible: canUpdate && s.status === 'draft' && s.questionCount > 0,
                  onSelect: () =>
                    void notices.run(async () => {
                      await publish.mutateAsync({ id: s.id });
                      await refresh();
                    }, t('schemes.published', { name: s.name, version: s.version })),
                },
                ...actions.menu(s, {
                  canUpdate: canUpdate && s.status !== 'draft',
                  canDelete: can('delete', 'Scheme', record) && s.status === 'draft',
                  archived: s.status === 'archived',
                }),
              ]}
            />
          );
        }}
      />
      {creating && (
        <CreateSchemeDialog
          onClose={() => setCreating(false)}
          onCreated={async (id, name) => {
            await refresh();
            notices.success(t('schemes.created', { name }));
            onOpen(id);
          }}
        />
      )}
      {actions.dialog}
    </ListPage>
  );
}

function CreateSchemeDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number, name: string) => Promise<void> }) {
  const { t } = useTranslation('business');
  const superadmin = useIsSuperadmin();
  const create = trpc.schemes.create.useMutation();
  const schema = useMemo(() => requireCustomerFor(ZCreateSchemeInput, superadmin), [superadmin]);
  const form = useZodForm(
    schema,
    { customerId: null as number | null, name: '', description: '', passingScore: 80, requireSignature: false },
    ({ customerId, ...fields }) => ({ ...fields, customerId: (superadmin && customerId) || undefined, sections: [] }),
  );
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
      <NumberField form={form} name="passingScore" label={t('schemes.passingScore')} required min={0} max={100} step={1} caption={t('schemes.passingScoreHint')} />
      <CheckboxField form={form} name="requireSignature" label={t('schemes.requireSignature')} />
    </FormDialog>
  );
}
