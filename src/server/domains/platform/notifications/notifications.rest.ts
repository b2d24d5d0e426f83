// REST: the one-click unsubscribe of RFC 8058. An e-mail's `List-Unsubscribe` header names
// POST /api/unsubscribe?token=…; a mail client's "Unsubscribe" button posts `List-Unsubscribe=One-Click`
// there (as a form, without cookies) and the e-mail's kind is turned off at once. A GET of the same
// address (a client that opens it in a browser) goes to the page that asks first. Open without a session:
// the signed token is the check; anything forged is a 400.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZUnsubscribeInfo, ZUnsubscribeToken } from '../../../../shared/schemas/notifications.ts';
import { unsubscribe } from './notifications.unsubscribe.ts';

/** The paths a mail client reaches without a session (the REST gate lets them through). */
export const UNSUBSCRIBE_OPEN_PATHS = ['POST /api/unsubscribe', 'GET /api/unsubscribe'] as const;

export const notificationsRest: FastifyPluginAsync = async (app) => {
  // Mail clients post a form (RFC 8058 allows urlencoded or multipart): its only field is fixed, so it is
  // read as text and not interpreted. Registered in this plugin's scope only.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, body),
  );
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/unsubscribe',
    { schema: { querystring: ZUnsubscribeToken, response: { 200: ZUnsubscribeInfo } } },
    async (request) => unsubscribe(request.em, { token: request.query.token, scope: 'topic' }),
  );
  routes.get('/unsubscribe', { schema: { querystring: z.object({ token: z.string().max(300) }) } }, (request, reply) =>
    reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303),
  );
};
