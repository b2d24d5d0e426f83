// Sign-in, registration and account-mail limits, shared by REST /api/auth/login and the tRPC auth
// procedures through `app.guardLogin`, `app.guardRegistration` and `app.allowAccountMail`. Edit to
// change how hard guessing, enumeration and mail floods are made.
//
// Sign-in (auth.rate-limit.store.ts beginSignIn): failures are counted per (email, client address) pair,
// strictly: past LOGIN_RATE_LIMIT failures each further try of that pair waits twice as long as the one
// before (2 s, 4 s, … 15 min). Per account over every address (5× the pair's limit): the same growing
// wait, for a guesser spread over many addresses. Per address over every email (20× per 15 minutes):
// past it, the address is held to accounts with no recent failure, so a sprayer gets one guess per
// account while the right password of an account nobody attacks still signs in, whoever shares the
// address (a NAT, a proxy without TRUST_PROXY). Success clears the pair.
// Registration: a few requests per client address per hour. Mail: reset links and registration notices
// per address and per client address, per hour. All counted in PostgreSQL, so every app process sees
// the same counts. Every 429 tells when to come back (Retry-After).
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../../config.ts';
import { AppError } from '../../../lib/app-error.ts';
import {
  beginSignIn,
  clearSignIn,
  countAccountMail,
  countTry,
  type LoginLimits,
  type MailCaps,
  sweepRateLimits,
} from './auth.rate-limit.store.ts';
import { settleAccountMail } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Run one sign-in attempt for `email` from this request's client under the limits. Throws
     * TOO_MANY_REQUESTS while the pair must wait or the client is over its ceiling; a rejection of
     * `signIn` with a wrong password or code (FAILURES) counts as a failure, anything else clears the pair.
     */
    guardLogin<T>(request: FastifyRequest, email: unknown, signIn: () => Promise<T>): Promise<T>;
    /** Count a registration request from this request's client; throws TOO_MANY_REQUESTS past the hourly cap. */
    guardRegistration(request: FastifyRequest): Promise<void>;
    /** Whether an account e-mail (reset link, registration notice) to `email` may be written for this request. */
    allowAccountMail(request: FastifyRequest, email: string): Promise<boolean>;
  }
}

/** Account e-mails one address may be sent per hour, and one client may cause per hour. */
export const MAIL_PER_ADDRESS_PER_HOUR = 3;
export const MAIL_PER_CLIENT_PER_HOUR = 30;
const MAIL_CAPS: MailCaps = {
  perAddress: MAIL_PER_ADDRESS_PER_HOUR,
  perClient: MAIL_PER_CLIENT_PER_HOUR,
  windowMs: 3600_000,
};

/** Registration requests one client address may make per hour (enough for an office behind one address). */
export const REGISTER_PER_CLIENT_PER_HOUR = 20;

/** Deletes expired counters every 10 minutes, on the job queue (app.ts hands it to the workflow's jobs). */
export const rateLimitSweep = {
  queue: 'platform-rate-limit-sweep',
  cron: '*/10 * * * *',
  run: sweepRateLimits,
} as const;

export function loginLimitsFor(config: Pick<AppConfig, 'loginRateLimit'>): LoginLimits {
  return {
    pairFailures: config.loginRateLimit,
    accountFailures: config.loginRateLimit * 5,
    clientFailures: config.loginRateLimit * 20,
    clientWindowMs: 15 * 60_000,
    maxWaitMs: 15 * 60_000,
    forgetMs: 60 * 60_000,
  };
}

/**
 * What counts as a failed try: a wrong password, a wrong second-factor code (guessed like passwords), and
 * the right password without a code: were that a success, a guesser could clear the count between codes.
 */
const FAILURES = new Set<string>([
  'auth.invalidCredentials',
  'auth.invalidCode',
  'auth.twoFactorRequired',
  'account.wrongPassword',
]);

function normalEmail(email: unknown): string {
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : '';
}

export const loginRateLimitPlugin = fp<{ config: AppConfig; now?: () => number }>(
  async (app, { config, now = Date.now }) => {
    const limits = loginLimitsFor(config);
    // Each statement runs on its own connection, outside the request's unit of work: a count stands
    // whatever the sign-in does next.
    const em = () => app.orm.em.fork();
    const retryAfter = new WeakMap<FastifyRequest, number>();
    // Reset links still being written go out before the database closes.
    app.addHook('onClose', () => settleAccountMail());
    // Every 429 says when to try again. A tRPC answer is still a fetch Response here (its status inside).
    app.addHook('onSend', async (request, reply, payload) => {
      const status = payload instanceof Response ? payload.status : reply.statusCode;
      if (status === 429 && !reply.hasHeader('retry-after')) {
        reply.header('retry-after', String(retryAfter.get(request) ?? 60));
      }
      return payload;
    });

    app.decorate(
      'guardLogin',
      async <T>(request: FastifyRequest, email: unknown, signIn: () => Promise<T>): Promise<T> => {
        const who = normalEmail(email);
        const check = await beginSignIn(em(), limits, who, request.ip, new Date(now()));
        if (!('clientSince' in check)) {
          const seconds = Math.max(1, Math.ceil(check.waitMs / 1000));
          retryAfter.set(request, seconds);
          throw new AppError('TOO_MANY_REQUESTS', 'auth.tooManyAttempts', { seconds });
        }
        // Counted as a failure from the start (a burst of parallel guesses is counted before any is
        // checked); taken back when it turns out not to be one.
        const clear = () =>
          clearSignIn(em(), who, request.ip, check.clientSince).catch((error: unknown) =>
            request.log.warn({ err: error }, 'could not clear the sign-in failures'),
          );
        try {
          const result = await signIn();
          await clear();
          return result;
        } catch (error) {
          if (!(error instanceof AppError && FAILURES.has(error.key))) await clear();
          throw error;
        }
      },
    );

    app.decorate('guardRegistration', async (request: FastifyRequest) => {
      const check = await countTry(
        em(),
        `register-from:${request.ip}`,
        REGISTER_PER_CLIENT_PER_HOUR,
        3600_000,
        new Date(now()),
      );
      if (check.waitMs > 0) {
        const minutes = Math.max(1, Math.ceil(check.waitMs / 60_000));
        retryAfter.set(request, Math.max(1, Math.ceil(check.waitMs / 1000)));
        throw new AppError('TOO_MANY_REQUESTS', 'auth.tooManyRegistrations', { minutes });
      }
    });

    app.decorate('allowAccountMail', (request: FastifyRequest, email: string) =>
      countAccountMail(em(), MAIL_CAPS, normalEmail(email), request.ip, new Date(now())),
    );
  },
  { name: 'login-rate-limit', dependencies: ['database'] },
);
