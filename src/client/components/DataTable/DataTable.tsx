import { FilterIcon, type Icon, SearchIcon, SortAscIcon, SortDescIcon } from '@primer/octicons-react';
import { Button, Checkbox, CounterLabel, Dialog, IconButton, Select, Spinner, Text, TextInput } from '@primer/react';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../lib/list-state.ts';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import { inputDir } from '../Bidi/index.ts';
import { QueryError } from '../QueryError/index.ts';
import { ACTIONS_WIDTH, type ColumnKind, columnAlign, columnWidth, SELECT_WIDTH, tableMinWidth } from './columns.ts';
import { toCsv } from './csv.ts';
import { FilterChips, FilterChipsProvider, useFilterChips } from './filter-chips.tsx';
import { Pagination } from './Pagination.tsx';
import { TableSettingsMenu } from './TableSettingsMenu.tsx';
import { DEFAULT_TABLE_SETTINGS, parseTableSettings, type TableSettings, tableSettingsKey } from './table-settings.ts';
import classes from './DataTable.module.css';

export interface Column<T> {
  /** The sort key sent to the server when `sortable`; also the column id. */
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  sortable?: boolean;
  align?: 'start' | 'end';
  /** What the column holds: its default width, alignment and wrapping (columns.ts). */
  kind?: ColumnKind;
  /** Width in rem instead of the kind's. */
  width?: number;
  /** false: always shown (not in the table settings). */
  hideable?: boolean;
}

/** How a row shows as a card on phones: the title column (the record's name), two key facts, a status. */
export interface CardLayout {
  title: string;
  facts?: string[];
  status?: string;
}

/** An action on the selected rows (archive, delete…). */
export interface BulkAction<T> {
  label: string;
  icon?: Icon;
  variant?: 'default' | 'danger';
  run: (rows: T[]) => Promise<unknown>;
}

export interface DataTableProps<T> {
  /** Accessible name of the table (also its caption for screen readers). */
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  total: number;
  rowKey: (row: T) => string | number;
  /** The row's name (checkbox labels). */
  rowLabel?: (row: T) => string;
  state: ListState;
  onStateChange: (patch: Partial<ListState>) => void;
  loading?: boolean;
  /** A message when the list failed to load; shows a retry button with `onRetry`. */
  error?: string | null;
  onRetry?: () => void;
  /** Filter controls: beside the search on wide screens, in the "Filters (n)" sheet on phones. */
  filters?: ReactNode;
  /** Controls always beside the search (export…). */
  toolbar?: ReactNode;
  /** Per-row actions (buttons/menus), rendered in the last column (top-right of a card). */
  rowActions?: (row: T) => ReactNode;
  /** Enter on a focused row (or a click on it) opens it. */
  onRowOpen?: (row: T) => void;
  /** The list with nothing in it yet (no search, no filter). */
  empty?: { title: string; description?: string; action?: ReactNode };
  /** The records' name in "No <records> match “<query>”". */
  records?: string;
  /** Hide the search box (lists without `q`). */
  searchable?: boolean;
  className?: string;
  /** Where the column and density settings are kept (per list); without it, the settings menu is hidden. */
  settingsKey?: string;
  /** Phone card layout; default: the first column as title, the next two as facts. */
  card?: CardLayout;
  /** Bulk actions on selected rows; with them (or `csv`), rows get checkboxes. */
  bulkActions?: BulkAction<T>[];
  /** Every row matching the list (for "select all N matching"). */
  fetchAll?: () => Promise<T[]>;
  /** CSV export of the selection: its file name, and the server export of every match. */
  csv?: { name: string; allHref: string };
}

interface Selection {
  /** The list state it was made in; another state starts empty. */
  state: string;
  keys: Set<string | number>;
  /** Every row matching the list, not just the page. */
  all: boolean;
}

function readSettings(key: string | undefined, columnKeys: string[]): TableSettings {
  if (!key) return DEFAULT_TABLE_SETTINGS;
  try {
    return parseTableSettings(localStorage.getItem(tableSettingsKey(key)), columnKeys);
  } catch {
    return DEFAULT_TABLE_SETTINGS;
  }
}

/** Shows the full text of a cut-off cell as its tooltip when the pointer is on it. */
function titleIfTruncated(event: MouseEvent<HTMLElement>) {
  let el = event.target as HTMLElement | null;
  while (el && el !== event.currentTarget) {
    if (el.scrollWidth > el.clientWidth + 1) {
      const text = el.innerText.replace(/\s*\n\s*/g, ' · ').trim();
      if (text && el.title !== text) el.title = text;
      return;
    }
    if (el.tagName === 'TD' || el.tagName === 'LI') return;
    el = el.parentElement;
  }
}

/**
 * A server-side data table: search, active-filter chips, sortable headers (aria-sort), stable column
 * widths with truncation, a sticky header and actions column, column and density settings, bulk
 * selection, paging footer, loading, empty, no-match and error states, keyboard-reachable rows.
 * Below 600 px each row is a card (title, two facts, status, actions), with a sort control and the
 * filters in a sheet.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  total,
  rowKey,
  rowLabel,
  state,
  onStateChange,
  loading,
  error,
  onRetry,
  filters,
  toolbar,
  rowActions,
  onRowOpen,
  empty,
  records,
  searchable = true,
  className,
  settingsKey,
  card,
  bulkActions = [],
  fetchAll,
  csv,
}: DataTableProps<T>) {
  const { t } = useTranslation('table');
  const searchId = useId();
  const sortId = useId();
  const phone = useMediaQuery(PHONE_QUERY);
  const [q, setQ] = useState(state.q);
  useEffect(() => setQ(state.q), [state.q]);
  useEffect(() => {
    if (q === state.q) return;
    const timer = setTimeout(() => onStateChange({ q }), 300);
    return () => clearTimeout(timer);
  }, [q, state.q, onStateChange]);

  // Table settings, per list.
  const columnKeys = columns.map((c) => c.key);
  const layout: CardLayout = card ?? { title: columns[0]?.key ?? '', facts: columns.slice(1, 3).map((c) => c.key) };
  const [settings, setSettings] = useState<TableSettings>(() => readSettings(settingsKey, columnKeys));
  const saveSettings = (next: TableSettings) => {
    setSettings(next);
    if (settingsKey) {
      try {
        localStorage.setItem(tableSettingsKey(settingsKey), JSON.stringify(next));
      } catch {
        // Storage full or disabled: the settings last for this visit.
      }
    }
  };
  const hideable = columns.filter((c) => c.hideable !== false && c.key !== layout.title);
  const shown = columns.filter(
    (c) => !settings.hidden.includes(c.key) || c.hideable === false || c.key === layout.title,
  );

  // Filter chips and the phone filter sheet.
  const { chips, register } = useFilterChips();
  const [sheetOpen, setSheetOpen] = useState(false);
  const filtered = chips.length > 0;
  const clearAll = () =>
    onStateChange({ q: '', filters: Object.fromEntries(Object.keys(state.filters).map((key) => [key, ''])) });
  useEffect(() => {
    if (!phone) setSheetOpen(false);
  }, [phone]);

  // Selection: the page's rows (or every match), forgotten when the list state changes.
  const stateKey = JSON.stringify(state);
  const selectable = bulkActions.length > 0 || !!csv;
  const [selection, setSelection] = useState<Selection>({ state: stateKey, keys: new Set(), all: false });
  const current =
    selection.state === stateKey ? selection : { state: stateKey, keys: new Set<string | number>(), all: false };
  const pageRows = rows ?? [];
  const selectedRows = pageRows.filter((row) => current.keys.has(rowKey(row)));
  const pageSelected = pageRows.length > 0 && selectedRows.length === pageRows.length;
  const selectedCount = current.all ? total : selectedRows.length;
  const [busy, setBusy] = useState(false);
  const clearSelection = () => setSelection({ state: stateKey, keys: new Set(), all: false });
  const toggleRow = (row: T, on: boolean) => {
    const keys = new Set(current.keys);
    if (on) keys.add(rowKey(row));
    else keys.delete(rowKey(row));
    setSelection({ state: stateKey, keys, all: false });
  };
  const togglePage = (on: boolean) =>
    setSelection({ state: stateKey, keys: on ? new Set(pageRows.map(rowKey)) : new Set(), all: false });
  const runBulk = async (action: BulkAction<T>) => {
    setBusy(true);
    try {
      const targets = current.all && fetchAll ? await fetchAll() : selectedRows;
      await action.run(targets);
      clearSelection();
    } finally {
      setBusy(false);
    }
  };
  const exportSelection = () => {
    if (!csv) return;
    if (current.all) {
      window.location.assign(csv.allHref);
      return;
    }
    const headers = shown.map((c) => c.header);
    const lines = selectedRows.map((row) => {
      const cells = document.querySelectorAll<HTMLElement>(
        `[data-row-key="${CSS.escape(String(rowKey(row)))}"] [data-col]`,
      );
      const byKey = new Map([...cells].map((el) => [el.dataset.col, el.innerText.replace(/\s*\n\s*/g, ' · ').trim()]));
      return shown.map((c) => byKey.get(c.key) ?? '');
    });
    const url = URL.createObjectURL(new Blob([`\uFEFF${toCsv(headers, lines)}`], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${csv.name}-selection.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  // Horizontal scroll hint: the sticky actions column casts a shadow while more columns are hidden behind it.
  const scroller = useRef<HTMLDivElement>(null);
  const updateScrollHint = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const more = Math.abs(el.scrollLeft) + el.clientWidth < el.scrollWidth - 1;
    el.dataset.scrollEnd = more ? 'more' : '';
  }, []);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    updateScrollHint();
    const observer = new ResizeObserver(updateScrollHint);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [updateScrollHint, phone, error]);

  function toggleSort(key: string) {
    if (state.sortBy === key) onStateChange({ sortBy: key, orderBy: state.orderBy === 'asc' ? 'desc' : 'asc' });
    else onStateChange({ sortBy: key, orderBy: 'asc' });
  }

  function onRowKey(event: KeyboardEvent<HTMLElement>, row: T) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' && onRowOpen) {
      event.preventDefault();
    } else if (event.key === ' ' && selectable) {
      event.preventDefault();
      toggleRow(row, !current.keys.has(rowKey(row)));
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const sibling =
        event.key === 'ArrowDown' ? event.currentTarget.nextElementSibling : event.currentTarget.previousElementSibling;
      (sibling as HTMLElement | null)?.focus();
    }
  }
  const rowHandlers = (row: T) => ({
    tabIndex: 0,
    'data-row-key': String(rowKey(row)),
    className: onRowOpen ? classes.openable : undefined,
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => onRowKey(e, row),
    // Open on key up: opening on key down would hand the rest of that Enter press to the
    // opened dialog's first field, and an Enter key press there submits its form.
    onKeyUp: (e: KeyboardEvent<HTMLElement>) => e.key === 'Enter' && e.target === e.currentTarget && onRowOpen?.(row),
    onClick: onRowOpen
      ? (e: MouseEvent<HTMLElement>) => {
          // Clicks bubble through React portals too: a row action's menu item is not a row click.
          const target = e.target as HTMLElement;
          if (!e.currentTarget.contains(target) || target.closest('button,a,input,select,label')) return;
          onRowOpen(row);
        }
      : undefined,
  });
  const rowCheckbox = (row: T) => (
    <Checkbox
      checked={current.all || current.keys.has(rowKey(row))}
      disabled={current.all}
      onChange={(e) => toggleRow(row, e.target.checked)}
      aria-label={t('selectRow', { name: rowLabel?.(row) ?? String(rowKey(row)) })}
    />
  );

  const showEmpty = !loading && !error && rows && rows.length === 0;
  const noMatch = !!state.q || filtered;
  const emptyContent = noMatch ? (
    <>
      <Text as="p" weight="semibold">
        {state.q
          ? t('noMatchQuery', { records: records ?? t('records'), q: state.q })
          : t('noMatchFilters', { records: records ?? t('records') })}
      </Text>
      <Text as="p" className={classes.muted}>
        {t('noMatchHint')}
      </Text>
      <div className={classes.stateActions}>
        {state.q && <Button onClick={() => onStateChange({ q: '' })}>{t('clearSearch')}</Button>}
        {filtered && <Button onClick={clearAll}>{state.q ? t('clearSearchAndFilters') : t('clearFilters')}</Button>}
      </div>
    </>
  ) : (
    <>
      <Text as="p" weight="semibold">
        {empty?.title ?? t('noData')}
      </Text>
      {empty?.description && (
        <Text as="p" className={classes.muted}>
          {empty.description}
        </Text>
      )}
      {empty?.action && <div className={classes.stateActions}>{empty.action}</div>}
    </>
  );

  const sortable = columns.filter((c) => c.sortable);
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const titleColumn = byKey.get(layout.title);
  const factColumns = (layout.facts ?? []).map((key) => byKey.get(key)).filter((c): c is Column<T> => !!c);
  const statusColumn = layout.status ? byKey.get(layout.status) : undefined;
  const minWidth = tableMinWidth(shown, { select: selectable, actions: !!rowActions });

  return (
    <section className={[classes.root, className].filter(Boolean).join(' ')} aria-label={label}>
      <FilterChipsProvider value={register}>
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
                // What is searched for reads in its own direction ("85 Voie du Havre" in Arabic too).
                dir={inputDir(q)}
                block
                type="search"
              />
            </div>
          )}
          {phone ? (
            <div className={classes.phoneControls}>
              {filters && (
                <Button leadingVisual={FilterIcon} onClick={() => setSheetOpen(true)}>
                  {t('filtersButton')}
                  {chips.length > 0 && <CounterLabel className={classes.counter}>{chips.length}</CounterLabel>}
                </Button>
              )}
              {sortable.length > 0 && (
                <div className={classes.sortControl}>
                  <label htmlFor={sortId} className={classes.visuallyHidden}>
                    {t('sortBy')}
                  </label>
                  <Select
                    id={sortId}
                    value={state.sortBy ?? ''}
                    onChange={(e) => onStateChange({ sortBy: e.target.value || undefined, orderBy: state.orderBy })}
                  >
                    <Select.Option value="">{t('defaultOrder')}</Select.Option>
                    {sortable.map((c) => (
                      <Select.Option key={c.key} value={c.key}>
                        {c.header}
                      </Select.Option>
                    ))}
                  </Select>
                  <IconButton
                    icon={state.orderBy === 'asc' ? SortAscIcon : SortDescIcon}
                    aria-label={state.orderBy === 'asc' ? t('ascending') : t('descending')}
                    disabled={!state.sortBy}
                    onClick={() =>
                      onStateChange({ sortBy: state.sortBy, orderBy: state.orderBy === 'asc' ? 'desc' : 'asc' })
                    }
                  />
                </div>
              )}
              {toolbar}
            </div>
          ) : (
            <div className={classes.actions}>
              {filters}
              {toolbar}
              {settingsKey && hideable.length > 0 && (
                <TableSettingsMenu columns={hideable} settings={settings} onChange={saveSettings} />
              )}
            </div>
          )}
        </div>
        {/* On phones the filters live in the sheet; closed, they stay mounted (hidden) so their chips count. */}
        {phone && filters && !sheetOpen && <div hidden>{filters}</div>}
        {phone && sheetOpen && (
          <Dialog
            title={t('filters')}
            position={{ narrow: 'bottom', regular: 'center' }}
            onClose={() => setSheetOpen(false)}
            footerButtons={[
              { content: t('clearAll'), onClick: clearAll, disabled: !filtered },
              {
                content: t('showResults', { count: total }),
                buttonType: 'primary',
                onClick: () => setSheetOpen(false),
              },
            ]}
          >
            <div className={classes.sheet}>{filters}</div>
          </Dialog>
        )}
        <FilterChips
          chips={chips}
          query={state.q}
          onClearQuery={() => onStateChange({ q: '' })}
          onClearAll={clearAll}
        />
      </FilterChipsProvider>

      {selectable && selectedCount > 0 && (
        <div className={classes.bulkBar} role="region" aria-label={t('bulkActions')}>
          <Text weight="semibold" className={classes.bulkCount}>
            {current.all ? t('allMatchingSelected', { count: total }) : t('selectedCount', { count: selectedCount })}
          </Text>
          {!current.all && pageSelected && total > pageRows.length && fetchAll && (
            <Button size="small" variant="invisible" onClick={() => setSelection({ ...current, all: true })}>
              {t('selectAllMatching', { count: total })}
            </Button>
          )}
          <div className={classes.bulkButtons}>
            {bulkActions.map((action) => (
              <Button
                key={action.label}
                size="small"
                leadingVisual={action.icon}
                variant={action.variant === 'danger' ? 'danger' : 'default'}
                disabled={busy}
                onClick={() => void runBulk(action)}
              >
                {action.label}
              </Button>
            ))}
            {csv && (
              <Button size="small" disabled={busy} onClick={exportSelection}>
                {t('exportSelection')}
              </Button>
            )}
            <Button size="small" variant="invisible" onClick={clearSelection}>
              {t('clearSelection')}
            </Button>
          </div>
        </div>
      )}

      {error ? (
        <QueryError title={t('loadFailed')} error={error} onRetry={onRetry} />
      ) : phone ? (
        <div className={classes.cardsRoot} aria-busy={loading || undefined} data-list-body="">
          {selectable && pageRows.length > 0 && (
            <div className={classes.cardsSelectAll}>
              <Checkbox
                id={`${searchId}-all`}
                checked={current.all || pageSelected}
                indeterminate={!current.all && !pageSelected && selectedRows.length > 0}
                onChange={(e) => togglePage(e.target.checked)}
              />
              <label htmlFor={`${searchId}-all`}>{t('selectPage')}</label>
            </div>
          )}
          {loading && !rows?.length ? (
            <div className={classes.state}>
              <Spinner size="medium" srText={t('loading')} />
            </div>
          ) : showEmpty ? (
            <div className={classes.state}>{emptyContent}</div>
          ) : (
            <ul className={classes.cards} aria-label={label} onMouseOver={titleIfTruncated}>
              {pageRows.map((row) => (
                <li
                  key={rowKey(row)}
                  {...rowHandlers(row)}
                  className={[classes.card, onRowOpen ? classes.openable : ''].join(' ')}
                >
                  <div className={classes.cardHead}>
                    {selectable && <span className={classes.cardSelect}>{rowCheckbox(row)}</span>}
                    <div className={classes.cardTitle} data-col={titleColumn?.key}>
                      {titleColumn?.render(row)}
                    </div>
                    {rowActions && <div className={classes.cardActions}>{rowActions(row)}</div>}
                  </div>
                  {(factColumns.length > 0 || statusColumn) && (
                    <div className={classes.cardMeta}>
                      {factColumns.map((col) => (
                        <span key={col.key} className={classes.fact}>
                          <span className={classes.factLabel}>{col.header}</span>
                          <span className={classes.factValue}>{col.render(row)}</span>
                        </span>
                      ))}
                      {statusColumn && <span className={classes.cardStatus}>{statusColumn.render(row)}</span>}
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <div className={classes.scroller} ref={scroller} onScroll={updateScrollHint}>
          <table
            className={classes.table}
            aria-busy={loading || undefined}
            data-list-body=""
            data-density={settings.density}
            style={{ minWidth: `${minWidth}rem` }}
          >
            <caption className={classes.visuallyHidden}>{label}</caption>
            <colgroup>
              {selectable && <col style={{ width: `${SELECT_WIDTH}rem` }} />}
              {shown.map((col) => {
                const { rem, grow } = columnWidth(col);
                return <col key={col.key} style={grow ? undefined : { width: `${rem}rem` }} />;
              })}
              {rowActions && <col style={{ width: `${ACTIONS_WIDTH}rem` }} />}
            </colgroup>
            <thead>
              <tr>
                {selectable && (
                  <th scope="col" className={classes.selectCell}>
                    <Checkbox
                      checked={current.all || pageSelected}
                      indeterminate={!current.all && !pageSelected && selectedRows.length > 0}
                      disabled={!pageRows.length}
                      onChange={(e) => togglePage(e.target.checked)}
                      aria-label={t('selectPage')}
                    />
                  </th>
                )}
                {shown.map((col) => {
                  const sorted = state.sortBy === col.key;
                  return (
                    <th
                      key={col.key}
                      scope="col"
                      data-align={columnAlign(col)}
                      aria-sort={sorted ? (state.orderBy === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {col.sortable ? (
                        <button type="button" className={classes.sortButton} onClick={() => toggleSort(col.key)}>
                          <span className={classes.headerText}>{col.header}</span>
                          {sorted && (state.orderBy === 'asc' ? <SortAscIcon size={14} /> : <SortDescIcon size={14} />)}
                        </button>
                      ) : (
                        <span className={classes.headerText}>{col.header}</span>
                      )}
                    </th>
                  );
                })}
                {rowActions && (
                  <th scope="col" data-align="end" className={classes.stickyEnd}>
                    <span className={classes.visuallyHidden}>{t('actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody onMouseOver={titleIfTruncated}>
              {loading && !rows?.length ? (
                <tr>
                  <td colSpan={shown.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0)} className={classes.state}>
                    <Spinner size="medium" srText={t('loading')} />
                  </td>
                </tr>
              ) : showEmpty ? (
                <tr>
                  <td colSpan={shown.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0)} className={classes.state}>
                    {emptyContent}
                  </td>
                </tr>
              ) : (
                pageRows.map((row) => (
                  <tr key={rowKey(row)} {...rowHandlers(row)}>
                    {selectable && <td className={classes.selectCell}>{rowCheckbox(row)}</td>}
                    {shown.map((col) => (
                      <td key={col.key} data-col={col.key} data-align={columnAlign(col)} data-kind={col.kind ?? 'text'}>
                        <div className={classes.cell}>{col.render(row)}</div>
                      </td>
                    ))}
                    {rowActions && (
                      <td data-align="end" className={[classes.rowActions, classes.stickyEnd].join(' ')}>
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
