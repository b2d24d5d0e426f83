// Slots: the planned visit windows of an assignment. Every slot has exactly one task, created with it
// (`scheduled`, the project's scheme version pinned, copies of project/location/team/inspector/window).
// A slot moves or goes only while its task is still `scheduled`. `generate` plans a project's period
// from a recurrence (plan.ts), idempotently (key: assignment + occurrence), in set-based batches.
// Abilities: Slot (floor managers manage; team leaders their teams'; inspectors read their own).
// Reads: slots.listing.ts; generation's steps and the set-based insert: slots.planning.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type {
  TCreateSlotInput,
  TGenerateSlotsInput,
  TGenerateSlotsResult,
  TListSlotsInput,
  TSlot,
  TUpdateSlotInput,
} from '../../../../shared/schemas/slots.ts';
import { localDateOf } from '../../../../shared/time/wall-clock.ts';
import { db } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { diffChanges, recordAudit } from '../../../lib/audit/audit.ts';
import { authorize, authorizeRecord, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { toDate } from '../../../lib/list/index.ts';
import { staleRecord } from '../../../lib/records.ts';
import { withTransaction } from '../../../lib/scope.ts';
import { customerTimeZone } from '../../organization/customers/customers.refs.ts';
import { locationPlanningRefs } from '../../structure/locations/locations.refs.ts';
import {
  type AssignmentPlan,
  assignmentAbilityRecord,
  requireAssignmentPlan,
} from '../assignments/assignments.refs.ts';
import { assertPlannable, type ProjectPlan, requireProjectPlan } from '../projects/projects.refs.ts';
import { slotById, slotPage } from './slots.listing.ts';
import {
  assignmentsToPlan,
  bad,
  insertSlotsWithTasks,
  notifyVisitsPlanned,
  periodOf,
  planVisits,
  previewOf,
} from './slots.planning.ts';

/* ------------------------------------------------------------------ reads */

/**
 * `slots.list`: the slots the caller may read (their customer's, their teams', their own), overlapping
 * [from, to], by start. FORBIDDEN without `read Slot`.
 */
export async function listSlots(
  ctx: ServiceContext,
  input: TListSlotsInput,
): Promise<{ items: TSlot[]; total: number }> {
  authorize(ctx, 'read', 'Slot');
  return slotPage(ctx, input);
}

/* ------------------------------------------------------------------ one slot */

/** The location's time zone: its own, or its customer's. */
async function zoneOfLocation(em: EntityManager, locationId: number, customerId: number): Promise<string> {
  const location = (await locationPlanningRefs(em, [locationId])).get(locationId);
  return location?.timeZone ?? (await customerTimeZone(em, customerId));
}

const MAX_VISIT_MS = 24 * 3600_000;

/** The window is inside the project's period (local dates of the location) and lasts at most a day. */
async function checkWindow(
  em: EntityManager,
  assignment: AssignmentPlan,
  project: ProjectPlan,
  startsAt: Date,
  endsAt: Date,
): Promise<void> {
  if (endsAt <= startsAt) throw bad('endsAt', 'slots.endBeforeStart');
  if (endsAt.getTime() - startsAt.getTime() > MAX_VISIT_MS) throw bad('endsAt', 'slots.tooLong');
  const zone = await zoneOfLocation(em, assignment.locationId, assignment.customerId);
  const day = localDateOf(startsAt, zone);
  if (day < project.startDate || day > project.endDate) {
    throw bad('startsAt', 'slots.outsidePeriod', { start: project.startDate, end: project.endDate, zone });
  }
}

/**
 * `slots.create`: a new slot of an assignment with its one task (`scheduled`), in one transaction, by
 * whoever may create slots for that assignment (FORBIDDEN otherwise). BAD_REQUEST for a window outside
 * the project's period or longer than a day; CONFLICT when the project's plan can no longer change.
 */
export async function createSlot(ctx: ServiceContext, input: TCreateSlotInput): Promise<TSlot> {
  authorize(ctx, 'create', 'Slot');
  const id = await withTransaction(ctx, async (tx) => {
    const assignment = await requireAssignmentPlan(tx.em, input.assignmentId, tenantId(tx));
    const project = await requireProjectPlan(tx.em, assignment.projectId, assignment.customerId, { lock: true });
    authorizeRecord(tx, 'create', 'Slot', assignmentAbilityRecord(assignment));
    assertPlannable(project);
    await checkWindow(tx.em, assignment, project, input.startsAt, input.endsAt);
    const [created] = await insertSlotsWithTasks(tx.em, project, [
      { assignmentId: assignment.id, startsAt: input.startsAt, endsAt: input.endsAt, occurrence: null },
    ]);
    recordAudit(tx, {
      action: 'create',
      entityType: 'Slot',
      entityId: created.slotId,
      customerId: assignment.customerId,
      changes: { assignmentId: assignment.id, startsAt: input.startsAt, endsAt: input.endsAt, taskId: created.taskId },
    });
    return created.slotId;
  });
  return slotById(ctx, id);
}

interface LockedSlot {
  id: number;
  version: number;
  startsAt: Date;
  endsAt: Date;
  taskId: number;
  taskStatus: string;
  assignment: AssignmentPlan;
  project: ProjectPlan;
}

/**
 * The slot for a change: found in the caller's scope (NOT_FOUND), its project locked first, then the
 * slot and its task; the caller may `action` it (FORBIDDEN); the project's plan may change and the
 * task is still `scheduled` (CONFLICT); `expected` version (CONFLICT when stale).
 */
async function lockSlot(
  tx: AuthedContext,
  id: number,
  action: 'update' | 'delete',
  expected?: number,
): Promise<LockedSlot> {
  const k = db(tx.em);
  const tenant = tenantId(tx);
  const ref = await k
    .selectFrom('slots')
    .select(['assignment_id'])
    .where('id', '=', id)
    .$if(tenant !== null, (qb) => qb.where('customer_id', '=', tenant!))
    .executeTakeFirst();
  if (!ref) throw notFound('Slot');
  const assignment = await requireAssignmentPlan(tx.em, ref.assignment_id, null);
  const project = await requireProjectPlan(tx.em, assignment.projectId, null, { lock: true });
  const row = await k
    .selectFrom('slots as s')
    .innerJoin('tasks as t', 't.slot_id', 's.id')
    .select(['s.id', 's.version', 's.starts_at', 's.ends_at', 't.id as task_id', 't.status'])
    .where('s.id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  authorizeRecord(tx, action, 'Slot', assignmentAbilityRecord(assignment));
  if (expected !== undefined && row.version !== expected) throw staleRecord('Slot');
  assertPlannable(project);
  if (row.status !== 'scheduled') {
    const refusal = action === 'update' ? 'slots.onlyScheduledMoved' : 'slots.onlyScheduledDeleted';
    throw new AppError('CONFLICT', refusal, { hint: `tasks.state.${row.status}` });
  }
  return {
    id: row.id,
    version: row.version,
    startsAt: toDate(row.starts_at),
    endsAt: toDate(row.ends_at),
    taskId: row.task_id,
    taskStatus: row.status,
    assignment,
    project,
  };
}

/**
 * `slots.update`: move a visit (only while its task is `scheduled`): the task's copied window moves with
 * it. Refusals as create and delete; CONFLICT for a stale version.
 */
export async function updateSlot(ctx: ServiceContext, input: TUpdateSlotInput): Promise<TSlot> {
  authorize(ctx, 'update', 'Slot');
  await withTransaction(ctx, async (tx) => {
    const slot = await lockSlot(tx, input.id, 'update', input.version);
    const startsAt = input.startsAt ?? slot.startsAt;
    const endsAt = input.endsAt ?? slot.endsAt;
    if (startsAt.getTime() === slot.startsAt.getTime() && endsAt.getTime() === slot.endsAt.getTime()) return;
    await checkWindow(tx.em, slot.assignment, slot.project, startsAt, endsAt);
    const k = db(tx.em);
    const now = new Date();
    await k
      .updateTable('slots')
      .set({ starts_at: startsAt, ends_at: endsAt, version: sql<number>`version + 1`, updated_at: now })
      .where('id', '=', slot.id)
      .execute();
    await k
      .updateTable('tasks')
      .set({
        starts_at: startsAt,
        ends_at: endsAt,
        version: sql<number>`version + 1`,
        updated_at: now,
        // A visit moved to another time is reminded again.
        ...(startsAt.getTime() !== slot.startsAt.getTime() ? { reminder_sent_at: null } : {}),
      })
      .where('id', '=', slot.taskId)
      .execute();
    recordAudit(tx, {
      action: 'update',
      entityType: 'Slot',
      entityId: slot.id,
      customerId: slot.assignment.customerId,
      // Only the bound that moved, as a field diff (and the task that moved with it).
      changes: {
        ...diffChanges({ startsAt: slot.startsAt, endsAt: slot.endsAt }, { startsAt, endsAt }),
        taskId: slot.taskId,
      },
    });
  });
  return slotById(ctx, input.id);
}

/**
 * `slots.delete`: a visit and its task, only while the task is `scheduled` (CONFLICT otherwise, and when
 * the project's plan can no longer change), by whoever may delete the slot (FORBIDDEN otherwise).
 */
export async function deleteSlot(ctx: ServiceContext, input: { id: number }): Promise<TDeleted> {
  authorize(ctx, 'delete', 'Slot');
  const { id } = input;
  await withTransaction(ctx, async (tx) => {
    const slot = await lockSlot(tx, id, 'delete');
    const k = db(tx.em);
    await k.deleteFrom('tasks').where('id', '=', slot.taskId).execute();
    await k.deleteFrom('slots').where('id', '=', slot.id).execute();
    recordAudit(tx, {
      action: 'delete',
      entityType: 'Slot',
      entityId: slot.id,
      customerId: slot.assignment.customerId,
      changes: { assignmentId: slot.assignment.id, startsAt: slot.startsAt, endsAt: slot.endsAt, taskId: slot.taskId },
    });
  });
  return { id, deleted: true };
}

/* ------------------------------------------------------------------ generation */

/**
 * `slots.generate`: plan the project's period (or [from, to] inside it) for its assignments (or
 * `assignmentIds`): occurrences of the recurrence, fitted into each location's opening hours in its
 * time zone, one slot and one task each. Idempotent: an occurrence an assignment already has is counted
 * `existing`; a visit whose start has passed is left out, counted `ended` when it would be over and
 * `started` when under way. `dryRun` computes without writing and returns the first 2,000 new visits.
 * FORBIDDEN when the caller may plan none of them; NOT_FOUND for an assignment not in the project;
 * BAD_REQUEST for a period outside the project's or a plan too big; CONFLICT when the project's plan can
 * no longer change.
 */
export async function generateSlots(ctx: ServiceContext, input: TGenerateSlotsInput): Promise<TGenerateSlotsResult> {
  authorize(ctx, 'create', 'Slot');
  return withTransaction(ctx, async (tx) => {
    // 1. Guard: the project (locked unless a dry run), the assignments the caller may plan
    const project = await requireProjectPlan(tx.em, input.projectId, tenantId(tx), { lock: !input.dryRun });
    const assignments = await assignmentsToPlan(tx, project, input.assignmentIds);

    // 2. State: a plan that may still change
    assertPlannable(project);

    // 4. Rules: the period inside the project's, a plan the recurrence gives and not too big
    const period = periodOf(project, input);
    const planned = await planVisits(tx.em, project, assignments, input, period);
    if (input.dryRun) return previewOf(tx.em, assignments, planned);

    // 5. Write: the new visits, each with its task
    const created = await insertSlotsWithTasks(tx.em, project, planned.slots);
    const existing = planned.slots.length - created.length;
    const result = {
      created: created.length,
      existing,
      skipped: planned.skipped,
      ended: planned.ended,
      started: planned.started,
    };

    // 6. Audit
    recordAudit(tx, {
      action: 'generate',
      entityType: 'Project',
      entityId: project.id,
      customerId: project.customerId,
      changes: {
        recurrence: input.recurrence,
        ...period,
        durationMinutes: input.durationMinutes,
        preferredTime: input.preferredTime ?? null,
        assignments: assignments.length,
        ...result,
      },
    });

    // 7. Notify the inspectors of their new visits
    await notifyVisitsPlanned(tx.em, project, created, period);
    return { ...result, preview: [] };
  });
}
