// Delivery of the outbox over SMTP (SMTP_URL): one pg-boss job per e-mail, retried with backoff while the
// server cannot be reached or answers 4xx; a 5xx refusal is final (failed, with the server's answer).
//
// How a job finds its e-mail: the row is committed with what caused it and announced by NOTIFY on commit
// (outbox.refs.ts); this process LISTENs and enqueues a job for each new row at once. A sweep every
// minute enqueues whatever is still queued and not being tried (an announcement missed while no process
// listened, a job that ran out of retries), until the e-mail is a day old: then it is failed.
//
// Once only: a job first claims its row (`queued` → `sending`, one conditional UPDATE: of two jobs for
// one e-mail one wins), and marks it `sent` as soon as the server accepted it; a retried or duplicate
// job finds it `sent` and does nothing. The Message-ID is fixed per row, so even the one unlucky case
// (the process dies between the server's acceptance and that UPDATE; the claim lapses after 10 minutes
// and the e-mail goes again) reaches the reader's client as one message.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import nodemailer, { type SendMailOptions, type SMTPPoolOptions } from 'nodemailer';
import { type JobResult, PgBoss } from 'pg-boss';
import type { MailConfig } from '../../../config.ts';
import { db } from '../../../db/kysely.ts';
import type { SignalHub } from '../../../lib/signals.ts';
import { MAIL_CHANNEL } from './outbox.refs.ts';

export const MAIL_QUEUE = 'mail-deliver';
const SWEEP_QUEUE = 'mail-sweep';
/** An e-mail not handed over within a day is given up (a reset link in it expired long ago). */
const GIVE_UP_HOURS = 24;
/** A claim older than this was lost with its worker (a hand-off takes seconds). */
const CLAIM_LAPSES_MINUTES = 10;

/** What the transport needs of an e-mail; `sendMail` answers with the server's reply or throws. */
export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<{ response?: string; messageId?: string }>;
  close(): void;
}

/**
 * The SMTP transport of SMTP_URL: pooled connections, STARTTLS when offered, or TLS from the start
 * (smtps); at most `ratePerSecond` e-mails a second (nodemailer's pool pauses its connections once the
 * second's share is sent), so a burst of e-mails never takes the process's time from its requests and
 * stays under a provider's sending limit.
 */
export function smtpTransport(mail: MailConfig): MailTransport {
  const url = new URL(mail.smtpUrl);
  const secure = url.protocol === 'smtps:';
  const options: SMTPPoolOptions = {
    pool: true,
    // A fresh connection's first e-mail is not counted against the rate: never more connections than it.
    maxConnections: Math.min(5, mail.ratePerSecond ?? 5),
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(mail.ratePerSecond ? { rateDelta: 1000, rateLimit: mail.ratePerSecond } : {}),
  };
  return nodemailer.createTransport({ ...options, pool: true });
}

/** `<outbox.<id>.<created ms>@<PUBLIC_URL host>>`: the same for every attempt at one e-mail. */
export function messageIdOf(row: { id: number; created_at: Date | string }, publicUrl: string): string {
  const created = new Date(row.created_at).getTime();
  return `<outbox.${row.id}.${created.toString(36)}@${new URL(publicUrl).hostname}>`;
}

/** The SMTP reply code of a failed hand-off, when the server gave one. */
function replyCode(error: unknown): number | undefined {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' ? code : undefined;
}

/** What the server said (or what went wrong on the way), one line. */
function reasonOf(error: unknown): string {
  const response = (error as { response?: unknown } | null)?.response;
  const text =
    typeof response === 'string' && response ? response : error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 1000);
}

export interface DeliveryDeps {
  orm: MikroORM;
  transport: MailTransport;
  mail: MailConfig;
  publicUrl: string;
  /** Attachments of one e-mail (e.g. an invoice's PDF), read at hand-off time. */
  attachmentsOf?: (row: {
    id: number;
    kind: string;
    customer_id: number | null;
  }) => Promise<SendMailOptions['attachments']>;
}

export type DeliveryOutcome = 'sent' | 'failed' | 'skipped';

/**
 * Hand e-mail `id` to the SMTP server once: `skipped` when it is not (or no longer) queued, `sent`, or
 * `failed` for a permanent refusal (5xx). Throws for a temporary failure (the job is retried).
 */
export async function deliverEmail(deps: DeliveryDeps, id: number): Promise<DeliveryOutcome> {
  const em = deps.orm.em.fork();
  // 1. claim: queued (or a lapsed claim) → sending; a concurrent job finds nothing to claim
  const row = await db(em)
    .updateTable('outbox_emails')
    .set({
      status: 'sending',
      attempts: sql<number>`attempts + 1`,
      claimed_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([
          eb('status', '=', 'sending'),
          eb('claimed_at', '<', sql<Date>`now() - make_interval(mins => ${CLAIM_LAPSES_MINUTES})`),
        ]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
  if (!row) return 'skipped';
  const messageId = row.message_id ?? messageIdOf(row, deps.publicUrl);
  // 2. hand over
  try {
    const stored: NonNullable<SendMailOptions['attachments']> =
      row.attachment && row.attachment_name
        ? [{ filename: row.attachment_name, content: Buffer.from(row.attachment as Uint8Array) }]
        : [];
    const attachments = [...stored, ...((deps.attachmentsOf ? await deps.attachmentsOf(row) : undefined) ?? [])];
    await deps.transport.sendMail({
      from: deps.mail.from,
      replyTo: deps.mail.replyTo,
      to: row.to,
      subject: row.subject,
      text: row.body,
      html: row.html ?? undefined,
      messageId,
      attachments: attachments.length ? attachments : undefined,
      // RFC 2369 / 8058: a mail client's own "unsubscribe" button posts here, without signing in.
      list: row.list_unsubscribe ? { unsubscribe: row.list_unsubscribe } : undefined,
      headers: {
        'Content-Language': row.language,
        ...(row.list_unsubscribe && { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }),
      },
    });
    // 3. sent: nothing sends it again
    await db(em)
      .updateTable('outbox_emails')
      .set({
        status: 'sent',
        sent_at: sql<Date>`now()`,
        last_error: null,
        message_id: messageId,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
    return 'sent';
  } catch (error) {
    const code = replyCode(error);
    const permanent = code !== undefined && code >= 500 && code < 600;
    await db(em)
      .updateTable('outbox_emails')
      .set({
        status: permanent ? 'failed' : 'queued',
        last_error: reasonOf(error),
        message_id: messageId,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
    if (permanent) return 'failed';
    throw error;
  }
}

/**
 * Enqueue a delivery job for queued e-mail: every new one (`fresh`: never tried), or every one no job
 * is trying (its last try over two minutes ago). E-mail a day old is failed instead.
 */
export async function enqueueQueued(boss: PgBoss, orm: MikroORM, fresh: boolean): Promise<number> {
  const em = orm.em.fork();
  await db(em)
    .updateTable('outbox_emails')
    .set({
      status: 'failed',
      last_error: sql<string>`coalesce(last_error || ' — ', '') || ${`not handed to the SMTP server within ${GIVE_UP_HOURS} hours`}`,
      updated_at: sql<Date>`now()`,
    })
    .where('status', '=', 'queued')
    .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${GIVE_UP_HOURS})`)
    .execute();
  const rows = await db(em)
    .selectFrom('outbox_emails')
    .select('id')
    .where('status', '=', 'queued')
    .where((eb) =>
      fresh
        ? eb('attempts', '=', 0)
        : eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', sql<Date>`now() - interval '2 minutes'`)]),
    )
    .orderBy('id')
    .limit(10_000)
    .execute();
  if (!rows.length) return 0;
  // One waiting job per e-mail at most (a stately queue keyed by the e-mail's id).
  await boss.insert(
    MAIL_QUEUE,
    rows.map((r) => ({ data: { id: r.id }, singletonKey: String(r.id) })),
  );
  return rows.length;
}

export interface MailDelivery {
  boss: PgBoss;
  /** Enqueue new e-mail now (what a NOTIFY triggers). */
  dispatch(): Promise<void>;
  stop(): Promise<void>;
}

export interface MailDeliveryOptions extends Omit<DeliveryDeps, 'transport'> {
  connectionString: string;
  /** The process's LISTEN connection: new e-mail is announced on it. */
  signals: SignalHub;
  /** The transport (tests pass one; by default SMTP_URL's). */
  transport?: MailTransport;
  /** Jobs handed over at once by this process. */
  concurrency?: number;
  /** Seconds between polls of an idle worker. */
  pollingIntervalSeconds?: number;
  onError: (error: unknown) => void;
  /** Run before new e-mail is enqueued (writes e-mail owed by other domains, e.g. notifications). */
  beforeDispatch?: (em: EntityManager) => Promise<unknown>;
  /** Scheduled work that writes e-mail (the daily digest), on this queue's boss: cron in UTC. */
  scheduled?: readonly { queue: string; cron: string; run(em: EntityManager, now: Date): Promise<unknown> }[];
}

/** Start delivering: the queue, its worker, the LISTEN that enqueues new e-mail, the sweep. */
export async function startMailDelivery(options: MailDeliveryOptions): Promise<MailDelivery> {
  const transport = options.transport ?? smtpTransport(options.mail);
  const deps: DeliveryDeps = { ...options, transport };
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: 'pgboss',
    max: 4,
    application_name: 'opsdesk-mail',
  });
  boss.on('error', options.onError);
  await boss.start();
  // Retries every 5 s doubling to at most 60 s: a server back after an outage gets its mail within a minute.
  await boss.createQueue(MAIL_QUEUE, {
    policy: 'stately',
    retryLimit: 30,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 60,
    expireInSeconds: 120,
    deleteAfterSeconds: 24 * 3600,
  });
  await boss.createQueue(SWEEP_QUEUE, {
    policy: 'stately',
    retryLimit: 0,
    expireInSeconds: 300,
    deleteAfterSeconds: 3600,
  });
  await boss.schedule(SWEEP_QUEUE, '* * * * *');
  const polling = options.pollingIntervalSeconds ?? 1;
  // Batches of 5 per worker, each e-mail's outcome its own (one temporary failure retries that job only);
  // while batches come back full the workers fetch again at once instead of waiting for the next poll,
  // so a burst (a thousand e-mails) is not held to a batch per poll interval.
  const concurrency = options.concurrency ?? 10;
  const batchSize = Math.min(5, concurrency);
  await boss.work<{ id: number }>(
    MAIL_QUEUE,
    {
      localConcurrency: Math.max(1, Math.round(concurrency / batchSize)),
      batchSize,
      burstWhenBatchFull: true,
      perJobResults: true,
      pollingIntervalSeconds: polling,
    },
    async (jobs) =>
      Promise.all(
        jobs.map(async (job): Promise<JobResult> => {
          try {
            await deliverEmail(deps, job.data.id);
            return { id: job.id, status: 'completed' };
          } catch (error) {
            return { id: job.id, status: 'failed', output: { message: reasonOf(error) } };
          }
        }),
      ),
  );
  await boss.work(SWEEP_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
    if (options.beforeDispatch) await options.beforeDispatch(options.orm.em.fork());
    await enqueueQueued(boss, options.orm, false);
  });
  for (const job of options.scheduled ?? []) {
    await boss.createQueue(job.queue, {
      policy: 'stately',
      retryLimit: 0,
      expireInSeconds: 300,
      deleteAfterSeconds: 3600,
    });
    await boss.schedule(job.queue, job.cron);
    await boss.work(job.queue, { pollingIntervalSeconds: 2 }, async () => {
      await job.run(options.orm.em.fork(), new Date());
      await enqueueQueued(boss, options.orm, true);
    });
  }

  // New e-mail is announced on commit: enqueue it at once (announcements close together, in one go).
  let pending: Promise<void> | null = null;
  let again = false;
  const dispatch = async (): Promise<void> => {
    if (pending) {
      again = true;
      return pending;
    }
    pending = (async () => {
      do {
        again = false;
        if (options.beforeDispatch) await options.beforeDispatch(options.orm.em.fork()).catch(options.onError);
        await enqueueQueued(boss, options.orm, true).catch(options.onError);
      } while (again);
    })().finally(() => {
      pending = null;
    });
    return pending;
  };
  const unlisten = await options.signals.listen(MAIL_CHANNEL, {
    onMessage: () => void dispatch(),
    // Back after a loss: what was announced meanwhile is enqueued now (not at the next sweep).
    onConnection(connected) {
      if (connected) void dispatch();
    },
  });
  // What was queued before this process listened.
  await dispatch();

  return {
    boss,
    dispatch,
    async stop() {
      unlisten();
      await boss.stop({ graceful: true, timeout: 10_000 });
      transport.close();
    },
  };
}
