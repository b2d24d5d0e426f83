// REST (spec section 7): GET /api/apps/email and POST /api/apps/email (bulk update, 201 without a body).
import type { FastifyPluginAsync } from 'fastify';
import { EMAIL_FILTERS, EMAIL_LABELS, ZUpdateEmailsInput } from '../../../../shared/schemas/email.ts';
import { queryEnum, queryString } from '../../../rest/legacy.ts';
import { listEmails, updateEmails } from './email.service.ts';

export const emailRest: FastifyPluginAsync = async (app) => {
  app.get('/apps/email', async (request) => {
    const query = request.query as Record<string, unknown>;
    return listEmails(request, {
      q: queryString(query.q)?.trim() || undefined,
      filter: queryEnum(query.filter, EMAIL_FILTERS, 'filter'),
      label: queryEnum(query.label, EMAIL_LABELS, 'label'),
    });
  });

  app.post('/apps/email', async (request, reply) => {
    await updateEmails(request, ZUpdateEmailsInput.parse(request.body ?? {}));
    return reply.code(201).send();
  });
};
