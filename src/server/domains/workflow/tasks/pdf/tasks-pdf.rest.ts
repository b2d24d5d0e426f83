// REST: GET /api/tasks/{id}/report.pdf[?lang=en|fr|de|ar] — the inspection PDF of a task, streamed,
// for whoever may read the task (404 otherwise, also for another customer's task). Without `lang`,
// the caller's own language.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '../../../../../shared/errors/validation.ts';
import { ZId } from '../../../../../shared/schemas/common.ts';
import { contentDisposition } from '../../../../rest/content-disposition.ts';
import { PDF_LANGUAGES } from './pdf-strings.ts';
import { taskReportPdf } from './tasks-pdf.service.ts';

const ZReportQuery = z.object({
  lang: z.enum(PDF_LANGUAGES, { error: msg('tasks.pdfLanguage') }).optional(),
});

export const tasksPdfRest: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/tasks/:id/report.pdf',
    { schema: { params: z.object({ id: ZId }), querystring: ZReportQuery } },
    async (request, reply) => {
      const input = { id: request.params.id, language: request.query.lang };
      const pdf = await taskReportPdf(request.serviceContext(), input);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', pdf.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(pdf.stream);
    },
  );
};
