// The workflow's jobs on a PostgreSQL-backed queue (pg-boss, in its own `pgboss` schema of the app's
// database), started by app.ts when JOBS is on; app.ts adds other contexts' housekeeping (`extraJobs`).
//
// With several app processes on one database: every process registers the same cron schedules
// (an upsert) and works every queue. pg-boss sends each schedule's job once per slot however many
// processes run it (a singleton key per minute slot), the queues are `stately` (at most one job
// waiting and one running), and a job is fetched by exactly one worker (`FOR UPDATE SKIP LOCKED`).
// The job functions are safe even if two ran at once (see task-jobs.ts). Stopping a process stops
// its worker gracefully; another process's worker takes the next minute's job.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { PgBoss } from 'pg-boss';
import { notifyOverdueActions } from '../corrective-actions/corrective-actions.refs.ts';
import { markMissedTasks, sendTaskReminders } from './task-jobs.ts';

export const MISSED_QUEUE = 'workflow-missed-tasks';
export const REMINDER_QUEUE = 'workflow-task-reminders';
/** Overdue corrective actions: each owner told once per action (every 15 minutes). */
export const OVERDUE_ACTIONS_QUEUE = 'workflow-overdue-actions';

/** A scheduled job of another context (e.g. sweeping expired rows), run like the workflow's own. */
export interface ScheduledJob {
  queue: string;
  /** A cron expression (UTC). */
  cron: string;
  run(em: EntityManager, now: Date): Promise<unknown>;
}

/** A queue of jobs sent on demand (not scheduled) by another context, e.g. an import to run. */
export interface OnDemandQueue {
  queue: string;
  run(data: { id: number }): Promise<unknown>;
}

export interface WorkflowJobsOptions {
  orm: MikroORM;
  /** The database the app uses (pg-boss opens its own small pool on it). */
  connectionString: string;
  /** Minutes before a visit starts that its inspector is reminded. */
  reminderMinutes: number;
  /** How often an idle worker looks for a job (seconds; pg-boss's default is 2). */
  pollingIntervalSeconds?: number;
  /** Where failures are reported. */
  onError: (error: unknown) => void;
  /** The job functions' clock (tests); the real time by default. */
  now?: () => Date;
  /** More scheduled jobs, same rules (stately queue, no retries: the next run is the retry). */
  extraJobs?: readonly ScheduledJob[];
  /** Queues of jobs sent on demand: one retry (a job whose process died is taken again). */
  onDemand?: readonly OnDemandQueue[];
}

export interface WorkflowJobs {
  boss: PgBoss;
  stop(): Promise<void>;
}

export async function startWorkflowJobs(options: WorkflowJobsOptions): Promise<WorkflowJobs> {
  const now = options.now ?? (() => new Date());
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: 'pgboss',
    max: 3,
    application_name: 'opsdesk-jobs',
  });
  boss.on('error', options.onError);
  await boss.start();
  for (const queue of [MISSED_QUEUE, REMINDER_QUEUE]) {
    // A sweep that fails is simply the next minute's; no retries pile up.
    await boss.createQueue(queue, { policy: 'stately', retryLimit: 0, expireInSeconds: 300, deleteAfterSeconds: 3600 });
    await boss.schedule(queue, '* * * * *');
  }
  await boss.createQueue(OVERDUE_ACTIONS_QUEUE, {
    policy: 'stately',
    retryLimit: 0,
    expireInSeconds: 300,
    deleteAfterSeconds: 3600,
  });
  await boss.schedule(OVERDUE_ACTIONS_QUEUE, '*/15 * * * *');
  for (const job of options.extraJobs ?? []) {
    await boss.createQueue(job.queue, {
      policy: 'stately',
      retryLimit: 0,
      expireInSeconds: 300,
      deleteAfterSeconds: 3600,
    });
    await boss.schedule(job.queue, job.cron);
  }
  for (const queue of options.onDemand ?? []) {
    await boss.createQueue(queue.queue, { retryLimit: 1, expireInSeconds: 900, deleteAfterSeconds: 86_400 });
  }
  const work = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  await boss.work(MISSED_QUEUE, work, async () => {
    await markMissedTasks(options.orm.em.fork(), now());
  });
  await boss.work(REMINDER_QUEUE, work, async () => {
    await sendTaskReminders(options.orm.em.fork(), now(), options.reminderMinutes);
  });
  await boss.work(OVERDUE_ACTIONS_QUEUE, work, async () => {
    await notifyOverdueActions(options.orm.em.fork(), now());
  });
  for (const job of options.extraJobs ?? []) {
    await boss.work(job.queue, work, async () => {
      await job.run(options.orm.em.fork(), now());
    });
  }
  for (const queue of options.onDemand ?? []) {
    await boss.work<{ id: number }>(queue.queue, { pollingIntervalSeconds: 1 }, async ([job]) => {
      if (job) await queue.run(job.data);
    });
  }
  return {
    boss,
    stop: () => boss.stop({ graceful: true, timeout: 5_000 }),
  };
}
