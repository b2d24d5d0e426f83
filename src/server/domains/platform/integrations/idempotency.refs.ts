// The first answers of POSTs sent with an `Idempotency-Key` (per API key, kept a day), for the business
// API's adapter (rest/v1). These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../../db/kysely.ts';

const KEEP_MS = 24 * 3600_000;

export type IdempotencyClaim =
  /** First time: go on, then `settle` (or `release` on a failure that may be retried). */
  | { kind: 'new' }
  /** Seen before with the same request: answer this again. */
  | { kind: 'replay'; status: number; body: unknown }
  /** The same key with another route or body. */
  | { kind: 'mismatch' }
  /** The first request with this key has not answered yet. */
  | { kind: 'inFlight' };

/** Claim `key` for this request (one INSERT: of two concurrent requests, one claims, the other waits its answer). */
export async function claimIdempotency(
  em: EntityManager,
  apiKeyId: number,
  key: string,
  route: string,
  requestHash: string,
): Promise<IdempotencyClaim> {
  const now = new Date();
  const inserted = await sql<{ ok: number }>`
    insert into api_idempotency (api_key_id, idempotency_key, route, request_hash, status, body, created_at, expires_at)
    values (${apiKeyId}, ${key}, ${route}, ${requestHash}, 0, 'null'::jsonb, ${now.toISOString()}::timestamptz,
            ${new Date(now.getTime() + KEEP_MS).toISOString()}::timestamptz)
    on conflict (api_key_id, idempotency_key) do nothing
    returning 1 as ok
  `.execute(db(em));
  if (inserted.rows.length) return { kind: 'new' };
  const row = await db(em)
    .selectFrom('api_idempotency')
    .select(['route', 'request_hash', 'status', 'body'])
    .where('api_key_id', '=', apiKeyId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!row) return { kind: 'inFlight' };
  if (row.route !== route || row.request_hash !== requestHash) return { kind: 'mismatch' };
  if (row.status === 0) return { kind: 'inFlight' };
  return { kind: 'replay', status: row.status, body: row.body };
}

/** Keep the answer of a claimed key. */
export async function settleIdempotency(
  em: EntityManager,
  apiKeyId: number,
  key: string,
  status: number,
  body: unknown,
): Promise<void> {
  await db(em)
    .updateTable('api_idempotency')
    .set({ status, body: JSON.stringify(body ?? null) })
    .where('api_key_id', '=', apiKeyId)
    .where('idempotency_key', '=', key)
    .execute();
}

/** Forget a claim whose request failed unexpectedly, so a retry acts. */
export async function releaseIdempotency(em: EntityManager, apiKeyId: number, key: string): Promise<void> {
  await db(em)
    .deleteFrom('api_idempotency')
    .where('api_key_id', '=', apiKeyId)
    .where('idempotency_key', '=', key)
    .where('status', '=', 0)
    .execute();
}
