// Location assignments: a project's location given to a team and optionally an inspector (an active
// `qualitycontrol` member of that team), with the visits planned. Floor managers manage them, team
// leaders those of their teams, inspectors read their own (abilities LocationAssignment).
// A completed or archived project refuses changes. Changing the team or the inspector moves the
// copies on the assignment's tasks that are still `scheduled`, and tells a new inspector. Delete is
// refused once a task of the assignment has started; its planned slots and tasks go with it otherwise.
// Reads: assignments.listing.ts; what writes check and change beyond the record: assignments.planning.ts;
// other domains' lookups: assignments.refs.ts.
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
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit, recordUpdate } from '../../../lib/audit/audit.ts';
import { authorize, authorizeRecord, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { assertCurrent, loadForWrite, lockRecord, type WriteSpec } from '../../../lib/records.ts';
import { assertUnique, flushUnique, type UniqueRule, withTransaction } from '../../../lib/scope.ts';
import { locationPlanningRefs } from '../../structure/locations/locations.refs.ts';
import { assertPlannable, type ProjectPlan, requireProjectPlan } from '../projects/projects.refs.ts';
import { countBegunTasks } from '../tasks/tasks.refs.ts';
import { LocationAssignment } from './assignment.entity.ts';
import { assignmentById, assignmentPage } from './assignments.listing.ts';
import {
  checkTeamAndAssignee,
  insertAssignments,
  lockAssignedLocations,
  moveScheduledTasks,
  notifyAssigned,
  reassign,
  requireAssignable,
} from './assignments.planning.ts';
import { assignmentAbilityRecord, requireAssignmentPlan } from './assignments.refs.ts';

/* ------------------------------------------------------------------ reads */

/**
 * `assignments.list`: a project's assignments the caller may read (their customer's, a team leader's
 * teams', an inspector's own). FORBIDDEN without `read LocationAssignment`.
 */
export async function listAssignments(
  ctx: ServiceContext,
  input: TListAssignmentsInput,
): Promise<{ items: TAssignment[]; total: number }> {
  authorize(ctx, 'read', 'LocationAssignment');
  return assignmentPage(ctx, input);
}

/** `assignments.byId`, for whoever may read the assignment; NOT_FOUND otherwise. */
export async function getAssignment(ctx: ServiceContext, input: { id: number }): Promise<TAssignment> {
  authorize(ctx, 'read', 'LocationAssignment');
  return assignmentById(ctx, input.id);
}

/* ------------------------------------------------------------------ writes */

const uniqueLocation: UniqueRule<LocationAssignment> = {
  entity: LocationAssignment,
  field: 'locationId',
  key: 'assignments.locationTaken',
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
  name: (a) => ({ record: 'Assignment', name: String(a.id) }),
  unique: uniqueLocation,
};

/**
 * `assignments.create`: a location of the project given to a team (and inspector), for whoever may
 * manage assignments of that team (FORBIDDEN otherwise); the new inspector is told. NOT_FOUND for
 * another customer's project or location; CONFLICT when the location is assigned already or the
 * project's plan can no longer change.
 */
export async function createAssignment(ctx: ServiceContext, input: TCreateAssignmentInput): Promise<TAssignment> {
  authorize(ctx, 'create', 'LocationAssignment');
  const id = await withTransaction(ctx, async (tx) => {
    const project = await requireProjectPlan(tx.em, input.projectId, tenantId(tx), { lock: true, plannable: true });
    const customerId = project.customerId;
    const assigneeId = input.assigneeId ?? null;
    const target = { teamId: input.teamId, assigneeId, plannedVisits: input.plannedVisits };
    await requireAssignable(tx, project, [input.locationId], target, 'locationId');
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
    if (assigneeId !== null) await notifyAssigned(tx.em, assigneeId, project, { locations: 1, visits: 0 });
    return assignment.id;
  });
  return getAssignment(ctx, { id });
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

/**
 * `assignments.update`: team, inspector, planned visits; the scheduled tasks follow a new team or
 * inspector, who is told. FORBIDDEN unless the caller may manage it before and after; CONFLICT for a
 * stale version or when the project's plan can no longer change.
 */
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
      await notifyAssigned(tx.em, assigneeId, project, {
        locations: location?.code ?? assignment.location.id,
        visits: tasksMoved,
      });
    }
  });
  return getAssignment(ctx, { id: input.id });
}

/**
 * `assignments.delete`: deleted with its planned slots and tasks, by whoever may delete it (FORBIDDEN
 * otherwise); CONFLICT once one of its tasks has started, or when the project's plan can no longer change.
 */
export async function deleteAssignment(ctx: ServiceContext, input: { id: number }): Promise<TDeleted> {
  authorize(ctx, 'delete', 'LocationAssignment');
  const { id } = input;
  await withTransaction(ctx, async (tx) => {
    const { assignment } = await lockForWrite(tx, id, 'delete');
    const started = await countBegunTasks(tx.em, id);
    if (started > 0) {
      const key = started === 1 ? 'assignments.hasOneBegunTask' : 'assignments.hasBegunTasks';
      throw new AppError('CONFLICT', key, { count: started });
    }
    const k = db(tx.em);
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
 * `assignments.bulkCreate`: assign many locations of the project at once with the same team, inspector
 * and visits: new ones are inserted in one statement, existing ones updated (and their scheduled tasks
 * moved), each audited. Refusals as create, and FORBIDDEN for an existing one the caller may not update.
 */
export async function bulkAssign(ctx: ServiceContext, input: TBulkAssignInput): Promise<TBulkAssignResult> {
  authorize(ctx, 'create', 'LocationAssignment');
  return withTransaction(ctx, async (tx) => {
    // 1. Guard: a project whose plan may change, usable locations, a team and inspector the caller may
    // assign, existing assignments the caller may update (locked)
    const project = await requireProjectPlan(tx.em, input.projectId, tenantId(tx), { lock: true, plannable: true });
    const target = { teamId: input.teamId, assigneeId: input.assigneeId ?? null, plannedVisits: input.plannedVisits };
    const locationIds = [...new Set(input.locationIds)];
    await requireAssignable(tx, project, locationIds, target, 'locationIds');
    const existing = await lockAssignedLocations(tx, project, locationIds);

    // 5. Write: the new ones in one statement, the changed ones in another
    const now = new Date();
    const assigned = new Set(existing.map((r) => r.location_id));
    const created = await insertAssignments(
      tx.em,
      project,
      locationIds.filter((id) => !assigned.has(id)),
      target,
      now,
    );
    const changed = existing.filter(
      (r) =>
        r.team_id !== target.teamId || r.assignee_id !== target.assigneeId || r.planned_visits !== target.plannedVisits,
    );
    const { newInspector, tasksMoved } = await reassign(tx.em, changed, target, now);

    // 6. Audit
    const customerId = project.customerId;
    for (const row of created) {
      const changes = { projectId: project.id, locationId: row.location_id, ...target };
      recordAudit(tx, { action: 'create', entityType: 'LocationAssignment', entityId: row.id, customerId, changes });
    }
    for (const row of changed) {
      recordUpdate(
        tx,
        { entityType: 'LocationAssignment', entityId: row.id, customerId },
        { teamId: row.team_id, assigneeId: row.assignee_id, plannedVisits: row.planned_visits },
        target,
      );
    }

    // 7. Notify the inspector of the locations newly theirs
    const newlyAssigned = created.length + newInspector;
    if (target.assigneeId !== null && newlyAssigned > 0) {
      await notifyAssigned(tx.em, target.assigneeId, project, { locations: newlyAssigned, visits: tasksMoved });
    }
    return { created: created.length, updated: changed.length, unchanged: existing.length - changed.length };
  });
}
