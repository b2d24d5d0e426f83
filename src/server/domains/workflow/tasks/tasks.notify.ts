// Who hears about a task's transitions, and what they read. Queued in the transition's transaction.
//   submitted → the team leader of the task's team (the team's reviewer), or, when the team has none
//               (or leads it and performed it), the customer's active analysts;
//   approved, rejected (with the reason), cancelled (with the reason) → the assigned inspector.
// Links point at the task's view page; a rejection's at its perform page, where the inspector reworks it.
import type { EntityManager } from '@mikro-orm/postgresql';
import { taskPerformPath, taskViewPath } from '../../../../shared/workflow/task-links.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import { teamRefs } from '../../organization/teams/teams.refs.ts';
import { activeUserIdsWithRole, userRefs } from '../../organization/users/users.refs.ts';
import { type NotificationInput, notice, sendNotifications } from '../../platform/notifications/notifications.refs.ts';
import { locationRefs } from '../../structure/locations/locations.refs.ts';
import { projectRefs } from '../projects/projects.refs.ts';
import type { Task } from './task.entity.ts';

/**
 * Names for notification texts: the project's code, the location's code and name, the inspector (the
 * assignee; for a task without one, whoever acted: a name in every language, never an English word).
 */
async function describe(
  tx: AuthedContext,
  task: Task,
): Promise<{ project: string; location: string; inspector: string }> {
  const em = tx.em;
  const [projects, locations, users] = await Promise.all([
    projectRefs(em, [task.project.id]),
    locationRefs(em, [task.location.id]),
    userRefs(em, task.assignee ? [task.assignee.id] : []),
  ]);
  const location = locations.get(task.location.id);
  return {
    project: projects.get(task.project.id)?.code ?? `#${task.project.id}`,
    location: location ? `${location.code} ${location.name}` : `#${task.location.id}`,
    inspector: (task.assignee && users.get(task.assignee.id)?.fullName) ?? tx.user.fullName,
  };
}

/** Who reviews a submitted task: its team's leader, else the customer's active analysts; never the inspector. */
async function reviewersOf(em: EntityManager, task: Task): Promise<number[]> {
  const inspector = task.assignee?.id ?? null;
  const leader = (await teamRefs(em, [task.team.id])).get(task.team.id)?.teamLeaderId ?? null;
  if (leader !== null && leader !== inspector) return [leader];
  return (await activeUserIdsWithRole(em, task.customer.id, ['analyst'])).filter((id) => id !== inspector);
}

/** Notify the task's inspector (unless they caused it). */
async function notifyInspector(tx: AuthedContext, task: Task, note: Omit<NotificationInput, 'userId'>): Promise<void> {
  const inspector = task.assignee?.id;
  if (inspector === undefined || inspector === tx.user.id) return;
  await sendNotifications(tx.em, [{ userId: inspector, ...note }]);
}

/** A submission, to its reviewers, with the score. */
export async function notifySubmitted(
  tx: AuthedContext,
  task: Task,
  result: { score: number | null; passed: boolean | null },
): Promise<void> {
  const names = await describe(tx, task);
  const key = result.score === null ? 'taskSubmitted' : result.passed ? 'taskSubmittedPassed' : 'taskSubmittedFailed';
  await sendNotifications(
    tx.em,
    (await reviewersOf(tx.em, task)).map((userId) => ({
      userId,
      kind: 'reviews',
      ...notice(key, { ...names, score: result.score ?? '' }),
      link: taskViewPath(task.id),
    })),
  );
}

/** A review, to the inspector: an approval with its comment, a rejection with its reason. */
export async function notifyReviewed(
  tx: AuthedContext,
  task: Task,
  decision: 'approved' | 'rejected',
  text: { reason: string | null; comment: string | null },
): Promise<void> {
  const names = await describe(tx, task);
  await notifyInspector(
    tx,
    task,
    decision === 'approved'
      ? {
          kind: 'reviews',
          ...(text.comment
            ? notice('taskApprovedComment', {
                who: tx.user.fullName,
                project: names.project,
                location: names.location,
                comment: text.comment,
              })
            : notice('taskApproved', { who: tx.user.fullName, project: names.project, location: names.location })),
          link: taskViewPath(task.id),
        }
      : {
          kind: 'reviews',
          ...notice('taskRejected', {
            who: tx.user.fullName,
            project: names.project,
            location: names.location,
            reason: text.reason ?? '',
          }),
          link: taskPerformPath(task.slot.id, task.assignment.id),
        },
  );
}

/** A cancellation, to the inspector, with the reason. */
export async function notifyCancelled(tx: AuthedContext, task: Task, reason: string): Promise<void> {
  const names = await describe(tx, task);
  await notifyInspector(tx, task, {
    kind: 'reviews',
    ...notice('taskCancelled', { who: tx.user.fullName, project: names.project, location: names.location, reason }),
    link: taskViewPath(task.id),
  });
}
