// Mounts the AppRouter at /trpc (superjson; batching on) and logs unexpected procedure failures.
// Requests tRPC cannot answer are refused before the adapter sees them (405, 415, 404), never a 500.
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import { AUTH_BODY_LIMIT, assertJsonBody, bodyTooLarge, jsonTooDeep, MAX_JSON_DEPTH } from '../lib/json-body.ts';
import { createContextFactory } from './context.ts';
import { type AppRouter, appRouter } from './router.ts';

/** Procedure names are dotted identifiers; a `%` left after decoding is no procedure (the adapter would decode again). */
function procedurePathOf(url: string): string | null {
  const raw = url.split('?')[0].slice('/trpc/'.length);
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The body limit of a (batched) call: small when any procedure is auth's (open to anyone, a few fields). */
function bodyLimitOf(path: string, routeLimit: number): number {
  return path.split(',').some((name) => name.startsWith('auth.')) ? AUTH_BODY_LIMIT : routeLimit;
}

export const trpcPlugin: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  // Encapsulated (no fastify-plugin): these hooks guard the tRPC routes only.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'POST') {
      return reply
        .code(405)
        .header('allow', 'GET, POST')
        .send({ message: `${request.method} is not allowed on /trpc: use GET for queries, POST for mutations` });
    }
    const contentType = request.headers['content-type'];
    if (request.method === 'POST' && contentType !== undefined && !/^application\/json\b/i.test(contentType)) {
      return reply.code(415).send({ message: 'Send tRPC requests as application/json' });
    }
    const path = procedurePathOf(request.url);
    if (path === null || path.includes('%')) {
      return reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
    }
    // Refused before a byte of the body is read when it says it is too large for these procedures.
    const length = Number(request.headers['content-length'] ?? 0);
    const limit = bodyLimitOf(path, request.routeOptions.bodyLimit ?? Number.POSITIVE_INFINITY);
    if (length > limit) throw bodyTooLarge(limit);
  });
  // tRPC's adapter hands the body on as text and parses it later: its size (a chunked body has no
  // Content-Length) and its nesting are checked here, before any parsing; a query's `input` likewise.
  app.addHook('preValidation', async (request) => {
    const path = procedurePathOf(request.url) ?? '';
    if (typeof request.body === 'string') {
      assertJsonBody(request.body, bodyLimitOf(path, request.routeOptions.bodyLimit ?? Number.POSITIVE_INFINITY));
    }
    const input = (request.query as { input?: unknown } | undefined)?.input;
    if (typeof input === 'string' && jsonTooDeep(input)) {
      throw new AppError('BAD_REQUEST', 'common.jsonTooDeep', { depth: MAX_JSON_DEPTH });
    }
  });
  // tRPC answers with a fetch Response, whose body @fastify/compress (a route-level onSend, after this
  // one) takes for a stream of unknown size and compresses, however small, in chunks. A plain JSON
  // answer is handed on as text instead, so the 1 KB threshold applies and it leaves in one write: a
  // small answer (an autosave, tasks.saveAnswers) as it is, a large one compressed in one go. Streams
  // (server-sent events, JSON lines) stay streams.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (Object.prototype.toString.call(payload) !== '[object Response]') return payload;
    const response = payload as Response;
    if (!/^application\/json\s*(;|$)/i.test(response.headers.get('content-type') ?? '')) return payload;
    reply.code(response.status);
    for (const [name, value] of response.headers) reply.header(name, value);
    return response.text();
  });
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: createContextFactory(config),
      onError({ error, req, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          req.log.error({ err: error.cause ?? error, path }, 'tRPC procedure failed');
        } else if (error.code === 'SERVICE_UNAVAILABLE') {
          req.log.warn({ path }, 'no database connection free in time: answered 503');
        }
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
};
