import { keepPreviousData } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Subject } from '../../../shared/abilities/index.ts';
import { useCan } from '../../lib/can.ts';
import { type ListState, toSchemaListInput, useListState } from '../../lib/list-state.ts';
import {
  type Domain,
  type QueryData,
  type QueryInput,
  type QueryProcedure,
  type QueryState,
  useProcedureQuery,
  utilsOf,
} from '../../lib/procedures.ts';
import { trpc } from '../../lib/trpc.ts';
import { useIsolatedT } from '../Bidi/Bidi.tsx';
import type { RowAction } from '../DataTable/RowActions.tsx';
import { type NoticeApi, useNotice } from './notices.tsx';
import { type RecordActions, type RecordActionsOptions, useRecordActions } from './useRecordActions.tsx';

/** The row type of a list procedure (`{ items, total }`). */
export type ListRow<P> = QueryData<P> extends { items: (infer R)[] } ? R & { id: number } : never;
type ListInput<P> = NonNullable<QueryInput<P>>;

export interface RecordListOptions<P extends QueryProcedure, R extends { id: number }>
  extends Omit<RecordActionsOptions<R>, 'notices' | 'refresh'> {
  /** Filter names kept in the URL beside search, sort and page. */
  filters: readonly string[];
  /** The domain's list procedure (`trpc.directions.list`). */
  list: P;
  /** Its input schema: the URL state is checked against it. */
  schema: z.ZodType<unknown, ListInput<P>>;
  /** The domains whose cached lists change with these records (the list's own first). */
  invalidates: readonly Domain[];
  /**
   * The list's own cached queries when they are not a business domain's (a demo app's router, e.g.
   * `(utils) => utils.apps.ecommerce.products`): refreshed with `invalidates` and read by "select all".
   */
  cache?: (utils: ReturnType<typeof trpc.useUtils>) => ListCache<R>;
  /** The CASL subject of the records (create, update and delete checks). */
  subject: Exclude<Subject, 'all'>;
  /**
   * The row's fields the ability rules look at, for rules with conditions (a team's `id`, a user's
   * `customerId`): every row may then open and is checked on open. Without it the checks are per subject
   * and rows do not open for a caller who may not update them.
   */
  record?: (row: R) => Record<string, unknown>;
  /** Whether the row is archived (archive or restore in its menu); lists without archiving leave it out. */
  archived?: (row: R) => boolean;
  /** Notices to use instead of the list's own (a page that shares them with another view). */
  notices?: NoticeApi;
  /** The list's own default sort (left out of the URL while in force); ascending by the server's default otherwise. */
  defaults?: Pick<Partial<ListState>, 'sortBy' | 'orderBy'>;
  /** The records in "No <records> match “…”" (plural, lower case where the language has it). */
  records?: string;
}

/** A list router's cached queries in `trpc.useUtils()`. */
export interface ListCache<R> {
  invalidate: () => Promise<unknown>;
  list: { fetch: (input: never) => Promise<{ items: R[] }> };
}

export interface MenuOptions {
  /** Replaces the edit item's action (undefined: no edit item). */
  onEdit?: (() => void) | undefined;
  canUpdate?: boolean;
  canDelete?: boolean;
  /** Items between edit and archive/delete. */
  extra?: RowAction[];
}

export interface RecordList<R extends { id: number }> {
  state: ListState;
  update: ReturnType<typeof useListState>[1];
  /** The list input (also the CSV export's query). */
  input: Record<string, unknown>;
  query: QueryState<{ items: R[]; total: number }>;
  notices: NoticeApi;
  actions: RecordActions<R>;
  /** The row's name in menus and messages. */
  label: (row: R) => string;
  /** Invalidate every list these records show in. */
  refresh: () => Promise<unknown>;
  /** May the caller do this (to this row, when the rules look at rows)? */
  can: (action: 'create' | 'update' | 'delete', row?: R) => boolean;
  /** The record in the create/edit dialog: 'new', a row, or nothing. */
  editing: R | 'new' | null;
  setEditing: (editing: R | 'new' | null) => void;
  /** What opens a row (Enter or click): its edit dialog when the caller may update it. */
  onRowOpen: ((row: R) => void) | undefined;
  /** The row's menu: edit, extra items, archive or restore, delete — each only when allowed. */
  menu: (row: R, options?: MenuOptions) => RowAction[];
  /** Value and setter of one URL filter, for a filter select. */
  filter: (key: string) => { value: string; onChange: (value: string) => void };
  /** After a change: refresh the lists, then show `message`. */
  announce: (message: ReactNode) => Promise<void>;
  /** After a dialog saved the record named `name`: refresh the lists and say so. */
  saved: (name: string) => Promise<void>;
  /** Every row matching the list's search and filters (all pages), for "select all N matching". */
  fetchAll: () => Promise<R[]>;
  /** Bulk archive and delete of selected rows, skipping (and naming) rows the caller may not change. */
  archiveMany?: (rows: R[]) => Promise<void>;
  removeMany?: (rows: R[]) => Promise<void>;
  records?: string;
}

/**
 * The state of a business list page: URL list state, the list query, notices, the create/edit dialog's
 * record, ability checks, and archive/restore/delete with refresh of the related lists.
 */
export function useRecordList<P extends QueryProcedure, R extends { id: number } = ListRow<P>>(
  options: RecordListOptions<P, R>,
): RecordList<R> {
  const { t } = useTranslation('forms');
  const ti = useIsolatedT('forms');
  const allowed = useCan();
  const [state, update] = useListState(options.filters, options.defaults);
  const input = toSchemaListInput(options.schema, state);
  const query = useProcedureQuery(options.list, input, { placeholderData: keepPreviousData }) as RecordList<R>['query'];
  const utils = trpc.useUtils();
  const ownNotices = useNotice();
  const notices = options.notices ?? ownNotices;
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const cache = options.cache?.(utils);
  const refresh = () =>
    Promise.all([cache?.invalidate(), ...options.invalidates.map((domain) => utilsOf(utils, domain).invalidate())]);
  const actions = useRecordActions<R>({ ...options, notices, refresh });
  const { subject, record, archived } = options;
  const can: RecordList<R>['can'] = (action, row) => allowed(action, subject, row && record ? record(row) : undefined);
  const announce = async (message: ReactNode) => {
    await refresh();
    notices.success(message);
  };
  const notAllowed = t('bulk.notAllowed');
  const fetchAll = async () => {
    const all = (
      (cache ?? utilsOf(utils, options.invalidates[0])) as unknown as {
        list: { fetch: (input: unknown) => Promise<{ items: R[] }> };
      }
    ).list;
    return (await all.fetch({ ...input, page: 1, itemsPerPage: -1 })).items;
  };

  return {
    state,
    update,
    input,
    query,
    notices,
    actions,
    label: options.label,
    refresh,
    can,
    editing,
    setEditing,
    onRowOpen: record ? (row) => can('update', row) && setEditing(row) : can('update') ? setEditing : undefined,
    menu: (row, { extra, ...given } = {}) =>
      actions.menu(row, {
        onEdit: () => setEditing(row),
        canUpdate: can('update', row),
        canDelete: can('delete', row),
        archived: archived?.(row),
        extra,
        ...given,
      }),
    filter: (key) => ({ value: state.filters[key] ?? '', onChange: (value) => update({ filters: { [key]: value } }) }),
    announce,
    saved: (name) => announce(ti('notices.saved', { name })),
    fetchAll,
    archiveMany: options.archive
      ? (rows) =>
          actions.archiveMany(rows, (row) =>
            archived?.(row) ? t('bulk.alreadyArchived') : can('update', row) ? null : notAllowed,
          )
      : undefined,
    removeMany: options.remove
      ? (rows) => actions.removeMany(rows, (row) => (can('delete', row) ? null : notAllowed))
      : undefined,
    records: options.records,
  };
}
