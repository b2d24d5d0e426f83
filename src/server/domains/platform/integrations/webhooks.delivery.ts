// Delivering webhook rows: every process runs a loop that claims endpoints with due deliveries (a lease
// in webhook_endpoints, taken with SKIP LOCKED, so one process delivers an endpoint at a time, in the
// order of its events) and sends their due rows one after another, each signed per Standard Webhooks.
// A failure is retried with growing delays (5 s, 30 s, 2 min, 5 min, 30 min, 1 h, 2 h, 5 h, 10 h,
// 10 h: 28 h in all); an endpoint failing for 3 days is disabled and its customer's admins told.
// A hanging receiver holds only its own lane (10 s per attempt), never another endpoint's.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { db } from '../../../db/kysely.ts';
import { activeUserIdsWithRole } from '../../organization/users/users.refs.ts';
import { notice, sendNotifications } from '../notifications/notifications.refs.ts';
import { postOnce } from './webhooks.target.ts';

/** Seconds to wait after the n-th failed attempt (the first retry within 30 s; at least 24 h in all). */
export const RETRY_DELAYS_S = [5, 30, 120, 300, 1800, 3600, 7200, 18000, 36000, 36000];
const DISABLE_AFTER_MS = 3 * 24 * 3600_000;
const LEASE_S = 60;
/** A lane gives its endpoint back after this long, so other processes share the work. */
const LANE_MS = 20_000;

export interface WebhookDeliveryOptions {
  orm: MikroORM;
  allowPrivate: boolean;
  /** How often an idle process looks for due deliveries. */
  intervalMs?: number;
  onError: (error: unknown) => void;
}

interface Lane {
  id: number;
  url: string;
  secret: string;
  customer_id: number;
}

async function claimLanes(em: EntityManager, limit: number): Promise<Lane[]> {
  const { rows } = await sql<Lane>`
    update webhook_endpoints e set lease_until = now() + ${`${LEASE_S} seconds`}::interval
    where e.id in (
      select x.id from webhook_endpoints x
      where x.enabled and (x.lease_until is null or x.lease_until < now())
        and exists (select 1 from webhook_deliveries d
                    where d.endpoint_id = x.id and d.status = 'pending' and d.next_attempt_at <= now())
      order by x.id limit ${limit} for update skip locked)
    returning e.id, e.url, e.secret, e.customer_id
  `.execute(db(em));
  return rows;
}

async function nextDue(em: EntityManager, endpointId: number) {
  return db(em)
    .selectFrom('webhook_deliveries')
    .select(['id', 'message_id', 'payload', 'attempts', 'created_at'])
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', new Date())
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

async function disableFailing(em: EntityManager, lane: Lane): Promise<void> {
  const { rows } = await sql<{ id: number }>`
    update webhook_endpoints set enabled = false, disabled_reason = 'failing', lease_until = null, updated_at = now()
    where id = ${lane.id} and enabled and failing_since < now() - ${`${DISABLE_AFTER_MS / 1000} seconds`}::interval
    returning id
  `.execute(db(em));
  if (!rows.length) return;
  const admins = await activeUserIdsWithRole(em, lane.customer_id, ['admin']);
  await sendNotifications(
    em,
    admins.map((userId) => ({
      userId,
      ...notice('webhookDisabled', { url: lane.url }),
      link: '/management/integrations',
    })),
  );
  await em.flush();
}

/** Send one delivery and record the attempt. */
async function attempt(em: EntityManager, lane: Lane, allowPrivate: boolean): Promise<boolean> {
  const due = await nextDue(em, lane.id);
  if (!due) return false;
  const sentAt = new Date();
  const signature = new Webhook(lane.secret).sign(due.message_id, sentAt, due.payload);
  const result = await postOnce(
    lane.url,
    due.payload,
    {
      'content-type': 'application/json',
      'user-agent': 'Opsdesk-Webhooks/1',
      'webhook-id': due.message_id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signature,
    },
    { allowPrivate },
  );
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const attempts = due.attempts + 1;
  const delay = RETRY_DELAYS_S[attempts - 1];
  await db(em)
    .updateTable('webhook_deliveries')
    .set({
      attempts,
      last_attempt_at: sentAt,
      last_response_status: result.status,
      last_response_body: result.body.slice(0, 1000),
      last_duration_ms: result.durationMs,
      status: ok ? 'delivered' : delay === undefined ? 'failed' : 'pending',
      delivered_at: ok ? new Date() : null,
      next_attempt_at: ok || delay === undefined ? null : new Date(Date.now() + delay * 1000),
    })
    .where('id', '=', due.id)
    .execute();
  await sql`
    update webhook_endpoints set failing_since = ${ok ? null : sql`coalesce(failing_since, now())`}
    where id = ${lane.id}
  `.execute(db(em));
  if (!ok) await disableFailing(em, lane);
  return true;
}

async function runLane(orm: MikroORM, lane: Lane, allowPrivate: boolean, stopping: () => boolean): Promise<void> {
  const em = orm.em.fork();
  const until = Date.now() + LANE_MS;
  try {
    while (!stopping() && Date.now() < until && (await attempt(em, lane, allowPrivate))) {
      // next due delivery of this endpoint, in order
    }
  } finally {
    await sql`update webhook_endpoints set lease_until = null where id = ${lane.id}`.execute(db(em));
  }
}

/** Start this process's delivery loop; `stop` waits for the attempts in flight (10 s at most each). */
export function startWebhookDelivery(options: WebhookDeliveryOptions): {
  stop(): Promise<void>;
  tick(): Promise<void>;
} {
  const lanes = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    if (stopped) return;
    const claimed = await claimLanes(options.orm.em.fork(), 20);
    for (const lane of claimed) {
      const running: Promise<void> = runLane(options.orm, lane, options.allowPrivate, () => stopped)
        .catch(options.onError)
        .finally(() => lanes.delete(running));
      lanes.add(running);
    }
  };
  const loop = () => {
    timer = setTimeout(() => {
      tick()
        .catch(options.onError)
        .finally(() => {
          if (!stopped) loop();
        });
    }, options.intervalMs ?? 1000);
  };
  loop();
  return {
    tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([...lanes]);
    },
  };
}
