// Webhook events as other domains raise them: one delivery row per subscribed endpoint, written in the
// transaction of the change (the outbox) and announced on commit, delivered by webhooks.delivery.ts's jobs. Nothing is written,
// and the record is not read, when no enabled endpoint of the customer listens to the event.
// These never authorize: callers have authorized already.
import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../../db/kysely.ts';

/** The channel new delivery rows are announced on, when their transaction commits (payload: endpoint ids). */
export const WEBHOOK_CHANNEL = 'opsdesk_webhooks';

/** Wake the delivery jobs of these endpoints once the caller's transaction commits (NOTIFY waits for it). */
export async function announceWebhooks(em: EntityManager, endpointIds: readonly number[]): Promise<void> {
  if (!endpointIds.length) return;
  await sql`select pg_notify(${WEBHOOK_CHANNEL}, ${[...new Set(endpointIds)].join(',')})`.execute(db(em));
}

/** A new delivery's stable `webhook-id` (every attempt of it sends the same). */
export function newMessageId(): string {
  return `msg_${crypto.randomUUID().replaceAll('-', '')}`;
}

/**
 * Queue event `type` for many records of one customer (a system job's batch): the endpoints are looked
 * up once, and each record is read only when someone listens.
 */
export async function queueWebhookEvents(
  em: EntityManager,
  customerId: number,
  type: string,
  reads: readonly (() => Promise<unknown>)[],
): Promise<void> {
  if (!reads.length || !(await listening(em, customerId, type)).length) return;
  for (const read of reads) await queueWebhookEvent(em, customerId, type, read);
}

async function listening(em: EntityManager, customerId: number, type: string): Promise<{ id: number }[]> {
  return db(em)
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('enabled', '=', true)
    .where(sql<boolean>`events @> ${JSON.stringify([type])}::jsonb`)
    .execute();
}

/**
 * Queue event `type` of `customerId` for every enabled endpoint subscribed to it; `read` gives the
 * record as the business API returns it, called once and only when someone listens, inside the
 * caller's transaction (after its changes are flushed). Answers what `read` gave (undefined when
 * nobody listens), so a caller that returns the same read model need not read it again.
 */
export async function queueWebhookEvent<T>(
  em: EntityManager,
  customerId: number,
  type: string,
  read: () => Promise<T>,
): Promise<T | undefined> {
  const endpoints = await listening(em, customerId, type);
  if (!endpoints.length) return undefined;
  await em.flush();
  const data = await read();
  const now = new Date();
  const payload = JSON.stringify({ type, timestamp: now.toISOString(), data });
  await db(em)
    .insertInto('webhook_deliveries')
    .values(
      endpoints.map((e) => ({
        created_at: now,
        customer_id: customerId,
        endpoint_id: e.id,
        message_id: newMessageId(),
        event_type: type,
        payload,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
      })),
    )
    .execute();
  await announceWebhooks(
    em,
    endpoints.map((e) => e.id),
  );
  return data;
}
