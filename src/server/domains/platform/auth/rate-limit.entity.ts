import { defineEntity, p } from '@mikro-orm/core';

/**
 * One counter of the sign-in limits and account-mail caps, shared by every app process: written only
 * by the single statements of auth.rate-limit.store.ts, which count and decide under the row's lock.
 * A row is worth nothing after `expiresAt`; the sweep job deletes it.
 */
export const RateLimitSchema = defineEntity({
  name: 'RateLimit',
  tableName: 'rate_limits',
  properties: {
    /** What is counted: `login:<email> <address>`, `login-from:<address>`, `mail-to:<email>`, `mail-from:<address>`. */
    key: p.string().length(320).primary(),
    hits: p.integer(),
    /** Start of the counting window (fixed windows), or of the current series (sign-in pairs). */
    windowStart: p.datetime(),
    lastHitAt: p.datetime(),
    /** Set by a refused check: until when this key must wait (the Retry-After of its 429). */
    blockedUntil: p.datetime().nullable(),
    expiresAt: p.datetime().index(),
  },
});
