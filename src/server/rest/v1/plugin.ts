// The business API at /api/v1, encapsulated: API keys (or a session) authenticate it, each key is
// rate-limited in PostgreSQL, routes come from the table in routes.ts, writes may carry an
// Idempotency-Key, errors are `{ message, errors }`; the OpenAPI 3.1 document is generated from the
// same zod schemas (GET /api/v1/openapi.json) with a local reference page at /api/docs.
// Edit routes.ts to add an operation; edit this file to change what every operation shares.
import crypto from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { countRequest } from '../../domains/platform/auth/auth.refs.ts';
import {
  claimIdempotency,
  releaseIdempotency,
  settleIdempotency,
} from '../../domains/platform/integrations/idempotency.refs.ts';
import { filesV1Rest } from '../../domains/workflow/files/files.rest.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { describeError } from '../../plugins/errors.ts';
import { COMPAT_OPENAPI_PATH } from '../plugin.ts';
import { readV1Input } from './input.ts';
import { documentedParts, type V1Route } from './route.ts';
import { V1_ROUTES } from './routes.ts';

export const V1_PREFIX = '/api/v1';
export const OPENAPI_PATH = `${V1_PREFIX}/openapi.json`;
export const DOCS_PATH = '/api/docs';

/** Every error answer of the business API. */
export const ZV1Error = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional().describe('Messages per field path'),
});

const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 429, 503] as const;

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[0] : header;
  if (!/^[\x21-\x7e]{1,200}$/.test(value)) {
    throw new AppError('BAD_REQUEST', 'common.invalidInput', {}, { 'Idempotency-Key': 'common.invalidInput' });
  }
  return value;
}

/** Runs one route for a caller the gate let in: 403 (the action at all), then 400 (input), then the service. */
async function handle(r: V1Route, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const ctx = request.serviceContext() as AuthedContext;
  const [action, subject] = r.can;
  if (!ctx.ability.can(action, subject))
    throw new AppError('FORBIDDEN', 'common.forbidden', { action, record: subject });
  const input = readV1Input(r, request);
  const key = r.method === 'POST' ? idempotencyKeyOf(request) : null;
  const apiKey = ctx.user.apiKey;
  if (!key || !apiKey) {
    const result = await r.run(ctx, input);
    return reply.code(r.status).send(result);
  }
  const hash = crypto
    .createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
  const claim = await claimIdempotency(request.em, apiKey.id, key, `${r.method} ${request.url.split('?')[0]}`, hash);
  if (claim.kind === 'mismatch') throw new AppError('CONFLICT', 'integrations.idempotencyReused');
  if (claim.kind === 'inFlight') throw new AppError('CONFLICT', 'integrations.idempotencyInFlight');
  if (claim.kind === 'replay') {
    // The stored answer is JSON already: sent as it was, not through the schema's serializer.
    return reply.code(claim.status).header('idempotent-replayed', 'true').serializer(JSON.stringify).send(claim.body);
  }
  try {
    const result = await r.run(ctx, input);
    await settleIdempotency(request.em, apiKey.id, key, r.status, JSON.parse(JSON.stringify(result)));
    return reply.code(r.status).send(result);
  } catch (error) {
    await releaseIdempotency(request.em, apiKey.id, key);
    throw error;
  }
}

export const v1Plugin: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Opsdesk business API',
        version: '1',
        description:
          'Send an API key as `Authorization: Bearer opk_…`. Lists page with `page` and `itemsPerPage` and return ' +
          '`{ items, total }`; writes to a record send its `version` (409 when it moved); a POST may carry an ' +
          '`Idempotency-Key` (a retry returns the first answer). Errors are `{ message, errors }`. ' +
          `Each key may make ${config.apiRateLimit} requests a minute (429 with Retry-After beyond). A server too ` +
          'busy to take a request answers 503 with Retry-After (seconds): retry after that.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key (opk_…)' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // One reference page for both documents (a selector at the top): the business API first.
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    staticCSP: true,
    uiConfig: {
      urls: [
        { url: OPENAPI_PATH, name: 'Business API (/api/v1)' },
        { url: COMPAT_OPENAPI_PATH, name: 'Compatibility API (/api)' },
      ],
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(`${V1_PREFIX}/`) || request.url.startsWith(OPENAPI_PATH)) return;
    if (!request.user)
      return reply.code(401).send({ message: new AppError('UNAUTHORIZED', 'integrations.keyRequired').message });
    const apiKey = request.user.apiKey;
    if (!apiKey) return;
    const waitMs = await countRequest(request.em, `api-key:${apiKey.id}`, config.apiRateLimit, 60_000, new Date());
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      return reply
        .code(429)
        .header('retry-after', String(seconds))
        .send({ message: new AppError('TOO_MANY_REQUESTS', 'integrations.rateLimited', { seconds }).message });
    }
  });
  // Input is read by readV1Input (403 comes first); the schemas on the routes are for the document and the serializer.
  app.setValidatorCompiler(() => (data: unknown) => ({ value: data }));
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = describeError(error, request);
    return reply.code(status).send(body);
  });

  for (const r of V1_ROUTES) {
    app.route({
      method: r.method,
      url: `${V1_PREFIX}${r.url}`,
      schema: {
        operationId: r.operationId,
        summary: r.summary,
        tags: [r.tag],
        security: [{ bearer: [] }],
        ...documentedParts(r),
        ...(r.method === 'POST' && { headers: z.object({ 'idempotency-key': z.string().max(200).optional() }) }),
        response: { [r.status]: r.output, ...Object.fromEntries(ERROR_STATUSES.map((s) => [s, ZV1Error])) },
      },
      handler: (request, reply) => handle(r, request, reply),
    });
  }

  // Upload and download of file content (multipart in, a stream out): beside the table, same scope.
  await app.register(filesV1Rest, { prefix: V1_PREFIX });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
};
