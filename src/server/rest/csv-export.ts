// GET /api/export/<domain>.csv?<the list's filters>: every row matching the filter (not just a page),
// streamed as CSV. Auth (401 from the /api gate), abilities (403) and tenant scope are the service's.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ServiceContext } from '../lib/context.ts';
import { type CsvColumn, csvStream } from '../lib/csv.ts';

export interface CsvExport<S extends z.ZodObject, T> {
  /** The router's name: the path is /api/export/<name>.csv */
  name: string;
  /** The list procedure's input schema, read from the query like every REST input (paging keys are ignored). */
  input: S;
  iterate: (ctx: ServiceContext, input: z.infer<S>) => AsyncIterable<T[]>;
  columns: readonly CsvColumn<T>[];
}

export function registerCsvExport<S extends z.ZodObject, T>(app: FastifyInstance, spec: CsvExport<S, T>): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(`/export/${spec.name}.csv`, { schema: { querystring: spec.input } }, async (request, reply) => {
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
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${spec.name}-${stamp}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(csvStream(spec.columns, batches()));
    });
}
