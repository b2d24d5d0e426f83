// Reads of tasks: the listing (list rows and their names), what a caller may see, the list's filters
// and kept totals, the inspector's agenda, and the whole task for byId / bySlot. No writes; the service
// authorizes before calling these.

import type { EntityManager } from '@mikro-orm/postgresql';
import { type SqlBool, sql } from 'kysely';
import type { TListTasksInput, TTask, TTaskDetail } from '../../../../shared/schemas/tasks.ts';
import { checkInTiming } from '../../../../shared/workflow/check-in.ts';
import { db } from '../../../db/kysely.ts';
import { notFound } from '../../../lib/app-error.ts';
import { tenantId } from '../../../lib/authz.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import {
  defineListing,
  equalsFilter,
  type ListingFilter,
  listAgendaPage,
  listById,
  listOne,
  listPage,
  listSource,
  toDate,
  toDateOrNull,
} from '../../../lib/list/index.ts';
import { abilityConditions, conditionsFilter, tenantFilter } from '../../../lib/scope.ts';
import { customerTimeZones } from '../../organization/customers/customers.refs.ts';
import { teamRefs } from '../../organization/teams/teams.refs.ts';
import { userRefs } from '../../organization/users/users.refs.ts';
import { locationAttributeSql, locationIdsMatching, locationRefs } from '../../structure/locations/locations.refs.ts';
import { schemeRefs } from '../../structure/schemes/schemes.refs.ts';
import { projectIdsMatching, projectRefs } from '../projects/projects.refs.ts';

export const taskListing = defineListing({
  source: (k) =>
    listSource(k.selectFrom('tasks as t'), {
      id: 't.id',
      select: (qb) =>
        qb.select([
          't.id',
          't.version',
          't.customer_id',
          't.status',
          't.project_id',
          't.slot_id',
          't.assignment_id',
          't.location_id',
          't.team_id',
          't.assignee_id',
          't.scheme_id',
          't.starts_at',
          't.ends_at',
          't.started_at',
          't.submitted_at',
          // numeric(4,1): as a JS number.
          sql<number | null>`${sql.ref('t.score')}::float8`.as('score'),
          't.passed',
          't.out_of_fence',
          't.rework_count',
          't.updated_at',
        ]),
      sorts: { startsAt: 't.starts_at', status: 't.status', score: 't.score', updatedAt: 't.updated_at' },
    }),
  map: (r): TTask => ({
    id: r.id,
    version: r.version,
    customerId: r.customer_id,
    status: r.status,
    projectId: r.project_id,
    slotId: r.slot_id,
    assignmentId: r.assignment_id,
    locationId: r.location_id,
    teamId: r.team_id,
    assigneeId: r.assignee_id,
    schemeId: r.scheme_id,
    project: { id: r.project_id, code: '', name: '' },
    scheme: { id: r.scheme_id, name: '' },
    location: { id: r.location_id, code: '', name: '' },
    team: { id: r.team_id, name: '' },
    assignee: r.assignee_id === null ? null : { id: r.assignee_id, name: '' },
    startsAt: toDate(r.starts_at),
    endsAt: toDate(r.ends_at),
    // Set by enrich from the location, else the customer.
    timeZone: 'UTC',
    startedAt: toDateOrNull(r.started_at),
    submittedAt: toDateOrNull(r.submitted_at),
    score: r.score,
    passed: r.passed,
    outOfFence: r.out_of_fence,
    checkInTiming: r.started_at === null ? null : checkInTiming(toDate(r.starts_at), toDate(r.started_at)),
    reworkCount: r.rework_count,
    updatedAt: toDate(r.updated_at),
  }),
  // Names of the copied references, one query per kind for the whole page.
  enrich: async (em, items) => {
    const [projects, schemes, locations, teams, users, zones] = await Promise.all([
      projectRefs(
        em,
        items.map((i) => i.projectId),
      ),
      schemeRefs(
        em,
        items.map((i) => i.schemeId),
      ),
      locationRefs(
        em,
        items.map((i) => i.locationId),
      ),
      teamRefs(
        em,
        items.map((i) => i.teamId),
      ),
      userRefs(
        em,
        items.flatMap((i) => (i.assigneeId === null ? [] : [i.assigneeId])),
      ),
      customerTimeZones(
        em,
        items.map((i) => i.customerId),
      ),
    ]);
    for (const item of items) {
      const project = projects.get(item.projectId);
      if (project) item.project = project;
      const scheme = schemes.get(item.schemeId);
      if (scheme) item.scheme = { id: scheme.id, name: scheme.name };
      const location = locations.get(item.locationId);
      if (location) item.location = { id: location.id, code: location.code, name: location.name };
      item.timeZone = location?.timeZone ?? zones.get(item.customerId) ?? 'UTC';
      const team = teams.get(item.teamId);
      if (team) item.team = { id: team.id, name: team.name };
      const user = item.assigneeId === null ? undefined : users.get(item.assigneeId);
      if (user) item.assignee = { id: user.id, name: user.fullName };
    }
  },
});

type TaskFilter = ListingFilter<typeof taskListing>;

/** What the caller may read: their customer, and the ability's conditions (team, self). */
function readScope(ctx: AuthedContext): TaskFilter[] {
  return [
    tenantFilter(ctx, 't.customer_id'),
    conditionsFilter(ctx, 'read', 'Task', {
      customerId: 't.customer_id',
      teamId: 't.team_id',
      assigneeId: 't.assignee_id',
    }),
  ];
}

function statusesOf(input: TListTasksInput) {
  return input.status === undefined ? [] : Array.isArray(input.status) ? input.status : [input.status];
}

async function listFilters(ctx: AuthedContext, input: TListTasksInput): Promise<TaskFilter[]> {
  const statuses = statusesOf(input);
  const filters: TaskFilter[] = [
    ...readScope(ctx),
    statuses.length > 0 && ((eb) => eb('t.status', 'in', statuses)),
    equalsFilter('t.project_id', input.projectId),
    equalsFilter('t.location_id', input.locationId),
    equalsFilter('t.assignee_id', input.assigneeId),
    equalsFilter('t.team_id', input.teamId),
    input.from !== undefined && ((eb) => eb('t.starts_at', '>=', input.from as Date)),
    input.to !== undefined && ((eb) => eb('t.starts_at', '<', input.to as Date)),
    input.updatedSince !== undefined && ((eb) => eb('t.updated_at', '>=', input.updatedSince as Date)),
    input.mine === true && equalsFilter('t.assignee_id', ctx.user.id),
    locationAttributeSql('t.location_id', tenantId(ctx), input) ?? false,
  ];
  const q = input.q?.trim();
  if (q) {
    // Matching locations and projects first (their trigram indexes), then the tasks' own indexes.
    const tenant = tenantId(ctx);
    const [locationIds, projectIds] = await Promise.all([
      locationIdsMatching(ctx.em, tenant, q),
      projectIdsMatching(ctx.em, tenant, q),
    ]);
    // Only the arms that match something: a lone `= any(ids)` is answered index-only, an OR is not.
    const arms = [
      locationIds.length > 0 && sql<SqlBool>`${sql.ref('t.location_id')} = any(${locationIds}::int[])`,
      projectIds.length > 0 && sql<SqlBool>`${sql.ref('t.project_id')} = any(${projectIds}::int[])`,
    ].filter((arm) => arm !== false);
    filters.push(arms.length ? sql<SqlBool>`(${sql.join(arms, sql` or `)})` : sql<SqlBool>`false`);
  }
  return filters;
}

/** Whether the input narrows the list beyond the caller's scope. */
function narrowed(input: TListTasksInput): boolean {
  return Boolean(
    statusesOf(input).length ||
      input.projectId !== undefined ||
      input.locationId !== undefined ||
      input.assigneeId !== undefined ||
      input.teamId !== undefined ||
      input.directionId !== undefined ||
      input.subDirectionId !== undefined ||
      input.classId !== undefined ||
      input.from !== undefined ||
      input.to !== undefined ||
      input.updatedSince !== undefined ||
      input.mine ||
      input.q?.trim(),
  );
}

/**
 * The exact total of an unfiltered list from the kept counts (the task_counts triggers): the customer's
 * tasks for roles that read them all, the teams' tasks for a team leader; undefined otherwise (counted).
 */
async function keptTotal(ctx: AuthedContext, input: TListTasksInput): Promise<number | undefined> {
  if (narrowed(input)) return undefined;
  const conditions = abilityConditions(ctx, 'read', 'Task');
  const tenant = tenantId(ctx);
  const kept = (table: 'tasks' | 'tasks_by_team', keys: number[] | null) =>
    db(ctx.em)
      .selectFrom('table_row_counts')
      .select(sql<number>`coalesce(sum(row_count), 0)::int`.as('n'))
      .where('table_name', '=', table)
      .$if(keys !== null, (qb) => qb.where('tenant_id', 'in', keys!.length ? keys! : [-1]))
      .executeTakeFirstOrThrow();
  if (conditions === 'all') return (await kept('tasks', tenant === null ? null : [tenant])).n;
  const [only] = conditions;
  const teams =
    conditions.length === 1 && Object.keys(only).length === 1
      ? (only.teamId as { $in?: number[] } | undefined)?.$in
      : undefined;
  if (!teams) return undefined;
  return (await kept('tasks_by_team', teams)).n;
}

/**
 * A page of the tasks the caller may read (see `tasks.list`). Without a `sortBy`, an inspector gets
 * their agenda: today's and later tasks first (earliest first), then earlier ones (latest first), "today"
 * starting at midnight in the customer's time zone; everyone else startsAt ascending.
 */
export async function taskPage(ctx: AuthedContext, input: TListTasksInput): Promise<{ items: TTask[]; total: number }> {
  const filters = await listFilters(ctx, input);
  if (input.sortBy === undefined && ctx.user.role === 'qualitycontrol' && ctx.user.customerId !== null) {
    const timeZone = (await customerTimeZones(ctx.em, [ctx.user.customerId])).get(ctx.user.customerId) ?? 'UTC';
    const today = sql<string>`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;
    return listAgendaPage(ctx.em, taskListing, filters, input, { column: 't.starts_at', pivot: today });
  }
  const { q: _q, ...args } = input;
  return listPage(
    ctx.em,
    taskListing,
    filters,
    { ...args, sortBy: input.sortBy ?? 'startsAt' },
    { total: await keptTotal(ctx, input) },
  );
}

/** The heavy part of a task (answers, breakdown, check-in, reviews, the location's geofence). */
async function detailOf(em: EntityManager, task: TTask): Promise<TTaskDetail> {
  const k = db(em);
  const [row, reviews, locations] = await Promise.all([
    k
      .selectFrom('tasks')
      .select([
        'answers',
        'critical_failures',
        'section_scores',
        'check_in_latitude',
        'check_in_longitude',
        'check_in_accuracy',
        'check_in_distance_m',
        'check_in_at',
        'check_in_offline',
        'out_of_fence_reason',
        'signature_file_id',
        'cancel_reason',
      ])
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow(),
    k
      .selectFrom('task_reviews')
      .select(['round', 'reviewer_id', 'decision', 'reason', 'comment', 'question_comments', 'created_at'])
      .where('task_id', '=', task.id)
      .orderBy('round')
      .orderBy('id')
      .execute(),
    locationRefs(em, [task.locationId]),
  ]);
  const [reviewers, zones] = await Promise.all([
    userRefs(
      em,
      reviews.map((r) => r.reviewer_id),
    ),
    customerTimeZones(em, [task.customerId]),
  ]);
  const location = locations.get(task.locationId);
  const checkIn =
    row.check_in_latitude !== null && row.check_in_longitude !== null && row.check_in_at !== null
      ? {
          latitude: Number(row.check_in_latitude),
          longitude: Number(row.check_in_longitude),
          accuracy: Number(row.check_in_accuracy ?? 0),
          distanceM: row.check_in_distance_m === null ? null : Number(row.check_in_distance_m),
          at: toDate(row.check_in_at),
          offline: row.check_in_offline,
        }
      : null;
  return {
    ...task,
    answers: row.answers,
    criticalFailures: row.critical_failures,
    sectionScores: row.section_scores,
    reviews: reviews.map((r) => ({
      round: r.round,
      reviewer: { id: r.reviewer_id, name: reviewers.get(r.reviewer_id)?.fullName ?? '' },
      decision: r.decision,
      reason: r.reason,
      comment: r.comment,
      questionComments: r.question_comments,
      at: toDate(r.created_at),
    })),
    checkIn,
    outOfFenceReason: row.out_of_fence_reason,
    signatureFileId: row.signature_file_id,
    cancelReason: row.cancel_reason,
    location: {
      ...task.location,
      latitude: location?.latitude ?? null,
      longitude: location?.longitude ?? null,
      geofenceRadiusM: location?.geofenceRadiusM ?? 100,
      timeZone: location?.timeZone ?? zones.get(task.customerId) ?? 'UTC',
    },
  };
}

/** The whole task whoever asks (a system job's webhook event); never authorizes. */
export async function taskDetailUnscoped(em: EntityManager, id: number): Promise<TTaskDetail> {
  return detailOf(em, await listById(em, taskListing, id, [], 'Task'));
}

/** The whole task, if the caller may read it (NOT_FOUND otherwise). */
export async function taskDetail(ctx: AuthedContext, id: number): Promise<TTaskDetail> {
  return detailOf(ctx.em, await listById(ctx.em, taskListing, id, readScope(ctx), 'Task'));
}

/** The whole task of a slot of an assignment, if the caller may read it (NOT_FOUND otherwise). */
export async function taskDetailBySlot(
  ctx: AuthedContext,
  input: { slotId: number; assignmentId: number },
): Promise<TTaskDetail> {
  const task = await listOne(ctx.em, taskListing, [
    ...readScope(ctx),
    equalsFilter('t.slot_id', input.slotId),
    equalsFilter('t.assignment_id', input.assignmentId),
  ]);
  if (!task) throw notFound('Task');
  return detailOf(ctx.em, task);
}
