// Sign-in sessions as other domains need them (the account page lists and ends its own sessions), and
// which users still have a password link waiting (the users list tells invited accounts apart).
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../../db/kysely.ts';
import { Session } from './session.entity.ts';
import { usedWithinIdle } from './session.resolve.ts';

export interface LiveSession {
  id: number;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date | null;
  expiresAt: Date;
}

/** The user's live sessions (not ended, not expired, not idle too long), the most recently used first, at most 100. */
export async function liveSessionsOf(em: EntityManager, userId: number): Promise<LiveSession[]> {
  const now = new Date();
  const rows = await db(em)
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where(usedWithinIdle('sessions', now))
    .orderBy(sql`coalesce(last_seen_at, created_at)`, 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    ip: r.ip,
    userAgent: r.user_agent,
    createdAt: new Date(r.created_at),
    lastSeenAt: r.last_seen_at ? new Date(r.last_seen_at) : null,
    expiresAt: new Date(r.expires_at),
  }));
}

/** End one live session of the user; false when the user has no such live session. */
export async function endSessionOf(em: EntityManager, userId: number, sessionId: number): Promise<boolean> {
  const ended = await em.nativeUpdate(
    Session,
    { id: sessionId, user: userId, revokedAt: null },
    { revokedAt: new Date() },
  );
  return ended > 0;
}

/** End every live session of the user but `keep` (a new password ends the others); returns how many. */
export function endOtherSessionsOf(em: EntityManager, userId: number, keep: number | undefined): Promise<number> {
  return em.nativeUpdate(
    Session,
    { user: userId, revokedAt: null, ...(keep !== undefined ? { id: { $ne: keep } } : {}) },
    { revokedAt: new Date() },
  );
}

/** Per-key request counting in the shared `rate_limits` table (the business API's per-key limit). */
export { countRequest } from './auth.rate-limit.store.ts';
/** A change to how the caller signs in: its security event and the e-mail telling them (their transaction). */
export { type SignInChange, signInChanged } from './sign-in-changed.ts';
