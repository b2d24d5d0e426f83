// The API key behind a request to /api/v1, as the one identity door (plugins/session.ts) needs it.
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { API_KEY_PREFIX } from '../../../../shared/schemas/integrations.ts';
import { db } from '../../../db/kysely.ts';
import type { SessionUser } from '../../../lib/context.ts';
import { sha256 } from '../../../lib/password.ts';
import { ApiKey } from './integrations.entity.ts';

const LAST_USED_EVERY_MS = 60_000;

export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/**
 * The principal of a live key: its role in its customer, on behalf of its creator (who must still be
 * active, in a customer that is not suspended); null when unknown, revoked or expired. Read from the
 * database on every request, so a revoke holds at once on every process. Records the last use (to the
 * minute, or at once from a new address).
 */
export async function resolveApiKey(
  em: EntityManager,
  token: string,
  ip: string | undefined,
): Promise<SessionUser | null> {
  if (token.length > 200) return null;
  const now = new Date();
  const row = await db(em)
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.created_by_id')
    .innerJoin('customers as c', 'c.id', 'k.customer_id')
    .select([
      'k.id as key_id',
      'k.name',
      'k.role',
      'k.last_used_at',
      'k.last_used_ip',
      'u.id',
      'u.email',
      'u.language',
      'c.id as customer_id',
      'c.code as customer_code',
    ])
    .where('k.key_hash', '=', sha256(token))
    .where('k.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('k.expires_at', 'is', null), eb('k.expires_at', '>', now)]))
    .where('u.status', '=', 'active')
    .where('c.status', '!=', 'suspended')
    .executeTakeFirst();
  if (!row) return null;
  const address = ip?.slice(0, 64) ?? null;
  const stale = !row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() >= LAST_USED_EVERY_MS;
  if (stale || row.last_used_ip !== address) {
    await em.nativeUpdate(ApiKey, { id: row.key_id }, { lastUsedAt: now, lastUsedIp: address });
  }
  return {
    id: row.id,
    email: row.email,
    fullName: row.name,
    role: row.role as SessionUser['role'],
    customerId: row.customer_id,
    customerCode: row.customer_code,
    language: row.language,
    // A key acts by its role alone: team-scoped rules see none of the creator's teams.
    teamIds: [],
    sessionId: 0,
    apiKey: { id: row.key_id, name: row.name },
  };
}

/** Forget the first answers of idempotent POSTs older than a day (the sweep job). */
export async function sweepIdempotency(em: EntityManager, now: Date): Promise<number> {
  const result = await sql`delete from api_idempotency where expires_at <= ${now.toISOString()}::timestamptz`.execute(
    db(em),
  );
  return Number(result.numAffectedRows ?? 0);
}
