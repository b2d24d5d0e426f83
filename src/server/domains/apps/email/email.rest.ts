// REST: GET /api/apps/email and POST /api/apps/email (bulk update, 201 without a body);
// beyond the demo API, the composer's POST /api/apps/email/drafts (autosave) and POST /api/apps/email/send.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZEmail,
  ZEmailList,
  ZListEmailsInput,
  ZSaveDraftInput,
  ZSendEmailInput,
  ZUpdateEmailsInput,
} from '../../../../shared/schemas/email.ts';
import { listEmails, saveDraft, sendEmail, updateEmails } from './email.service.ts';

export const emailRest: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apps/email',
    { schema: { querystring: ZListEmailsInput, response: { 200: ZEmailList } } },
    async (request) => listEmails(request, request.query),
  );

  app.post('/apps/email', { schema: { body: ZUpdateEmailsInput } }, async (request, reply) => {
    await updateEmails(request, request.body);
    return reply.code(201).send();
  });

  app.post(
    '/apps/email/drafts',
    { schema: { body: ZSaveDraftInput, response: { 201: ZEmail } } },
    async (request, reply) => reply.code(201).send(await saveDraft(request, request.body)),
  );

  app.post(
    '/apps/email/send',
    { schema: { body: ZSendEmailInput, response: { 201: ZEmail } } },
    async (request, reply) => reply.code(201).send(await sendEmail(request, request.body)),
  );
};
