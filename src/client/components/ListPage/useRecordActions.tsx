import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/error-text.ts';
import { useIsolatedT } from '../Bidi/Bidi.tsx';
import type { RowAction } from '../DataTable/RowActions.tsx';
import { type BulkOutcome, summarizeBulk } from './bulk.ts';
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
  /**
   * What deleting this kind of record really does, in the confirmation (what goes with it, when the
   * server refuses). Every delete is permanent (no server restore): the dialog says so after it.
   */
  deleteHint?: string;
  /** What archiving does beyond the general rule (hidden from lists and pickers, restorable). */
  archiveHint?: string;
  /**
   * Why this row cannot be deleted, from what the list row already knows (its children counts); null
   * when it can. Such a row's Delete is shown unavailable with the reason and never sent.
   */
  deleteBlocked?: (row: R) => string | null;
}

export interface RecordActions<R extends { id: number }> {
  archive(row: R): Promise<boolean>;
  restore(row: R): Promise<boolean>;
  remove(row: R): Promise<boolean>;
  /**
   * Archive each row in turn (after one confirmation), with a progress toast, a summary and Undo.
   * `refuse` names why a row is skipped (already archived, not allowed).
   */
  archiveMany(rows: R[], refuse?: (row: R) => string | null): Promise<void>;
  /** Delete each row in turn (after one confirmation), with a progress toast and a summary. */
  removeMany(rows: R[], refuse?: (row: R) => string | null): Promise<void>;
  /** Menu items: edit, archive or restore (by `archived`), delete — each only when allowed. */
  menu(
    row: R,
    options: { onEdit?: () => void; canUpdate: boolean; canDelete: boolean; archived?: boolean; extra?: RowAction[] },
  ): RowAction[];
  /** The confirmations; render once in the page. */
  dialog: ReactNode;
  /** Which bulk actions this list has. */
  can: { archive: boolean; remove: boolean };
}

/**
 * Archive (confirmed, with Undo), restore and delete (confirmed, permanent) for a list's rows, one by
 * one or in bulk: runs the mutation, refreshes the list and reports the outcome as a toast (the
 * server's message inline when it refuses).
 */
export function useRecordActions<R extends { id: number }>(options: RecordActionsOptions<R>): RecordActions<R> {
  const { t } = useTranslation('forms');
  const ti = useIsolatedT('forms');
  const errorText = useErrorText();
  const { confirm, dialog } = useConfirmDialog();
  const { notices, refresh, label } = options;

  const restoreUndo = (rows: R[]) => ({
    run: async () => {
      for (const row of rows) await options.restore?.({ id: row.id });
      await refresh();
    },
    message:
      rows.length === 1 ? ti('notices.restored', { name: label(rows[0]) }) : t('bulk.restored', { count: rows.length }),
  });

  const archiveBody = (count: number) => (
    <>
      <p>{t('confirmArchive.body', { count })}</p>
      {options.archiveHint && <p>{options.archiveHint}</p>}
    </>
  );
  // The per-type hint speaks of one record (what goes with it); a bulk run names what it skips instead.
  const deleteBody = (count: number) => (
    <>
      {options.deleteHint && count === 1 && <p>{options.deleteHint}</p>}
      <p>
        <strong>{t('confirmDelete.permanent', { count })}</strong>
      </p>
    </>
  );

  const actions = {
    async archive(row: R) {
      if (!options.archive) return false;
      const ok = await confirm({
        title: ti('confirmArchive.title', { name: label(row) }),
        content: archiveBody(1),
        confirmLabel: t('actions.archive'),
        danger: false,
      });
      if (!ok) return false;
      const archive = options.archive;
      return notices.run(
        async () => {
          await archive({ id: row.id });
          await refresh();
        },
        ti('notices.archived', { name: label(row) }),
        options.restore ? { undo: restoreUndo([row]) } : undefined,
      );
    },
    async restore(row: R) {
      const restore = options.restore;
      if (!restore) return false;
      return notices.run(
        async () => {
          await restore({ id: row.id });
          await refresh();
        },
        ti('notices.restored', { name: label(row) }),
      );
    },
    async remove(row: R) {
      const remove = options.remove;
      if (!remove || options.deleteBlocked?.(row)) return false;
      const ok = await confirm({
        title: ti('confirmDelete.title', { name: label(row) }),
        content: deleteBody(1),
        confirmLabel: t('actions.delete'),
      });
      if (!ok) return false;
      return notices.run(
        async () => {
          await remove({ id: row.id });
          await refresh();
        },
        ti('notices.deleted', { name: label(row) }),
      );
    },
  };

  /** Run `mutate` on each row in turn, showing progress, then a summary (done, refused with reasons). */
  async function runMany(
    rows: R[],
    kind: 'archive' | 'delete',
    mutate: ById,
    blocked: (row: R) => string | null,
  ): Promise<R[]> {
    const progress = notices.toast.show({
      message: t(`bulk.${kind}Progress`, { done: 0, count: rows.length }),
      variant: 'progress',
      duration: null,
    });
    const outcomes: BulkOutcome[] = [];
    const done: R[] = [];
    for (const [index, row] of rows.entries()) {
      const reason = blocked(row);
      if (reason) {
        outcomes.push({ name: label(row), error: reason });
      } else {
        try {
          await mutate({ id: row.id });
          outcomes.push({ name: label(row) });
          done.push(row);
        } catch (error) {
          outcomes.push({ name: label(row), error: errorText.error(error) });
        }
      }
      notices.toast.update(progress, { message: t(`bulk.${kind}Progress`, { done: index + 1, count: rows.length }) });
    }
    await refresh();
    notices.toast.dismiss(progress);
    const summary = summarizeBulk(outcomes);
    const message = (
      <>
        {t(`bulk.${kind}Done`, { count: summary.done })}
        {summary.refused.length > 0 && (
          <>
            {' '}
            {t('bulk.refused', { count: summary.refused.length })}
            <ul>
              {summary.refused.map((r) => (
                <li key={r.name}>
                  <bdi dir="auto">{r.name}</bdi>: {r.error}
                </li>
              ))}
            </ul>
          </>
        )}
      </>
    );
    const undo = kind === 'archive' && done.length && options.restore ? restoreUndo(done) : undefined;
    if (summary.refused.length > 0 && summary.done === 0)
      notices.toast.show({ message, variant: 'critical', duration: null });
    else if (summary.refused.length > 0) notices.success(message, { undo, variant: 'info', duration: null });
    else notices.success(message, { undo });
    return done;
  }

  return {
    ...actions,
    dialog,
    can: { archive: !!options.archive, remove: !!options.remove },
    async archiveMany(rows, refuse = () => null) {
      if (!options.archive || !rows.length) return;
      const ok = await confirm({
        title: t('confirmArchive.manyTitle', { count: rows.length }),
        content: archiveBody(rows.length),
        confirmLabel: t('actions.archive'),
        danger: false,
      });
      if (ok) await runMany(rows, 'archive', options.archive, refuse);
    },
    async removeMany(rows, refuse = () => null) {
      if (!options.remove || !rows.length) return;
      const ok = await confirm({
        title: t('confirmDelete.manyTitle', { count: rows.length }),
        content: deleteBody(rows.length),
        confirmLabel: t('actions.delete'),
      });
      if (ok)
        await runMany(rows, 'delete', options.remove, (row) => refuse(row) ?? options.deleteBlocked?.(row) ?? null);
    },
    menu(row, { onEdit, canUpdate, canDelete, archived, extra = [] }) {
      const blocked = options.deleteBlocked?.(row) ?? null;
      return [
        ...(onEdit ? [{ label: t('actions.edit'), onSelect: onEdit, visible: canUpdate }] : []),
        ...extra,
        ...(options.archive && archived === false
          ? [{ label: t('actions.archive'), onSelect: () => void actions.archive(row), visible: canUpdate }]
          : []),
        ...(options.restore && archived === true
          ? [{ label: t('actions.restore'), onSelect: () => void actions.restore(row), visible: canUpdate }]
          : []),
        ...(options.remove
          ? [
              {
                label: t('actions.delete'),
                variant: 'danger' as const,
                onSelect: () => void actions.remove(row),
                visible: canDelete,
                unavailable: blocked ?? undefined,
              },
            ]
          : []),
      ];
    },
  };
}
