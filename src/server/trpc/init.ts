// tRPC is initialised once here; domains build procedures only from these named bases.
// The error formatter applies the shared error table (lib/app-error.ts). Edit to add a base procedure.
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { AppError, ERROR_TABLE, InputError, knownAppError, StaleRecordError } from '../lib/app-error.ts';
import { procedurePermission, requireClassPermission } from '../lib/class-permissions.ts';
import type { AuthedContext } from '../lib/context.ts';
import { assertTwoFactorProcedure } from '../lib/two-factor-gate.ts';
import { unsafeStringsError } from '../lib/unsafe-strings.ts';
import type { TrpcContext } from './context.ts';

const t = initTRPC.context<TrpcContext>().create({
  transformer: superjson,
  // Subscriptions over server-sent events: a ping every 10 s keeps proxies from closing an idle
  // stream, and a client that hears nothing for 25 s reconnects (the stream was lost silently).
  sse: { ping: { enabled: true, intervalMs: 10_000 }, client: { reconnectAfterInactivityMs: 25_000 } },
  // Every failure goes out by key: `data.key` + `data.values` (the `errors` catalogue) and, per field,
  // `data.fieldIssues` (zod issues by code and parameters, a service's refusals by key); `message` and
  // `data.fieldErrors` keep the English for scripts.
  errorFormatter({ shape, error, ctx, input }) {
    const cause = error.cause;
    const known =
      cause instanceof ZodError
        ? InputError.fromZod(cause, input)
        : cause instanceof AppError
          ? cause
          : error.code === 'INTERNAL_SERVER_ERROR'
            ? new AppError('INTERNAL', 'common.somethingWentWrong')
            : null;
    const { stack: _stack, ...data } = shape.data;
    return {
      ...shape,
      message: known?.message ?? shape.message,
      data: {
        ...data,
        key: known?.key,
        values: known?.key ? known.values : undefined,
        fieldErrors: known?.fieldErrors,
        fieldIssues: known?.fieldIssues,
        ...(known?.reason ? { reason: known.reason } : {}),
        requestId: ctx?.http?.req.id,
        ...(cause instanceof StaleRecordError ? { stale: true } : {}),
      },
    };
  },
});

/**
 * Gives failures with a known meaning (AppError, constraint violations…) the table's code, keeping
 * the AppError as cause. Input the procedure's schema refuses becomes an InputError with the raw input
 * (so a missing value reads as missing), its message the English summary for in-process callers too.
 */
const errorMapper = t.middleware(async ({ next, getRawInput }) => {
  const result = await next();
  if (result.ok) return result;
  const { cause } = result.error;
  if (cause instanceof ZodError) {
    const refused = InputError.fromZod(cause, await getRawInput().catch(() => undefined));
    throw new TRPCError({ code: 'BAD_REQUEST', message: refused.message, cause: refused });
  }
  if (result.error.code === 'INTERNAL_SERVER_ERROR') {
    const known = knownAppError(cause);
    if (known) throw new TRPCError({ code: ERROR_TABLE[known.code].trpc, message: known.message, cause: known });
  }
  return result;
});

/** Rejects NUL characters and unpaired surrogates in any string of the raw input, before parsing. */
const safeStrings = t.middleware(async ({ getRawInput, next }) => {
  const refused = unsafeStringsError(await getRawInput());
  if (refused) throw refused;
  return next();
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/** Anyone may call it. Every procedure starts here: errors mapped, unsafe strings refused. */
export const publicProcedure = t.procedure.use(errorMapper).use(safeStrings);

/**
 * Signed-in callers only; narrows `ctx.user`. Besides the class permission of its area (see below),
 * the service it calls authorizes (ability and tenant scope).
 */
export const authedProcedure = publicProcedure.use(({ ctx, path, next }) => {
  if (!ctx.user) throw new AppError('UNAUTHORIZED', 'common.signIn');
  assertTwoFactorProcedure(ctx.user, path);
  // A role that may not take this action at all is refused here, before `.input()` parses anything
  // (lib/class-permissions.ts): 401, then 403, then 400.
  const permission = procedurePermission(path);
  if (permission) requireClassPermission(ctx, permission);
  return next({ ctx: ctx as TrpcContext & AuthedContext });
});

/** For procedures that need the HTTP exchange (cookies, per-request limits): narrows `ctx.http`. */
export const requireHttp = t.middleware(({ ctx, next }) => {
  if (!ctx.http)
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'This procedure is served over HTTP only' });
  return next({ ctx: { http: ctx.http } });
});

/** Anyone may call it, over HTTP only (e.g. sign-in, which sets cookies). */
export const httpProcedure = publicProcedure.use(requireHttp);
