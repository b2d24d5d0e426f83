// REST (spec section 7): GET /api/apps/email and POST /api/apps/email (bulk update, 201 without a body).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmailList, ZListEmailsInput, ZUpdateEmailsInput } from '../../../../shared/schemas/email.ts';
import { listEmails, updateEmails } from './email.service.ts';

export const emailRest: FastifyPluginAsyncZod = async (app) => {
  app.get('/apps/email', { schema: { querystring: ZListEmailsInput, response: { 200: ZEmailList } } }, async (request) =>
    listEmails(request, request.query),
  );

  app.post('/apps/email', { schema: { body: ZUpdateEmailsInput } }, async (request, reply) => {
    await updateEmails(request, request.body);
    return reply.code(201).send();
  });
};
