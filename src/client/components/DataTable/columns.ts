// Pure layout rules of the list tables: stable column widths by the kind of data a column holds, so
// widths never jump on sort or page, and the table's minimum width (below it, it scrolls sideways).

/** What a column holds; it sets the default width, alignment and wrapping. */
export type ColumnKind = 'name' | 'text' | 'code' | 'number' | 'date' | 'datetime' | 'status' | 'tags';

/** Default width in rem by kind; `name` grows to take the room left (at least its width). */
const WIDTHS: Record<ColumnKind, number> = {
  name: 15,
  text: 10,
  code: 7,
  number: 6,
  date: 8,
  datetime: 11,
  status: 8,
  tags: 12,
};

/** The select (checkbox) and actions columns. */
export const SELECT_WIDTH = 2.75;
export const ACTIONS_WIDTH = 3.5;

export interface ColumnLayout {
  kind?: ColumnKind;
  /** Width in rem, instead of the kind's. */
  width?: number;
}

/** The column's width in rem, and whether it takes the room left (its width is then a minimum). */
export function columnWidth(column: ColumnLayout): { rem: number; grow: boolean } {
  const kind = column.kind ?? 'text';
  return { rem: column.width ?? WIDTHS[kind], grow: column.width === undefined && kind === 'name' };
}

/** Default alignment: numbers at the end. */
export function columnAlign(column: ColumnLayout & { align?: 'start' | 'end' }): 'start' | 'end' {
  return column.align ?? (column.kind === 'number' ? 'end' : 'start');
}

/** The table's minimum width in rem: every shown column at its width, plus select and actions. */
export function tableMinWidth(columns: readonly ColumnLayout[], extras: { select: boolean; actions: boolean }): number {
  const sum = columns.reduce((total, column) => total + columnWidth(column).rem, 0);
  return sum + (extras.select ? SELECT_WIDTH : 0) + (extras.actions ? ACTIONS_WIDTH : 0);
}
