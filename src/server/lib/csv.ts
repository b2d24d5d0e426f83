// CSV (RFC 4180) for exports: quoting, a formula-injection guard, and a stream over row batches.
import { Readable } from 'node:stream';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => unknown;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    text = value.toString();
  else text = JSON.stringify(value) ?? '';
  // A spreadsheet would run a cell starting with = + - @ (or tab/CR) as a formula; prefix a quote.
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(cell).join(',')}\r\n`;
}

/** A readable stream of the header line then one line per row, pulling batches on demand (backpressure). */
export function csvStream<T>(columns: readonly CsvColumn<T>[], batches: AsyncIterable<T[]>): Readable {
  async function* lines() {
    yield csvLine(columns.map((c) => c.header));
    for await (const batch of batches) {
      yield batch.map((row) => csvLine(columns.map((c) => c.value(row)))).join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
