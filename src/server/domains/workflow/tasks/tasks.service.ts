// Tasks: one inspection at one location in one slot, and its lifecycle (DOMAIN.md "Task workflow";
// CONTRACTS.md "Workflow over tRPC"):
//
//   scheduled --start (slot window, project active, check-in)--> in_progress --submit--> submitted
//   submitted --approve--> approved;  submitted --reject (reason)--> rejected --resume--> in_progress
//   scheduled | in_progress --cancel (reason)--> cancelled;  scheduled --slot ended--> missed (jobs)
//
// Every transition is one function that checks, in this order: the role may take the action at all
// (FORBIDDEN), the task is in the caller's customer and visible to them (NOT_FOUND), the ability on
// this task (FORBIDDEN: perform only by the assigned inspector, review never by the inspector who
// performed it), the state (CONFLICT), the optimistic `version` when sent (CONFLICT, data.stale), then
// its own rules (window, project, geofence, answers: CONFLICT / BAD_REQUEST). It runs in one
// transaction with the row locked (select … for update), writes an audit event and queues the
// notifications in the same transaction.
//
// Windows: start from 30 minutes before the slot until it ends, and start / resume only while the
// project is active; saving answers and submitting have no window, so work begun is never lost.
// Perform (start, saveAnswers, submit, resume) is the assigned inspector's alone, even for roles that
// manage tasks, so "the reviewer is never the performer" is "the reviewer is never the assignee".
//
// Notifications: submitted → the team leader of the task's team (the team's reviewer), or, when the
// team has none (or leads it and performed it), the customer's active analysts; approved, rejected
// (with the reason) and cancelled (with the reason) → the assigned inspector. Links point at the
// task's view page (`/tasks/viewTask/{id}`); a rejection's at its perform page, where the inspector
// reworks it.
//
// Each submission keeps its answers and score as a round (task_rounds: round 1, then 2 after one
// rework…), so the view page can show what changed since the previous round (task-history.service.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Action } from '../../../../shared/abilities/index.ts';
import type { TTaskStatus } from '../../../../shared/schemas/projects.ts';
import type {
  TApproveTaskInput,
  TCancelTaskInput,
  TListTasksInput,
  TQuestionComment,
  TRejectTaskInput,
  TResumeTaskInput,
  TSaveAnswersInput,
  TSavedAnswers,
  TStartTaskInput,
  TSubmitTaskInput,
  TTask,
  TTaskDetail,
} from '../../../../shared/schemas/tasks.ts';
import {
  type AnswerQuestion,
  mergeAnswers,
  photosNeeded,
  submitProblemMessage,
  submitProblems,
} from '../../../../shared/workflow/answers.ts';
import { distanceMeters, insideGeofence } from '../../../../shared/workflow/geo.ts';
import { answerOutcomes } from '../../../../shared/workflow/outcomes.ts';
import { computeScore, questionsOf } from '../../../../shared/workflow/score.ts';
import { taskPerformPath, taskViewPath } from '../../../../shared/workflow/task-links.ts';
import { db } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { type AuditAction, recordAudit } from '../../../lib/audit/audit.ts';
import { authorize, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import {
  ALL_CAP,
  defineListing,
  equalsFilter,
  type ListingFilter,
  listById,
  listOne,
  listPage,
  listSource,
  toDate,
  toDateOrNull,
} from '../../../lib/list.ts';
import { assertCurrent, authorizeTransition, lockForTransition, staleRecord } from '../../../lib/records.ts';
import { abilityConditions, conditionsFilter, tenantFilter, withTransaction } from '../../../lib/scope.ts';
import { customerTimeZones } from '../../organization/customers/customers.refs.ts';
import { teamRefs } from '../../organization/teams/teams.refs.ts';
import { activeUserIdsWithRole, userRefs } from '../../organization/users/users.refs.ts';
import { type NotificationInput, sendNotifications } from '../../platform/notifications/notifications.refs.ts';
import { locationAttributeSql, locationIdsMatching, locationRefs } from '../../structure/locations/locations.refs.ts';
import { schemeRulesForTasks } from '../../structure/schemes/schemes.refs.ts';
import { onTaskApproved } from '../corrective-actions/corrective-actions.refs.ts';
import { Project } from '../projects/project.entity.ts';
import { Task, TaskReview, TaskRound } from './task.entity.ts';

/** A task may be started from this long before its slot starts until the slot ends. */
export const START_GRACE_MS = 30 * 60_000;

/* ------------------------------------------------------------------ reads */

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
    location: { id: r.location_id, code: '', name: '' },
    team: { id: r.team_id, name: '' },
    assignee: r.assignee_id === null ? null : { id: r.assignee_id, name: '' },
    startsAt: toDate(r.starts_at),
    endsAt: toDate(r.ends_at),
    startedAt: toDateOrNull(r.started_at),
    submittedAt: toDateOrNull(r.submitted_at),
    score: r.score,
    passed: r.passed,
    outOfFence: r.out_of_fence,
    reworkCount: r.rework_count,
    updatedAt: toDate(r.updated_at),
  }),
  // Names of the copied references, one query per kind for the whole page.
  enrich: async (em, items) => {
    const [projects, locations, teams, users] = await Promise.all([
      projectRefs(
        em,
        items.map((i) => i.projectId),
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
    ]);
    for (const item of items) {
      const project = projects.get(item.projectId);
      if (project) item.project = project;
      const location = locations.get(item.locationId);
      if (location) item.location = { id: location.id, code: location.code, name: location.name };
      const team = teams.get(item.teamId);
      if (team) item.team = { id: team.id, name: team.name };
      const user = item.assigneeId === null ? undefined : users.get(item.assigneeId);
      if (user) item.assignee = { id: user.id, name: user.fullName };
    }
  },
});

type TaskFilter = ListingFilter<typeof taskListing>;

/** Projects by id (same context: tasks read their parent's table). */
export async function projectRefs(
  em: EntityManager,
  ids: number[],
): Promise<Map<number, { id: number; code: string; name: string }>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db(em).selectFrom('projects').select(['id', 'code', 'name']).where('id', 'in', unique).execute();
  return new Map(rows.map((p) => [p.id, p]));
}

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

/** Ids of the caller's projects whose code contains `q` (trigram index). */
async function projectIdsMatching(em: EntityManager, customerId: number | null, q: string): Promise<number[]> {
  const pattern = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
  const rows = await db(em)
    .selectFrom('projects')
    .select('id')
    .where('code', 'ilike', pattern)
    .$if(customerId !== null, (qb) => qb.where('customer_id', '=', customerId as number))
    .limit(5000)
    .execute();
  return rows.map((r) => r.id);
}

async function listFilters(
  ctx: AuthedContext,
  input: Omit<TListTasksInput, 'page' | 'itemsPerPage'>,
): Promise<TaskFilter[]> {
  const statuses = input.status === undefined ? [] : Array.isArray(input.status) ? input.status : [input.status];
  const filters: TaskFilter[] = [
    ...readScope(ctx),
    statuses.length > 0 && ((eb) => eb('t.status', 'in', statuses)),
    equalsFilter('t.project_id', input.projectId),
    equalsFilter('t.location_id', input.locationId),
    equalsFilter('t.assignee_id', input.assigneeId),
    equalsFilter('t.team_id', input.teamId),
    input.from !== undefined && ((eb) => eb('t.starts_at', '>=', input.from as Date)),
    input.to !== undefined && ((eb) => eb('t.starts_at', '<', input.to as Date)),
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

type TaskSource = ReturnType<typeof taskListing.source>;
type TaskRow = Parameters<typeof taskListing.map>[0];
// The builders below filter both `from` and `select(from)`; Kysely cannot type a generic filter over
// them, so they share this erased view (runtime identical), as lib/list.ts does.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TaskQuery = SelectQueryBuilder<any, any, any>;

function applyFilters<Q extends TaskQuery>(qb: Q, filters: readonly TaskFilter[]): Q {
  let out = qb;
  for (const f of filters) if (f) out = out.where(f as never) as Q;
  return out;
}

/**
 * The inspector's agenda: today's and later tasks first (earliest first), then earlier ones (latest
 * first); "today" starts at midnight in the customer's time zone. Each part reads the
 * (assignee, starts_at, id) index in its own direction; the total is exact.
 */
async function agendaPage(
  em: EntityManager,
  filters: readonly TaskFilter[],
  input: TListTasksInput,
  timeZone: string,
): Promise<{ items: TTask[]; total: number }> {
  const k = db(em);
  const source: TaskSource = taskListing.source(k);
  const today = sql<string>`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;
  const counts: unknown = await applyFilters(source.from as TaskQuery, filters)
    .select([
      sql<number>`(count(*) filter (where ${sql.ref('t.starts_at')} >= ${today}))::int`.as('upcoming'),
      sql<number>`count(*)::int`.as('total'),
    ])
    .executeTakeFirstOrThrow();
  const { upcoming, total } = counts as { upcoming: number; total: number };
  const limit = input.itemsPerPage === -1 ? ALL_CAP : input.itemsPerPage;
  const offset = input.itemsPerPage === -1 ? 0 : (input.page - 1) * input.itemsPerPage;
  const rows: TaskRow[] = [];
  const page = (part: 'upcoming' | 'past', skip: number, take: number) => {
    const dir = part === 'upcoming' ? 'asc' : 'desc';
    return applyFilters(source.select(source.from) as TaskQuery, filters)
      .where(sql<SqlBool>`${sql.ref('t.starts_at')} ${sql.raw(part === 'upcoming' ? '>=' : '<')} ${today}`)
      .orderBy('t.starts_at', dir)
      .orderBy('t.id', dir)
      .offset(skip)
      .limit(take)
      .execute() as Promise<TaskRow[]>;
  };
  if (offset < upcoming) rows.push(...(await page('upcoming', offset, Math.min(limit, upcoming - offset))));
  const rest = Math.min(limit - rows.length, total - upcoming - Math.max(0, offset - upcoming));
  if (rest > 0) rows.push(...(await page('past', Math.max(0, offset - upcoming), rest)));
  const items = rows.map(taskListing.map);
  if (items.length) await taskListing.enrich?.(em, items);
  return { items, total };
}

/**
 * `tasks.list`: filters (status one or many, project, location, assignee, team, window, mine, q on
 * the location's code and name and the project's code), sorts, exact totals; scoped by role
 * (qualitycontrol: their own tasks; teamleader: their teams'; others: the customer's). Without a
 * `sortBy`, an inspector gets their agenda (see agendaPage); everyone else startsAt ascending.
 */
export async function listTasks(
  ctx: ServiceContext,
  input: TListTasksInput,
): Promise<{ items: TTask[]; total: number }> {
  authorize(ctx, 'read', 'Task');
  const filters = await listFilters(ctx, input);
  if (input.sortBy === undefined && ctx.user.role === 'qualitycontrol' && ctx.user.customerId !== null) {
    const zones = await customerTimeZones(ctx.em, [ctx.user.customerId]);
    return agendaPage(ctx.em, filters, input, zones.get(ctx.user.customerId) ?? 'UTC');
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

/** Whether the input narrows the list beyond the caller's scope. */
function narrowed(input: TListTasksInput): boolean {
  const statuses = input.status === undefined ? [] : Array.isArray(input.status) ? input.status : [input.status];
  return Boolean(
    statuses.length ||
      input.projectId !== undefined ||
      input.locationId !== undefined ||
      input.assigneeId !== undefined ||
      input.teamId !== undefined ||
      input.directionId !== undefined ||
      input.subDirectionId !== undefined ||
      input.classId !== undefined ||
      input.from !== undefined ||
      input.to !== undefined ||
      input.mine ||
      input.q?.trim(),
  );
}

/**
 * The exact total of an unfiltered list from the kept counts (migration task_counts): the customer's
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

/** `tasks.byId`: the whole task, if the caller may read it (NOT_FOUND otherwise). */
export async function getTask(ctx: ServiceContext, id: number): Promise<TTaskDetail> {
  authorize(ctx, 'read', 'Task');
  const task = await listById(ctx.em, taskListing, id, readScope(ctx), 'Task');
  return detailOf(ctx.em, task);
}

/** `tasks.bySlot`: the task of a slot of an assignment (the perform page's address). */
export async function getTaskBySlot(
  ctx: ServiceContext,
  input: { slotId: number; assignmentId: number },
): Promise<TTaskDetail> {
  authorize(ctx, 'read', 'Task');
  const task = await listOne(ctx.em, taskListing, [
    ...readScope(ctx),
    equalsFilter('t.slot_id', input.slotId),
    equalsFilter('t.assignment_id', input.assignmentId),
  ]);
  if (!task) throw notFound('Task');
  return detailOf(ctx.em, task);
}

/* ------------------------------------------------------------------ transitions */

type TaskAction = Extract<Action, 'perform' | 'review' | 'cancel'>;

/** The task as the ability's conditions see it. */
function abilityRecord(task: Task): { id: number; customerId: number; teamId: number; assigneeId: number | null } {
  return { id: task.id, customerId: task.customer.id, teamId: task.team.id, assigneeId: task.assignee?.id ?? null };
}

/**
 * Lock and load the task for `action` (see the file header for the order of the checks): NOT_FOUND
 * outside the caller's customer or sight, FORBIDDEN when the ability or the person does not fit.
 */
async function loadForAction(tx: AuthedContext, id: number, action: TaskAction): Promise<Task> {
  const task = await lockForTransition(tx, { entity: Task, subject: 'Task', label: 'Task', abilityRecord }, id, action);
  checkPerson(tx, task.assignee?.id ?? null, action);
  return task;
}

/** Perform is the assigned inspector's alone; review never theirs (FORBIDDEN). */
function checkPerson(tx: AuthedContext, assigneeId: number | null, action: TaskAction): void {
  if (action === 'perform' && assigneeId !== tx.user.id) {
    throw new AppError(
      'FORBIDDEN',
      assigneeId === null
        ? 'This task has no inspector assigned yet'
        : 'Only the inspector assigned to this task can perform it',
    );
  }
  if (action === 'review' && assigneeId === tx.user.id) {
    throw new AppError('FORBIDDEN', 'You performed this task: someone else must review it');
  }
}

const STATE_WORDS: Record<TTaskStatus, string> = {
  scheduled: 'scheduled',
  in_progress: 'in progress',
  submitted: 'submitted',
  approved: 'approved',
  rejected: 'rejected',
  missed: 'missed',
  cancelled: 'cancelled',
};

/** CONFLICT unless the task is in one of `from`. */
function requireState(task: { status: TTaskStatus }, from: readonly TTaskStatus[], verb: string): void {
  if (from.includes(task.status)) return;
  throw new AppError(
    'CONFLICT',
    `This task is ${STATE_WORDS[task.status]}; only a ${from.map((s) => STATE_WORDS[s]).join(' or ')} task can be ${verb}`,
  );
}

function audit(tx: AuthedContext, task: Task, action: AuditAction, changes: Record<string, unknown>): void {
  recordAudit(tx, { action, entityType: 'Task', entityId: task.id, customerId: task.customer.id, changes });
}

/** Names for notification texts: the project's code, the location's code and name, the inspector. */
async function describe(
  em: EntityManager,
  task: Task,
): Promise<{ project: string; location: string; locationCode: string; inspector: string }> {
  const [projects, locations, users] = await Promise.all([
    projectRefs(em, [task.project.id]),
    locationRefs(em, [task.location.id]),
    userRefs(em, task.assignee ? [task.assignee.id] : []),
  ]);
  const location = locations.get(task.location.id);
  return {
    project: projects.get(task.project.id)?.code ?? `#${task.project.id}`,
    location: location ? `${location.code} ${location.name}` : `#${task.location.id}`,
    locationCode: location?.code ?? '',
    inspector: (task.assignee && users.get(task.assignee.id)?.fullName) ?? 'The inspector',
  };
}

/** Who reviews a submitted task: its team's leader, else the customer's active analysts; never the inspector. */
async function reviewersOf(em: EntityManager, task: Task): Promise<number[]> {
  const inspector = task.assignee?.id ?? null;
  const leader = (await teamRefs(em, [task.team.id])).get(task.team.id)?.teamLeaderId ?? null;
  if (leader !== null && leader !== inspector) return [leader];
  return (await activeUserIdsWithRole(em, task.customer.id, ['analyst'])).filter((id) => id !== inspector);
}

/** Notify the task's inspector (unless they caused it), in the transaction. */
async function notifyInspector(tx: AuthedContext, task: Task, note: Omit<NotificationInput, 'userId'>): Promise<void> {
  const inspector = task.assignee?.id;
  if (inspector === undefined || inspector === tx.user.id) return;
  await sendNotifications(tx.em, [{ userId: inspector, ...note }]);
}

async function requireActiveProject(em: EntityManager, task: Task, verb: string): Promise<void> {
  const project = await em.findOneOrFail(Project, task.project.id);
  if (project.status !== 'active') {
    throw new AppError(
      'CONFLICT',
      `Project "${project.code}" is ${project.status.replace('_', ' ')}; a task can be ${verb} only while its project is active`,
    );
  }
}

/** `tasks.start`: check in and begin (see the file header); the assigned inspector only. */
export async function startTask(ctx: ServiceContext, input: TStartTaskInput): Promise<TTaskDetail> {
  authorize(ctx, 'perform', 'Task');
  await withTransaction(ctx, async (tx) => {
    const task = await loadForAction(tx, input.id, 'perform');
    requireState(task, ['scheduled'], 'started');
    assertCurrent(task, input.version, 'Task');
    const now = new Date();
    const opens = new Date(task.startsAt.getTime() - START_GRACE_MS);
    if (now < opens)
      throw new AppError(
        'CONFLICT',
        `This task can be started from ${opens.toISOString()}, 30 minutes before its slot`,
      );
    if (now >= task.endsAt)
      throw new AppError('CONFLICT', `The slot of this task ended at ${task.endsAt.toISOString()}`);
    await requireActiveProject(tx.em, task, 'started');

    const location = (await locationRefs(tx.em, [task.location.id])).get(task.location.id);
    let distanceM: number | null = null;
    let outOfFence = false;
    let reason: string | null = null;
    if (location && location.latitude !== null && location.longitude !== null) {
      distanceM =
        Math.round(distanceMeters(input, { latitude: location.latitude, longitude: location.longitude }) * 10) / 10;
      if (!insideGeofence(distanceM, location.geofenceRadiusM, input.accuracy)) {
        outOfFence = true;
        reason = input.outOfFenceReason?.trim() || null;
        if (!reason) {
          const message = `You are ${Math.round(distanceM)} m from ${location.code}, outside its ${location.geofenceRadiusM} m geofence: give a reason (outOfFenceReason)`;
          throw new AppError('BAD_REQUEST', message, { outOfFenceReason: [message] });
        }
      }
    }
    task.status = 'in_progress';
    task.startedAt = now;
    task.checkInLatitude = input.latitude;
    task.checkInLongitude = input.longitude;
    task.checkInAccuracy = input.accuracy;
    task.checkInDistanceM = distanceM;
    task.checkInAt = now;
    task.outOfFence = outOfFence;
    task.outOfFenceReason = reason;
    audit(tx, task, 'start', {
      status: { from: 'scheduled', to: 'in_progress' },
      distanceM,
      outOfFence,
      ...(reason ? { outOfFenceReason: reason } : {}),
    });
  });
  return getTask(ctx, input.id);
}

/**
 * `tasks.saveAnswers`: merge answers by question key while in progress (autosave; any number of
 * times). A value must fit its question's type; N/A only where allowed; unknown keys are refused
 * (BAD_REQUEST naming them); fileIds must be files uploaded for this task.
 * Nothing is written (nor audited) when nothing changed: the same save sent again (an outbox replay)
 * changes nothing and answers the same. Answers the new version and the stored answers (TSavedAnswers),
 * not the whole task: autosave is the hottest call of the perform page, which reloads the task itself.
 *
 * Two statements in the common case (the autosave benchmark, `npm run bench -- saveAnswers`): one read
 * of the task row (with the files the answers name), checked as every transition is (ability, tenant,
 * assignee, state, the sent version); the scheme's rules from memory (schemeRulesForTasks); then one
 * statement that updates the row only if its version is still the one read and writes the audit event
 * with it (a data-modifying WITH), in one implicit transaction. If another write came in between (the
 * version moved), a sent version is now stale (CONFLICT); without one the save is merged again on the
 * new row, and the last try locks the row (select … for update in a transaction) so it cannot lose again.
 */
export async function saveAnswers(ctx: ServiceContext, input: TSaveAnswersInput): Promise<TSavedAnswers> {
  authorize(ctx, 'perform', 'Task');
  for (let attempt = 1; attempt < SAVE_TRIES; attempt++) {
    const saved = await saveAnswersOnce(ctx, input, false);
    if (saved) return saved;
  }
  return withTransaction(ctx, async (tx) => (await saveAnswersOnce(tx, input, true)) as TSavedAnswers);
}

/** Optimistic tries of saveAnswers before it locks the row. */
const SAVE_TRIES = 3;

/** One try of saveAnswers (see there); null when the row changed between the read and the write. */
async function saveAnswersOnce(
  tx: AuthedContext,
  input: TSaveAnswersInput,
  lock: boolean,
): Promise<TSavedAnswers | null> {
  const k = db(tx.em);
  const tenant = tenantId(tx);
  const fileIds = [...new Set(input.answers.flatMap((a) => a.fileIds ?? []))];
  const row = await k
    .selectFrom('tasks')
    .select(['id', 'version', 'customer_id', 'team_id', 'assignee_id', 'status', 'scheme_id', 'answers', 'updated_at'])
    // Of the files the answers name, those uploaded for this task (files are this context's table).
    .$if(fileIds.length > 0, (qb) =>
      qb.select(
        sql<number[]>`array(select f.id from files f where f.task_id = tasks.id and f.id = any(${fileIds}::int[]))`.as(
          'own_files',
        ),
      ),
    )
    .where('id', '=', input.id)
    .$if(tenant !== null, (qb) => qb.where('customer_id', '=', tenant as number))
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!row) throw notFound('Task');
  authorizeTransition(
    tx,
    'perform',
    'Task',
    { id: row.id, customerId: row.customer_id, teamId: row.team_id, assigneeId: row.assignee_id },
    'Task',
  );
  checkPerson(tx, row.assignee_id, 'perform');
  requireState(row, ['in_progress'], 'answered');
  assertCurrent(row, input.version, 'Task');
  const scheme = await schemeRulesForTasks(tx.em, row.scheme_id);
  const merged = mergeAnswers(scheme, row.answers, input.answers);
  const keys = Object.keys(merged.problems);
  if (keys.length) {
    throw new AppError(
      'BAD_REQUEST',
      `Check these answers: ${keys.map((k) => merged.problems[k]).join('; ')}`,
      Object.fromEntries(keys.map((k) => [k, [merged.problems[k]]])),
    );
  }
  requireTaskFiles(new Set((row as { own_files?: number[] }).own_files ?? []), input.answers);
  const saved = {
    id: row.id,
    status: row.status,
    schemeId: row.scheme_id,
    answers: merged.answers,
    savedKeys: merged.changed,
  };
  if (!merged.changed.length) return { ...saved, version: row.version, updatedAt: toDate(row.updated_at) };
  const now = new Date();
  const written = await k
    .with('u', (w) =>
      w
        .updateTable('tasks')
        .set({
          answers: sql`${JSON.stringify(merged.answers)}::jsonb`,
          version: sql<number>`version + 1`,
          updated_at: now,
        })
        .where('id', '=', row.id)
        .where('version', '=', row.version)
        .returning(['id', 'version', 'updated_at']),
    )
    .with('a', (w) =>
      w
        .insertInto('audit_events')
        .columns(['at', 'customer_id', 'actor_id', 'actor_email', 'action', 'entity_type', 'entity_id', 'changes'])
        .expression((eb) =>
          eb
            .selectFrom('u')
            .select((e) => [
              e.val(now).as('at'),
              e.val(row.customer_id).as('customer_id'),
              e.val(tx.user.id).as('actor_id'),
              e.val(tx.user.email).as('actor_email'),
              e.val('save_answers').as('action'),
              e.val('Task').as('entity_type'),
              'u.id',
              sql`${JSON.stringify({ questionKeys: merged.changed })}::jsonb`.as('changes'),
            ]),
        ),
    )
    .selectFrom('u')
    .select(['u.version', 'u.updated_at'])
    .executeTakeFirst();
  if (!written) {
    // The row changed since it was read (it was not locked): the sent version is no longer the stored one.
    if (input.version !== undefined) throw staleRecord('Task');
    return null;
  }
  return { ...saved, version: written.version, updatedAt: toDate(written.updated_at) };
}

/** BAD_REQUEST naming the question keys whose fileIds are not among `own` (the files uploaded for this task). */
function requireTaskFiles(own: ReadonlySet<number>, answers: TSaveAnswersInput['answers']): void {
  const problems: Record<string, string> = {};
  for (const a of answers) {
    const foreign = (a.fileIds ?? []).filter((id) => !own.has(id));
    if (foreign.length)
      problems[a.questionKey] =
        `"${a.questionKey}": file ${foreign.join(', ')} is not a file of this task (upload it with its taskId first)`;
  }
  const keys = Object.keys(problems);
  if (keys.length) {
    throw new AppError(
      'BAD_REQUEST',
      `Check these answers: ${keys.map((k) => problems[k]).join('; ')}`,
      Object.fromEntries(keys.map((k) => [k, [problems[k]]])),
    );
  }
}

/** Of these file ids, those uploaded for this task (files are this context's table). */
async function filesOfTask(em: EntityManager, taskId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db(em)
    .selectFrom('files')
    .select('id')
    .where('task_id', '=', taskId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * `tasks.submit`: idempotent per clientMutationId (stored on the task: the same id again returns the
 * task as it is and changes nothing; another id on a task no longer in progress is CONFLICT). Checks
 * the required visible questions, the evidence rules and the signature (BAD_REQUEST naming the
 * question keys / signatureFileId; a signatureFileId must be a file uploaded for this task), then stores
 * the score computed by the pure score function.
 */
export async function submitTask(ctx: ServiceContext, input: TSubmitTaskInput): Promise<TTaskDetail> {
  authorize(ctx, 'perform', 'Task');
  await withTransaction(ctx, async (tx) => {
    const task = await loadForAction(tx, input.id, 'perform');
    if (task.submitMutationId === input.clientMutationId) return;
    if (task.status !== 'in_progress') {
      if (task.submitMutationId !== null && task.status !== 'scheduled') {
        throw new AppError(
          'CONFLICT',
          `This task was already submitted (clientMutationId "${task.submitMutationId}"); it is ${STATE_WORDS[task.status as TTaskStatus]} now`,
        );
      }
      requireState(task, ['in_progress'], 'submitted');
    }
    const scheme = await schemeRulesForTasks(tx.em, task.scheme.id);
    if (input.signatureFileId !== undefined) {
      const own = await filesOfTask(tx.em, task.id, [input.signatureFileId]);
      if (!own.has(input.signatureFileId)) {
        const message = `File ${input.signatureFileId} is not a file of this task: upload the signature with its taskId first`;
        throw new AppError('BAD_REQUEST', message, { signatureFileId: [message] });
      }
    }
    const signature = input.signatureFileId ?? task.signatureFileId ?? null;
    const problems = submitProblems(scheme, task.answers, signature);
    const message = submitProblemMessage(problems);
    if (message) {
      const questions = questionsOf(scheme);
      throw new AppError('BAD_REQUEST', message, {
        ...Object.fromEntries(problems.missing.map((k) => [k, ['An answer is required']])),
        ...Object.fromEntries(
          problems.evidence.map((k) => [
            k,
            [`Add at least ${photosNeeded(questions.get(k) as AnswerQuestion)} photo(s)`],
          ]),
        ),
        ...(problems.signature ? { signatureFileId: ['This scheme requires a signature'] } : {}),
      });
    }
    const result = computeScore(scheme, task.answers);
    const now = new Date();
    task.status = 'submitted';
    task.submittedAt = now;
    task.score = result.score;
    task.passed = result.passed;
    task.criticalFailures = result.criticalFailures;
    task.sectionScores = result.sectionScores;
    task.answerOutcomes = answerOutcomes(scheme, task.answers);
    task.signatureFileId = signature;
    task.submitMutationId = input.clientMutationId;
    // This round's answers as sent, for the diff of the next round (one row per submission).
    tx.em.create(TaskRound, {
      task,
      round: task.reworkCount + 1,
      answers: task.answers,
      score: result.score,
      passed: result.passed,
    });
    audit(tx, task, 'submit', {
      status: { from: 'in_progress', to: 'submitted' },
      score: result.score,
      passed: result.passed,
      criticalFailures: result.criticalFailures,
      clientMutationId: input.clientMutationId,
    });
    const names = await describe(tx.em, task);
    const scoreText =
      result.score === null ? 'no score' : `score ${result.score}${result.passed ? ', passed' : ', not passed'}`;
    await sendNotifications(
      tx.em,
      (await reviewersOf(tx.em, task)).map((userId) => ({
        userId,
        kind: 'reviews',
        title: 'Task submitted for review',
        body: `${names.inspector} submitted ${names.project} at ${names.location} (${scoreText}).`,
        link: taskViewPath(task.id),
      })),
    );
  });
  return getTask(ctx, input.id);
}

/**
 * A rejection's per-question comments, checked against the task's scheme (BAD_REQUEST naming unknown
 * or repeated keys) and put in the scheme's question order.
 */
async function questionCommentsOf(
  em: EntityManager,
  task: Task,
  given: readonly TQuestionComment[],
): Promise<TQuestionComment[]> {
  if (!given.length) return [];
  const questions = questionsOf(await schemeRulesForTasks(em, task.scheme.id));
  const order = [...questions.keys()];
  const seen = new Set<string>();
  const problems: Record<string, string[]> = {};
  for (const { questionKey } of given) {
    if (!questions.has(questionKey))
      problems[questionKey] = [`"${questionKey}" is not a question of this task's scheme`];
    else if (seen.has(questionKey)) problems[questionKey] = [`"${questionKey}" has more than one comment`];
    seen.add(questionKey);
  }
  const keys = Object.keys(problems);
  if (keys.length)
    throw new AppError(
      'BAD_REQUEST',
      `Check the question comments (questionComments): ${keys.map((k) => problems[k][0]).join('; ')}`,
      problems,
    );
  return [...given]
    .sort((a, b) => order.indexOf(a.questionKey) - order.indexOf(b.questionKey))
    .map((c) => ({ questionKey: c.questionKey, comment: c.comment }));
}

async function review(
  ctx: ServiceContext,
  input: { id: number; version?: number },
  decision: 'approved' | 'rejected',
  text: { reason: string | null; comment: string | null; questionComments?: readonly TQuestionComment[] },
): Promise<TTaskDetail> {
  authorize(ctx, 'review', 'Task');
  await withTransaction(ctx, async (tx) => {
    const task = await loadForAction(tx, input.id, 'review');
    requireState(task, ['submitted'], decision);
    assertCurrent(task, input.version, 'Task');
    const round = task.reworkCount + 1;
    const questionComments = await questionCommentsOf(tx.em, task, text.questionComments ?? []);
    tx.em.create(TaskReview, {
      task,
      round,
      reviewer: tx.user.id,
      decision,
      reason: text.reason,
      comment: text.comment,
      questionComments,
    });
    task.status = decision;
    task.reviewedAt = new Date();
    audit(tx, task, decision === 'approved' ? 'approve' : 'reject', {
      status: { from: 'submitted', to: decision },
      round,
      ...(text.reason ? { reason: text.reason } : {}),
      ...(text.comment ? { comment: text.comment } : {}),
      ...(questionComments.length ? { questionKeys: questionComments.map((c) => c.questionKey) } : {}),
    });
    // Corrective actions, in this transaction: verify the location's pending ones this task passes, open one per failed critical.
    if (decision === 'approved') {
      await onTaskApproved(tx, {
        id: task.id,
        customerId: task.customer.id,
        projectId: task.project.id,
        locationId: task.location.id,
        teamId: task.team.id,
        schemeId: task.scheme.id,
        answers: task.answers,
        criticalFailures: task.criticalFailures,
      });
    }
    const names = await describe(tx.em, task);
    await notifyInspector(
      tx,
      task,
      decision === 'approved'
        ? {
            kind: 'reviews',
            title: 'Task approved',
            body: `${tx.user.fullName} approved ${names.project} at ${names.location}.${text.comment ? ` Comment: ${text.comment}` : ''}`,
            link: taskViewPath(task.id),
          }
        : {
            kind: 'reviews',
            title: 'Task sent back for rework',
            body: `${tx.user.fullName} rejected ${names.project} at ${names.location}. Reason: ${text.reason ?? ''}`,
            link: taskPerformPath(task.slot.id, task.assignment.id),
          },
    );
  });
  return getTask(ctx, input.id);
}

/** `tasks.approve`: a submitted task, by a reviewer (analyst, team leader of its team) who did not perform it. */
export function approveTask(ctx: ServiceContext, input: TApproveTaskInput): Promise<TTaskDetail> {
  return review(ctx, input, 'approved', { reason: null, comment: input.comment?.trim() || null });
}

/** `tasks.reject`: a submitted task goes back to its inspector with a reason; answers are kept. */
export function rejectTask(ctx: ServiceContext, input: TRejectTaskInput): Promise<TTaskDetail> {
  return review(ctx, input, 'rejected', {
    reason: input.reason,
    comment: null,
    questionComments: input.questionComments,
  });
}

/** `tasks.resume`: the inspector reopens a rejected task (rework count + 1) while the project is active. */
export async function resumeTask(ctx: ServiceContext, input: TResumeTaskInput): Promise<TTaskDetail> {
  authorize(ctx, 'perform', 'Task');
  await withTransaction(ctx, async (tx) => {
    const task = await loadForAction(tx, input.id, 'perform');
    requireState(task, ['rejected'], 'resumed');
    assertCurrent(task, input.version, 'Task');
    await requireActiveProject(tx.em, task, 'resumed');
    task.status = 'in_progress';
    task.reworkCount += 1;
    // The previous round's result is in its review; the task is scored again when resubmitted.
    task.submittedAt = null;
    task.score = null;
    task.passed = null;
    task.criticalFailures = [];
    task.sectionScores = [];
    task.answerOutcomes = null;
    audit(tx, task, 'resume', { status: { from: 'rejected', to: 'in_progress' }, reworkCount: task.reworkCount });
  });
  return getTask(ctx, input.id);
}

/** `tasks.cancel`: a scheduled or in-progress task, with a reason (floormanager, admin). */
export async function cancelTask(ctx: ServiceContext, input: TCancelTaskInput): Promise<TTaskDetail> {
  authorize(ctx, 'cancel', 'Task');
  await withTransaction(ctx, async (tx) => {
    const task = await loadForAction(tx, input.id, 'cancel');
    const from = task.status;
    requireState(task, ['scheduled', 'in_progress'], 'cancelled');
    assertCurrent(task, input.version, 'Task');
    task.status = 'cancelled';
    task.cancelReason = input.reason;
    audit(tx, task, 'cancel', { status: { from, to: 'cancelled' }, reason: input.reason });
    const names = await describe(tx.em, task);
    await notifyInspector(tx, task, {
      kind: 'reviews',
      title: 'Task cancelled',
      body: `${tx.user.fullName} cancelled ${names.project} at ${names.location}. Reason: ${input.reason}`,
      link: taskViewPath(task.id),
    });
  });
  return getTask(ctx, input.id);
}
