// The REST compatibility layer at /api, encapsulated: its own 401 gate, input
// path (zod) and error bodies, and its own OpenAPI 3.1 document (GET /api/openapi.json, generated from
// the routes' zod schemas like the business API's). Each domain adds a `<domain>.rest.ts` plugin and
// registers it below.
import swagger from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.ts';
import { academyRest } from '../domains/apps/academy/academy.rest.ts';
import { analyticsRest } from '../domains/apps/analytics/analytics.rest.ts';
import { calendarRest } from '../domains/apps/calendar/calendar.rest.ts';
import { chatRest } from '../domains/apps/chat/chat.rest.ts';
import { pagesRest } from '../domains/apps/content/content.rest.ts';
import { demoUsersRest } from '../domains/apps/demo-users/demo-users.rest.ts';
import { ecommerceRest } from '../domains/apps/ecommerce/ecommerce.rest.ts';
import { emailRest } from '../domains/apps/email/email.rest.ts';
import { invoiceRest } from '../domains/apps/invoice/invoice.rest.ts';
import { logisticsRest } from '../domains/apps/logistics/logistics.rest.ts';
import { permissionsRest } from '../domains/apps/permissions/permissions.rest.ts';
import { customersRest } from '../domains/organization/customers/customers.rest.ts';
import { licensesRest } from '../domains/organization/licenses/licenses.rest.ts';
import { teamsRest } from '../domains/organization/teams/teams.rest.ts';
import { usersRest } from '../domains/organization/users/users.rest.ts';
import { auditRest } from '../domains/platform/audit/audit.rest.ts';
import { authRest } from '../domains/platform/auth/auth.rest.ts';
import { ssoRest } from '../domains/platform/auth/sso.rest.ts';
import { importsRest } from '../domains/platform/imports/imports.rest.ts';
import { notificationsRest, UNSUBSCRIBE_OPEN_PATHS } from '../domains/platform/notifications/notifications.rest.ts';
import { outboxRest } from '../domains/platform/outbox/outbox.rest.ts';
import { searchRest } from '../domains/platform/search/search.rest.ts';
import { directionsRest } from '../domains/structure/directions/directions.rest.ts';
import { classesRest } from '../domains/structure/location-classes/location-classes.rest.ts';
import { locationsRest } from '../domains/structure/locations/locations.rest.ts';
import { schemesRest } from '../domains/structure/schemes/schemes.rest.ts';
import { subDirectionsRest } from '../domains/structure/sub-directions/sub-directions.rest.ts';
import { filesRest } from '../domains/workflow/files/files.rest.ts';
import { projectsRest } from '../domains/workflow/projects/projects.rest.ts';
import { reportsRest } from '../domains/workflow/reports/reports.rest.ts';
import { tasksPdfRest } from '../domains/workflow/tasks/pdf/tasks-pdf.rest.ts';
import { requireClassPermission, routePermission } from '../lib/class-permissions.ts';
import { AUTH_BODY_LIMIT, assertJsonBody } from '../lib/json-body.ts';
import { assertTwoFactorPath } from '../lib/two-factor-gate.ts';
import { unsafeStringsError } from '../lib/unsafe-strings.ts';
import { describeError } from '../plugins/errors.ts';
import { documentedInput, LegacyAnswer, restValidatorCompiler } from './input.ts';

/** The compatibility layer's OpenAPI document. */
export const COMPAT_OPENAPI_PATH = '/api/openapi.json';

/** Paths open without a session. */
const OPEN = new Set<string>([
  `GET ${COMPAT_OPENAPI_PATH}`,
  'POST /api/auth/login',
  'GET /api/auth/sso/start',
  'GET /api/auth/sso/callback',
  ...UNSUBSCRIBE_OPEN_PATHS,
]);

export const restPlugin: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0];
    const key = `${request.method} ${path}`;
    if (OPEN.has(key)) return;
    if (request.user) {
      try {
        assertTwoFactorPath(request.user, path);
      } catch (error) {
        const { status, body } = describeError(error, request);
        return reply.code(status).send(body);
      }
      return;
    }
    return reply
      .code(401)
      .send({ message: 'Authentication required: send Authorization: Bearer <accessToken> or sign in' });
  });
  // A role that may not take the route's action at all is refused before its body is read or validated
  // (lib/class-permissions.ts): 401 above, then 403 here, then 400.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const permission = request.user ? routePermission(request.method, request.routeOptions.url ?? '') : undefined;
    if (permission) requireClassPermission(request, permission);
    return payload;
  });
  // Sign-in routes are open to anyone and take a few short fields: a small body limit (413 past it).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/auth/')) route.bodyLimit = AUTH_BODY_LIMIT;
  });
  // JSON is read as text and its nesting checked before it is parsed (lib/json-body.ts); then the
  // default parser, which refuses __proto__ and constructor.prototype keys.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body: string, done) => {
    try {
      assertJsonBody(body, request.routeOptions.bodyLimit ?? Number.POSITIVE_INFINITY);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    void parseJson(request, body, done);
  });
  // Every string of every input (path, query, body, form fields), once, before any route parses it.
  app.addHook('preValidation', async (request) => {
    const refused = unsafeStringsError(request.params, request.query, request.body);
    if (refused) throw refused;
  });
  // Routes validate with their tRPC twin's zod schemas (rest/input.ts) and serialize with their response schemas.
  app.setValidatorCompiler(restValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof LegacyAnswer) return error.send(reply);
    const { status, body } = describeError(error, request);
    return reply.code(status).send(body);
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` }),
  );
  // Registered before the routes, so that it sees each of them (and only this layer's: /api/v1 has its own).
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Opsdesk compatibility API',
        version: '1',
        description:
          'The routes of the original product at /api, kept for existing clients and scripts. Sign in with ' +
          '`POST /api/auth/login` and send its `accessToken` as `Authorization: Bearer …` (or use the session ' +
          'cookie). Errors are `{ message, errors? }`. New integrations should use the business API (/api/v1).',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The accessToken of a sign-in' } },
      },
      security: [{ bearer: [] }],
    },
    // A route that renames its input (rest/input.ts `wire`) is documented as it is called.
    transform: ({ schema, ...rest }) =>
      jsonSchemaTransform({
        ...rest,
        schema: Object.fromEntries(
          Object.entries(schema ?? {}).map(([part, value]) => [
            part,
            ['params', 'querystring', 'body'].includes(part) ? documentedInput(value) : value,
          ]),
        ),
      }),
  });
  await app.register(authRest, { config });
  await app.register(ssoRest, { config });
  await app.register(customersRest);
  await app.register(licensesRest);
  await app.register(directionsRest);
  await app.register(subDirectionsRest);
  await app.register(classesRest);
  await app.register(locationsRest);
  await app.register(projectsRest);
  await app.register(tasksPdfRest);
  await app.register(auditRest);
  await app.register(importsRest);
  await app.register(schemesRest);
  await app.register(teamsRest);
  await app.register(usersRest);
  await app.register(ecommerceRest);
  await app.register(invoiceRest);
  await app.register(demoUsersRest);
  await app.register(permissionsRest);
  await app.register(logisticsRest);
  await app.register(analyticsRest);
  await app.register(academyRest);
  await app.register(calendarRest);
  await app.register(chatRest);
  await app.register(emailRest);
  await app.register(pagesRest);
  await app.register(searchRest);
  await app.register(filesRest);
  await app.register(reportsRest);
  await app.register(notificationsRest);
  await app.register(outboxRest);

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
