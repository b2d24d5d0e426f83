// A table's rows as text, for the CSV of a selection and the clipboard. Each column says what its cell
// holds as text (`Column.exportValue`), so an export is the rows' data, never what the DOM shows.
import { toCsv } from './csv.ts';
import type { Column } from './types.ts';

/** The lines of a cell that shows several (a name and its detail), as one text: "Lyon · Part-Dieu". */
export function joinCellText(...parts: (string | number | null | undefined)[]): string {
  return parts
    .filter((part) => part !== null && part !== undefined && part !== '')
    .map(String)
    .join(' · ');
}

/**
 * A cell as text: the column's `exportValue`, else what `render` returns when that is text or a
 * number, else the row's field named like the column when that is a plain value; '' otherwise.
 */
export function exportValueOf<T>(column: Column<T>, row: T): string {
  if (column.exportValue) return column.exportValue(row);
  const shown = column.render(row);
  if (typeof shown === 'string' || typeof shown === 'number') return String(shown);
  const field = (row as Record<string, unknown>)[column.key];
  return typeof field === 'string' || typeof field === 'number' || typeof field === 'boolean' ? String(field) : '';
}

/** The header line and one line of cells per row, for the given columns (the shown ones, in order). */
export function exportRows<T>(
  columns: readonly Column<T>[],
  rows: readonly T[],
): { headers: string[]; lines: string[][] } {
  return {
    headers: columns.map((column) => column.header),
    lines: rows.map((row) => columns.map((column) => exportValueOf(column, row))),
  };
}

/** Tab-separated text for a spreadsheet paste: a header line then a line per row; tabs and breaks in a cell become spaces. */
export function toTsv(headers: readonly string[], lines: readonly (readonly string[])[]): string {
  const cell = (text: string) => text.replace(/[\t\r\n]+/g, ' ');
  return [headers, ...lines].map((line) => line.map(cell).join('\t')).join('\n');
}

/** Saves the rows as `<fileName>` (CSV with a BOM, so spreadsheets read it as UTF-8). */
export function downloadCsv(fileName: string, headers: readonly string[], lines: readonly (readonly string[])[]): void {
  const blob = new Blob([`\uFEFF${toCsv(headers, lines)}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Puts the rows on the clipboard as tab-separated text. */
export function copyRows(headers: readonly string[], lines: readonly (readonly string[])[]): Promise<void> {
  return navigator.clipboard.writeText(toTsv(headers, lines));
}
