// Webhook events as other domains raise them: one delivery row per subscribed endpoint, written in the
// transaction of the change (the outbox), delivered later by webhooks.delivery.ts. Nothing is written,
// and the record is not read, when no enabled endpoint of the customer listens to the event.
// These never authorize: callers have authorized already.
import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../../db/kysely.ts';

/** A new delivery's stable `webhook-id` (every attempt of it sends the same). */
export function newMessageId(): string {
  return `msg_${crypto.randomUUID().replaceAll('-', '')}`;
}

/**
 * Queue event `type` of `customerId` for every enabled endpoint subscribed to it; `read` gives the
 * record as the business API returns it, called once and only when someone listens, inside the
 * caller's transaction (after its changes are flushed).
 */
export async function queueWebhookEvent(
  em: EntityManager,
  customerId: number,
  type: string,
  read: () => Promise<unknown>,
): Promise<void> {
  const endpoints = await db(em)
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('enabled', '=', true)
    .where(sql<boolean>`events @> ${JSON.stringify([type])}::jsonb`)
    .execute();
  if (!endpoints.length) return;
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
}
