// What a request's session token stands for (the session plugin, the page's inlined session and tests): the
// live session and its user, read in one statement, with whether the customer's second-factor policy now
// holds the user to enrolment. Sessions end when revoked, past their absolute lifetime, or unused for
// longer than their idle timeout.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type SqlBool, sql } from 'kysely';
import { db } from '../../../db/kysely.ts';
import type { SessionUser } from '../../../lib/context.ts';
import { sha256 } from '../../../lib/password.ts';
import { twoFactorCoverage } from './second-factor.ts';
import { Session } from './session.entity.ts';
import type { SessionCache } from './session-cache.ts';

/**
 * A session's idle timeout when "remember me" was ticked (the person chose to stay signed in on this
 * device): a week unused ends it, within its 30 days.
 */
export const REMEMBERED_IDLE_MINUTES = 7 * 24 * 60;

/**
 * The session of `alias` was used within its idle timeout (`idle_minutes`, set when it opened; null for
 * sessions opened before there was one). Last use is written to the minute (LAST_SEEN_EVERY_MS).
 */
export function usedWithinIdle(alias: 's' | 'sessions', now: Date) {
  const t = sql.raw(`"${alias}"`);
  return sql<SqlBool>`(${t}.idle_minutes is null
    or coalesce(${t}.last_seen_at, ${t}.created_at) > ${now}::timestamptz - make_interval(mins => ${t}.idle_minutes))`;
}

/** How often a session's last use is written; also how long a process keeps a resolved session. */
export const LAST_SEEN_EVERY_MS = 60_000;

export interface ResolvedSession {
  user: SessionUser;
  csrfToken: string;
}

/**
 * The live session behind a token, or null when unknown, expired, unused for longer than its idle
 * timeout, revoked or its user is not active.
 * With `cache`, a session resolved in the last minute is answered from this process's memory; the
 * cache drops a session as soon as any process commits a change that ends or alters it (logout,
 * revoke, deactivation, a new password, role or team: see session-cache.ts), and keeps nothing while it
 * cannot hear those changes.
 */
export async function resolveSession(
  em: EntityManager,
  token: string,
  cache?: SessionCache<ResolvedSession>,
): Promise<ResolvedSession | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = sha256(token);
  const now = new Date();
  const kept = cache?.get(tokenHash, now.getTime());
  if (kept) return kept;
  const generation = cache?.generation ?? 0;
  const row = await db(em)
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('customers as c', 'c.id', 'u.customer_id')
    .select([
      's.id as session_id',
      's.csrf_token',
      's.last_seen_at',
      's.expires_at',
      'u.id',
      'u.email',
      'u.full_name',
      'u.role',
      'u.language',
      'c.id as customer_id',
      'c.code as customer_code',
      'c.two_factor_policy',
      'c.two_factor_policy_since',
      'c.two_factor_grace_days',
      // An authenticator app, a passkey, or a provider that checked a second factor at this sign-in.
      sql<boolean>`(s.provider_second_factor
        or exists(select 1 from user_totp f where f.user_id = u.id and f.enabled_at is not null)
        or exists(select 1 from passkeys k where k.user_id = u.id))`.as('has_second_factor'),
      // The teams the user belongs to or leads (users.refs.ts teamIdsOfUser), in the same statement.
      sql<number[]>`array(
        select m.team_id from team_members m where m.user_id = u.id
        union select t.id from teams t where t.floor_manager_id = u.id or t.team_leader_id = u.id
        order by 1)`.as('team_ids'),
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where(usedWithinIdle('s', now))
    .where('u.status', '=', 'active')
    .where((eb) => eb.or([eb('c.id', 'is', null), eb('c.status', '!=', 'suspended')]))
    .executeTakeFirst();
  if (!row) return null;
  // Last use, to the minute.
  if (!row.last_seen_at || now.getTime() - new Date(row.last_seen_at).getTime() >= LAST_SEEN_EVERY_MS) {
    await em.nativeUpdate(Session, { id: row.session_id }, { lastSeenAt: now });
  }
  const user: SessionUser = {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    role: row.role,
    customerId: row.customer_id,
    customerCode: row.customer_code,
    language: row.language,
    teamIds: row.team_ids,
    sessionId: row.session_id,
  };
  if (!row.has_second_factor && row.two_factor_policy && row.two_factor_policy !== 'optional') {
    const { required, graceEndsAt } = twoFactorCoverage(
      {
        policy: row.two_factor_policy,
        since: row.two_factor_policy_since ? new Date(row.two_factor_policy_since) : null,
        graceDays: row.two_factor_grace_days ?? 0,
      },
      row.role,
    );
    if (required && graceEndsAt && graceEndsAt.getTime() <= now.getTime()) user.twoFactorBlocked = true;
  }
  const resolved = { user, csrfToken: row.csrf_token };
  cache?.set(
    tokenHash,
    { value: resolved, userId: user.id, customerId: user.customerId, expiresAt: new Date(row.expires_at).getTime() },
    generation,
    now.getTime(),
  );
  return resolved;
}
