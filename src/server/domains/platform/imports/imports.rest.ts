// REST: GET /api/imports/{id}/refused.csv — the rows an import refused, with their line and reasons.
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import { refusedRows } from './imports.service.ts';

export const importsRest: FastifyPluginAsync = async (app) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/imports/:id/refused.csv', { schema: { params: ZByIdInput } }, async (request, reply) => {
      const { name, lines } = await refusedRows(request.serviceContext(), request.params);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(lines));
    });
};
