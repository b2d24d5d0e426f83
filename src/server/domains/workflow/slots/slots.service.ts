// Slots: the planned visit windows of an assignment. Every slot has exactly one task, created with it
// (`scheduled`, the project's scheme version pinned, copies of project/location/team/inspector/window).
// A slot moves or goes only while its task is still `scheduled`. `generate` plans a project's period
// from a recurrence (plan.ts), idempotently (key: assignment + occurrence), in set-based batches.
// Abilities: Slot (floor managers manage; team leaders their teams'; inspectors read their own).
import type { EntityManager } from '@mikro-orm/postgresql';
import { type SqlBool, sql } from 'kysely';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type {
  TCreateSlotInput,
  TGenerateSlotsInput,
  TGenerateSlotsResult,
  TListSlotsInput,
  TSlot,
  TUpdateSlotInput,
} from '../../../../shared/schemas/slots.ts';
import { db } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { diffChanges, recordAudit } from '../../../lib/audit/audit.ts';
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
import { staleRecord } from '../../../lib/records.ts';
import { conditionsFilter, tenantFilter, withTransaction } from '../../../lib/scope.ts';
import { customerTimeZone } from '../../organization/customers/customers.refs.ts';
import { sendNotifications } from '../../platform/notifications/notifications.refs.ts';
import { locationPlanningRefs } from '../../structure/locations/locations.refs.ts';
import {
  type AssignmentPlan,
  assignmentAbilityRecord,
  assignmentPlans,
  requireAssignmentPlan,
} from '../assignments/assignments.service.ts';
import { assertPlannable, type ProjectPlan, requireProjectPlan } from '../projects/projects.service.ts';
import { PlanError, type PlannedSlot, planSlots } from './plan.ts';
import { localDateOf } from './zoned-time.ts';

export const slotListing = defineListing({
  source: (k) =>
    listSource(
      k
        .selectFrom('slots as s')
        .innerJoin('location_assignments as a', 'a.id', 's.assignment_id')
        .innerJoin('tasks as t', 't.slot_id', 's.id'),
      {
        id: 's.id',
        select: (qb) =>
          qb.select([
            's.id',
            's.version',
            's.assignment_id',
            'a.project_id',
            'a.location_id',
            't.id as task_id',
            't.status as task_status',
            's.starts_at',
            's.ends_at',
            's.occurrence',
          ]),
        sorts: { startsAt: 's.starts_at' },
      },
    ),
  map: (r): TSlot => ({
    id: r.id,
    version: r.version,
    assignmentId: r.assignment_id,
    projectId: r.project_id,
    locationId: r.location_id,
    taskId: r.task_id,
    taskStatus: r.task_status,
    startsAt: toDate(r.starts_at),
    endsAt: toDate(r.ends_at),
    occurrence: r.occurrence,
  }),
});

type SlotFilter = ListingFilter<typeof slotListing>;

/** What the caller may read: their customer's slots within the ability's conditions (team, self). */
function readScope(ctx: AuthedContext): SlotFilter[] {
  return [
    tenantFilter(ctx, 's.customer_id'),
    conditionsFilter(ctx, 'read', 'Slot', {
      customerId: 's.customer_id',
      teamId: 'a.team_id',
      assigneeId: 'a.assignee_id',
    }),
  ];
}

/** Slots overlapping [from, to], by start. */
export async function listSlots(
  ctx: ServiceContext,
  input: TListSlotsInput,
): Promise<{ items: TSlot[]; total: number }> {
  authorize(ctx, 'read', 'Slot');
  const where: SlotFilter[] = [
    ...readScope(ctx),
    equalsFilter('a.project_id', input.projectId),
    equalsFilter('s.assignment_id', input.assignmentId),
    input.from !== undefined && sql<SqlBool>`${sql.ref('s.ends_at')} > ${input.from}`,
    input.to !== undefined && sql<SqlBool>`${sql.ref('s.starts_at')} < ${input.to}`,
  ];
  return listPage(ctx.em, slotListing, where, { ...input, sortBy: input.sortBy ?? 'startsAt' });
}

async function getSlot(ctx: AuthedContext, id: number): Promise<TSlot> {
  return listById(ctx.em, slotListing, id, readScope(ctx), 'Slot');
}

/* ------------------------------------------------------------------ one slot */

/** The location's time zone: its own, or its customer's. */
async function zoneOfLocation(em: EntityManager, locationId: number, customerId: number): Promise<string> {
  const location = (await locationPlanningRefs(em, [locationId])).get(locationId);
  return location?.timeZone ?? (await customerTimeZone(em, customerId));
}

function bad(field: string, message: string): AppError {
  return new AppError('BAD_REQUEST', message, { [field]: [message] });
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
  if (endsAt <= startsAt) throw bad('endsAt', 'The slot must end after it starts');
  if (endsAt.getTime() - startsAt.getTime() > MAX_VISIT_MS) throw bad('endsAt', 'A visit lasts at most 24 hours');
  const zone = await zoneOfLocation(em, assignment.locationId, assignment.customerId);
  const day = localDateOf(startsAt, zone);
  if (day < project.startDate || day > project.endDate) {
    throw bad(
      'startsAt',
      `The visit must start within the project's period (${project.startDate} to ${project.endDate}, ${zone} time)`,
    );
  }
}

/**
 * Insert slots and their tasks in one statement per batch (`insert … select from unnest(…)`), skipping
 * occurrences an assignment already has (`on conflict do nothing`). Returns the created tasks' assignees.
 */
async function insertSlotsWithTasks(
  em: EntityManager,
  project: ProjectPlan,
  slots: readonly { assignmentId: number; startsAt: Date; endsAt: Date; occurrence: string | null }[],
): Promise<{ slotId: number; taskId: number; assigneeId: number | null }[]> {
  const out: { slotId: number; taskId: number; assigneeId: number | null }[] = [];
  const now = new Date().toISOString();
  for (let i = 0; i < slots.length; i += BATCH) {
    const batch = slots.slice(i, i + BATCH);
    const { rows } = await sql<{ slot_id: number; task_id: number; assignee_id: number | null }>`
      with input as (
        select * from unnest(${batch.map((s) => s.assignmentId)}::int[], ${batch.map((s) => s.startsAt.toISOString())}::timestamptz[],
                             ${batch.map((s) => s.endsAt.toISOString())}::timestamptz[], ${batch.map((s) => s.occurrence)}::varchar[])
          as i(assignment_id, starts_at, ends_at, occurrence)
      ), created as (
        insert into slots (created_at, updated_at, version, customer_id, assignment_id, starts_at, ends_at, occurrence)
        select ${now}::timestamptz, ${now}::timestamptz, 1, ${project.customerId}, i.assignment_id, i.starts_at, i.ends_at, i.occurrence from input i
        on conflict on constraint slots_assignment_occurrence_unique do nothing
        returning id, assignment_id, starts_at, ends_at
      )
      insert into tasks (created_at, updated_at, version, customer_id, project_id, assignment_id, slot_id, location_id, team_id, assignee_id,
                         scheme_id, status, starts_at, ends_at, answers, critical_failures, section_scores, out_of_fence, rework_count)
      select ${now}::timestamptz, ${now}::timestamptz, 1, a.customer_id, a.project_id, a.id, c.id, a.location_id, a.team_id, a.assignee_id,
             ${project.schemeId}, 'scheduled', c.starts_at, c.ends_at, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, false, 0
      from created c join location_assignments a on a.id = c.assignment_id
      returning slot_id, id as task_id, assignee_id`.execute(db(em));
    for (const r of rows) out.push({ slotId: r.slot_id, taskId: r.task_id, assigneeId: r.assignee_id });
  }
  return out;
}

/** Rows per INSERT batch: a few thousand keeps each statement's arrays small and the plan simple. */
const BATCH = 4000;

/** A new slot of an assignment with its one task (`scheduled`), in one transaction. */
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
  return getSlot(ctx, id);
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
    throw new AppError(
      'CONFLICT',
      `The visit's task is ${row.status.replace('_', ' ')}: only a visit still scheduled can be ${action === 'update' ? 'moved' : 'deleted'}`,
    );
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

/** Move a visit (only while its task is `scheduled`): the task's copied window moves with it. */
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
  return getSlot(ctx, input.id);
}

/** Delete a visit and its task (only while the task is `scheduled`). */
export async function deleteSlot(ctx: ServiceContext, id: number): Promise<TDeleted> {
  authorize(ctx, 'delete', 'Slot');
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

/** Most visits one generation may plan (e.g. 1,000 locations × 50 visits). */
const MAX_GENERATED = 50_000;
const PREVIEW = 2000;

/**
 * Plan the project's period (or [from, to] inside it) for its assignments (or `assignmentIds`):
 * occurrences of the recurrence, fitted into each location's opening hours in its time zone, one slot
 * and one task each. Idempotent: an occurrence an assignment already has is counted `existing`.
 * `dryRun` computes without writing and returns the first 2,000 new visits.
 */
export async function generateSlots(ctx: ServiceContext, input: TGenerateSlotsInput): Promise<TGenerateSlotsResult> {
  authorize(ctx, 'create', 'Slot');
  return withTransaction(ctx, async (tx) => {
    const project = await requireProjectPlan(tx.em, input.projectId, tenantId(tx), { lock: !input.dryRun });
    const ids = input.assignmentIds ? [...new Set(input.assignmentIds)] : undefined;
    let assignments = await assignmentPlans(tx.em, project.id, ids);
    if (ids) {
      const found = new Set(assignments.map((a) => a.id));
      const missing = ids.find((id) => !found.has(id));
      if (missing !== undefined) throw new AppError('NOT_FOUND', `Assignment ${missing} not found in this project`);
      for (const a of assignments) authorizeRecord(tx, 'create', 'Slot', assignmentAbilityRecord(a));
    } else {
      // Every assignment the caller may plan (a team leader: their teams').
      assignments = assignments.filter((a) => canPlan(tx, a));
      if (!assignments.length) {
        // Nothing plannable: FORBIDDEN when there were assignments, else say what is missing.
        if ((await assignmentPlans(tx.em, project.id)).length)
          throw new AppError('FORBIDDEN', 'You are not allowed to create Slot for this project');
        throw bad('assignmentIds', 'Assign at least one location to the project before planning its visits');
      }
    }
    assertPlannable(project);
    const from = input.from ?? project.startDate;
    const to = input.to ?? project.endDate;
    if (from < project.startDate) throw bad('from', `The period starts on ${project.startDate}`);
    if (to > project.endDate) throw bad('to', `The period ends on ${project.endDate}`);
    if (to < from) throw bad('to', 'The end of the period must be on or after its start');

    const locations = await locationPlanningRefs(
      tx.em,
      assignments.map((a) => a.locationId),
    );
    const customerZone = await customerTimeZone(tx.em, project.customerId);
    let planned: { slots: PlannedSlot[]; skipped: number };
    try {
      planned = planSlots(
        assignments.map((a) => {
          const location = locations.get(a.locationId)!;
          return {
            id: a.id,
            plannedVisits: a.plannedVisits,
            location: { openingHours: location.openingHours, timeZone: location.timeZone ?? customerZone },
          };
        }),
        {
          recurrence: input.recurrence,
          from,
          to,
          durationMinutes: input.durationMinutes,
          preferredTime: input.preferredTime,
          maxPerAssignment: input.maxPerAssignment,
        },
      );
    } catch (error) {
      if (error instanceof PlanError) throw bad(error.field, error.message);
      throw error;
    }
    if (planned.slots.length > MAX_GENERATED) {
      throw bad(
        'recurrence',
        `That plans ${planned.slots.length.toLocaleString('en')} visits; at most ${MAX_GENERATED.toLocaleString('en')} at once (fewer assignments or a shorter period)`,
      );
    }

    if (input.dryRun) {
      const taken = await existingOccurrences(
        tx.em,
        assignments.map((a) => a.id),
      );
      const fresh = planned.slots.filter((s) => !taken.has(`${s.assignmentId}|${s.occurrence}`));
      return {
        created: fresh.length,
        existing: planned.slots.length - fresh.length,
        skipped: planned.skipped,
        preview: fresh.slice(0, PREVIEW),
      };
    }

    const created = await insertSlotsWithTasks(tx.em, project, planned.slots);
    const result = {
      created: created.length,
      existing: planned.slots.length - created.length,
      skipped: planned.skipped,
    };
    recordAudit(tx, {
      action: 'generate',
      entityType: 'Project',
      entityId: project.id,
      customerId: project.customerId,
      changes: {
        recurrence: input.recurrence,
        from,
        to,
        durationMinutes: input.durationMinutes,
        preferredTime: input.preferredTime ?? null,
        assignments: assignments.length,
        ...result,
      },
    });
    const perAssignee = new Map<number, number>();
    for (const c of created)
      if (c.assigneeId !== null) perAssignee.set(c.assigneeId, (perAssignee.get(c.assigneeId) ?? 0) + 1);
    await sendNotifications(
      tx.em,
      [...perAssignee].map(([userId, n]) => ({
        userId,
        kind: 'planning',
        title: 'Visits planned',
        body: `${n} visit${n === 1 ? '' : 's'} planned for you in project ${project.code} "${project.name}" between ${from} and ${to}.`,
        link: '/tasks',
      })),
    );
    return { ...result, preview: [] };
  });
}

function canPlan(tx: AuthedContext, assignment: AssignmentPlan): boolean {
  try {
    authorizeRecord(tx, 'create', 'Slot', assignmentAbilityRecord(assignment));
    return true;
  } catch {
    return false;
  }
}

/** `assignment|occurrence` of the generated slots the assignments already have. */
async function existingOccurrences(em: EntityManager, assignmentIds: number[]): Promise<Set<string>> {
  const rows = await db(em)
    .selectFrom('slots')
    .select(['assignment_id', 'occurrence'])
    .where('assignment_id', '=', sql<number>`any(${assignmentIds})`)
    .where('occurrence', 'is not', null)
    .execute();
  return new Set(rows.map((r) => `${r.assignment_id}|${r.occurrence}`));
}
