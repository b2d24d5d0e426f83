import { useTranslation } from 'react-i18next';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import { QueryError } from '../QueryError/index.ts';
import { BulkBar } from './BulkBar.tsx';
import { FilterChips, FilterChipsProvider } from './filter-chips.tsx';
import { Pagination } from './Pagination.tsx';
import type { RowInteraction } from './rowInteraction.ts';
import { defaultCardLayout, TableCards } from './TableCards.tsx';
import { TableEmptyState } from './TableEmptyState.tsx';
import { TableGrid } from './TableGrid.tsx';
import { TableSettingsMenu } from './TableSettingsMenu.tsx';
import { TableToolbar } from './TableToolbar.tsx';
import type { DataTableProps } from './types.ts';
import { useSelection } from './useSelection.ts';
import { useTableSettings } from './useTableSettings.ts';
import classes from './DataTable.module.css';

export { joinCellText } from './export.ts';
export type { BulkAction, CardLayout, Column, DataTableProps } from './types.ts';

/**
 * A server-side data table: search, active-filter chips, sortable headers (aria-sort), stable column
 * widths with truncation, a sticky header and actions column, column and density settings, bulk
 * selection with CSV export and copy, paging footer, loading, empty, no-match and error states,
 * keyboard-reachable rows. Below 600 px each row is a card (title, two facts, status, actions), with a
 * sort control and the filters in a sheet. Each behaviour is its own hook or component beside this file.
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
  actionsWidth,
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
  const phone = useMediaQuery(PHONE_QUERY);
  const layout = card ?? defaultCardLayout(columns);
  const { settings, save, hideable, shown } = useTableSettings(settingsKey, columns, layout.title);
  const pageRows = rows ?? [];
  const selectable = bulkActions.length > 0 || !!csv;
  const selection = useSelection({ stateKey: JSON.stringify(state), rows: pageRows, total, rowKey, fetchAll });

  const clearAll = () =>
    onStateChange({ q: '', filters: Object.fromEntries(Object.keys(state.filters).map((key) => [key, ''])) });
  const toggleSort = (key: string) =>
    onStateChange({ sortBy: key, orderBy: state.sortBy === key && state.orderBy === 'asc' ? 'desc' : 'asc' });
  const interaction: RowInteraction<T> = {
    rowKey,
    onRowOpen,
    onToggle: selectable ? (row) => selection.toggle(row, !selection.has(row)) : undefined,
    openableClass: classes.openable,
  };
  const body = loading && !rows?.length ? 'loading' : !loading && !error && rows?.length === 0 ? 'empty' : 'rows';
  const emptyContent = body === 'empty' && (
    <TableEmptyState
      query={state.q}
      records={records}
      empty={empty}
      onClearQuery={() => onStateChange({ q: '' })}
      onClearAll={clearAll}
    />
  );
  const view = {
    label,
    rows: pageRows,
    body,
    emptyContent,
    loading,
    selection: selectable ? selection : null,
    rowLabel: (row: T) => rowLabel?.(row) ?? String(rowKey(row)),
    rowActions,
    interaction,
  } as const;

  return (
    <section className={[classes.root, className].filter(Boolean).join(' ')} aria-label={label}>
      <FilterChipsProvider>
        <TableToolbar
          state={state}
          onStateChange={onStateChange}
          searchable={searchable}
          phone={phone}
          filters={filters}
          toolbar={toolbar}
          sortable={columns.filter((c) => c.sortable)}
          settingsMenu={
            settingsKey &&
            hideable.length > 0 && <TableSettingsMenu columns={hideable} settings={settings} onChange={save} />
          }
          total={total}
          onClearAll={clearAll}
        />
        <FilterChips query={state.q} onClearQuery={() => onStateChange({ q: '' })} onClearAll={clearAll} />

        {selectable && selection.count > 0 && (
          <BulkBar
            selection={selection}
            total={total}
            pageSize={pageRows.length}
            canSelectAll={!!fetchAll}
            actions={bulkActions}
            columns={shown}
            csv={csv}
          />
        )}

        {error ? (
          <QueryError title={t('loadFailed')} error={error} onRetry={onRetry} />
        ) : phone ? (
          <TableCards {...view} columns={columns} layout={layout} />
        ) : (
          <TableGrid
            {...view}
            columns={shown}
            state={state}
            onSort={toggleSort}
            density={settings.density}
            actionsWidth={actionsWidth}
          />
        )}
        <Pagination
          page={state.page}
          itemsPerPage={state.itemsPerPage}
          total={total}
          onChange={(page, itemsPerPage) =>
            itemsPerPage !== state.itemsPerPage ? onStateChange({ itemsPerPage }) : onStateChange({ page })
          }
        />
      </FilterChipsProvider>
    </section>
  );
}
