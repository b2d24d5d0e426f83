import { SortAscIcon, SortDescIcon } from '@primer/octicons-react';
import { Checkbox, Spinner } from '@primer/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../lib/list-state.ts';
import { ACTIONS_WIDTH, columnAlign, fitColumns, SELECT_WIDTH } from './columns.ts';
import { RowCheckbox } from './RowCheckbox.tsx';
import { type RowInteraction, rowProps } from './rowInteraction.ts';
import type { Density } from './table-settings.ts';
import { titleIfTruncated } from './truncation.ts';
import type { Column } from './types.ts';
import { useScrollHint } from './useScrollHint.ts';
import type { Selection } from './useSelection.ts';
import classes from './DataTable.module.css';

export interface TableGridProps<T> {
  /** The table's caption (for screen readers). */
  label: string;
  /** The shown columns. */
  columns: Column<T>[];
  rows: T[];
  /** What the body shows: a spinner, the empty state, or the rows. */
  body: 'loading' | 'empty' | 'rows';
  emptyContent: ReactNode;
  loading?: boolean;
  state: Pick<ListState, 'sortBy' | 'orderBy'>;
  onSort: (key: string) => void;
  density: Density;
  /** With checkboxes: the selection they change. */
  selection: Selection<T> | null;
  rowLabel: (row: T) => string;
  rowActions?: (row: T) => ReactNode;
  /** The actions column's width in rem (one icon button by default). */
  actionsWidth?: number;
  interaction: RowInteraction<T>;
}

/**
 * The wide-screen list: a table with stable column widths, sortable headers (aria-sort), a sticky
 * header and actions column with a scroll hint, row checkboxes, and focusable rows.
 */
export function TableGrid<T>({
  label,
  columns,
  rows,
  body,
  emptyContent,
  loading,
  state,
  onSort,
  density,
  selection,
  rowLabel,
  rowActions,
  actionsWidth = ACTIONS_WIDTH,
  interaction,
}: TableGridProps<T>) {
  const { t } = useTranslation('table');
  const scrollHint = useScrollHint();
  const span = columns.length + (selection ? 1 : 0) + (rowActions ? 1 : 0);
  const { widths, minWidth } = fitColumns(
    columns,
    { select: !!selection, actions: !!rowActions, actionsWidth },
    scrollHint.width,
  );
  // Not measured yet only in a page the server drew (the browser measures before it paints): there the
  // columns take their share of whatever width the table gets, so no column starts out of view.
  const measured = scrollHint.width !== null;
  const columnWidth = (rem: number | null) =>
    rem === null ? undefined : { width: measured ? `${rem}rem` : `${((rem / minWidth) * 100).toFixed(2)}%` };
  return (
    <div className={classes.scroller} ref={scrollHint.ref} onScroll={scrollHint.onScroll}>
      <table
        className={classes.table}
        aria-busy={loading || undefined}
        data-list-body=""
        data-density={density}
        style={measured ? { minWidth: `${minWidth}rem` } : undefined}
      >
        <caption className={classes.visuallyHidden}>{label}</caption>
        <colgroup>
          {selection && <col style={{ width: `${SELECT_WIDTH}rem` }} />}
          {columns.map((col, i) => (
            <col key={col.key} style={columnWidth(widths[i])} />
          ))}
          {rowActions && <col style={{ width: `${actionsWidth}rem` }} />}
        </colgroup>
        <thead>
          <tr>
            {selection && (
              <th scope="col" className={classes.selectCell}>
                <Checkbox
                  checked={selection.all || selection.page}
                  indeterminate={selection.partial}
                  disabled={!rows.length}
                  onChange={(e) => selection.togglePage(e.target.checked)}
                  aria-label={t('selectPage')}
                />
              </th>
            )}
            {columns.map((col) => (
              <HeaderCell key={col.key} column={col} state={state} onSort={onSort} />
            ))}
            {rowActions && (
              <th scope="col" data-align="end" className={classes.stickyEnd}>
                <span className={classes.visuallyHidden}>{t('actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody onMouseOver={titleIfTruncated}>
          {body !== 'rows' ? (
            <tr>
              <td colSpan={span} className={classes.state}>
                {body === 'loading' ? <Spinner size="medium" srText={t('loading')} /> : emptyContent}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={interaction.rowKey(row)} {...rowProps(row, interaction)}>
                {selection && (
                  <td className={classes.selectCell}>
                    <RowCheckbox row={row} name={rowLabel(row)} selection={selection} />
                  </td>
                )}
                {columns.map((col) => (
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
  );
}

/** A column header: a button that sorts (and turns the order around) when the column is sortable. */
function HeaderCell<T>({
  column,
  state,
  onSort,
}: {
  column: Column<T>;
  state: Pick<ListState, 'sortBy' | 'orderBy'>;
  onSort: (key: string) => void;
}) {
  const sorted = state.sortBy === column.key;
  const ascending = state.orderBy === 'asc';
  return (
    <th
      scope="col"
      data-align={columnAlign(column)}
      aria-sort={sorted ? (ascending ? 'ascending' : 'descending') : undefined}
    >
      {column.sortable ? (
        <button type="button" className={classes.sortButton} onClick={() => onSort(column.key)}>
          <span className={classes.headerText}>{column.header}</span>
          {sorted && (ascending ? <SortAscIcon size={14} /> : <SortDescIcon size={14} />)}
        </button>
      ) : (
        <span className={classes.headerText}>{column.header}</span>
      )}
    </th>
  );
}
