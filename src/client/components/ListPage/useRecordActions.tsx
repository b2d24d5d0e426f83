import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowAction } from '../DataTable/RowActions.tsx';
import type { NoticeApi } from './notices.tsx';
import { useConfirmDialog } from './useConfirmDialog.tsx';

type ById = (input: { id: number }) => Promise<unknown>;

export interface RecordActionsOptions<R extends { id: number }> {
  notices: NoticeApi;
  /** Invalidate the lists that show these records. */
  refresh: () => Promise<unknown>;
  /** The row's name in messages ("Direction “North” archived"). */
  label: (row: R) => string;
  archive?: ById;
  restore?: ById;
  remove?: ById;
  /** Extra text in the delete confirmation (what else goes, why it may be refused). */
  deleteHint?: string;
}

export interface RecordActions<R extends { id: number }> {
  archive(row: R): Promise<boolean>;
  restore(row: R): Promise<boolean>;
  remove(row: R): Promise<boolean>;
  /** Menu items: edit, archive or restore (by `archived`), delete — each only when allowed. */
  menu(row: R, options: { onEdit?: () => void; canUpdate: boolean; canDelete: boolean; archived?: boolean; extra?: RowAction[] }): RowAction[];
  /** The delete confirmation; render once in the page. */
  dialog: ReactNode;
}

/**
 * Archive, restore and delete (with confirmation) for a list's rows: runs the mutation, refreshes
 * the list and reports the outcome (the server's message when it refuses, e.g. a direction that
 * still has sub-directions).
 */
export function useRecordActions<R extends { id: number }>(options: RecordActionsOptions<R>): RecordActions<R> {
  const { t } = useTranslation('forms');
  const { confirm, dialog } = useConfirmDialog();
  const { notices, refresh, label } = options;

  const run = (mutate: ById | undefined, row: R, message: string) =>
    mutate
      ? notices.run(async () => {
          await mutate({ id: row.id });
          await refresh();
        }, message)
      : Promise.resolve(false);

  const actions: Omit<RecordActions<R>, 'dialog' | 'menu'> = {
    archive: (row) => run(options.archive, row, t('notices.archived', { name: label(row) })),
    restore: (row) => run(options.restore, row, t('notices.restored', { name: label(row) })),
    async remove(row) {
      const ok = await confirm({
        title: t('confirmDelete.title', { name: label(row) }),
        content: options.deleteHint ?? t('confirmDelete.body'),
        confirmLabel: t('actions.delete'),
      });
      return ok ? run(options.remove, row, t('notices.deleted', { name: label(row) })) : false;
    },
  };

  return {
    ...actions,
    dialog,
    menu(row, { onEdit, canUpdate, canDelete, archived, extra = [] }) {
      return [
        ...(onEdit ? [{ label: t('actions.edit'), onSelect: onEdit, visible: canUpdate }] : []),
        ...extra,
        ...(options.archive && archived === false
          ? [{ label: t('actions.archive'), onSelect: () => void actions.archive(row), visible: canUpdate }]
          : []),
        ...(options.restore && archived === true
          ? [{ label: t('actions.restore'), onSelect: () => void actions.restore(row), visible: canUpdate }]
          : []),
        ...(options.remove ? [{ label: t('actions.delete'), variant: 'danger' as const, onSelect: () => void actions.remove(row), visible: canDelete }] : []),
      ];
    },
  };
}
