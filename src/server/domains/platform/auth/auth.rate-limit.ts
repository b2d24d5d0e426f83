// Login attempt limits (per client IP and per email) on @fastify/rate-limit's stores, shared by
// REST /api/auth/login and tRPC auth.login through `app.limitLogin`. Exceeding either is a 429.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../../config.ts';
import { AppError } from '../../../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Count one login attempt for this request and email; throws TOO_MANY_REQUESTS past a limit. */
    limitLogin(request: FastifyRequest, email: unknown): Promise<void>;
  }
}

export const loginRateLimitPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const emailOf = new WeakMap<FastifyRequest, string>();
    const perIp = app.createRateLimit({
      max: config.loginRateLimit * 3,
      timeWindow: 60_000,
      keyGenerator: (req) => `login-ip:${req.ip}`,
    });
    const perEmail = app.createRateLimit({
      max: config.loginRateLimit,
      timeWindow: 5 * 60_000,
      keyGenerator: (req) => `login-email:${emailOf.get(req) ?? req.ip}`,
    });
    app.decorate('limitLogin', async (request: FastifyRequest, email: unknown) => {
      if (typeof email === 'string') emailOf.set(request, email.trim().toLowerCase().slice(0, 254));
      for (const limit of [perIp, perEmail]) {
        const result = await limit(request);
        if (!result.isAllowed && result.isExceeded) {
          throw new AppError(
            'TOO_MANY_REQUESTS',
            `Too many sign-in attempts. Try again in ${Math.max(1, result.ttlInSeconds)} seconds.`,
          );
        }
      }
    });
  },
  { name: 'login-rate-limit', dependencies: ['@fastify/rate-limit'] },
);
