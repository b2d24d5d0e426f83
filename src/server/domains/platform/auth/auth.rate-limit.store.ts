// The counters behind the sign-in limits and account-mail caps, in the `rate_limits` table, so every app
// process on the database counts the same tries. Each check is ONE statement: an upsert whose row lock
// serializes concurrent tries of the same key, whose SET counts and decides from the row as it stands
// then, and whose RETURNING says what it decided. Times come from the caller's clock (tests fake it).
// Edit to change how a limit counts; what the limits are lives in auth.rate-limit.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../../db/kysely.ts';

export interface LoginLimits {
  /** Failures of one (email, address) pair before the growing wait starts (LOGIN_RATE_LIMIT). */
  pairFailures: number;
  /** Failures of one email over every address before each further try of it waits (an account under attack). */
  accountFailures: number;
  /** Failures of one client address, over every email, per `clientWindowMs`, before it is held to fresh accounts. */
  clientFailures: number;
  clientWindowMs: number;
  /** Longest wait between tries of one pair or one account. */
  maxWaitMs: number;
  /** A pair's or an account's failures are forgotten this long after its last one. */
  forgetMs: number;
}

/** What a sign-in check decided: wait `waitMs` (refused, nothing counted), or go on (counted as a failure). */
export type SignInCheck = { waitMs: number } | { waitMs: 0; clientSince: Date };

const ms = (value: number) => sql`(${value}::float8 * interval '1 millisecond')`;

/**
 * Count a sign-in try of `email` from `ip` as a failure, unless it must wait (then nothing is counted
 * and the wait is returned). Three counters, each with its own job:
 *
 * - the pair (email, address), strict: past `pairFailures` each further try waits twice as long as the
 *   one before (2 s, 4 s, … `maxWaitMs`); exact under its row lock (of N parallel tries of one pair,
 *   exactly as many as the limit allows go on);
 * - the account (email, every address): past `accountFailures` each further try of it, from anywhere,
 *   waits the same growing way (a guesser spread over many addresses);
 * - the address (every email): past `clientFailures` per window the address is held to accounts with
 *   no recent failure: a try of an account that failed within `forgetMs` (from anywhere) waits for the
 *   address's window to end, any other goes on. So a sprayer gets at most one guess per account, and
 *   the right password of an account nobody is attacking is never refused, whoever shares the address.
 *
 * The account and address are read as the statement starts (a burst in flight may pass them by its
 * size); the account, then the address, are counted only when the pair was (rows locked in that order).
 */
export async function beginSignIn(
  em: EntityManager,
  limits: LoginLimits,
  email: string,
  ip: string,
  now: Date,
): Promise<SignInCheck> {
  const pairKey = `login:${email} ${ip}`;
  const accountKey = `login-account:${email}`;
  const clientKey = `login-from:${ip}`;
  const window = ms(limits.clientWindowMs);
  const forget = ms(limits.forgetMs);
  const at = sql`${now.toISOString()}::timestamptz`;
  // The moment a stored pair or account may be tried again (meaningful once it has `limit` failures).
  const until = (limit: number) =>
    sql`(r.last_hit_at + least(power(2, least(r.hits - ${limit} + 1, 30)) * 1000, ${limits.maxWaitMs}::float8) * interval '1 millisecond')`;
  const pairUntil = until(limits.pairFailures);
  const fresh = sql`(r.last_hit_at + ${forget} <= ${at})`;
  const pairWaits = sql`(not ${fresh} and r.hits >= ${limits.pairFailures} and ${pairUntil} > ${at})`;
  const clientOpen = sql`(r.window_start + ${window} <= ${at})`;
  const { rows } = await sql<{ refused_until: string | null; pair_until: string | null; client_since: string | null }>`
    with client_now as (
      select r.window_start + ${window} as until from rate_limits r
      where r.key = ${clientKey} and r.window_start + ${window} > ${at} and r.hits >= ${limits.clientFailures}
    ),
    account_now as (
      select r.hits, case when r.hits >= ${limits.accountFailures} then ${until(limits.accountFailures)} end as until
      from rate_limits r where r.key = ${accountKey} and not ${fresh} and r.hits > 0
    ),
    refused as (
      select greatest(
        (select until from account_now where until > ${at}),
        (select until from client_now where exists (select 1 from account_now))
      ) as until
    ),
    pair as (
      insert into rate_limits as r (key, hits, window_start, last_hit_at, blocked_until, expires_at)
      select ${pairKey}, 1, ${at}, ${at}, null::timestamptz, ${at} + ${forget}
      where (select until from refused) is null
      on conflict (key) do update set
        hits = case when ${fresh} then 1 when ${pairWaits} then r.hits else r.hits + 1 end,
        window_start = case when ${fresh} then ${at} else r.window_start end,
        last_hit_at = case when ${pairWaits} then r.last_hit_at else ${at} end,
        blocked_until = case when ${pairWaits} then ${pairUntil} end,
        expires_at = case when ${pairWaits} then r.expires_at else ${at} + ${forget} end
      returning blocked_until
    ),
    account as (
      insert into rate_limits as r (key, hits, window_start, last_hit_at, blocked_until, expires_at)
      select ${accountKey}, 1, ${at}, ${at}, null::timestamptz, ${at} + ${forget}
      from pair where pair.blocked_until is null
      on conflict (key) do update set
        hits = case when ${fresh} then 1 else r.hits + 1 end,
        window_start = case when ${fresh} then ${at} else r.window_start end,
        last_hit_at = ${at},
        expires_at = ${at} + ${forget}
      returning 1 as counted
    ),
    client as (
      insert into rate_limits as r (key, hits, window_start, last_hit_at, blocked_until, expires_at)
      select ${clientKey}, 1, ${at}, ${at}, null::timestamptz, ${at} + ${window}
      from account
      on conflict (key) do update set
        hits = case when ${clientOpen} then 1 else r.hits + 1 end,
        window_start = case when ${clientOpen} then ${at} else r.window_start end,
        last_hit_at = ${at},
        expires_at = case when ${clientOpen} then ${at} else r.window_start end + ${window}
      returning window_start
    )
    select (select until from refused) as refused_until,
           (select blocked_until from pair) as pair_until,
           (select window_start from client) as client_since
  `.execute(db(em));
  const row = rows[0];
  const waitUntil = row.refused_until ?? row.pair_until;
  if (waitUntil !== null) return { waitMs: Math.max(1, new Date(waitUntil).getTime() - now.getTime()) };
  if (row.client_since === null) throw new Error('rate_limits: the sign-in try was neither refused nor counted');
  return { waitMs: 0, clientSince: new Date(row.client_since) };
}

/**
 * A counted try turned out not to be a failure (a success, or a refusal for another reason): forget
 * the pair's failures and take the try back from the account's and the address's counts (the
 * address's when its window is the same). Rows are locked pair, account, address, as in beginSignIn,
 * so the two never deadlock.
 */
export async function clearSignIn(em: EntityManager, email: string, ip: string, clientSince: Date): Promise<void> {
  await sql`
    with pair as (delete from rate_limits where key = ${`login:${email} ${ip}`} returning 1),
    account as (
      update rate_limits set hits = greatest(hits - 1, 0)
      where key = ${`login-account:${email}`} and (select count(*) from pair) >= 0
      returning 1
    )
    update rate_limits set hits = greatest(hits - 1, 0)
    where key = ${`login-from:${ip}`} and window_start = ${clientSince.toISOString()}::timestamptz
      and (select count(*) from account) >= 0
  `.execute(db(em));
}

/**
 * Count one try of `key` in fixed windows of `windowMs` (one upsert): within `limit` it goes on
 * (`waitMs` 0), past it `waitMs` says how long until the window ends.
 */
export async function countTry(
  em: EntityManager,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<{ waitMs: number }> {
  const window = ms(windowMs);
  const at = sql`${now.toISOString()}::timestamptz`;
  const open = sql`(r.window_start + ${window} <= ${at})`;
  const { rows } = await sql<{ hits: number; until: string }>`
    insert into rate_limits as r (key, hits, window_start, last_hit_at, blocked_until, expires_at)
    values (${key}, 1, ${at}, ${at}, null, ${at} + ${window})
    on conflict (key) do update set
      hits = case when ${open} then 1 else r.hits + 1 end,
      window_start = case when ${open} then ${at} else r.window_start end,
      last_hit_at = ${at},
      expires_at = case when ${open} then ${at} else r.window_start end + ${window}
    returning hits, expires_at as until
  `.execute(db(em));
  const { hits, until } = rows[0];
  return { waitMs: hits <= limit ? 0 : Math.max(1, new Date(until).getTime() - now.getTime()) };
}

export interface MailCaps {
  perAddress: number;
  perClient: number;
  windowMs: number;
}

/**
 * Count one account e-mail to `to` caused from `ip` (fixed windows of `windowMs`): the client's try
 * always counts, the address's only when the client is within its cap. True when both are within.
 */
export async function countAccountMail(
  em: EntityManager,
  caps: MailCaps,
  to: string,
  ip: string,
  now: Date,
): Promise<boolean> {
  const window = ms(caps.windowMs);
  const at = sql`${now.toISOString()}::timestamptz`;
  const open = sql`(r.window_start + ${window} <= ${at})`;
  const upsert = sql`
      on conflict (key) do update set
        hits = case when ${open} then 1 else r.hits + 1 end,
        window_start = case when ${open} then ${at} else r.window_start end,
        last_hit_at = ${at},
        expires_at = case when ${open} then ${at} else r.window_start end + ${window}
      returning hits`;
  const { rows } = await sql<{ from_hits: number; to_hits: number | null }>`
    with client as (
      insert into rate_limits as r (key, hits, window_start, last_hit_at, blocked_until, expires_at)
      values (${`mail-from:${ip}`}, 1, ${at}, ${at}, null, ${at} + ${window})
      ${upsert}
    ),
    address as (
      insert into rate_limits as r (key, hits, window_start, last_hit_at, blocked_until, expires_at)
      select ${`mail-to:${to}`}, 1, ${at}, ${at}, null::timestamptz, ${at} + ${window}
      from client where client.hits <= ${caps.perClient}
      ${upsert}
    )
    select (select hits from client) as from_hits, (select hits from address) as to_hits
  `.execute(db(em));
  const { from_hits, to_hits } = rows[0];
  return from_hits <= caps.perClient && to_hits !== null && to_hits <= caps.perAddress;
}

/** Delete the counters that no longer limit anything (the sweep job); returns how many. */
export async function sweepRateLimits(em: EntityManager, now: Date): Promise<number> {
  const result = await db(em).deleteFrom('rate_limits').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Count one request under `key` in fixed windows of `windowMs` (API keys' per-key limit). One upsert:
 * the row lock serializes concurrent requests of one key, so at most `limit` pass per window across
 * every process. Returns 0 when within the limit, else the milliseconds until the window reopens.
 */
export async function countRequest(
  em: EntityManager,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<number> {
  const window = ms(windowMs);
  const at = sql`${now.toISOString()}::timestamptz`;
  const open = sql`(r.window_start + ${window} <= ${at})`;
  const { rows } = await sql<{ hits: number; window_start: string }>`
    insert into rate_limits as r (key, hits, window_start, last_hit_at, blocked_until, expires_at)
    values (${key}, 1, ${at}, ${at}, null, ${at} + ${window})
    on conflict (key) do update set
      hits = case when ${open} then 1 else r.hits + 1 end,
      window_start = case when ${open} then ${at} else r.window_start end,
      last_hit_at = ${at},
      expires_at = case when ${open} then ${at} else r.window_start end + ${window}
    returning hits, window_start
  `.execute(db(em));
  const { hits, window_start } = rows[0];
  if (hits <= limit) return 0;
  return Math.max(1, new Date(window_start).getTime() + windowMs - now.getTime());
}
