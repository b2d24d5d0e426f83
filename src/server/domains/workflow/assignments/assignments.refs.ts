// Assignments as other domains look them up: a project's plans for slots, counts per project, the ability record.
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../../db/kysely.ts';
import { notFound } from '../../../lib/app-error.ts';

/** What slots need of an assignment: its project and the copies its tasks carry. */
export interface AssignmentPlan {
  id: number;
  customerId: number;
  projectId: number;
  locationId: number;
  teamId: number;
  assigneeId: number | null;
  plannedVisits: number;
}

const PLAN_COLUMNS = [
  'id',
  'customer_id',
  'project_id',
  'location_id',
  'team_id',
  'assignee_id',
  'planned_visits',
] as const;

function planOf(r: {
  id: number;
  customer_id: number;
  project_id: number;
  location_id: number;
  team_id: number;
  assignee_id: number | null;
  planned_visits: number;
}): AssignmentPlan {
  return {
    id: r.id,
    customerId: r.customer_id,
    projectId: r.project_id,
    locationId: r.location_id,
    teamId: r.team_id,
    assigneeId: r.assignee_id,
    plannedVisits: r.planned_visits,
  };
}

/** The assignments of a project (all, or `ids` among them), in id order. */
export async function assignmentPlans(em: EntityManager, projectId: number, ids?: number[]): Promise<AssignmentPlan[]> {
  const rows = await db(em)
    .selectFrom('location_assignments')
    .select(PLAN_COLUMNS)
    .where('project_id', '=', projectId)
    .$if(ids !== undefined, (qb) => qb.where('id', '=', sql<number>`any(${ids})`))
    .orderBy('id')
    .execute();
  return rows.map(planOf);
}

/** One assignment in `customerId`'s scope (null: any); NOT_FOUND otherwise. */
export async function requireAssignmentPlan(
  em: EntityManager,
  id: number,
  customerId: number | null,
): Promise<AssignmentPlan> {
  const row = await db(em)
    .selectFrom('location_assignments')
    .select(PLAN_COLUMNS)
    .where('id', '=', id)
    .$if(customerId !== null, (qb) => qb.where('customer_id', '=', customerId!))
    .executeTakeFirst();
  if (!row) throw notFound('Assignment');
  return planOf(row);
}

/** How many locations each project assigns (projects missing from the map have none). */
export async function assignmentCountsByProject(em: EntityManager, projectIds: number[]): Promise<Map<number, number>> {
  const rows = await db(em)
    .selectFrom('location_assignments as a')
    .select(['a.project_id', sql<number>`count(*)::int`.as('n')])
    .where('a.project_id', '=', sql<number>`any(${projectIds})`)
    .groupBy('a.project_id')
    .execute();
  return new Map(rows.map((r) => [r.project_id, r.n]));
}

/** The assignment as the abilities' conditions see it (LocationAssignment, and Slot through its assignment). */
export function assignmentAbilityRecord(a: {
  id?: number;
  customerId: number;
  teamId: number;
  assigneeId: number | null;
}): Record<string, unknown> {
  return { id: a.id, customerId: a.customerId, teamId: a.teamId, assigneeId: a.assigneeId };
}
