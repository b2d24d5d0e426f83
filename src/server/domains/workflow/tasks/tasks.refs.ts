// Tasks as the planning domains (projects, assignments) count them: per project and status, and those begun;
// and as a person's profile counts them (those they completed).
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TTaskStatus } from '../../../../shared/workflow/statuses.ts';
import { db } from '../../../db/kysely.ts';
import { taskDetailUnscoped } from './tasks.listing.ts';

/** Tasks of the projects per status: how many, how many passed, and the sum and count of their scores. */
export interface TaskStatusCount {
  projectId: number;
  status: TTaskStatus;
  n: number;
  passed: number;
  scoreSum: number | null;
  scored: number;
}

/** One grouped read of the projects' tasks (the (project, status, …) index). */
export async function taskCountsByProject(em: EntityManager, projectIds: number[]): Promise<TaskStatusCount[]> {
  if (!projectIds.length) return [];
  const rows = await db(em)
    .selectFrom('tasks as t')
    .select([
      't.project_id',
      't.status',
      sql<number>`count(*)::int`.as('n'),
      sql<number>`(count(*) filter (where t.passed))::int`.as('passed'),
      sql<number | null>`sum(t.score)::float8`.as('score_sum'),
      sql<number>`count(t.score)::int`.as('scored'),
    ])
    .where('t.project_id', '=', sql<number>`any(${projectIds})`)
    .groupBy(['t.project_id', 't.status'])
    .execute();
  return rows.map((r) => ({
    projectId: r.project_id,
    status: r.status,
    n: r.n,
    passed: r.passed,
    scoreSum: r.score_sum,
    scored: r.scored,
  }));
}

/** How many tasks assigned to `userId` were approved (the tasks they completed). */
export async function countApprovedTasksOf(em: EntityManager, userId: number): Promise<number> {
  const row = await db(em)
    .selectFrom('tasks')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('assignee_id', '=', userId)
    .where('status', '=', 'approved')
    .executeTakeFirstOrThrow();
  return row.n;
}

/** How many tasks the project has, whatever their state. */
export async function countProjectTasks(em: EntityManager, projectId: number): Promise<number> {
  const [{ n }] = await db(em)
    .selectFrom('tasks')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('project_id', '=', projectId)
    .execute();
  return n;
}

/** How many of the assignment's tasks are no longer `scheduled` (started, done or closed). */
export async function countBegunTasks(em: EntityManager, assignmentId: number): Promise<number> {
  const [{ n }] = await db(em)
    .selectFrom('tasks')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('assignment_id', '=', assignmentId)
    .where('status', '<>', 'scheduled')
    .execute();
  return n;
}

/** A task as the business API returns it (answers, score), for an event raised by a system job. */
export function taskAsApiReturns(em: EntityManager, id: number): Promise<unknown> {
  return taskDetailUnscoped(em, id);
}
