// The root error handler: AppError and zod errors become their 4xx; body-parser and validation
// errors keep their 4xx; no database connection free in time is a 503 with Retry-After; anything else
// is a logged 500 with a request id and no stack trace.
// /api keeps its own handler for the spec's legacy bodies (rest/plugin.ts).
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, BUSY_RETRY_SECONDS, toAppError } from '../lib/app-error.ts';
import { bodyTooLarge } from '../lib/json-body.ts';

/** Shared by the root and REST handlers: the status and body for any thrown error. */
export function describeError(
  error: unknown,
  request: FastifyRequest,
): { status: number; body: Record<string, unknown> } {
  const fe = error as FastifyError;
  // Fastify's own refusal of a body over the route's limit, said with the limit, by key.
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return describeError(bodyTooLarge(request.routeOptions.bodyLimit ?? 0), request);
  if (
    !(error instanceof AppError) &&
    typeof fe.statusCode === 'number' &&
    fe.statusCode >= 400 &&
    fe.statusCode < 500
  ) {
    const message =
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? `Malformed JSON body: ${fe.message}`
        : fe.message;
    return { status: fe.statusCode, body: { message } };
  }
  const appError = toAppError(error);
  if (appError.code === 'SERVICE_UNAVAILABLE')
    request.log.warn({ method: request.method, url: request.url }, 'no database connection free in time: answered 503');
  if (appError.code === 'INTERNAL') {
    request.log.error({ err: error, method: request.method, url: request.url }, 'unexpected error');
    return { status: 500, body: { message: 'Something went wrong', requestId: request.id } };
  }
  return {
    status: appError.status,
    body: {
      message: appError.message,
      ...(appError.fieldErrors ? { errors: appError.fieldErrors } : {}),
      ...(appError.reason ? { reason: appError.reason } : {}),
    },
  };
}

export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = describeError(error, request);
  return reply.code(status).send(body);
}

export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
    // Every 503 says when to come back. A tRPC answer is still a fetch Response here (its status inside).
    app.addHook('onSend', async (_request, reply, payload) => {
      const status = payload instanceof Response ? payload.status : reply.statusCode;
      if (status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(BUSY_RETRY_SECONDS));
      return payload;
    });
  },
  { name: 'errors' },
);
