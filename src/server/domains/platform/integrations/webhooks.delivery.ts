// Delivering webhook rows on the PostgreSQL job queue (pg-boss): one job per endpoint at a time, so an
// endpoint gets its events in order and a hanging receiver holds only its own lane (10 s per attempt).
//
// How an endpoint's job is queued: a delivery row is committed with its change and announced by NOTIFY
// on commit (webhooks.refs.ts); every process running jobs LISTENs and upserts the endpoint's job, due
// now. The queue is `stately` by endpoint: at most one job waiting and one running per endpoint, across
// all processes, so several processes behind a proxy never send one endpoint's rows twice at once.
// A job sends the endpoint's due rows one after another, each signed per Standard Webhooks with the
// row's stable `webhook-id`; at its end it queues the endpoint's next job at its earliest retry.
// A sweep every minute upserts a job for every endpoint with due rows (an announcement no process
// heard, a job lost with its process).
//
// A failure is retried with growing delays (5 s, 30 s, 2 min, 5 min, 30 min, 1 h, 2 h, 5 h, 10 h,
// 10 h: 28 h in all); an endpoint failing for 3 days is disabled and its customer's admins told.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { PgBoss } from 'pg-boss';
import { Webhook } from 'standardwebhooks';
import { db } from '../../../db/kysely.ts';
import type { SignalHub } from '../../../lib/signals.ts';
import { activeUserIdsWithRole } from '../../organization/users/users.refs.ts';
import { notice, sendNotifications } from '../notifications/notifications.refs.ts';
import { WEBHOOK_CHANNEL } from './webhooks.refs.ts';
import { openWebhookSecret, sealReadableSecrets } from './webhooks.secret.ts';
import { postOnce } from './webhooks.target.ts';

export const WEBHOOK_QUEUE = 'integrations-webhooks';
export const WEBHOOK_SWEEP_QUEUE = 'integrations-webhooks-sweep';
/** Seconds to wait after the n-th failed attempt (the first retry within 30 s; at least 24 h in all). */
export const RETRY_DELAYS_S = [5, 30, 120, 300, 1800, 3600, 7200, 18000, 36000, 36000];
const DISABLE_AFTER_MS = 3 * 24 * 3600_000;
/** A job gives its endpoint back after this long (its next job follows at once), so lanes take turns. */
const LANE_MS = 20_000;

interface Lane {
  id: number;
  url: string;
  secret: string;
  customer_id: number;
  /** Since when every attempt has failed (null: the last one succeeded), as this job last wrote it. */
  failing_since: Date | string | null;
}

type Due = { id: number; message_id: string; payload: string; attempts: number };

/** The endpoint's due rows, oldest event first (a batch: the lane sends them one after another). */
async function dueRows(em: EntityManager, endpointId: number, limit: number): Promise<Due[]> {
  return db(em)
    .selectFrom('webhook_deliveries')
    .select(['id', 'message_id', 'payload', 'attempts'])
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', new Date())
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** When the endpoint's next pending row is due, or null when none is pending. */
async function earliestPending(em: EntityManager, endpointId: number): Promise<Date | null> {
  const row = await db(em)
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.min('next_attempt_at').as('due'))
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row?.due ? new Date(row.due) : null;
}

async function disableFailing(em: EntityManager, lane: Lane): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    update webhook_endpoints set enabled = false, disabled_reason = 'failing', updated_at = now()
    where id = ${lane.id} and enabled and failing_since < now() - ${`${DISABLE_AFTER_MS / 1000} seconds`}::interval
    returning id
  `.execute(db(em));
  if (!rows.length) return false;
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
  return true;
}

/** Send one delivery and record the attempt; false when the endpoint was just turned off for failing. */
async function attempt(em: EntityManager, lane: Lane, due: Due, allowPrivate: boolean): Promise<boolean> {
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
    // A redelivery asked meanwhile (attempts back to 0) is not overwritten.
    .where('attempts', '=', due.attempts)
    .execute();
  // The endpoint's failing streak: written only when it starts or ends.
  if (ok && lane.failing_since !== null) {
    await db(em).updateTable('webhook_endpoints').set({ failing_since: null }).where('id', '=', lane.id).execute();
    lane.failing_since = null;
  } else if (!ok && lane.failing_since === null) {
    await sql`update webhook_endpoints set failing_since = coalesce(failing_since, now()) where id = ${lane.id}`.execute(
      db(em),
    );
    lane.failing_since = sentAt;
  }
  return ok || !(await disableFailing(em, lane));
}

/**
 * Send endpoint `endpointId`'s due rows in order for up to 20 s (the job of its lane). Returns when its
 * next pending row is due (null: nothing pending, or the endpoint is off or gone).
 */
export async function deliverEndpoint(
  orm: MikroORM,
  endpointId: number,
  allowPrivate: boolean,
  secretsKey: Buffer | null = null,
): Promise<Date | null> {
  const em = orm.em.fork();
  const row = await db(em)
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'secret', 'customer_id', 'enabled', 'failing_since'])
    .where('id', '=', endpointId)
    .executeTakeFirst();
  if (!row?.enabled) return null;
  const lane: Lane = { ...row, secret: openWebhookSecret(secretsKey, row.secret) };
  const until = Date.now() + LANE_MS;
  let on = true;
  while (on && Date.now() < until) {
    const batch = await dueRows(em, endpointId, 100);
    for (const due of batch) {
      on = await attempt(em, lane, due, allowPrivate);
      if (!on || Date.now() >= until) break;
    }
    if (batch.length < 100) break;
  }
  if (!on) return null;
  const stillOn = await db(em)
    .selectFrom('webhook_endpoints')
    .select('enabled')
    .where('id', '=', endpointId)
    .executeTakeFirst();
  return stillOn?.enabled ? earliestPending(em, endpointId) : null;
}

/** Endpoints (enabled) with a row due now. */
async function dueEndpoints(em: EntityManager): Promise<number[]> {
  const rows = await db(em)
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select('d.endpoint_id')
    .distinct()
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at', '<=', new Date())
    .where('e.enabled', '=', true)
    .limit(10_000)
    .execute();
  return rows.map((r) => r.endpoint_id);
}

export interface WebhookDeliveryOptions {
  orm: MikroORM;
  /** The database the app uses (pg-boss opens its own small pool on it). */
  connectionString: string;
  /** The process's LISTEN connection: new rows are announced on it. */
  signals: SignalHub;
  allowPrivate: boolean;
  /** SECRETS_KEY, to read the signing secrets (and encrypt those still readable). */
  secretsKey?: Buffer | null;
  /** Jobs (endpoints) this process delivers at once. */
  concurrency?: number;
  /** Seconds between polls of an idle worker. */
  pollingIntervalSeconds?: number;
  onError: (error: unknown) => void;
}

export interface WebhookDelivery {
  boss: PgBoss;
  /** Queue a job, due now, for every endpoint with a row due (what a NOTIFY and the sweep do). */
  dispatch(): Promise<void>;
  stop(): Promise<void>;
}

/** Start delivering: the queue, its worker, the LISTEN that wakes endpoints with new rows, the sweep. */
export async function startWebhookDelivery(options: WebhookDeliveryOptions): Promise<WebhookDelivery> {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: 'pgboss',
    max: 3,
    application_name: 'opsdesk-webhooks',
  });
  boss.on('error', options.onError);
  await boss.start();
  // A lane's job lasts 20 s plus one last attempt (10 s); one that outlives 2 minutes died with its
  // process and is taken again (the rows it had not recorded go again, with their webhook-id).
  await boss.createQueue(WEBHOOK_QUEUE, {
    policy: 'stately',
    retryLimit: 5,
    retryDelay: 2,
    expireInSeconds: 120,
    deleteAfterSeconds: 3600,
  });
  await boss.createQueue(WEBHOOK_SWEEP_QUEUE, {
    policy: 'stately',
    retryLimit: 0,
    expireInSeconds: 300,
    deleteAfterSeconds: 3600,
  });
  await boss.schedule(WEBHOOK_SWEEP_QUEUE, '* * * * *');

  /** The endpoint's job, due at `at` (an earlier waiting job is pulled forward by `upsert`). */
  const wake = async (endpointId: number, at: Date | null): Promise<void> => {
    const key = String(endpointId);
    if (at === null || at.getTime() <= Date.now()) {
      await boss.upsert(WEBHOOK_QUEUE, { endpointId }, { singletonKey: key, startAfter: new Date() });
    } else {
      // A later retry never delays a job already waiting (stately keeps the waiting one).
      await boss.send(WEBHOOK_QUEUE, { endpointId }, { singletonKey: key, startAfter: at });
    }
  };
  const dispatch = async (): Promise<void> => {
    for (const id of await dueEndpoints(options.orm.em.fork())) await wake(id, null);
  };

  await boss.work<{ endpointId: number }>(
    WEBHOOK_QUEUE,
    {
      localConcurrency: options.concurrency ?? 10,
      batchSize: 1,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
    },
    async ([job]) => {
      const next = await deliverEndpoint(options.orm, job.data.endpointId, options.allowPrivate, options.secretsKey);
      if (next) await wake(job.data.endpointId, next);
    },
  );
  await boss.work(WEBHOOK_SWEEP_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
    await sealReadableSecrets(options.orm.em.fork(), options.secretsKey);
    await dispatch();
  });

  // New rows are announced on commit with their endpoints' ids: wake those at once, each endpoint once
  // per 20 ms however many of its rows a burst of changes announced.
  const announced = new Set<number>();
  let flushing: NodeJS.Timeout | null = null;
  const flush = async (): Promise<void> => {
    const ids = [...announced];
    announced.clear();
    try {
      for (const id of ids) await wake(id, null);
    } catch (error) {
      options.onError(error);
    } finally {
      flushing = announced.size ? setTimeout(() => void flush(), 20) : null;
    }
  };
  const unlisten = await options.signals.listen(WEBHOOK_CHANNEL, {
    onMessage(payload) {
      for (const id of payload.split(',').map(Number)) if (Number.isInteger(id)) announced.add(id);
      if (!flushing) flushing = setTimeout(() => void flush(), 20);
    },
    // Back after a loss: what was announced meanwhile is due now (not at the next sweep).
    onConnection(connected) {
      if (connected) dispatch().catch(options.onError);
    },
  });
  // What was due before this process listened.
  await dispatch();

  return {
    boss,
    dispatch,
    async stop() {
      unlisten();
      if (flushing) clearTimeout(flushing);
      await boss.stop({ graceful: true, timeout: 15_000 });
    },
  };
}
