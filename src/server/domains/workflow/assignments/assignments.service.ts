// Location assignments: a project's location given to a team and optionally an inspector (an active
// `qualitycontrol` member of that team), with the visits planned. Floor managers manage them, team
// leaders those of their teams, inspectors read their own (abilities LocationAssignment).
// A completed or archived project refuses changes. Changing the team or the inspector moves the
// copies on the assignment's tasks that are still `scheduled`, and tells a new inspector. Delete is
// refused once a task of the assignment has started; its planned slots and tasks go with it otherwise.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type SqlBool, sql } from 'kysely';
import type {
  TAssignment,
  TBulkAssignInput,
  TBulkAssignResult,
  TCreateAssignmentInput,
  TListAssignmentsInput,
  TUpdateAssignmentInput,
} from '../../../../shared/schemas/assignments.ts';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import { db } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { refuseArchived } from '../../../lib/archive.ts';
import { recordAudit, recordUpdate } from '../../../lib/audit/audit.ts';
import { authorize, authorizeRecord, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import {
  defineListing,
  equalsFilter,
  type ListingFilter,
  listById,
  listPage,
  listSource,
  toDate,
} from '../../../lib/list.ts';
import { assertCurrent, loadForWrite, lockRecord, type WriteSpec } from '../../../lib/records.ts';
import {
  assertUnique,
  conditionsFilter,
  flushUnique,
  tenantFilter,
  type UniqueRule,
  withTransaction,
} from '../../../lib/scope.ts';
import { customerTimeZone } from '../../organization/customers/customers.refs.ts';
import { requireTeamInspector, requireTeamRef, teamNameSql, teamRefs } from '../../organization/teams/teams.refs.ts';
import { userNameSql, userRefs } from '../../organization/users/users.refs.ts';
import { sendNotifications } from '../../platform/notifications/notifications.refs.ts';
import { locationCodeSql, locationMatchSql, locationPlanningRefs } from '../../structure/locations/locations.refs.ts';
import { assertPlannable, type ProjectPlan, requireProjectPlan } from '../projects/projects.service.ts';
import { LocationAssignment } from './assignment.entity.ts';

type AssignmentRow = TAssignment & { locationId: number; teamId: number; assigneeId: number | null };

export const assignmentListing = defineListing({
  source: (k) =>
    listSource(k.selectFrom('location_assignments as a'), {
      id: 'a.id',
      select: (qb) =>
        qb.select((eb) => [
          'a.id',
          'a.version',
          'a.customer_id',
          'a.project_id',
          'a.location_id',
          'a.team_id',
          'a.assignee_id',
          'a.planned_visits',
          'a.created_at',
          'a.updated_at',
          eb
            .selectFrom('slots as s')
            .whereRef('s.assignment_id', '=', 'a.id')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('slots'),
        ]),
      sorts: {
        location: locationCodeSql('a.location_id'),
        team: teamNameSql('a.team_id'),
        assignee: userNameSql('a.assignee_id'),
        plannedVisits: 'a.planned_visits',
        createdAt: 'a.created_at',
      },
    }),
  map: (r): AssignmentRow => ({
    id: r.id,
    version: r.version,
    customerId: r.customer_id,
    projectId: r.project_id,
    locationId: r.location_id,
    teamId: r.team_id,
    assigneeId: r.assignee_id,
    location: { id: r.location_id, code: '', name: '', timeZone: '' },
    team: { id: r.team_id, name: '' },
    assignee: null,
    plannedVisits: r.planned_visits,
    slots: r.slots ?? 0,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  }),
  enrich: async (em, items) => {
    const [locations, teams, users, zones] = await Promise.all([
      locationPlanningRefs(
        em,
        items.map((i) => i.locationId),
      ),
      teamRefs(
        em,
        items.map((i) => i.teamId),
      ),
      userRefs(
        em,
        items.map((i) => i.assigneeId).filter((id): id is number => id !== null),
      ),
      customerZones(
        em,
        items.map((i) => i.customerId),
      ),
    ]);
    for (const item of items) {
      const location = locations.get(item.locationId);
      if (location)
        item.location = {
          id: location.id,
          code: location.code,
          name: location.name,
          timeZone: location.timeZone ?? zones.get(item.customerId) ?? 'UTC',
        };
      const team = teams.get(item.teamId);
      if (team) item.team = { id: team.id, name: team.name };
      const user = item.assigneeId === null ? undefined : users.get(item.assigneeId);
      item.assignee = user ? { id: user.id, name: user.fullName } : null;
    }
  },
});

type AssignmentFilter = ListingFilter<typeof assignmentListing>;

/** The customers' time zones (a location without its own uses its customer's). */
async function customerZones(em: EntityManager, customerIds: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(customerIds)];
  return new Map(await Promise.all(unique.map(async (id) => [id, await customerTimeZone(em, id)] as const)));
}

function toAssignment(row: AssignmentRow): TAssignment {
  const { locationId: _l, teamId: _t, assigneeId: _a, ...assignment } = row;
  return assignment;
}

/** What the caller may read: their customer's assignments within the ability's conditions (team, self). */
function readScope(ctx: AuthedContext): AssignmentFilter[] {
  return [
    tenantFilter(ctx, 'a.customer_id'),
    conditionsFilter(ctx, 'read', 'LocationAssignment', {
      customerId: 'a.customer_id',
      teamId: 'a.team_id',
      assigneeId: 'a.assignee_id',
    }),
  ];
}

export async function listAssignments(
  ctx: ServiceContext,
  input: TListAssignmentsInput,
): Promise<{ items: TAssignment[]; total: number }> {
  authorize(ctx, 'read', 'LocationAssignment');
  const q = input.q?.trim();
  const where: AssignmentFilter[] = [
    ...readScope(ctx),
    equalsFilter('a.project_id', input.projectId),
    equalsFilter('a.team_id', input.teamId),
    equalsFilter('a.assignee_id', input.assigneeId),
    equalsFilter('a.location_id', input.locationId),
    // q matches the location's code and name.
    q ? locationMatchSql('a.location_id', tenantId(ctx), q) : undefined,
  ];
  const page = await listPage(ctx.em, assignmentListing, where, {
    ...input,
    q: undefined,
    sortBy: input.sortBy ?? 'location',
  });
  return { items: page.items.map(toAssignment), total: page.total };
}

export async function getAssignment(ctx: ServiceContext, id: number): Promise<TAssignment> {
  authorize(ctx, 'read', 'LocationAssignment');
  return toAssignment(await listById(ctx.em, assignmentListing, id, readScope(ctx), 'Assignment'));
}

/* ------------------------------------------------------------------ for slots */

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

/** The assignments of a project (all, or `ids` among them), in id order. */
export async function assignmentPlans(em: EntityManager, projectId: number, ids?: number[]): Promise<AssignmentPlan[]> {
  const rows = await db(em)
    .selectFrom('location_assignments')
    .select(['id', 'customer_id', 'project_id', 'location_id', 'team_id', 'assignee_id', 'planned_visits'])
    .where('project_id', '=', projectId)
    .$if(ids !== undefined, (qb) => qb.where('id', '=', sql<number>`any(${ids})`))
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    customerId: r.customer_id,
    projectId: r.project_id,
    locationId: r.location_id,
    teamId: r.team_id,
    assigneeId: r.assignee_id,
    plannedVisits: r.planned_visits,
  }));
}

/** One assignment in `customerId`'s scope (null: any); NOT_FOUND otherwise. */
export async function requireAssignmentPlan(
  em: EntityManager,
  id: number,
  customerId: number | null,
): Promise<AssignmentPlan> {
  const row = await db(em)
    .selectFrom('location_assignments')
    .select(['id', 'customer_id', 'project_id', 'location_id', 'team_id', 'assignee_id', 'planned_visits'])
    .where('id', '=', id)
    .$if(customerId !== null, (qb) => qb.where('customer_id', '=', customerId!))
    .executeTakeFirst();
  if (!row) throw notFound('Assignment');
  return {
    id: row.id,
    customerId: row.customer_id,
    projectId: row.project_id,
    locationId: row.location_id,
    teamId: row.team_id,
    assigneeId: row.assignee_id,
    plannedVisits: row.planned_visits,
  };
}

/** The record as the abilities' conditions see it. */
export function assignmentAbilityRecord(a: {
  id?: number;
  customerId: number;
  teamId: number;
  assigneeId: number | null;
}): Record<string, unknown> {
  return { id: a.id, customerId: a.customerId, teamId: a.teamId, assigneeId: a.assigneeId };
}

/* ------------------------------------------------------------------ mutations */

const uniqueLocation: UniqueRule<LocationAssignment> = {
  entity: LocationAssignment,
  field: 'locationId',
  message: 'This location is already assigned in this project',
};

const records: WriteSpec<LocationAssignment> = {
  entity: LocationAssignment,
  subject: 'LocationAssignment',
  label: 'Assignment',
  abilityRecord: (a) =>
    assignmentAbilityRecord({
      id: a.id,
      customerId: a.customer.id,
      teamId: a.team.id,
      assigneeId: a.assignee?.id ?? null,
    }),
  snapshot: (a) => ({
    projectId: a.project.id,
    locationId: a.location.id,
    teamId: a.team.id,
    assigneeId: a.assignee?.id ?? null,
    plannedVisits: a.plannedVisits,
  }),
  name: (a) => `Assignment ${a.id}`,
  unique: uniqueLocation,
};

/** The project's location, usable for a new assignment (NOT_FOUND: another customer's; BAD_REQUEST: archived). */
async function usableLocations(em: EntityManager, ids: number[], customerId: number, field: string) {
  const locations = await locationPlanningRefs(em, ids);
  for (const id of ids) {
    const location = locations.get(id);
    if (!location || location.customerId !== customerId)
      throw new AppError('NOT_FOUND', ids.length > 1 ? `Location ${id} not found` : 'Location not found');
    refuseArchived(location.archived, `Location "${location.code}"`, field);
  }
  return locations;
}

/** Team of the project's customer (not archived) and, when given, an inspector of that team. */
async function checkTeamAndAssignee(em: EntityManager, customerId: number, teamId: number, assigneeId: number | null) {
  const team = await requireTeamRef(em, teamId, customerId);
  const assignee = assigneeId === null ? null : await requireTeamInspector(em, teamId, assigneeId, customerId);
  return { team, assignee };
}

async function notifyAssigned(em: EntityManager, userId: number, project: ProjectPlan, what: string): Promise<void> {
  await sendNotifications(em, [
    {
      userId,
      kind: 'planning',
      title: 'Locations assigned to you',
      body: `You were assigned ${what} in project ${project.code} "${project.name}".`,
      link: '/tasks',
    },
  ]);
}

/**
 * The copies on the assignments' tasks that are still `scheduled` follow a new team or inspector (one
 * UPDATE); a new inspector gets the reminder again. Returns how many tasks changed.
 */
async function moveScheduledTasks(
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

export async function createAssignment(ctx: ServiceContext, input: TCreateAssignmentInput): Promise<TAssignment> {
  authorize(ctx, 'create', 'LocationAssignment');
  const id = await withTransaction(ctx, async (tx) => {
    const project = await requireProjectPlan(tx.em, input.projectId, tenantId(tx), { lock: true, plannable: true });
    const customerId = project.customerId;
    const assigneeId = input.assigneeId ?? null;
    await usableLocations(tx.em, [input.locationId], customerId, 'locationId');
    authorizeRecord(
      tx,
      'create',
      'LocationAssignment',
      assignmentAbilityRecord({ customerId, teamId: input.teamId, assigneeId }),
    );
    await checkTeamAndAssignee(tx.em, customerId, input.teamId, assigneeId);
    await assertUnique(tx.em, uniqueLocation, { project: project.id, location: input.locationId });
    const assignment = tx.em.create(LocationAssignment, {
      customer: customerId,
      project: project.id,
      location: input.locationId,
      team: input.teamId,
      assignee: assigneeId,
      plannedVisits: input.plannedVisits,
    });
    await flushUnique(tx.em, uniqueLocation);
    recordAudit(tx, {
      action: 'create',
      entityType: 'LocationAssignment',
      entityId: assignment.id,
      customerId,
      changes: records.snapshot(assignment),
    });
    if (assigneeId !== null) await notifyAssigned(tx.em, assigneeId, project, 'a location');
    return assignment.id;
  });
  return getAssignment(ctx, id);
}

/**
 * Lock the assignment's project, then the assignment (always in that order: slot generation locks the
 * project before it writes slots that point at assignments), and load it for `action`.
 */
async function lockForWrite(
  tx: AuthedContext,
  id: number,
  action: 'update' | 'delete',
): Promise<{ assignment: LocationAssignment; project: ProjectPlan }> {
  const ref = await requireAssignmentPlan(tx.em, id, tenantId(tx));
  const project = await requireProjectPlan(tx.em, ref.projectId, ref.customerId, { lock: true });
  await lockRecord(tx, LocationAssignment, id);
  const assignment = await loadForWrite(tx, records, id, action);
  assertPlannable(project);
  return { assignment, project };
}

export async function updateAssignment(ctx: ServiceContext, input: TUpdateAssignmentInput): Promise<TAssignment> {
  authorize(ctx, 'update', 'LocationAssignment');
  await withTransaction(ctx, async (tx) => {
    const { assignment, project } = await lockForWrite(tx, input.id, 'update');
    assertCurrent(assignment, input.version, 'Assignment');
    const customerId = assignment.customer.id;
    const before = records.snapshot(assignment);
    const teamId = input.teamId ?? assignment.team.id;
    const previousAssignee = assignment.assignee?.id ?? null;
    const assigneeId = input.assigneeId === undefined ? previousAssignee : input.assigneeId;
    const teamChanged = teamId !== assignment.team.id;
    const assigneeChanged = assigneeId !== previousAssignee;
    if (teamChanged || assigneeChanged) {
      // The changed record must still be one the caller may manage (a team leader keeps it in their teams).
      authorizeRecord(
        tx,
        'update',
        'LocationAssignment',
        assignmentAbilityRecord({ id: assignment.id, customerId, teamId, assigneeId }),
      );
      await checkTeamAndAssignee(tx.em, customerId, teamId, assigneeId);
    }
    tx.em.assign(assignment, {
      team: teamId,
      assignee: assigneeId,
      ...(input.plannedVisits !== undefined ? { plannedVisits: input.plannedVisits } : {}),
    });
    const tasksMoved =
      teamChanged || assigneeChanged
        ? await moveScheduledTasks(tx.em, [assignment.id], teamId, assigneeId, assigneeChanged)
        : 0;
    recordUpdate(
      tx,
      { entityType: 'LocationAssignment', entityId: assignment.id, customerId },
      before,
      records.snapshot(assignment),
      tasksMoved ? { scheduledTasksMoved: tasksMoved } : {},
    );
    await tx.em.flush();
    if (assigneeChanged && assigneeId !== null) {
      const [location] = (await locationPlanningRefs(tx.em, [assignment.location.id])).values();
      await notifyAssigned(
        tx.em,
        assigneeId,
        project,
        `location ${location?.code ?? assignment.location.id}${tasksMoved ? ` with ${tasksMoved} planned visit${tasksMoved === 1 ? '' : 's'}` : ''}`,
      );
    }
  });
  return getAssignment(ctx, input.id);
}

/** Deleted with its planned slots and tasks; refused (CONFLICT) once one of its tasks has started. */
export async function deleteAssignment(ctx: ServiceContext, id: number): Promise<TDeleted> {
  authorize(ctx, 'delete', 'LocationAssignment');
  await withTransaction(ctx, async (tx) => {
    const { assignment } = await lockForWrite(tx, id, 'delete');
    const k = db(tx.em);
    const [{ n: started }] = await k
      .selectFrom('tasks')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('assignment_id', '=', id)
      .where('status', '<>', 'scheduled')
      .execute();
    if (started > 0) {
      throw new AppError(
        'CONFLICT',
        `This assignment has ${started} task${started === 1 ? '' : 's'} already started, done or closed: it cannot be deleted`,
      );
    }
    const tasks = await k.deleteFrom('tasks').where('assignment_id', '=', id).returning('id').execute();
    const slots = await k.deleteFrom('slots').where('assignment_id', '=', id).returning('id').execute();
    recordAudit(tx, {
      action: 'delete',
      entityType: 'LocationAssignment',
      entityId: id,
      customerId: assignment.customer.id,
      changes: { ...records.snapshot(assignment), slots: slots.length, tasks: tasks.length },
    });
    tx.em.remove(assignment);
  });
  return { id, deleted: true };
}

/**
 * Assign many locations of the project at once with the same team, inspector and visits: new ones are
 * inserted in one statement, existing ones updated (and their scheduled tasks moved), each audited.
 */
export async function bulkAssign(ctx: ServiceContext, input: TBulkAssignInput): Promise<TBulkAssignResult> {
  authorize(ctx, 'create', 'LocationAssignment');
  return withTransaction(ctx, async (tx) => {
    const project = await requireProjectPlan(tx.em, input.projectId, tenantId(tx), { lock: true, plannable: true });
    const customerId = project.customerId;
    const assigneeId = input.assigneeId ?? null;
    const locationIds = [...new Set(input.locationIds)];
    await usableLocations(tx.em, locationIds, customerId, 'locationIds');
    authorizeRecord(
      tx,
      'create',
      'LocationAssignment',
      assignmentAbilityRecord({ customerId, teamId: input.teamId, assigneeId }),
    );
    await checkTeamAndAssignee(tx.em, customerId, input.teamId, assigneeId);
    const k = db(tx.em);
    const existing = await k
      .selectFrom('location_assignments')
      .select(['id', 'location_id', 'team_id', 'assignee_id', 'planned_visits'])
      .where('project_id', '=', project.id)
      .where('location_id', '=', sql<number>`any(${locationIds})`)
      .forUpdate()
      .execute();
    for (const row of existing) {
      authorizeRecord(
        tx,
        'update',
        'LocationAssignment',
        assignmentAbilityRecord({ id: row.id, customerId, teamId: row.team_id, assigneeId: row.assignee_id }),
      );
    }
    const assigned = new Set(existing.map((r) => r.location_id));
    const fresh = locationIds.filter((id) => !assigned.has(id));
    const now = new Date();
    const created = fresh.length
      ? await k
          .insertInto('location_assignments')
          .values(
            fresh.map((locationId) => ({
              created_at: now,
              updated_at: now,
              version: 1,
              customer_id: customerId,
              project_id: project.id,
              location_id: locationId,
              team_id: input.teamId,
              assignee_id: assigneeId,
              planned_visits: input.plannedVisits,
            })),
          )
          .returning(['id', 'location_id'])
          .execute()
      : [];
    const changed = existing.filter(
      (r) => r.team_id !== input.teamId || r.assignee_id !== assigneeId || r.planned_visits !== input.plannedVisits,
    );
    if (changed.length) {
      await k
        .updateTable('location_assignments')
        .set({
          team_id: input.teamId,
          assignee_id: assigneeId,
          planned_visits: input.plannedVisits,
          version: sql<number>`version + 1`,
          updated_at: now,
        })
        .where('id', '=', sql<number>`any(${changed.map((r) => r.id)})`)
        .execute();
    }
    const moved = changed.filter((r) => r.team_id !== input.teamId || r.assignee_id !== assigneeId);
    const movedAssignee = moved.filter((r) => r.assignee_id !== assigneeId).map((r) => r.id);
    const movedTeamOnly = moved.filter((r) => r.assignee_id === assigneeId).map((r) => r.id);
    const tasksMoved =
      (await moveScheduledTasks(tx.em, movedAssignee, input.teamId, assigneeId, true)) +
      (await moveScheduledTasks(tx.em, movedTeamOnly, input.teamId, assigneeId, false));
    for (const row of created) {
      recordAudit(tx, {
        action: 'create',
        entityType: 'LocationAssignment',
        entityId: row.id,
        customerId,
        changes: {
          projectId: project.id,
          locationId: row.location_id,
          teamId: input.teamId,
          assigneeId,
          plannedVisits: input.plannedVisits,
        },
      });
    }
    for (const row of changed) {
      recordUpdate(
        tx,
        { entityType: 'LocationAssignment', entityId: row.id, customerId },
        { teamId: row.team_id, assigneeId: row.assignee_id, plannedVisits: row.planned_visits },
        { teamId: input.teamId, assigneeId, plannedVisits: input.plannedVisits },
      );
    }
    const newlyAssigned = created.length + movedAssignee.length;
    if (assigneeId !== null && newlyAssigned > 0) {
      await notifyAssigned(
        tx.em,
        assigneeId,
        project,
        `${newlyAssigned} location${newlyAssigned === 1 ? '' : 's'}${tasksMoved ? ` (${tasksMoved} planned visit${tasksMoved === 1 ? '' : 's'})` : ''}`,
      );
    }
    return { created: created.length, updated: changed.length, unchanged: existing.length - changed.length };
  });
}
