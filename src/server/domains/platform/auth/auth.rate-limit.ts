// Sign-in and account-mail limits, shared by REST /api/auth/login and the tRPC auth procedures through
// `app.guardLogin` and `app.allowAccountMail`. Edit to change how hard guessing and mail floods are made.
//
// Sign-in: failures are counted per (email, client address) pair; past LOGIN_RATE_LIMIT failures each
// further try of that pair waits twice as long as the one before (2 s, 4 s, … 15 min), so a guesser
// slows down without walling the real user out (the right password from another address still works).
// One address has a much higher ceiling of failures across every email. Success clears the pair.
// Mail: reset links and registration notices per address and per client, on @fastify/rate-limit's store.
// Both are per process (in memory), like the store.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../../config.ts';
import { AppError } from '../../../lib/app-error.ts';
import { settleAccountMail } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Run one sign-in attempt for `email` from this request's client under the limits. Throws
     * TOO_MANY_REQUESTS while the pair must wait or the client is over its ceiling; a rejection of
     * `signIn` with the invalid-credentials message counts as a failure, anything else clears the pair.
     */
    guardLogin<T>(request: FastifyRequest, email: unknown, signIn: () => Promise<T>): Promise<T>;
    /** Whether an account e-mail (reset link, registration notice) to `email` may be written for this request. */
    allowAccountMail(request: FastifyRequest, email: string): Promise<boolean>;
  }
}

/** Account e-mails one address may be sent per hour, and one client may cause per hour. */
export const MAIL_PER_ADDRESS_PER_HOUR = 3;
export const MAIL_PER_CLIENT_PER_HOUR = 30;

export interface LoginLimits {
  /** Failures of one (email, address) pair before the growing wait starts (LOGIN_RATE_LIMIT). */
  pairFailures: number;
  /** Failures of one client address, over every email, per `clientWindowMs`. */
  clientFailures: number;
  clientWindowMs: number;
  /** Longest wait between tries of one pair. */
  maxWaitMs: number;
  /** A pair's failures are forgotten this long after its last one. */
  forgetMs: number;
}

export function loginLimitsFor(config: Pick<AppConfig, 'loginRateLimit'>): LoginLimits {
  return {
    pairFailures: config.loginRateLimit,
    clientFailures: config.loginRateLimit * 20,
    clientWindowMs: 15 * 60_000,
    maxWaitMs: 15 * 60_000,
    forgetMs: 60 * 60_000,
  };
}

const MAX_TRACKED = 50_000;

/** A Map that forgets its oldest entries past `max` (re-set entries count as new). */
class BoundedMap<K, V> extends Map<K, V> {
  readonly max: number;
  constructor(max: number) {
    super();
    this.max = max;
  }
  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    while (this.size > this.max) super.delete(this.keys().next().value as K);
    return this;
  }
}

/**
 * Failure counts per (email, address) pair and per address. An attempt counts as a failure from
 * its start (so a burst of parallel guesses is counted before any of them is checked) and is
 * taken back when it turns out not to be one.
 */
export class LoginThrottle {
  readonly limits: LoginLimits;
  readonly now: () => number;
  private readonly pairs = new BoundedMap<string, { failures: number; last: number }>(MAX_TRACKED);
  private readonly clients = new BoundedMap<string, { failures: number; since: number }>(MAX_TRACKED);

  constructor(limits: LoginLimits, now: () => number = Date.now) {
    this.limits = limits;
    this.now = now;
  }

  /** Milliseconds before `email` may be tried again from `ip`; 0 when it may now. */
  waitMs(email: string, ip: string): number {
    const now = this.now();
    const client = this.clients.get(ip);
    if (client && now - client.since < this.limits.clientWindowMs && client.failures >= this.limits.clientFailures) {
      return client.since + this.limits.clientWindowMs - now;
    }
    const pair = this.pair(email, ip, now);
    if (!pair || pair.failures < this.limits.pairFailures) return 0;
    const wait = Math.min(1000 * 2 ** (pair.failures - this.limits.pairFailures + 1), this.limits.maxWaitMs);
    return Math.max(0, pair.last + wait - now);
  }

  /** Count an attempt as a failure until `settle` says otherwise. */
  begin(email: string, ip: string): { settle(failed: boolean): void } {
    const now = this.now();
    const key = `${email}\n${ip}`;
    const pair = this.pair(email, ip, now) ?? { failures: 0, last: now };
    this.pairs.set(key, { failures: pair.failures + 1, last: now });
    const seen = this.clients.get(ip);
    const client = seen && now - seen.since < this.limits.clientWindowMs ? seen : { failures: 0, since: now };
    this.clients.set(ip, { failures: client.failures + 1, since: client.since });
    let settled = false;
    return {
      settle: (failed) => {
        if (settled || failed) return;
        settled = true;
        this.pairs.delete(key);
        const current = this.clients.get(ip);
        if (current && current.since === client.since) current.failures = Math.max(0, current.failures - 1);
      },
    };
  }

  private pair(email: string, ip: string, now: number) {
    const pair = this.pairs.get(`${email}\n${ip}`);
    return pair && now - pair.last < this.limits.forgetMs ? pair : undefined;
  }
}

function normalEmail(email: unknown): string {
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : '';
}

export const loginRateLimitPlugin = fp<{ config: AppConfig; throttle?: LoginThrottle }>(
  async (app, { config, throttle: given }) => {
    const throttle = given ?? new LoginThrottle(loginLimitsFor(config));
    // Reset links still being written go out before the database closes.
    app.addHook('onClose', () => settleAccountMail());
    app.decorate(
      'guardLogin',
      async <T>(request: FastifyRequest, email: unknown, signIn: () => Promise<T>): Promise<T> => {
        const who = normalEmail(email);
        const wait = throttle.waitMs(who, request.ip);
        if (wait > 0) {
          throw new AppError('TOO_MANY_REQUESTS', 'auth.tooManyAttempts', {
            seconds: Math.max(1, Math.ceil(wait / 1000)),
          });
        }
        const attempt = throttle.begin(who, request.ip);
        try {
          const result = await signIn();
          attempt.settle(false);
          return result;
        } catch (error) {
          attempt.settle(error instanceof AppError && error.key === 'auth.invalidCredentials');
          throw error;
        }
      },
    );

    const mailTo = new WeakMap<FastifyRequest, string>();
    const perAddress = app.createRateLimit({
      max: MAIL_PER_ADDRESS_PER_HOUR,
      timeWindow: 3600_000,
      keyGenerator: (req) => `account-mail-to:${mailTo.get(req) ?? ''}`,
    });
    const perClient = app.createRateLimit({
      max: MAIL_PER_CLIENT_PER_HOUR,
      timeWindow: 3600_000,
      keyGenerator: (req) => `account-mail-from:${req.ip}`,
    });
    app.decorate('allowAccountMail', async (request: FastifyRequest, email: string) => {
      mailTo.set(request, normalEmail(email));
      for (const limit of [perClient, perAddress]) {
        const result = await limit(request);
        if (!result.isAllowed && result.isExceeded) return false;
      }
      return true;
    });
  },
  { name: 'login-rate-limit', dependencies: ['@fastify/rate-limit'] },
);
