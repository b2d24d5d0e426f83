import { ArchiveIcon, type Icon, PlusIcon, TrashIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TImportKind } from '../../../shared/schemas/imports.ts';
import { useErrorText } from '../../lib/error-text.ts';
import { type BulkAction, type CardLayout, type Column, DataTable } from '../DataTable/DataTable.tsx';
import { ExportCsvButton } from '../DataTable/ExportCsvButton.tsx';
import { exportQuery } from '../DataTable/export-query.ts';
import { type RowAction, RowActions } from '../DataTable/RowActions.tsx';
import { ImportButton } from '../ImportDialog/ImportButton.tsx';
import { ListPage } from './ListPage.tsx';
import { useCreateParam } from './useCreateParam.ts';
import type { RecordList } from './useRecordList.ts';

/** What a list page hands its create/edit dialog. */
export interface RecordDialogProps {
  onClose: () => void;
  /** After a save: refresh the lists and say “<name> saved”. */
  onSaved: (name: string) => Promise<void>;
  /**
   * After a save refused as stale (someone else changed the record): read the list again and reopen
   * the dialog on the fresh record (false when it is gone from the page). Give it to FormDialog.
   */
  onReload?: () => Promise<boolean>;
}

export interface RecordListPageProps<R extends { id: number }> {
  /** From `useRecordList`. */
  list: RecordList<R>;
  title: string;
  description: string;
  /** The create button's label; the button shows when the caller may create (omitted: no create button). */
  createLabel?: string;
  createIcon?: Icon;
  /** What the create button does (default: the dialog with a new record). */
  onCreate?: () => void;
  /** Title of the empty list. */
  emptyTitle: string;
  columns: Column<R>[];
  /** How a row shows as a card on phones (title = the record's name, two facts, a status). */
  card?: CardLayout;
  /** Filter selects, before the CSV export link. */
  filters?: ReactNode;
  /** The CSV export's name (GET /api/export/<domain>.csv with the list's input). */
  exportDomain: string;
  /** The kind of import the list offers (an "Import" button, for who may create and change its records). */
  importKind?: TImportKind;
  /** The row's menu (default: edit, archive or restore, delete). */
  rowActions?: (row: R) => RowAction[];
  /** What Enter or a click on a row does (default: its edit dialog when allowed; null: nothing). */
  onRowOpen?: ((row: R) => void) | null;
  /** The dialog for `list.editing` (`null`: a new record). */
  dialog?: (record: R | null, props: RecordDialogProps) => ReactNode;
  /** Content between the header and the table (a summary). */
  summary?: ReactNode;
  /** More dialogs of the page (revoke, reset password…). */
  children?: ReactNode;
}

/**
 * A business list page: heading with the create button, notices, the server-side table with its
 * filters and CSV export, row menus, the create/edit dialog and the delete confirmation.
 */
export function RecordListPage<R extends { id: number }>({
  list,
  title,
  description,
  createLabel,
  createIcon = PlusIcon,
  onCreate = () => list.setEditing('new'),
  emptyTitle,
  columns,
  card,
  filters,
  exportDomain,
  importKind,
  rowActions = (row) => list.menu(row),
  onRowOpen = list.onRowOpen,
  dialog,
  summary,
  children,
}: RecordListPageProps<R>) {
  const { t } = useTranslation('business');
  const errorText = useErrorText();
  const { editing, query } = list;
  // Reopening the dialog on a reloaded record starts its form afresh.
  const [reloads, setReloads] = useState(0);
  const reload = async (id: number) => {
    // Every cached read of these records (the list, a dialog's byId detail) is read again.
    await list.refresh();
    const { data } = (await query.refetch()) as { data?: { items: R[] } };
    const fresh = data?.items.find((row) => row.id === id);
    if (!fresh) return false;
    list.setEditing(fresh);
    setReloads((n) => n + 1);
    return true;
  };
  const canCreate = createLabel !== undefined && list.can('create');
  useCreateParam(canCreate, onCreate);
  const bulkActions: BulkAction<R>[] = [
    ...(list.archiveMany && list.can('update')
      ? [{ label: t('bulkArchive'), icon: ArchiveIcon, run: list.archiveMany }]
      : []),
    ...(list.removeMany && list.can('delete')
      ? [{ label: t('bulkDelete'), icon: TrashIcon, variant: 'danger' as const, run: list.removeMany }]
      : []),
  ];
  return (
    <ListPage
      title={title}
      description={description}
      notices={list.notices}
      actions={
        <>
          {importKind && list.can('create') && list.can('update') && (
            <ImportButton kind={importKind} onImported={() => void list.refresh()} />
          )}
          {canCreate && (
            <Button variant="primary" leadingVisual={createIcon} onClick={onCreate}>
              {createLabel}
            </Button>
          )}
        </>
      }
    >
      {summary}
      <DataTable
        label={title}
        columns={columns}
        rows={query.data?.items}
        total={query.data?.total ?? 0}
        rowKey={(row) => row.id}
        state={list.state}
        onStateChange={list.update}
        loading={query.isFetching}
        error={query.error ? errorText.error(query.error) : undefined}
        onRetry={() => void query.refetch()}
        onRowOpen={onRowOpen ?? undefined}
        rowLabel={list.label}
        records={list.records}
        card={card}
        settingsKey={exportDomain}
        empty={{
          title: emptyTitle,
          description: canCreate ? t('emptyCreate') : t('emptyNothing'),
          action: canCreate ? (
            <Button leadingVisual={createIcon} onClick={onCreate}>
              {createLabel}
            </Button>
          ) : undefined,
        }}
        filters={filters}
        toolbar={<ExportCsvButton domain={exportDomain} input={list.input} />}
        bulkActions={bulkActions}
        fetchAll={list.fetchAll}
        csv={{ name: exportDomain, allHref: `/api/export/${exportDomain}.csv${exportQuery(list.input)}` }}
        rowActions={(row) => <RowActions rowLabel={list.label(row)} actions={rowActions(row)} />}
      />
      {editing && (
        <Fragment key={reloads}>
          {dialog?.(editing === 'new' ? null : editing, {
            onClose: () => list.setEditing(null),
            onSaved: list.saved,
            onReload: editing === 'new' ? undefined : () => reload(editing.id),
          })}
        </Fragment>
      )}
      {children}
      {list.actions.dialog}
    </ListPage>
  );
}
