// What assignment writes check and change beyond the record itself, for the assignments service:
// usable locations, a team and inspector that fit, the scheduled tasks that follow a new team or
// inspector, the bulk insert and update, the inspector's notification. The service authorizes.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type SqlBool, sql } from 'kysely';
import { db } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { refuseArchived } from '../../../lib/archive.ts';
import { authorizeRecord } from '../../../lib/authz.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import { requireTeamInspector, requireTeamRef } from '../../organization/teams/teams.refs.ts';
import { notice, sendNotifications } from '../../platform/notifications/notifications.refs.ts';
import { locationPlanningRefs } from '../../structure/locations/locations.refs.ts';
import type { ProjectPlan } from '../projects/projects.refs.ts';
import { assignmentAbilityRecord } from './assignments.refs.ts';

/** The project's location, usable for a new assignment (NOT_FOUND: another customer's; BAD_REQUEST: archived). */
export async function usableLocations(em: EntityManager, ids: number[], customerId: number, field: string) {
  const locations = await locationPlanningRefs(em, ids);
  for (const id of ids) {
    const location = locations.get(id);
    if (!location || location.customerId !== customerId)
      throw ids.length > 1 ? new AppError('NOT_FOUND', 'assignments.locationNotFound', { id }) : notFound('Location');
    refuseArchived(location.archived, { record: 'Location', name: location.code }, field);
  }
  return locations;
}

/** Team of the project's customer (not archived) and, when given, an inspector of that team. */
export async function checkTeamAndAssignee(
  em: EntityManager,
  customerId: number,
  teamId: number,
  assigneeId: number | null,
) {
  const team = await requireTeamRef(em, teamId, customerId);
  const assignee = assigneeId === null ? null : await requireTeamInspector(em, teamId, assigneeId, customerId);
  return { team, assignee };
}

/** What new assignments give their locations: a team, an inspector or none, the visits planned. */
export interface Target {
  teamId: number;
  assigneeId: number | null;
  plannedVisits: number;
}

/**
 * New assignments of the project's `locationIds` to `target`: usable locations (`field` names them), a
 * team and inspector the caller may assign (FORBIDDEN) and that fit the customer.
 */
export async function requireAssignable(
  tx: AuthedContext,
  project: ProjectPlan,
  locationIds: number[],
  target: Target,
  field: string,
): Promise<void> {
  const { customerId } = project;
  await usableLocations(tx.em, locationIds, customerId, field);
  const record = assignmentAbilityRecord({ customerId, teamId: target.teamId, assigneeId: target.assigneeId });
  authorizeRecord(tx, 'create', 'LocationAssignment', record);
  await checkTeamAndAssignee(tx.em, customerId, target.teamId, target.assigneeId);
}

/** `locations`: one location's code, or how many; `visits`: planned visits that moved with them. */
export async function notifyAssigned(
  em: EntityManager,
  userId: number,
  project: ProjectPlan,
  what: { locations: string | number; visits: number },
): Promise<void> {
  await sendNotifications(em, [
    {
      userId,
      kind: 'planning',
      ...notice('locationsAssigned', {
        project: `${project.code} "${project.name}"`,
        locations: what.locations,
        visits: what.visits,
      }),
      link: '/tasks',
    },
  ]);
}

/**
 * The copies on the assignments' tasks that are still `scheduled` follow a new team or inspector (one
 * UPDATE); a new inspector gets the reminder again. Returns how many tasks changed.
 */
export async function moveScheduledTasks(
  em: EntityManager,
  assignmentIds: number[],
  teamId: number,
  assigneeId: number | null,
  assigneeChanged: boolean,
): Promise<number> {
  if (!assignmentIds.length) return 0;
  const rows = await db(em)
    .updateTable('tasks')
    .set({
      team_id: teamId,
      assignee_id: assigneeId,
      version: sql<number>`version + 1`,
      updated_at: new Date(),
      ...(assigneeChanged ? { reminder_sent_at: null } : {}),
    })
    .where('assignment_id', '=', sql<number>`any(${assignmentIds})`)
    .where('status', '=', 'scheduled')
    .where(sql<SqlBool>`(team_id, coalesce(assignee_id, 0)) is distinct from (${teamId}, ${assigneeId ?? 0})`)
    .returning('id')
    .execute();
  return rows.length;
}

export type AssignedRow = {
  id: number;
  location_id: number;
  team_id: number;
  assignee_id: number | null;
  planned_visits: number;
};

/** The project's assignments of these locations, locked; FORBIDDEN for one the caller may not update. */
export async function lockAssignedLocations(
  tx: AuthedContext,
  project: ProjectPlan,
  locationIds: number[],
): Promise<AssignedRow[]> {
  const rows = await db(tx.em)
    .selectFrom('location_assignments')
    .select(['id', 'location_id', 'team_id', 'assignee_id', 'planned_visits'])
    .where('project_id', '=', project.id)
    .where('location_id', '=', sql<number>`any(${locationIds})`)
    .forUpdate()
    .execute();
  for (const row of rows) {
    const record = { id: row.id, customerId: project.customerId, teamId: row.team_id, assigneeId: row.assignee_id };
    authorizeRecord(tx, 'update', 'LocationAssignment', assignmentAbilityRecord(record));
  }
  return rows;
}

/** New assignments of `locationIds` (one INSERT); their ids and locations. */
export async function insertAssignments(
  em: EntityManager,
  project: ProjectPlan,
  locationIds: number[],
  target: Target,
  now: Date,
) {
  if (!locationIds.length) return [];
  return db(em)
    .insertInto('location_assignments')
    .values(
      locationIds.map((locationId) => ({
        created_at: now,
        updated_at: now,
        version: 1,
        customer_id: project.customerId,
        project_id: project.id,
        location_id: locationId,
        team_id: target.teamId,
        assignee_id: target.assigneeId,
        planned_visits: target.plannedVisits,
      })),
    )
    .returning(['id', 'location_id'])
    .execute();
}

/** Existing assignments given the target (one UPDATE), their scheduled tasks moved; how many tasks moved. */
export async function reassign(em: EntityManager, changed: AssignedRow[], target: Target, now: Date) {
  if (changed.length) {
    await db(em)
      .updateTable('location_assignments')
      .set({
        team_id: target.teamId,
        assignee_id: target.assigneeId,
        planned_visits: target.plannedVisits,
        version: sql<number>`version + 1`,
        updated_at: now,
      })
      .where('id', '=', sql<number>`any(${changed.map((r) => r.id)})`)
      .execute();
  }
  const { teamId, assigneeId } = target;
  const moved = changed.filter((r) => r.team_id !== teamId || r.assignee_id !== assigneeId);
  const newInspector = moved.filter((r) => r.assignee_id !== assigneeId).map((r) => r.id);
  const sameInspector = moved.filter((r) => r.assignee_id === assigneeId).map((r) => r.id);
  const tasksMoved =
    (await moveScheduledTasks(em, newInspector, teamId, assigneeId, true)) +
    (await moveScheduledTasks(em, sameInspector, teamId, assigneeId, false));
  return { newInspector: newInspector.length, tasksMoved };
}
