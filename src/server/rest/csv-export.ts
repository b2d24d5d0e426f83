// GET /api/export/<domain>.csv|.xlsx?<the list's filters>: every row matching the filter (not just a page),
// streamed as CSV or as an XLSX workbook (exceljs's streaming writer: one sheet named after the list). Auth (401 from the /api gate), abilities (403) and tenant scope are the service's.
import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ServiceContext } from '../lib/context.ts';
import { type CsvColumn, csvStream } from '../lib/csv.ts';
import { lazyRequire } from '../lib/lazy.ts';

const excel = lazyRequire<typeof ExcelJS>('exceljs');

export interface CsvExport<S extends z.ZodObject, T> {
  /** The router's name: the path is /api/export/<name>.csv */
  name: string;
  /** The list procedure's input schema, read from the query like every REST input (paging keys are ignored). */
  input: S;
  iterate: (ctx: ServiceContext, input: z.infer<S>) => AsyncIterable<T[]>;
  columns: readonly CsvColumn<T>[];
}

/** An XLSX cell: text, numbers, booleans and dates as themselves (a string is never a formula there). */
function xlsxCell(value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date)
    return value;
  if (typeof value === 'bigint') return Number(value);
  return JSON.stringify(value) ?? null;
}

/** The rows as an XLSX workbook, written batch by batch (rows committed as they go: memory stays flat). */
function xlsxStream<T>(name: string, columns: readonly CsvColumn<T>[], batches: AsyncIterable<T[]>): PassThrough {
  const out = new PassThrough();
  const workbook = new (excel().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(name);
  void (async () => {
    sheet.addRow(columns.map((c) => c.header)).commit();
    for await (const batch of batches) {
      for (const row of batch) sheet.addRow(columns.map((c) => xlsxCell(c.value(row)))).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

export function registerCsvExport<S extends z.ZodObject, T>(app: FastifyInstance, spec: CsvExport<S, T>): void {
  for (const format of ['csv', 'xlsx'] as const) registerExport(app, spec, format);
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function registerExport<S extends z.ZodObject, T>(
  app: FastifyInstance,
  spec: CsvExport<S, T>,
  format: 'csv' | 'xlsx',
): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(`/export/${spec.name}.${format}`, { schema: { querystring: spec.input } }, async (request, reply) => {
      const iterator = spec.iterate(request.serviceContext(), request.query as z.infer<S>)[Symbol.asyncIterator]();
      // Read the first batch before answering, so a refusal is still a proper 4xx and not a cut stream.
      const first = await iterator.next();
      async function* batches(): AsyncGenerator<T[]> {
        try {
          if (first.done) return;
          yield first.value;
          for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
        } finally {
          await iterator.return?.(undefined); // closes the cursor when the client goes away early
        }
      }
      const stamp = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${spec.name}-${stamp}.${format}"`)
        .header('cache-control', 'no-store');
      return reply.send(
        format === 'csv' ? csvStream(spec.columns, batches()) : xlsxStream(spec.name, spec.columns, batches()),
      );
    });
}
