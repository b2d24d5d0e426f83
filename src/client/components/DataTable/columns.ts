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
  // The widest medium date and short time (English "May 28, 2026, 10:58 AM": 157 px at 14 px) and padding.
  datetime: 12,
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

/** How narrow a column may get when the frame is too small for every column at its width (rem). */
const MIN_WIDTHS: Partial<Record<ColumnKind, number>> = { name: 8, text: 6, tags: 6, date: 7 };
/** Who gives up room first: names, then free text and tags, then dates. */
const SHRINK_ORDER: ColumnKind[][] = [['name'], ['text', 'tags'], ['date']];

/**
 * The widths (rem) that fit `available` rem: every column at its width with names taking the room left
 * (null: no set width) when they fit; else names give up room first, then texts and tags, then dates
 * (each group in proportion to what it can spare, down to its minimum), so at a desktop width a list never
 * scrolls sideways and its last column never slides under the sticky actions column. Below the sum of the
 * minimums the table keeps those and scrolls (`minWidth`).
 */
export function fitColumns(
  columns: readonly ColumnLayout[],
  extras: { select: boolean; actions: boolean; actionsWidth?: number },
  available: number | null,
): { widths: (number | null)[]; minWidth: number } {
  const fixed = (extras.select ? SELECT_WIDTH : 0) + (extras.actions ? (extras.actionsWidth ?? ACTIONS_WIDTH) : 0);
  const sized = columns.map((column) => {
    const { rem, grow } = columnWidth(column);
    const floor = MIN_WIDTHS[column.kind ?? 'text'];
    return { kind: column.kind ?? 'text', rem, grow, min: floor === undefined ? rem : Math.min(rem, floor) };
  });
  const wanted = sized.reduce((sum, c) => sum + c.rem, fixed);
  if (available === null || available >= wanted) {
    return { widths: sized.map((c) => (c.grow ? null : c.rem)), minWidth: wanted };
  }
  const widths = sized.map((c) => c.rem);
  let deficit = wanted - available;
  for (const kinds of SHRINK_ORDER) {
    const group = sized.flatMap((c, i) => (kinds.includes(c.kind) ? [i] : []));
    const slack = group.reduce((sum, i) => sum + (sized[i].rem - sized[i].min), 0);
    if (deficit <= 0 || slack <= 0) continue;
    const share = Math.min(1, deficit / slack);
    for (const i of group) widths[i] = sized[i].rem - (sized[i].rem - sized[i].min) * share;
    deficit -= slack * share;
  }
  return { widths, minWidth: widths.reduce((sum, w) => sum + w, fixed) };
}
