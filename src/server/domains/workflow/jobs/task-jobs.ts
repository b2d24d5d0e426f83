// The workflow's scheduled jobs, as plain functions of (em, now) so tests run them with a fake clock;
// jobs.runner.ts runs them every minute through the PostgreSQL queue.
//
// Each is one `UPDATE … WHERE <still due> RETURNING` in a transaction: PostgreSQL locks every row it
// changes and re-checks the condition after waiting for a concurrent writer, so two runs at once
// (two app processes, a retried job) never change — or notify about — the same task twice.
// A notification about one visit links to it: a missed visit to its view page, a reminder to its
// perform page; a grouped one ("3 of your visits…") to the tasks list.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { taskPerformPath, taskViewPath } from '../../../../shared/workflow/task-links.ts';
import { db } from '../../../db/kysely.ts';
import { recordSystemAudits } from '../../../lib/audit/audit.ts';
import { teamRefs } from '../../organization/teams/teams.refs.ts';
import { queueWebhookEvents } from '../../platform/integrations/webhooks.refs.ts';
import { type NotificationInput, notice, sendNotifications } from '../../platform/notifications/notifications.refs.ts';
import { visitNamer } from '../slots/slots.refs.ts';
import { taskAsApiReturns } from '../tasks/tasks.refs.ts';

interface DueTask {
  id: number;
  customerId: number;
  projectId: number;
  slotId: number;
  assignmentId: number;
  locationId: number;
  teamId: number;
  assigneeId: number | null;
  startsAt: Date;
  endsAt: Date;
}

/** One notification per user: the visit itself when there is one, else how many. */
function perUser(
  tasksByUser: Map<number, DueTask[]>,
  one: (task: DueTask) => Omit<NotificationInput, 'userId'>,
  many: (n: number) => Omit<NotificationInput, 'userId'>,
): NotificationInput[] {
  return [...tasksByUser].map(([userId, tasks]) => ({
    userId,
    ...(tasks.length === 1 ? one(tasks[0]) : many(tasks.length)),
  }));
}

function groupBy(tasks: readonly DueTask[], key: (task: DueTask) => number | null | undefined): Map<number, DueTask[]> {
  const out = new Map<number, DueTask[]>();
  for (const task of tasks) {
    const k = key(task);
    if (k == null) continue;
    const list = out.get(k) ?? [];
    list.push(task);
    out.set(k, list);
  }
  return out;
}

type Row = {
  id: number;
  customer_id: number;
  project_id: number;
  slot_id: number;
  assignment_id: number;
  location_id: number;
  team_id: number;
  assignee_id: number | null;
  starts_at: Date | string;
  ends_at: Date | string;
};
const toTask = (r: Row): DueTask => ({
  id: r.id,
  customerId: r.customer_id,
  projectId: r.project_id,
  slotId: r.slot_id,
  assignmentId: r.assignment_id,
  locationId: r.location_id,
  teamId: r.team_id,
  assigneeId: r.assignee_id,
  startsAt: new Date(r.starts_at),
  endsAt: new Date(r.ends_at),
});
const RETURNED = [
  'id',
  'customer_id',
  'project_id',
  'slot_id',
  'assignment_id',
  'location_id',
  'team_id',
  'assignee_id',
  'starts_at',
  'ends_at',
] as const;

/**
 * Tasks still `scheduled` whose slot has ended become `missed` (version bumped), each with a system
 * audit event; the inspector and the team's floor manager are told, the customers' webhooks get
 * `task.missed`. Returns the tasks changed.
 */
export async function markMissedTasks(em: EntityManager, now: Date): Promise<number[]> {
  return em.fork().transactional(async (tx) => {
    // The partial index tasks_scheduled_ends_index answers `status = 'scheduled' and ends_at <= now`.
    const rows = await db(tx)
      .updateTable('tasks')
      .set({ status: 'missed', version: sql<number>`version + 1`, updated_at: now })
      .where('status', '=', 'scheduled')
      .where('ends_at', '<=', now)
      .returning(RETURNED)
      .execute();
    if (!rows.length) return [];
    const tasks = rows.map(toTask);
    await recordSystemAudits(
      tx,
      tasks.map((t) => ({
        action: 'missed',
        entityType: 'Task',
        entityId: t.id,
        customerId: t.customerId,
        changes: { status: { from: 'scheduled', to: 'missed' }, endsAt: t.endsAt },
      })),
      now,
    );
    const describe = await visitNamer(tx, tasks);
    const teams = await teamRefs(
      tx,
      tasks.map((t) => t.teamId),
    );
    const notifications = [
      ...perUser(
        groupBy(tasks, (t) => t.assigneeId),
        (t) => ({
          kind: 'missed',
          ...notice('visitMissed', describe(t)),
          link: taskViewPath(t.id),
        }),
        (n) => ({
          kind: 'missed',
          ...notice('visitsMissed', { count: n }),
          link: '/tasks',
        }),
      ),
      // Floor managers hear about their teams' missed visits (not twice when they were the inspector).
      ...perUser(
        groupBy(tasks, (t) => {
          const manager = teams.get(t.teamId)?.floorManagerId;
          return manager !== t.assigneeId ? manager : null;
        }),
        (t) => ({
          kind: 'missed',
          ...notice('teamVisitMissed', describe(t)),
          link: taskViewPath(t.id),
        }),
        (n) => ({
          kind: 'missed',
          ...notice('teamVisitsMissed', { count: n }),
          link: '/tasks',
        }),
      ),
    ];
    await sendNotifications(tx, notifications);
    // `task.missed` for the customers' webhooks, in the same transaction (the outbox).
    for (const [customerId, missed] of groupBy(tasks, (t) => t.customerId)) {
      await queueWebhookEvents(
        tx,
        customerId,
        'task.missed',
        missed.map((t) => () => taskAsApiReturns(tx, t.id)),
      );
    }
    return tasks.map((t) => t.id);
  });
}

/**
 * Tasks still `scheduled` with an inspector, starting within `leadMinutes` of `now`, get one reminder
 * (`reminder_sent_at` marks it; a moved visit or a new inspector clears it). Returns the tasks reminded.
 */
export async function sendTaskReminders(em: EntityManager, now: Date, leadMinutes: number): Promise<number[]> {
  return em.fork().transactional(async (tx) => {
    const until = new Date(now.getTime() + leadMinutes * 60_000);
    // The partial index tasks_reminder_due_index answers it (scheduled, not reminded, by start).
    const rows = await db(tx)
      .updateTable('tasks')
      .set({ reminder_sent_at: now })
      .where('status', '=', 'scheduled')
      .where('reminder_sent_at', 'is', null)
      .where('assignee_id', 'is not', null)
      .where('starts_at', '>', now)
      .where('starts_at', '<=', until)
      .returning(RETURNED)
      .execute();
    if (!rows.length) return [];
    const tasks = rows.map(toTask);
    const describe = await visitNamer(tx, tasks);
    await sendNotifications(
      tx,
      tasks.map((t) => ({
        userId: t.assigneeId!,
        kind: 'reminders',
        ...notice('visitReminder', describe(t)),
        link: taskPerformPath(t.slotId, t.assignmentId),
      })),
    );
    return tasks.map((t) => t.id);
  });
}
