// buildApp(config, orm): registers every plugin in a fixed order. Used by main.ts and by tests
// (which call app.inject and never open a port). Edit to add a cross-cutting plugin.
import crypto from 'node:crypto';
import compress from '@fastify/compress';
import type { MikroORM } from '@mikro-orm/postgresql';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import { loginRateLimitPlugin, rateLimitSweep } from './domains/platform/auth/auth.rate-limit.ts';
import {
  forgotPassword,
  revokeInvitations,
  revokeUserSessions,
  sendInvitation,
} from './domains/platform/auth/auth.service.ts';
import { LAST_SEEN_EVERY_MS, type ResolvedSession } from './domains/platform/auth/session.resolve.ts';
import { createSessionCache, type SessionCache } from './domains/platform/auth/session-cache.ts';
import { executeImport } from './domains/platform/imports/imports.run.ts';
import { IMPORT_QUEUE } from './domains/platform/imports/imports.service.ts';
import { sweepIdempotency } from './domains/platform/integrations/api-keys.refs.ts';
import { startWebhookDelivery, type WebhookDelivery } from './domains/platform/integrations/webhooks.delivery.ts';
import { emailOwedNotifications, sendDigests } from './domains/platform/notifications/notifications.mail.ts';
import { type MailDelivery, startMailDelivery } from './domains/platform/outbox/outbox.delivery.ts';
import { createOutbox, type Outbox } from './domains/platform/outbox/outbox.service.ts';
import { createFileStorage } from './domains/workflow/files/storage/index.ts';
import { type OnDemandQueue, startWorkflowJobs, type WorkflowJobs } from './domains/workflow/jobs/job-queue.ts';
import type { AccountSessions, JobSender } from './lib/context.ts';
import type { FileStorage } from './lib/file-storage.ts';
import { createSignalHub, type SignalHub } from './lib/signals.ts';
import { clientPlugin } from './plugins/client.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { healthPlugin } from './plugins/health.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { pwaPlugin } from './plugins/pwa.ts';
import { securityPlugin } from './plugins/security.ts';
import { sessionPlugin } from './plugins/session.ts';
import { restPlugin } from './rest/plugin.ts';
import { v1Plugin } from './rest/v1/plugin.ts';
import { trpcPlugin } from './trpc/plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where services queue outgoing e-mail (see platform/outbox); reach it as `request.server.outbox`. */
    outbox: Outbox;
    /** Auth's sessions as organization's services act on them; the session plugin puts them in each context. */
    accounts: AccountSessions;
    /** Where uploaded files are kept (config.files); the session plugin puts it in each context. */
    fileStorage: FileStorage;
    /** Live signals between processes (chat, session changes): one LISTEN connection per app. */
    signals: SignalHub;
    /** Sessions this process resolved in the last minute, dropped when any process changes them. */
    sessionCache: SessionCache<ResolvedSession>;
    /** The job queue services send on-demand jobs to (imports); the session plugin puts it in each context. */
    jobs: JobSender;
  }
}

/** Request and reply fields never logged: credentials and session material. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'body.password',
];

/** The URL as logged: values of secret-looking query fields (also inside tRPC `input` JSON) replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  let query = url.slice(q + 1);
  try {
    query = decodeURIComponent(query);
  } catch {
    // keep it encoded
  }
  return `${url.slice(0, q)}?${query.replace(/("?(?:token|password|accessToken)"?\s*[:=]\s*"?)[^"&,}]*/gi, '$1[redacted]')}`;
}

export async function buildApp(
  config: AppConfig,
  orm: MikroORM,
  opts: { logger?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACT, censor: '[redacted]' },
            serializers: {
              req: (req: { method: string; url: string; host?: string; ip?: string }) => ({
                method: req.method,
                url: redactUrl(req.url),
                host: req.host,
                remoteAddress: req.ip,
              }),
            },
          },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // Only a configured reverse proxy may name the client (rate limits key on request.ip).
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
  });
  // While closing, ask keep-alive clients to hang up so in-flight work drains quickly.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });
  // Organization's users and teams end, refresh and invite through auth's sessions: composed here and
  // handed to services in their context (platform depends on organization, never the reverse).
  app.decorate('accounts', {
    revoke: revokeUserSessions,
    sendPasswordLink: async (em, email, link) => {
      await forgotPassword(em, { email }, link);
    },
    sendInvitation: (em, email, link, invitedBy) => sendInvitation(em, { email, invitedBy }, link),
    revokeInvitations,
  } satisfies AccountSessions);
  app.decorate('fileStorage', createFileStorage(config.files));
  // One dedicated LISTEN connection per process (opened by the first live subscriber, closed with the app).
  app.decorate(
    'signals',
    createSignalHub(orm.config.get('clientUrl') ?? '', (error) =>
      app.log.warn({ err: error }, 'live signals connection lost'),
    ),
  );
  app.decorate(
    'sessionCache',
    createSessionCache<ResolvedSession>(app.signals, { ttlMs: LAST_SEEN_EVERY_MS, max: 20_000 }),
  );
  // Before the server waits for open requests: ends live streams, so closing never waits on them.
  app.addHook('preClose', async () => {
    await app.signals.close();
  });
  // This app's outbox reports queued mail in its own log (production: recipient and kind only).
  app.decorate(
    'outbox',
    createOutbox((mail) =>
      app.log.info(
        config.env === 'production'
          ? { to: mail.to, kind: mail.kind }
          : { to: mail.to, kind: mail.kind, subject: mail.subject, body: mail.body },
        'email queued',
      ),
    ),
  );

  await app.register(errorsPlugin);
  // Responses over 1 KB (API JSON, CSV exports) go out brotli- or gzip-compressed when the client
  // accepts it; the client's assets are precompressed at build and sent as they are.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(securityPlugin, { config });
  await app.register(databasePlugin, { orm });
  await app.register(loginRateLimitPlugin, { config });
  await app.register(sessionPlugin, {
    publicUrl: config.publicUrl,
    allowPrivateWebhookTargets: config.webhooksAllowPrivateTargets,
    sso: config.sso,
    secretsKey: config.secretsKey,
  });
  await app.register(csrfPlugin);
  await app.register(healthPlugin);
  await app.register(metricsPlugin, { token: config.metricsToken });
  await app.register(trpcPlugin, { config });
  await app.register(restPlugin, { prefix: '/api', config });
  // The business API and its reference page (/api/v1, /api/docs): its own scope, not under /api's legacy gate.
  await app.register(v1Plugin, { config });
  // The installable app's root files (manifest, icons, service worker, offline shell), then the client.
  await app.register(pwaPlugin, { dist: config.clientDist });
  await app.register(clientPlugin, { dist: config.clientDist });
  // The workflow's scheduled jobs (missed visits, reminders) and the sweep of expired sign-in and mail
  // counters, on the PostgreSQL queue: started once the server listens (never delaying it) and stopped
  // when it closes. Every process may run them: each job runs once (see job-queue.ts). Off under NODE_ENV=test: the job tests start them themselves.
  // On-demand jobs (an import to run) act with the app's outbox, storage and PUBLIC_URL. On the queue
  // when this process runs jobs; otherwise (tests, JOBS=false) in this process, after the response.
  const onDemand: OnDemandQueue[] = [
    {
      queue: IMPORT_QUEUE,
      run: (data) =>
        executeImport(orm, data.id, {
          publicUrl: config.publicUrl,
          outbox: app.outbox,
          accounts: app.accounts,
          fileStorage: app.fileStorage,
          jobs: app.jobs,
        }),
    },
  ];
  let jobs: Promise<WorkflowJobs | null> | undefined;
  const running = new Set<Promise<unknown>>();
  app.decorate('jobs', {
    async send(queue, data) {
      const started = await jobs;
      if (started) {
        await started.boss.send(queue, data);
        return;
      }
      const worker = onDemand.find((q) => q.queue === queue);
      if (!worker) throw new Error(`no worker for queue ${queue}`);
      const run = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => worker.run(data))
        .catch((error: unknown) => app.log.error({ err: error, queue }, 'background job failed'))
        .finally(() => running.delete(run));
      running.add(run);
    },
  } satisfies JobSender);
  app.addHook('onClose', async () => {
    await Promise.all(running);
  });
  if (config.jobs) {
    app.addHook('onListen', async () => {
      jobs = startWorkflowJobs({
        orm,
        connectionString: orm.config.get('clientUrl'),
        reminderMinutes: config.reminderMinutes,
        extraJobs: [
          rateLimitSweep,
          { queue: 'integrations-idempotency-sweep', cron: '17 * * * *', run: sweepIdempotency },
        ],
        onDemand,
        onError: (error) => app.log.error({ err: error }, 'workflow job failed'),
      }).catch((error: unknown) => {
        app.log.error({ err: error }, 'workflow jobs did not start');
        return null;
      });
    });
    // Webhook deliveries: a job per endpoint on the PostgreSQL queue, on any process that runs jobs.
    let webhooks: Promise<WebhookDelivery | null> | undefined;
    app.addHook('onListen', async () => {
      webhooks = startWebhookDelivery({
        orm,
        connectionString: orm.config.get('clientUrl') ?? '',
        signals: app.signals,
        allowPrivate: config.webhooksAllowPrivateTargets,
        secretsKey: config.secretsKey,
        onError: (error) => app.log.error({ err: error }, 'webhook delivery failed'),
      }).catch((error: unknown) => {
        app.log.error({ err: error }, 'webhook delivery did not start');
        return null;
      });
    });
    app.addHook('onClose', async () => {
      await (await webhooks)?.stop();
      await (await jobs)?.stop();
    });
  }
  // E-mail leaves over SMTP when SMTP_URL is set: a job per e-mail, on any process that runs jobs.
  const mail = config.mail;
  if (config.jobs && mail) {
    let delivery: Promise<MailDelivery | null> | undefined;
    app.addHook('onListen', async () => {
      delivery = startMailDelivery({
        orm,
        connectionString: orm.config.get('clientUrl') ?? '',
        signals: app.signals,
        mail,
        publicUrl: config.publicUrl,
        beforeDispatch: (em) => emailOwedNotifications(em, config.publicUrl),
        // The digest goes at 07:00 in each user's time zone: looked for every 15 minutes (zones off the hour).
        scheduled: [
          { queue: 'mail-digest', cron: '*/15 * * * *', run: (em, now) => sendDigests(em, config.publicUrl, now) },
        ],
        onError: (error) => app.log.warn({ err: error }, 'e-mail delivery'),
      }).catch((error: unknown) => {
        app.log.error({ err: error }, 'e-mail delivery did not start');
        return null;
      });
    });
    app.addHook('onClose', async () => {
      await (await delivery)?.stop();
    });
  }
  return app;
}
