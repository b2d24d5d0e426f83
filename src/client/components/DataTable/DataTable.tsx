import { SearchIcon, SortAscIcon, SortDescIcon } from '@primer/octicons-react';
import { Banner, Button, Spinner, Text, TextInput } from '@primer/react';
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../lib/list-state.ts';
import { Pagination } from './Pagination.tsx';
import classes from './DataTable.module.css';

export interface Column<T> {
  /** The sort key sent to the server when `sortable`; also the column id. */
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  sortable?: boolean;
  align?: 'start' | 'end';
}

export interface DataTableProps<T> {
  /** Accessible name of the table (also its caption for screen readers). */
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  total: number;
  rowKey: (row: T) => string | number;
  state: ListState;
  onStateChange: (patch: Partial<ListState>) => void;
  loading?: boolean;
  /** A message when the list failed to load; shows a retry button with `onRetry`. */
  error?: string | null;
  onRetry?: () => void;
  /** Controls shown beside the search box (filters, export, create). */
  toolbar?: ReactNode;
  /** Per-row actions (buttons/menus), rendered in the last column. */
  rowActions?: (row: T) => ReactNode;
  /** Enter on a focused row (or a click on it) opens it. */
  onRowOpen?: (row: T) => void;
  empty?: { title: string; description?: string; action?: ReactNode };
  /** Hide the search box (lists without `q`). */
  searchable?: boolean;
  className?: string;
}

/**
 * A server-side data table: search, sortable headers (aria-sort), paging footer, loading, empty and
 * error states, keyboard-reachable rows. Below 600 px each row renders as a card.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  total,
  rowKey,
  state,
  onStateChange,
  loading,
  error,
  onRetry,
  toolbar,
  rowActions,
  onRowOpen,
  empty,
  searchable = true,
  className,
}: DataTableProps<T>) {
  const { t } = useTranslation('table');
  const searchId = useId();
  const [q, setQ] = useState(state.q);
  useEffect(() => setQ(state.q), [state.q]);
  useEffect(() => {
    if (q === state.q) return;
    const timer = setTimeout(() => onStateChange({ q }), 300);
    return () => clearTimeout(timer);
  }, [q, state.q, onStateChange]);

  function toggleSort(key: string) {
    if (state.sortBy === key) onStateChange({ sortBy: key, orderBy: state.orderBy === 'asc' ? 'desc' : 'asc' });
    else onStateChange({ sortBy: key, orderBy: 'asc' });
  }

  function onRowKey(event: KeyboardEvent<HTMLTableRowElement>) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' && onRowOpen) {
      event.preventDefault();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const sibling =
        event.key === 'ArrowDown' ? event.currentTarget.nextElementSibling : event.currentTarget.previousElementSibling;
      (sibling as HTMLElement | null)?.focus();
    }
  }

  const columnCount = columns.length + (rowActions ? 1 : 0);
  const showEmpty = !loading && !error && rows && rows.length === 0;

  return (
    <section className={[classes.root, className].filter(Boolean).join(' ')} aria-label={label}>
      <div className={classes.toolbar}>
        {searchable && (
          <div className={classes.search}>
            <label htmlFor={searchId} className={classes.visuallyHidden}>
              {t('search')}
            </label>
            <TextInput
              id={searchId}
              leadingVisual={SearchIcon}
              placeholder={t('search')}
              value={q}
              onChange={(e) => setQ(e.target.value)}
              block
              type="search"
            />
          </div>
        )}
        {toolbar && <div className={classes.actions}>{toolbar}</div>}
      </div>
      {error ? (
        <Banner
          variant="critical"
          title={t('loadFailed')}
          description={error}
          primaryAction={onRetry ? <Banner.PrimaryAction onClick={onRetry}>{t('retry')}</Banner.PrimaryAction> : undefined}
        />
      ) : (
        <div className={classes.scroller}>
          <table className={classes.table} aria-busy={loading || undefined}>
            <caption className={classes.visuallyHidden}>{label}</caption>
            <thead>
              <tr>
                {columns.map((col) => {
                  const sorted = state.sortBy === col.key;
                  return (
                    <th
                      key={col.key}
                      scope="col"
                      data-align={col.align ?? 'start'}
                      aria-sort={sorted ? (state.orderBy === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {col.sortable ? (
                        <button type="button" className={classes.sortButton} onClick={() => toggleSort(col.key)}>
                          {col.header}
                          {sorted && (state.orderBy === 'asc' ? <SortAscIcon size={14} /> : <SortDescIcon size={14} />)}
                        </button>
                      ) : (
                        col.header
                      )}
                    </th>
                  );
                })}
                {rowActions && (
                  <th scope="col" data-align="end">
                    <span className={classes.visuallyHidden}>{t('actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {loading && !rows?.length ? (
                <tr>
                  <td colSpan={columnCount} className={classes.state}>
                    <Spinner size="medium" srText={t('loading')} />
                  </td>
                </tr>
              ) : showEmpty ? (
                <tr>
                  <td colSpan={columnCount} className={classes.state}>
                    <Text as="p" weight="semibold">
                      {empty?.title ?? t('noData')}
                    </Text>
                    {empty?.description && (
                      <Text as="p" className={classes.muted}>
                        {empty.description}
                      </Text>
                    )}
                    {empty?.action}
                    {state.q && (
                      <Button variant="invisible" onClick={() => onStateChange({ q: '' })}>
                        {t('clearSearch')}
                      </Button>
                    )}
                  </td>
                </tr>
              ) : (
                rows?.map((row) => (
                  <tr
                    key={rowKey(row)}
                    tabIndex={0}
                    className={onRowOpen ? classes.openable : undefined}
                    onKeyDown={onRowKey}
                    // Open on key up: opening on key down would hand the rest of that Enter press to the
                    // opened dialog's first field, and an Enter key press there submits its form.
                    onKeyUp={(e) => e.key === 'Enter' && e.target === e.currentTarget && onRowOpen?.(row)}
                    onClick={
                      onRowOpen
                        ? (e) => {
                            // Clicks bubble through React portals too: a row action's menu item is not a row click.
                            const target = e.target as HTMLElement;
                            if (!e.currentTarget.contains(target) || target.closest('button,a,input,select,label')) return;
                            onRowOpen(row);
                          }
                        : undefined
                    }
                  >
                    {columns.map((col) => (
                      <td key={col.key} data-label={col.header} data-align={col.align ?? 'start'}>
                        {col.render(row)}
                      </td>
                    ))}
                    {rowActions && (
                      <td data-align="end" className={classes.rowActions}>
                        {rowActions(row)}
                      </td>
                    )}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        page={state.page}
        itemsPerPage={state.itemsPerPage}
        total={total}
        onChange={(page, itemsPerPage) =>
          itemsPerPage !== state.itemsPerPage ? onStateChange({ itemsPerPage }) : onStateChange({ page })
        }
      />
    </section>
  );
}
