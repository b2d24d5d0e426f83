import { FileBadgeIcon, FileIcon, FileMediaIcon, UploadIcon } from '@primer/octicons-react';
import { Dialog, FormControl, Link, TextInput } from '@primer/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { FILE_FAMILIES, type TFile, type TUploadedFile, ZListFilesInput } from '../../../shared/schemas/files.ts';
import { pageExists, pathFor, routeByName } from '../../app/routes.tsx';
import { type Column, joinCellText } from '../../components/DataTable/DataTable.tsx';
import { FilterSelect } from '../../components/DataTable/FilterSelect.tsx';
import { useFilterChip } from '../../components/DataTable/filter-chips.tsx';
import { NameCell, NumberCell, RecordListPage, TextCell, useRecordList } from '../../components/ListPage/index.ts';
import { CustomerFilter } from '../../components/RecordSelect/index.ts';
import { useCan } from '../../lib/can.ts';
import { useFormatters } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { formatBytes } from './format.ts';
import { useUploads } from './useUploads.tsx';
import classes from './FilesPage.module.css';

const fileUrl = (id: number, query = '') => `/api/files/${id}${query}`;

function download(file: TFile) {
  // An attachment: the browser saves it and stays on the page.
  window.location.assign(fileUrl(file.id));
}

/** /files: what the caller may see of the uploaded files, with thumbnails, preview, download, upload and delete. */
export default function FilesPage() {
  const { t, i18n } = useTranslation('files');
  const fmt = useFormatters();
  const allowed = useCan();
  const list = useRecordList({
    filters: ['customerId', 'family', 'taskId', 'ownerId', 'from', 'to'],
    schema: ZListFilesInput,
    list: trpc.files.list,
    invalidates: ['files'],
    subject: 'File',
    record: (f) => ({ id: f.id, customerId: f.customerId, ownerId: f.owner.id }),
    label: (f) => f.name,
    remove: trpc.files.delete.useMutation().mutateAsync,
    deleteHint: t('deleteHint'),
    records: t('records'),
  });
  const { announce } = list;
  const onUploaded = useCallback((file: TUploadedFile) => announce(t('uploaded', { name: file.name })), [announce, t]);
  const uploads = useUploads(onUploaded);
  const mayUpload = allowed('upload', 'File');
  // "Create" on this list is an upload.
  const files = {
    ...list,
    can: (action: 'create' | 'update' | 'delete', row?: TFile) =>
      action === 'create' ? mayUpload : list.can(action, row),
  };
  const previewing = list.editing && list.editing !== 'new' ? list.editing : null;
  const taskRoute = routeByName('tasks-viewTask-id');
  const linkTasks = pageExists(taskRoute) && allowed('read', 'Task');
  const actionsPage = pageExists(routeByName('tasks-actions')) && allowed('read', 'CorrectiveAction');

  const columns: Column<TFile>[] = [
    {
      key: 'thumbnail',
      header: t('columns.preview'),
      kind: 'code',
      width: 5,
      render: (f) =>
        f.hasThumbnail ? (
          <img
            className={classes.thumb}
            src={fileUrl(f.id, '?thumbnail=1')}
            alt=""
            loading="lazy"
            width={48}
            height={48}
          />
        ) : (
          <span className={classes.thumbIcon} aria-hidden="true">
            {f.family === 'image' ? (
              <FileMediaIcon size={20} />
            ) : f.family === 'pdf' ? (
              <FileBadgeIcon size={20} />
            ) : (
              <FileIcon size={20} />
            )}
          </span>
        ),
      exportValue: () => '',
    },
    {
      key: 'name',
      header: t('columns.name'),
      kind: 'name',
      sortable: true,
      render: (f) => (
        <NameCell
          name={<span className={classes.name}>{f.name}</span>}
          detail={f.questionText ?? (f.questionKey ? t('question', { key: f.questionKey }) : undefined)}
        />
      ),
      exportValue: (f) =>
        joinCellText(f.name, f.questionText ?? (f.questionKey ? t('question', { key: f.questionKey }) : null)),
    },
    {
      key: 'mimeType',
      header: t('columns.type'),
      kind: 'text',
      width: 8,
      sortable: true,
      render: (f) => <span title={f.mimeType}>{t(`family.${f.family}`)}</span>,
      exportValue: (f) => t(`family.${f.family}`),
    },
    {
      key: 'size',
      header: t('columns.size'),
      kind: 'number',
      width: 7,
      sortable: true,
      render: (f) => <NumberCell>{formatBytes(f.size, i18n.language)}</NumberCell>,
      exportValue: (f) => formatBytes(f.size, i18n.language),
    },
    {
      key: 'linked',
      header: t('columns.linked'),
      kind: 'text',
      render: (f) =>
        !f.linked ? (
          '—'
        ) : f.linked.type === 'correctiveAction' ? (
          actionsPage ? (
            <Link as={RouterLink} href={`/tasks/actions?id=${f.linked.id}`}>
              {t('correctiveAction', { label: f.linked.label })}
            </Link>
          ) : (
            t('correctiveAction', { label: f.linked.label })
          )
        ) : linkTasks && taskRoute ? (
          <Link as={RouterLink} href={pathFor(taskRoute.name, { id: f.linked.id })}>
            {t('task', { label: f.linked.label })}
          </Link>
        ) : (
          t('task', { label: f.linked.label })
        ),
      exportValue: (f) =>
        f.linked ? t(f.linked.type === 'task' ? 'task' : 'correctiveAction', { label: f.linked.label }) : '—',
    },
    {
      key: 'owner',
      header: t('columns.owner'),
      kind: 'text',
      render: (f) => <TextCell>{f.owner.name}</TextCell>,
      exportValue: (f) => f.owner.name || '—',
    },
    {
      key: 'createdAt',
      header: t('columns.createdAt'),
      kind: 'datetime',
      sortable: true,
      render: (f) => fmt.dateTime(f.createdAt),
    },
  ];

  const dateFilter = (key: 'from' | 'to') => (
    <DateFilter
      key={key}
      label={t(`filters.${key}`)}
      short={t(`filters.${key}Short`)}
      value={list.state.filters[key] ?? ''}
      onChange={(value) => list.update({ filters: { [key]: value } })}
    />
  );

  return (
    <RecordListPage
      list={files}
      title={t('title')}
      description={t('description')}
      createLabel={t('upload.button')}
      createIcon={UploadIcon}
      onCreate={uploads.pick}
      emptyTitle={t('empty')}
      columns={columns}
      card={{ title: 'name', facts: ['size', 'createdAt'], status: 'mimeType' }}
      exportDomain="files"
      summary={mayUpload ? uploads.zone : undefined}
      onRowOpen={(f) => (f.inline ? list.setEditing(f) : download(f))}
      rowActions={(f) =>
        list.menu(f, {
          onEdit: undefined,
          canDelete: f.canDelete,
          extra: [
            { label: t('actions.preview'), onSelect: () => list.setEditing(f), visible: f.inline },
            { label: t('actions.download'), onSelect: () => download(f) },
          ],
        })
      }
      filters={
        <>
          <CustomerFilter {...list.filter('customerId')} />
          <FilterSelect
            label={t('filters.family')}
            {...list.filter('family')}
            allLabel={t('filters.allFamilies')}
            options={FILE_FAMILIES.map((family) => ({ value: family, label: t(`family.${family}`) }))}
          />
          {dateFilter('from')}
          {dateFilter('to')}
          <TaskFilterChip
            taskId={list.state.filters.taskId ?? ''}
            onClear={() => list.update({ filters: { taskId: '' } })}
          />
        </>
      }
    >
      {previewing && <PreviewDialog file={previewing} onClose={() => list.setEditing(null)} />}
    </RecordListPage>
  );
}

/** The linked-task filter (`?taskId=`, from a task's view page): shown as a chip that clears it. */
function TaskFilterChip({ taskId, onClear }: { taskId: string; onClear: () => void }) {
  const { t } = useTranslation('files');
  useFilterChip(
    taskId ? { label: t('filters.task'), value: t('filters.taskValue', { id: taskId }), clear: onClear } : null,
  );
  return null;
}

/** A date bound of the list (from / before), shown as an active-filter chip while set. */
function DateFilter({
  label,
  short,
  value,
  onChange,
}: {
  label: string;
  short: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { i18n } = useTranslation();
  const shown = value
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(value))
    : '';
  useFilterChip(value ? { label, value: shown, clear: () => onChange('') } : null);
  return (
    <FormControl className={classes.dateFilter}>
      <FormControl.Label visuallyHidden>{label}</FormControl.Label>
      <TextInput type="date" block leadingVisual={short} value={value} onChange={(e) => onChange(e.target.value)} />
    </FormControl>
  );
}

/** An image or a PDF shown in the page (the inline URL, same origin), with its download. */
function PreviewDialog({ file, onClose }: { file: TFile; onClose: () => void }) {
  const { t, i18n } = useTranslation('files');
  const src = fileUrl(file.id, '?inline=1');
  return (
    <Dialog
      title={file.name}
      subtitle={`${t(`family.${file.family}`)} · ${formatBytes(file.size, i18n.language)}`}
      width="xlarge"
      onClose={onClose}
      footerButtons={[{ content: t('actions.download'), buttonType: 'primary', onClick: () => download(file) }]}
    >
      <div className={classes.preview}>
        {file.family === 'pdf' ? (
          <iframe className={classes.pdf} src={src} title={t('pdfPreview', { name: file.name })} />
        ) : (
          <img className={classes.image} src={src} alt={t('imagePreview', { name: file.name })} />
        )}
      </div>
    </Dialog>
  );
}
