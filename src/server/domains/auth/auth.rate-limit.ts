// Login attempt limits (per client IP and per email), shared by REST /api/auth/login and tRPC auth.login.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';

/** The email a login request is for, from a REST body or a (batched) tRPC body. */
export function loginEmail(request: FastifyRequest): string | null {
  const body = request.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return null;
  const candidates: unknown[] = [body, (body as { json?: unknown }).json];
  for (const value of Object.values(body)) {
    if (value && typeof value === 'object') candidates.push((value as { json?: unknown }).json);
  }
  for (const c of candidates) {
    const email = c && typeof c === 'object' ? (c as { email?: unknown }).email : undefined;
    if (typeof email === 'string') return email.trim().toLowerCase().slice(0, 254);
  }
  return null;
}

export function loginRateLimiters(app: FastifyInstance, config: AppConfig) {
  const message = (after: string) => ({
    statusCode: 429,
    message: `Too many sign-in attempts. Try again in ${after}.`,
  });
  return [
    app.rateLimit({
      max: config.loginRateLimit * 3,
      timeWindow: '1 minute',
      keyGenerator: (req) => `login-ip:${req.ip}`,
      errorResponseBuilder: (_req, ctx) => message(ctx.after),
    }),
    app.rateLimit({
      max: config.loginRateLimit,
      timeWindow: '5 minutes',
      keyGenerator: (req) => `login-email:${loginEmail(req) ?? req.ip}`,
      errorResponseBuilder: (_req, ctx) => message(ctx.after),
    }),
  ];
}
