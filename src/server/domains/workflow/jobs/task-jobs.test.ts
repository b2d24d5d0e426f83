// The scheduled jobs with a fake clock: a slot that ended unstarted makes its task `missed` in one run
// (audited, inspector and floor manager told), never twice, also when two runs or two queue workers
// race; reminders go once, a given time before the visit, and again after the visit moved.

import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { db } from '../../../db/kysely.ts';
import { AuditEvent } from '../../../lib/audit/audit-event.entity.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { type TextValues, textOf } from '../../platform/mail/mail.catalog.ts';
import {
  MISSED_QUEUE,
  OVERDUE_ACTIONS_QUEUE,
  REMINDER_QUEUE,
  startWorkflowJobs,
  type WorkflowJobs,
} from './job-queue.ts';
import { markMissedTasks, sendTaskReminders } from './task-jobs.ts';

const t = await setupTestApp();
const admin = await t.caller('admin@demo.com');
const k = () => db(t.orm.em.fork());
const em = () => t.orm.em.fork();

const scheme = (await admin.schemes.list({ view: 'latestPublished' })).items[0];
const lyon = (await admin.teams.list({ q: 'Lyon' })).items[0].id;
const qc = (await admin.users.list({ q: 'qualitycontrol@demo.com' })).items[0].id;
const floorManager = (await admin.users.list({ q: 'floormanager@demo.com' })).items[0].id;
const locations = (await admin.locations.list({ itemsPerPage: 20 })).items;
let counter = 0;

// The seed's own visits (around the seeding day) have all ended by 2031: settle them first, so each
// run below sees only the tasks its test plans.
await markMissedTasks(em(), new Date('2030-12-31T00:00:00Z'));

/** A project in 2031 with one assignment per location given, inspector qc (or none). */
async function planned(locationCount = 1, assigneeId: number | null = qc) {
  const project = await admin.projects.create({
    code: `JOB-${++counter}`,
    name: 'Jobs',
    schemeId: scheme.id,
    startDate: '2031-01-01',
    endDate: '2031-12-31',
  });
  const assignments = [];
  for (const location of locations.slice(counter * 2, counter * 2 + locationCount)) {
    assignments.push(
      await admin.assignments.create({
        projectId: project.id,
        locationId: location.id,
        teamId: lyon,
        assigneeId,
        plannedVisits: 0,
      }),
    );
  }
  return { project, assignments };
}

const slot = (assignmentId: number, startsAt: string, minutes = 60) =>
  admin.slots.create({
    assignmentId,
    startsAt: new Date(startsAt),
    endsAt: new Date(new Date(startsAt).getTime() + minutes * 60_000),
  });

const statusOf = async (taskId: number) =>
  await k().selectFrom('tasks').select(['status', 'version']).where('id', '=', taskId).executeTakeFirstOrThrow();
const notes = (userId: number, title: string) =>
  k()
    .selectFrom('notifications')
    .select(['body', 'link', 'message_values'])
    .where('user_id', '=', userId)
    .where('title', '=', title)
    .execute();
/** ICU's narrow no-break spaces read as plain ones. */
const plain = (text: string) => text.replace(/\s/g, ' ');
const PARIS_NINE = 'Mar 4, 2031, 9:00 AM (Europe/Paris)';
const missedEvents = (taskIds: number[]) =>
  em().find(AuditEvent, { entityType: 'Task', action: 'missed', entityId: { $in: taskIds } });

describe('missed visits', () => {
  it('turns a scheduled task whose slot ended into missed within one run, once, and tells who is concerned', async () => {
    const { assignments } = await planned();
    const ended = await slot(assignments[0].id, '2031-03-04T08:00:00Z');
    const later = await slot(assignments[0].id, '2031-03-05T08:00:00Z');
    const now = new Date('2031-03-04T09:00:00Z'); // the first slot ends exactly now
    expect(await markMissedTasks(em(), new Date('2031-03-04T08:59:59Z'))).toEqual([]);
    expect(await markMissedTasks(em(), now)).toEqual([ended.taskId]);
    expect(await statusOf(ended.taskId)).toEqual({ status: 'missed', version: 2 });
    expect(await statusOf(later.taskId)).toEqual({ status: 'scheduled', version: 1 });
    expect(await markMissedTasks(em(), now)).toEqual([]);
    const events = await missedEvents([ended.taskId]);
    expect(events.map((e) => [e.actorEmail, e.changes.status])).toEqual([
      ['system', { from: 'scheduled', to: 'missed' }],
    ]);
    // The visit's time on its location's clock (Paris, UTC+1 in March), the zone named for a reader whose
    // clock is not known; a French reader reads it in French.
    const missed = (await notes(qc, 'Visit missed')).filter((n) => plain(n.body).includes(PARIS_NINE));
    expect(missed.map((n) => n.link)).toEqual([`/tasks/viewTask/${ended.taskId}`]);
    expect(plain(textOf('visitMissed', 'fr', missed[0].message_values as TextValues).body)).toContain(
      '4 mars 2031, 09:00 (Europe/Paris)',
    );
    expect(plain(textOf('visitMissed', 'en', missed[0].message_values as TextValues, 'Europe/Paris').body)).toContain(
      'on Mar 4, 2031, 9:00 AM ended',
    );
    expect(
      (await notes(floorManager, 'Visit missed in your team'))
        .filter((n) => plain(n.body).includes(PARIS_NINE))
        .map((n) => n.link),
    ).toEqual([`/tasks/viewTask/${ended.taskId}`]);
    // Only scheduled tasks: one already started is left alone.
    await k().updateTable('tasks').set({ status: 'in_progress' }).where('id', '=', later.taskId).execute();
    expect(await markMissedTasks(em(), new Date('2031-03-06T00:00:00Z'))).toEqual([]);
  });

  it('never transitions or audits a task twice when two runs race', async () => {
    const { assignments } = await planned(3);
    const taskIds: number[] = [];
    for (const a of assignments)
      for (const day of ['10', '11', '12', '13', '14'])
        taskIds.push((await slot(a.id, `2031-04-${day}T08:00:00Z`)).taskId);
    const now = new Date('2031-04-20T00:00:00Z');
    const [first, second] = await Promise.all([markMissedTasks(em(), now), markMissedTasks(em(), now)]);
    expect([...first, ...second].sort((a, b) => a - b)).toEqual([...taskIds].sort((a, b) => a - b));
    expect(first.filter((id) => second.includes(id))).toEqual([]);
    expect(await missedEvents(taskIds)).toHaveLength(taskIds.length);
    const versions = await k().selectFrom('tasks').select('version').where('id', 'in', taskIds).execute();
    expect(versions.every((v) => v.version === 2)).toBe(true);
  });
});

describe('reminders', () => {
  it('reminds the inspector once, the configured time before the visit, and again after the visit moved', async () => {
    const { assignments } = await planned();
    const soon = await slot(assignments[0].id, '2031-05-10T09:30:00Z');
    const afterLead = await slot(assignments[0].id, '2031-05-10T10:30:00Z');
    const { assignments: unassigned } = await planned(1, null);
    await slot(unassigned[0].id, '2031-05-10T09:15:00Z');
    const now = new Date('2031-05-10T09:00:00Z');
    expect(await sendTaskReminders(em(), now, 60)).toEqual([soon.taskId]);
    expect(await sendTaskReminders(em(), now, 60)).toEqual([]);
    // The reminder opens the visit's perform page.
    expect(
      (await notes(qc, 'Visit coming up'))
        .filter((n) => plain(n.body).includes('May 10, 2031, 11:30 AM (Europe/Paris)'))
        .map((n) => n.link),
    ).toEqual([`/tasks/perform_task/${soon.id}/${assignments[0].id}`]);
    // The reminder does not bump the task's version (no one's edit is made stale by it).
    expect((await statusOf(soon.taskId)).version).toBe(1);
    await admin.slots.update({
      id: soon.id,
      startsAt: new Date('2031-05-10T09:45:00Z'),
      endsAt: new Date('2031-05-10T10:45:00Z'),
    });
    expect(await sendTaskReminders(em(), now, 60)).toEqual([soon.taskId]);
    expect(await sendTaskReminders(em(), new Date('2031-05-10T09:31:00Z'), 60)).toEqual([afterLead.taskId]);
  });
});

describe('the job queue (pg-boss)', () => {
  const runners: WorkflowJobs[] = [];
  afterAll(async () => {
    for (const r of runners) await r.stop();
  });

  it('is started by the app once it listens (JOBS on), with the sweep of expired rate-limit counters, and stopped when the app closes', async () => {
    const app = await buildApp(
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent', JOBS: 'true' }),
      t.orm,
      { logger: false },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const scheduled = async () => {
      const found = await sql<{
        n: number;
      }>`select count(*)::int as n from pgboss.schedule where name in (${MISSED_QUEUE}, ${REMINDER_QUEUE}, ${'platform-rate-limit-sweep'})`
        .execute(k())
        .catch(() => ({ rows: [{ n: 0 }] }));
      return found.rows[0].n;
    };
    const deadline = Date.now() + 30_000;
    while ((await scheduled()) < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await scheduled()).toBe(3);
    await app.close();
  });

  it('schedules the task jobs every minute and the overdue actions every 15 minutes; with two workers on one database, runs each job once', async () => {
    const { assignments } = await planned(2);
    const taskIds: number[] = [];
    for (const a of assignments)
      for (const day of ['02', '03', '04']) taskIds.push((await slot(a.id, `2031-06-${day}T08:00:00Z`)).taskId);
    const clock = () => new Date('2031-06-10T00:00:00Z');
    const errors: unknown[] = [];
    for (let i = 0; i < 2; i++) {
      runners.push(
        await startWorkflowJobs({
          orm: t.orm,
          connectionString: t.databaseUrl,
          reminderMinutes: 60,
          pollingIntervalSeconds: 0.5,
          onError: (e) => errors.push(e),
          now: clock,
        }),
      );
    }
    const schedules = (await runners[0].boss.getSchedules()).filter((s) => s.name.startsWith('workflow-'));
    expect(schedules.map((s) => [s.name, s.cron]).sort()).toEqual([
      [MISSED_QUEUE, '* * * * *'],
      [OVERDUE_ACTIONS_QUEUE, '*/15 * * * *'],
      [REMINDER_QUEUE, '* * * * *'],
    ]);
    // Jobs sent from both processes (as the minute's schedule would); each runs on one worker.
    await Promise.all([runners[0].boss.send(MISSED_QUEUE), runners[1].boss.send(MISSED_QUEUE)]);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const left = await k()
        .selectFrom('tasks')
        .select('id')
        .where('id', 'in', taskIds)
        .where('status', '=', 'scheduled')
        .execute();
      if (!left.length) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const statuses = await k().selectFrom('tasks').select('status').where('id', 'in', taskIds).execute();
    expect(statuses.map((s) => s.status)).toEqual(Array(taskIds.length).fill('missed'));
    expect(await missedEvents(taskIds)).toHaveLength(taskIds.length);
    expect(errors).toEqual([]);
  });
});
