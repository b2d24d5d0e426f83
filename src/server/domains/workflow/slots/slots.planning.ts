// What slot planning checks and writes, for the slots service: a field's BAD_REQUEST, the set-based
// insert of slots with their tasks, and generation's steps (the assignments to plan, the period, the
// visits a recurrence gives, a dry run's preview, the inspectors' notification). The service authorizes.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { ErrorKey, ErrorValues } from '../../../../shared/errors/messages.ts';
import type { TGenerateSlotsInput, TGenerateSlotsResult } from '../../../../shared/schemas/slots.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import { authorizeRecord } from '../../../lib/authz.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import { customerTimeZone } from '../../organization/customers/customers.refs.ts';
import { notice, sendNotifications } from '../../platform/notifications/notifications.refs.ts';
import { locationPlanningRefs } from '../../structure/locations/locations.refs.ts';
import { type AssignmentPlan, assignmentAbilityRecord, assignmentPlans } from '../assignments/assignments.refs.ts';
import type { ProjectPlan } from '../projects/projects.refs.ts';
import { PlanError, type PlannedSlot, planSlots } from './plan.ts';

export function bad(field: string, key: ErrorKey, values: ErrorValues = {}): AppError {
  return new AppError('BAD_REQUEST', key, values, { [field]: key });
}

/**
 * Insert slots and their tasks in one statement per batch (`insert … select from unnest(…)`), skipping
 * occurrences an assignment already has (`on conflict do nothing`). Returns the created tasks' assignees.
 */
export async function insertSlotsWithTasks(
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

/** Most visits one generation may plan (e.g. 1,000 locations × 50 visits). */
const MAX_GENERATED = 50_000;
const PREVIEW = 2000;

/**
 * The assignments a generation plans: `ids` among the project's (NOT_FOUND for one not in it, FORBIDDEN
 * for one the caller may not plan), or every assignment the caller may plan (a team leader: their
 * teams'; FORBIDDEN when there are some but none of them, BAD_REQUEST when the project has none).
 */
export async function assignmentsToPlan(
  tx: AuthedContext,
  project: ProjectPlan,
  assignmentIds: readonly number[] | undefined,
): Promise<AssignmentPlan[]> {
  const ids = assignmentIds ? [...new Set(assignmentIds)] : undefined;
  const assignments = await assignmentPlans(tx.em, project.id, ids);
  if (ids) {
    const found = new Set(assignments.map((a) => a.id));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw new AppError('NOT_FOUND', 'slots.assignmentNotInProject', { id: missing });
    for (const a of assignments) authorizeRecord(tx, 'create', 'Slot', assignmentAbilityRecord(a));
    return assignments;
  }
  const plannable = assignments.filter((a) => canPlan(tx, a));
  if (plannable.length) return plannable;
  if (assignments.length) throw new AppError('FORBIDDEN', 'slots.cannotPlan');
  throw bad('assignmentIds', 'slots.assignLocationFirst');
}

/** The period to plan: [from, to] inside the project's (BAD_REQUEST otherwise), the whole of it by default. */
export function periodOf(project: ProjectPlan, input: TGenerateSlotsInput): { from: string; to: string } {
  const from = input.from ?? project.startDate;
  const to = input.to ?? project.endDate;
  if (from < project.startDate) throw bad('from', 'slots.periodStarts', { date: project.startDate });
  if (to > project.endDate) throw bad('to', 'slots.periodEnds', { date: project.endDate });
  if (to < from) throw bad('to', 'slots.periodReversed');
  return { from, to };
}

/**
 * The visits to create, and those left out: closed days (`skipped`), visits already over (`ended`) and
 * visits under way (`started`: begun, not over).
 */
export interface PlannedVisits {
  slots: PlannedSlot[];
  skipped: number;
  ended: number;
  started: number;
}

/**
 * The visits of the recurrence over the period, fitted into each location's opening hours in its time
 * zone (plan.ts); BAD_REQUEST for a rule plan.ts refuses or a plan of more than MAX_GENERATED visits.
 */
export async function planVisits(
  em: EntityManager,
  project: ProjectPlan,
  assignments: readonly AssignmentPlan[],
  input: TGenerateSlotsInput,
  period: { from: string; to: string },
): Promise<PlannedVisits> {
  const locations = await locationPlanningRefs(
    em,
    assignments.map((a) => a.locationId),
  );
  const customerZone = await customerTimeZone(em, project.customerId);
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
        ...period,
        durationMinutes: input.durationMinutes,
        preferredTime: input.preferredTime,
        maxPerAssignment: input.maxPerAssignment,
      },
    );
  } catch (error) {
    if (error instanceof PlanError) throw bad(error.field, error.key, error.values);
    throw error;
  }
  if (planned.slots.length > MAX_GENERATED) {
    const count = planned.slots.length.toLocaleString('en');
    throw bad('recurrence', 'slots.tooMany', { count, maximum: MAX_GENERATED.toLocaleString('en') });
  }
  // A visit whose start has passed is never planned: one already over would only turn missed, and one
  // under way could only be checked in late, by an inspector told of it after it began.
  const now = Date.now();
  const upcoming = planned.slots.filter((s) => s.startsAt.getTime() > now);
  const ended = planned.slots.filter((s) => s.endsAt.getTime() <= now).length;
  return {
    slots: upcoming,
    skipped: planned.skipped,
    ended,
    started: planned.slots.length - upcoming.length - ended,
  };
}

/** A dry run's answer: how many visits would be new, already there or skipped, and the first new ones. */
export async function previewOf(
  em: EntityManager,
  assignments: readonly AssignmentPlan[],
  planned: PlannedVisits,
): Promise<TGenerateSlotsResult> {
  const taken = await existingOccurrences(
    em,
    assignments.map((a) => a.id),
  );
  const fresh = planned.slots.filter((s) => !taken.has(`${s.assignmentId}|${s.occurrence}`));
  return {
    created: fresh.length,
    existing: planned.slots.length - fresh.length,
    skipped: planned.skipped,
    ended: planned.ended,
    started: planned.started,
    preview: fresh.slice(0, PREVIEW),
  };
}

/** Each inspector with new visits is told once, with how many. */
export async function notifyVisitsPlanned(
  em: EntityManager,
  project: ProjectPlan,
  created: readonly { assigneeId: number | null }[],
  period: { from: string; to: string },
): Promise<void> {
  const perAssignee = new Map<number, number>();
  for (const c of created)
    if (c.assigneeId !== null) perAssignee.set(c.assigneeId, (perAssignee.get(c.assigneeId) ?? 0) + 1);
  await sendNotifications(
    em,
    [...perAssignee].map(([userId, n]) => ({
      userId,
      kind: 'planning',
      ...notice('visitsPlanned', {
        project: `${project.code} "${project.name}"`,
        from: period.from,
        to: period.to,
        count: n,
      }),
      link: '/tasks',
    })),
  );
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
