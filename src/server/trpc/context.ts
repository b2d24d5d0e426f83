// The tRPC context in two parts (tRPC's inner/outer pattern): the inner part is the ServiceContext
// (em, caller, ability); the outer adds the HTTP exchange. Edit when procedures need more per request.
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { AppConfig } from '../config.ts';
import type { ServiceContext } from '../lib/context.ts';

/** The HTTP exchange behind a call: only procedures that set cookies or rate-limit by request need it. */
export interface HttpContext {
  req: CreateFastifyContextOptions['req'];
  reply: CreateFastifyContextOptions['res'];
  config: AppConfig;
}

/** What procedures receive: the inner context, plus `http` when the call came over HTTP (not from a caller built in tests). */
export interface TrpcContext extends ServiceContext {
  http?: HttpContext;
}

/** The inner context alone: what tests and server-side callers build (`createCaller(innerContext(...))`). */
export function innerContext(inner: ServiceContext): TrpcContext {
  return { ...inner };
}

export function createContextFactory(config: AppConfig) {
  return ({ req, res }: CreateFastifyContextOptions): TrpcContext => ({
    ...innerContext(req.serviceContext()),
    http: { req, reply: res, config },
  });
}
