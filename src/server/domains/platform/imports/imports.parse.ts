// Reading an import file row by row, never whole: CSV through csv-parse (the delimiter among , ; and tab
// found in the header line; UTF-8 with or without BOM, else Windows-1252 converted through iconv-lite),
// XLSX through exceljs's streaming reader (the sheet named like the kind, else the first one). Each row
// comes out as contract column → cell text, with the file's line (the header is line 1).
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, type TImportKind } from '../../../../shared/schemas/imports.ts';
import { AppError } from '../../../lib/app-error.ts';
import { lazyRequire } from '../../../lib/lazy.ts';
import { columnOf, sheetMatchesKind } from './imports.headers.ts';

export type ImportFormat = 'csv' | 'xlsx';

export interface ParsedRow {
  line: number;
  /** Contract column → the cell's text, trimmed ('' for an empty cell). */
  cells: Record<string, string>;
  /** Columns whose cell held a formula (never evaluated: refused). */
  formulas: string[];
}

/** Opens the file's bytes anew (a file is read more than once: its encoding, then its rows). */
export type OpenFile = () => Promise<Readable>;

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function formatOf(mimeType: string): ImportFormat | null {
  if (mimeType === 'text/csv' || mimeType === 'text/plain') return 'csv';
  if (mimeType === XLSX_MIME) return 'xlsx';
  return null;
}

/** A leading quote our exports put before = + - @ (against formula injection) is taken off again. */
function unescapeCell(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

interface Header {
  /** Column index → contract column (null: ignored). */
  columns: (string | null)[];
}

function readHeader(kind: TImportKind, cells: string[]): Header {
  const seen = new Set<string>();
  const columns = cells.map((cell) => {
    const column = columnOf(kind, cell);
    if (!column || seen.has(column)) return null;
    seen.add(column);
    return column;
  });
  const key = IMPORT_COLUMNS[kind][0];
  if (!seen.has(key)) {
    throw new AppError(
      'BAD_REQUEST',
      'imports.keyColumnMissing',
      { column: key },
      { fileId: 'imports.keyColumnMissing' },
    );
  }
  return { columns };
}

function rowOf(header: Header, line: number, values: string[], formulas: number[] = []): ParsedRow | null {
  const cells: Record<string, string> = {};
  let any = false;
  header.columns.forEach((column, i) => {
    if (!column) return;
    const text = unescapeCell((values[i] ?? '').trim());
    if (text) any = true;
    cells[column] = text;
  });
  const formulaColumns = formulas.map((i) => header.columns[i]).filter((c): c is string => !!c);
  if (!any && !formulaColumns.length) return null;
  return { line, cells, formulas: formulaColumns };
}

function tooManyRows(): AppError {
  return new AppError(
    'BAD_REQUEST',
    'imports.tooManyRows',
    { maximum: IMPORT_MAX_ROWS },
    { fileId: 'imports.tooManyRows' },
  );
}

/** UTF-8 (with or without BOM) when every byte sequence is valid UTF-8, else Windows-1252; the delimiter of the header line. */
async function sniffCsv(open: OpenFile): Promise<{ encoding: 'utf-8' | 'windows-1252'; delimiter: string }> {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let head = Buffer.alloc(0);
  let valid = true;
  const stream = await open();
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (head.length < 65_536) head = Buffer.concat([head, chunk.subarray(0, 65_536 - head.length)]);
    try {
      utf8.decode(chunk, { stream: true });
    } catch {
      valid = false;
      stream.destroy();
      break;
    }
  }
  if (valid) {
    try {
      utf8.decode();
    } catch {
      valid = false;
    }
  }
  const encoding = valid ? 'utf-8' : 'windows-1252';
  const text = valid ? head.toString('utf8') : iconv.decode(head, 'win1252');
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const outsideQuotes = firstLine.replace(/"[^"]*"/g, '');
  const count = (d: string) => outsideQuotes.split(d).length - 1;
  const delimiter = [',', ';', '\t'].reduce((best, d) => (count(d) > count(best) ? d : best), ',');
  return { encoding, delimiter };
}

async function* csvRows(kind: TImportKind, open: OpenFile): AsyncGenerator<ParsedRow> {
  const { encoding, delimiter } = await sniffCsv(open);
  const raw = await open();
  const text = encoding === 'utf-8' ? raw : raw.pipe(iconv.decodeStream('win1252'));
  const parser = text.pipe(
    parse({
      delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
    }),
  );
  let header: Header | null = null;
  let count = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!header) {
        header = readHeader(kind, record);
        continue;
      }
      const row = rowOf(header, info.lines, record);
      if (!row) continue;
      if (++count > IMPORT_MAX_ROWS) throw tooManyRows();
      yield row;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const line = (error as { lines?: number }).lines;
    throw new AppError(
      'BAD_REQUEST',
      'imports.unreadableCsv',
      { line: line ?? 0 },
      { fileId: 'imports.unreadableCsv' },
    );
  } finally {
    raw.destroy();
  }
  if (!header) throw new AppError('BAD_REQUEST', 'imports.empty', {}, { fileId: 'imports.empty' });
}

type CellValue = ExcelJS.CellValue;

/** A cell as text: numbers and booleans as written, dates as ISO, rich text joined; formulas are flagged. */
function cellText(value: CellValue): { text: string; formula: boolean } {
  if (value === null || value === undefined) return { text: '', formula: false };
  if (typeof value === 'string') return { text: value, formula: false };
  if (typeof value === 'number' || typeof value === 'boolean') return { text: String(value), formula: false };
  if (value instanceof Date) return { text: value.toISOString(), formula: false };
  if ('formula' in value || 'sharedFormula' in value) return { text: '', formula: true };
  if ('richText' in value) return { text: value.richText.map((r) => r.text).join(''), formula: false };
  if ('text' in value && typeof value.text === 'string') return { text: value.text, formula: false };
  if ('error' in value) return { text: '', formula: false };
  return { text: '', formula: false };
}

function sheetValues(row: ExcelJS.Row): { values: string[]; formulas: number[] } {
  const values: string[] = [];
  const formulas: number[] = [];
  // row.values is 1-based (index 0 empty).
  const raw = row.values as CellValue[];
  for (let i = 1; i < raw.length; i++) {
    const { text, formula } = cellText(raw[i]);
    values[i - 1] = text;
    if (formula) formulas.push(i - 1);
  }
  return { values, formulas };
}

const excel = lazyRequire<typeof ExcelJS>('exceljs');

function workbookReader(stream: Readable) {
  return new (excel().stream.xlsx.WorkbookReader)(stream, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
}

/** Which sheet to read: the one named like the kind, else the first (by its order in the file). */
async function chooseSheet(kind: TImportKind, open: OpenFile): Promise<number> {
  const stream = await open();
  let index = 0;
  let chosen = 0;
  try {
    for await (const sheet of workbookReader(stream)) {
      const name = (sheet as unknown as { name?: string }).name ?? '';
      if (sheetMatchesKind(kind, name)) {
        chosen = index;
        break;
      }
      index++;
      // Rows of a sheet not read are skipped by the reader.
      for await (const _row of sheet) void _row;
    }
  } finally {
    stream.destroy();
  }
  return chosen;
}

async function* xlsxRows(kind: TImportKind, open: OpenFile): AsyncGenerator<ParsedRow> {
  const sheetIndex = await chooseSheet(kind, open);
  const stream = await open();
  let header: Header | null = null;
  let count = 0;
  let index = 0;
  try {
    for await (const sheet of workbookReader(stream)) {
      if (index++ !== sheetIndex) {
        for await (const _row of sheet) void _row;
        continue;
      }
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const { values, formulas } = sheetValues(row);
        if (!header) {
          if (values.every((v) => !v.trim())) continue;
          header = readHeader(kind, values);
          continue;
        }
        const parsed = rowOf(header, row.number, values, formulas);
        if (!parsed) continue;
        if (++count > IMPORT_MAX_ROWS) throw tooManyRows();
        yield parsed;
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', 'imports.unreadableXlsx', {}, { fileId: 'imports.unreadableXlsx' });
  } finally {
    stream.destroy();
  }
  if (!header) throw new AppError('BAD_REQUEST', 'imports.empty', {}, { fileId: 'imports.empty' });
}

/** The file's data rows (empty rows skipped); BAD_REQUEST for no header, no key column, too many rows, unreadable. */
export function readImportRows(kind: TImportKind, format: ImportFormat, open: OpenFile): AsyncGenerator<ParsedRow> {
  return format === 'csv' ? csvRows(kind, open) : xlsxRows(kind, open);
}
