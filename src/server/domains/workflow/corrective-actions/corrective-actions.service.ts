// Corrective actions (DOMAIN.md "Corrective actions close the loop"; CONTRACTS.md "Workflow over tRPC"):
//
//   open --complete (owner: note, evidence files)--> done --verify (reviewer)--> verified
//   open | done --(a later approved task at the location passes the question)--> verified
//   open | done --cancel (reason)--> cancelled;         overdue = open and past its due date
//
// Opened automatically when a task is approved with failed critical questions (onTaskApproved, called
// by the tasks service inside the approval's transaction), or by a reviewer for any failed question of
// an approved task (create). The same call verifies the location's pending actions whose question the
// approved task passes. The owner defaults to the floor manager of the task's team, the due date to the
// project's `actionDueDays` from now.
//
// Every function authorizes once: the role may take the action at all (FORBIDDEN), the action is in
// the caller's customer and sight (NOT_FOUND), the ability on this action (FORBIDDEN: a team leader's
// team, an inspector's own), the state (CONFLICT), the optimistic `version` when sent (CONFLICT), then
// its rules (BAD_REQUEST naming the field). Each write is one transaction with the row locked, an audit
// event and its notifications.
import { subject as caslSubject } from '@casl/ability';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type SqlBool, sql } from 'kysely';
import type { Action } from '../../../../shared/abilities/index.ts';
import type {
  TActionStatus,
  TCancelCorrectiveActionInput,
  TCompleteCorrectiveActionInput,
  TCorrectiveAction,
  TCreateCorrectiveActionInput,
  TListCorrectiveActionsInput,
  TUpdateCorrectiveActionInput,
  TVerifyCorrectiveActionInput,
} from '../../../../shared/schemas/corrective-actions.ts';
import type { TAnswer } from '../../../../shared/schemas/tasks.ts';
import {
  answersByKey,
  isQuestionVisible,
  pointsEarned,
  questionFails,
  questionsOf,
  SCORED_TYPES,
} from '../../../../shared/workflow/score.ts';
import { db } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { type AuditAction, recordAudit, recordSystemAudits } from '../../../lib/audit/audit.ts';
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
  toDateOrNull,
} from '../../../lib/list.ts';
import { assertCurrent, lockForTransition } from '../../../lib/records.ts';
import { conditionsFilter, tenantFilter, withTransaction } from '../../../lib/scope.ts';
import { teamRefs } from '../../organization/teams/teams.refs.ts';
import { userRefs } from '../../organization/users/users.refs.ts';
import { type NotificationInput, sendNotifications } from '../../platform/notifications/notifications.refs.ts';
import { locationRefs } from '../../structure/locations/locations.refs.ts';
import { schemeForTasks } from '../../structure/schemes/schemes.refs.ts';
import { CorrectiveAction } from './corrective-action.entity.ts';

const DAY_MS = 86_400_000;

/** Where an action is shown: the actions list with its side panel open. */
export function actionLink(id: number): string {
  return `/tasks/actions?id=${id}`;
}

/* ------------------------------------------------------------------ reads */

const overdueSql = sql<boolean>`(${sql.ref('a.status')} = 'open' and ${sql.ref('a.due_at')} < now())`;

export const correctiveActionListing = defineListing({
  source: (k) =>
    listSource(k.selectFrom('corrective_actions as a'), {
      id: 'a.id',
      select: (qb) =>
        qb.select([
          'a.id',
          'a.version',
          'a.customer_id',
          'a.status',
          overdueSql.as('overdue'),
          'a.origin',
          'a.task_id',
          'a.team_id',
          'a.project_id',
          'a.location_id',
          'a.question_key',
          'a.question_text',
          'a.owner_id',
          'a.due_at',
          'a.note',
          'a.completion_note',
          'a.evidence_file_ids',
          'a.done_at',
          'a.done_by_id',
          'a.verified_at',
          'a.verified_by_id',
          'a.verified_by_task_id',
          'a.cancelled_at',
          'a.cancel_reason',
          'a.created_at',
          'a.updated_at',
        ]),
      search: ['a.question_key', 'a.question_text'],
      sorts: { dueAt: 'a.due_at', createdAt: 'a.created_at', status: 'a.status', updatedAt: 'a.updated_at' },
    }),
  map: (r): TCorrectiveAction => ({
    id: r.id,
    version: r.version,
    customerId: r.customer_id,
    status: r.status,
    overdue: Boolean(r.overdue),
    origin: r.origin,
    taskId: r.task_id,
    teamId: r.team_id,
    project: { id: r.project_id, code: '', name: '' },
    location: { id: r.location_id, code: '', name: '' },
    questionKey: r.question_key,
    questionText: r.question_text,
    owner: r.owner_id === null ? null : { id: r.owner_id, name: '' },
    dueAt: toDate(r.due_at),
    note: r.note,
    completionNote: r.completion_note,
    evidenceFileIds: r.evidence_file_ids,
    evidence: [],
    doneAt: toDateOrNull(r.done_at),
    doneBy: r.done_by_id === null ? null : { id: r.done_by_id, name: '' },
    verifiedAt: toDateOrNull(r.verified_at),
    verifiedBy: r.verified_by_id === null ? null : { id: r.verified_by_id, name: '' },
    verifiedByTaskId: r.verified_by_task_id,
    cancelledAt: toDateOrNull(r.cancelled_at),
    cancelReason: r.cancel_reason,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  }),
  // Names of the references and the evidence files, one query per kind for the whole page.
  enrich: async (em, items) => {
    const userIds = items.flatMap((i) =>
      [i.owner?.id, i.doneBy?.id, i.verifiedBy?.id].filter((id): id is number => id !== undefined),
    );
    const fileIds = [...new Set(items.flatMap((i) => i.evidenceFileIds))];
    const [projects, locations, users, files] = await Promise.all([
      db(em)
        .selectFrom('projects')
        .select(['id', 'code', 'name'])
        .where('id', 'in', [...new Set(items.map((i) => i.project.id))])
        .execute(),
      locationRefs(
        em,
        items.map((i) => i.location.id),
      ),
      userRefs(em, userIds),
      fileIds.length
        ? db(em).selectFrom('files').select(['id', 'name', 'mime_type']).where('id', 'in', fileIds).execute()
        : Promise.resolve([]),
    ]);
    const projectById = new Map(projects.map((p) => [p.id, p]));
    const fileById = new Map(files.map((f) => [f.id, { id: f.id, name: f.name, mimeType: f.mime_type }]));
    const named = (ref: { id: number; name: string } | null) =>
      ref ? { id: ref.id, name: users.get(ref.id)?.fullName ?? '' } : null;
    for (const item of items) {
      const project = projectById.get(item.project.id);
      if (project) item.project = project;
      const location = locations.get(item.location.id);
      if (location) item.location = { id: location.id, code: location.code, name: location.name };
      item.owner = named(item.owner);
      item.doneBy = named(item.doneBy);
      item.verifiedBy = named(item.verifiedBy);
      item.evidence = item.evidenceFileIds.flatMap((id) => fileById.get(id) ?? []);
    }
  },
});

type ActionFilter = ListingFilter<typeof correctiveActionListing>;

/** What the caller may read: their customer, and the ability's conditions (team, own). */
function readScope(ctx: AuthedContext): ActionFilter[] {
  return [
    tenantFilter(ctx, 'a.customer_id'),
    conditionsFilter(ctx, 'read', 'CorrectiveAction', {
      customerId: 'a.customer_id',
      teamId: 'a.team_id',
      ownerId: 'a.owner_id',
    }),
  ];
}

function listFilters(ctx: AuthedContext, input: TListCorrectiveActionsInput): ActionFilter[] {
  const statuses = input.status === undefined ? [] : Array.isArray(input.status) ? input.status : [input.status];
  return [
    ...readScope(ctx),
    statuses.length ? sql<SqlBool>`${sql.ref('a.status')} = any(${statuses})` : undefined,
    input.overdue === undefined ? undefined : input.overdue ? overdueSql : sql<SqlBool>`not ${overdueSql}`,
    input.taskId === undefined ? undefined : equalsFilter('a.task_id', input.taskId),
    input.locationId === undefined ? undefined : equalsFilter('a.location_id', input.locationId),
    input.ownerId === undefined ? undefined : equalsFilter('a.owner_id', input.ownerId),
    input.projectId === undefined ? undefined : equalsFilter('a.project_id', input.projectId),
    input.teamId === undefined ? undefined : equalsFilter('a.team_id', input.teamId),
    input.mine ? equalsFilter('a.owner_id', ctx.user.id) : undefined,
  ];
}

/**
 * `correctiveActions.list`: filters (status one or many, overdue, task, location, owner, project, team,
 * mine, q on the question key and text), sorts (default: due date, the most urgent first), exact
 * totals, all in SQL; scoped by role (teamleader: their teams'; qualitycontrol: their own).
 */
export async function listCorrectiveActions(
  ctx: ServiceContext,
  input: TListCorrectiveActionsInput,
): Promise<{ items: TCorrectiveAction[]; total: number }> {
  authorize(ctx, 'read', 'CorrectiveAction');
  return listPage(ctx.em, correctiveActionListing, listFilters(ctx, input), {
    ...input,
    sortBy: input.sortBy ?? 'dueAt',
  });
}

/** `correctiveActions.byId`: NOT_FOUND when missing, another customer's, or out of the caller's sight. */
export async function getCorrectiveAction(ctx: ServiceContext, id: number): Promise<TCorrectiveAction> {
  authorize(ctx, 'read', 'CorrectiveAction');
  return listById(ctx.em, correctiveActionListing, id, readScope(ctx), 'Corrective action');
}

/* ------------------------------------------------------------------ writes */

type ActionVerb = Extract<Action, 'update' | 'complete' | 'verify' | 'cancel'>;

function abilityRecord(action: CorrectiveAction): Record<string, unknown> {
  return { id: action.id, customerId: action.customer.id, teamId: action.team.id, ownerId: action.owner?.id ?? null };
}

/** Lock and load an action for `verb`: NOT_FOUND outside the caller's customer or sight, FORBIDDEN when the ability does not fit. */
function loadForAction(tx: AuthedContext, id: number, verb: ActionVerb): Promise<CorrectiveAction> {
  return lockForTransition(
    tx,
    { entity: CorrectiveAction, subject: 'CorrectiveAction', label: 'Corrective action', abilityRecord },
    id,
    verb,
  );
}

/** CONFLICT unless the action is in one of `from`. */
function requireState(action: CorrectiveAction, from: readonly TActionStatus[], verb: string): void {
  if (from.includes(action.status)) return;
  throw new AppError(
    'CONFLICT',
    `This corrective action is ${action.status}; only an ${from.join(' or ')} action can be ${verb}`,
  );
}

function audit(tx: AuthedContext, action: CorrectiveAction, verb: AuditAction, changes: Record<string, unknown>): void {
  recordAudit(tx, {
    action: verb,
    entityType: 'CorrectiveAction',
    entityId: action.id,
    customerId: action.customer.id,
    changes,
  });
}

function badField(field: string, message: string): AppError {
  return new AppError('BAD_REQUEST', message, { [field]: [message] });
}

/** An owner must be an active user of the action's customer (BAD_REQUEST on `ownerId` otherwise). */
async function requireOwner(em: EntityManager, userId: number, customerId: number): Promise<void> {
  const user = (await userRefs(em, [userId])).get(userId);
  if (!user || user.customerId !== customerId || user.status !== 'active') {
    throw badField('ownerId', 'The owner must be an active user of this customer');
  }
}

/** Evidence files must exist in the action's customer (BAD_REQUEST on `fileIds` naming the others). */
async function requireFiles(em: EntityManager, fileIds: readonly number[], customerId: number): Promise<number[]> {
  const unique = [...new Set(fileIds)];
  if (!unique.length) return [];
  const found = await db(em)
    .selectFrom('files')
    .select('id')
    .where('id', 'in', unique)
    .where('customer_id', '=', customerId)
    .execute();
  const known = new Set(found.map((f) => f.id));
  const missing = unique.filter((id) => !known.has(id));
  if (missing.length) throw badField('fileIds', `Unknown evidence file(s): ${missing.join(', ')}`);
  return unique;
}

/** A due date must not be in the past (BAD_REQUEST on `dueAt`). */
function requireFutureDue(dueAt: Date, now: Date): void {
  if (dueAt.getTime() < now.getTime() - DAY_MS) throw badField('dueAt', 'The due date cannot be in the past');
}

/** Names for notification texts: the location's code and name, and the question. */
async function describe(em: EntityManager, locationId: number): Promise<string> {
  const location = (await locationRefs(em, [locationId])).get(locationId);
  return location ? `${location.code} ${location.name}` : `#${locationId}`;
}

/** `correctiveActions.update`: owner, due date, note of an open or done action (roles that manage actions). */
export async function updateCorrectiveAction(
  ctx: ServiceContext,
  input: TUpdateCorrectiveActionInput,
): Promise<TCorrectiveAction> {
  authorize(ctx, 'update', 'CorrectiveAction');
  await withTransaction(ctx, async (tx) => {
    const action = await loadForAction(tx, input.id, 'update');
    requireState(action, ['open', 'done'], 'changed');
    assertCurrent(action, input.version, 'Corrective action');
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const previousOwner = action.owner?.id ?? null;
    if (input.ownerId !== undefined && input.ownerId !== previousOwner) {
      await requireOwner(tx.em, input.ownerId, action.customer.id);
      changes.ownerId = { from: previousOwner, to: input.ownerId };
      tx.em.assign(action, { owner: input.ownerId });
    }
    if (input.dueAt !== undefined && input.dueAt.getTime() !== action.dueAt.getTime()) {
      requireFutureDue(input.dueAt, new Date());
      changes.dueAt = { from: action.dueAt, to: input.dueAt };
      action.dueAt = input.dueAt;
      // A new due date is a new chance: the overdue notice goes out again if it passes too.
      action.overdueNotifiedAt = null;
    }
    if (input.note !== undefined) {
      const note = input.note?.trim() || null;
      if (note !== action.note) {
        changes.note = { from: action.note, to: note };
        action.note = note;
      }
    }
    if (!Object.keys(changes).length) return;
    audit(tx, action, 'update', changes);
    if (changes.ownerId && input.ownerId !== tx.user.id) {
      const where = await describe(tx.em, action.location.id);
      await sendNotifications(tx.em, [
        {
          userId: input.ownerId as number,
          kind: 'actions',
          title: 'Corrective action assigned to you',
          body: `${tx.user.fullName} made you the owner of "${action.questionText}" at ${where}.`,
          link: actionLink(action.id),
        },
      ]);
    }
  });
  return getCorrectiveAction(ctx, input.id);
}

/** `correctiveActions.complete`: the owner (or a role that manages actions) marks an open action done, with a note and evidence. */
export async function completeCorrectiveAction(
  ctx: ServiceContext,
  input: TCompleteCorrectiveActionInput,
): Promise<TCorrectiveAction> {
  authorize(ctx, 'complete', 'CorrectiveAction');
  await withTransaction(ctx, async (tx) => {
    const action = await loadForAction(tx, input.id, 'complete');
    requireState(action, ['open'], 'completed');
    assertCurrent(action, input.version, 'Corrective action');
    const fileIds = await requireFiles(tx.em, input.fileIds ?? [], action.customer.id);
    const now = new Date();
    action.status = 'done';
    action.doneAt = now;
    tx.em.assign(action, { doneBy: tx.user.id });
    action.completionNote = input.note;
    action.evidenceFileIds = fileIds;
    audit(tx, action, 'complete', { status: { from: 'open', to: 'done' }, note: input.note, fileIds });
  });
  return getCorrectiveAction(ctx, input.id);
}

/** `correctiveActions.verify`: a reviewer confirms a done action. */
export async function verifyCorrectiveAction(
  ctx: ServiceContext,
  input: TVerifyCorrectiveActionInput,
): Promise<TCorrectiveAction> {
  authorize(ctx, 'verify', 'CorrectiveAction');
  await withTransaction(ctx, async (tx) => {
    const action = await loadForAction(tx, input.id, 'verify');
    requireState(action, ['done'], 'verified');
    assertCurrent(action, input.version, 'Corrective action');
    action.status = 'verified';
    action.verifiedAt = new Date();
    tx.em.assign(action, { verifiedBy: tx.user.id });
    audit(tx, action, 'verify', { status: { from: 'done', to: 'verified' }, by: 'reviewer' });
    const owner = action.owner?.id;
    if (owner !== undefined && owner !== tx.user.id) {
      const where = await describe(tx.em, action.location.id);
      await sendNotifications(tx.em, [
        {
          userId: owner,
          kind: 'actions',
          title: 'Corrective action verified',
          body: `${tx.user.fullName} verified "${action.questionText}" at ${where}.`,
          link: actionLink(action.id),
        },
      ]);
    }
  });
  return getCorrectiveAction(ctx, input.id);
}

/** `correctiveActions.cancel`: an open or done action is dropped, with a reason (roles that manage actions). */
export async function cancelCorrectiveAction(
  ctx: ServiceContext,
  input: TCancelCorrectiveActionInput,
): Promise<TCorrectiveAction> {
  authorize(ctx, 'cancel', 'CorrectiveAction');
  await withTransaction(ctx, async (tx) => {
    const action = await loadForAction(tx, input.id, 'cancel');
    const from = action.status;
    requireState(action, ['open', 'done'], 'cancelled');
    assertCurrent(action, input.version, 'Corrective action');
    action.status = 'cancelled';
    action.cancelledAt = new Date();
    action.cancelReason = input.reason;
    audit(tx, action, 'cancel', { status: { from, to: 'cancelled' }, reason: input.reason });
  });
  return getCorrectiveAction(ctx, input.id);
}

/* ------------------------------------------------------------------ opening */

/** An approved task as the actions need it (the tasks service hands it over; no import of tasks). */
export interface ApprovedTask {
  id: number;
  customerId: number;
  projectId: number;
  locationId: number;
  teamId: number;
  schemeId: number;
  answers: readonly TAnswer[];
  criticalFailures: readonly string[];
}

interface OpenSpec {
  task: ApprovedTask;
  questionKey: string;
  questionText: string;
  origin: 'auto' | 'reviewer';
  ownerId?: number;
  dueAt?: Date;
  note: string | null;
}

/** Create one open action in the transaction (defaults: the team's floor manager, the project's days), audited; the owner is told. */
async function openAction(tx: AuthedContext, spec: OpenSpec, now: Date): Promise<CorrectiveAction> {
  const { task } = spec;
  let ownerId = spec.ownerId ?? null;
  if (ownerId === null) ownerId = (await teamRefs(tx.em, [task.teamId])).get(task.teamId)?.floorManagerId ?? null;
  let dueAt = spec.dueAt;
  if (!dueAt) {
    const project = await db(tx.em)
      .selectFrom('projects')
      .select('action_due_days')
      .where('id', '=', task.projectId)
      .executeTakeFirstOrThrow();
    dueAt = new Date(now.getTime() + project.action_due_days * DAY_MS);
  }
  const action = tx.em.create(CorrectiveAction, {
    customer: task.customerId,
    task: task.id,
    project: task.projectId,
    location: task.locationId,
    team: task.teamId,
    questionKey: spec.questionKey,
    questionText: spec.questionText,
    origin: spec.origin,
    status: 'open',
    owner: ownerId,
    dueAt,
    note: spec.note,
    completionNote: null,
    evidenceFileIds: [],
    createdBy: tx.user.id,
  });
  await tx.em.flush();
  audit(tx, action, 'create', {
    taskId: task.id,
    questionKey: spec.questionKey,
    origin: spec.origin,
    ownerId,
    dueAt,
    note: spec.note,
  });
  if (ownerId !== null && ownerId !== tx.user.id) {
    const where = await describe(tx.em, task.locationId);
    await sendNotifications(tx.em, [
      {
        userId: ownerId,
        kind: 'actions',
        title: 'Corrective action opened',
        body: `"${spec.questionText}" failed at ${where}. Due ${dueAt.toISOString().slice(0, 10)}.`,
        link: actionLink(action.id),
      },
    ]);
  }
  return action;
}

/** Question keys the answers pass: scored, visible, answered (not N/A) and earning at least half. */
function passedKeys(scheme: Awaited<ReturnType<typeof schemeForTasks>>, answers: readonly TAnswer[]): string[] {
  const byKey = answersByKey(answers);
  const questions = questionsOf(scheme);
  const out: string[] = [];
  for (const question of questions.values()) {
    const answer = byKey.get(question.key);
    if (!answer || answer.na || answer.value === null) continue;
    if (!SCORED_TYPES.has(question.type) || !(question.maxScore > 0)) continue;
    const visible = isQuestionVisible(question, byKey, questions);
    if (!visible) continue;
    const earned = pointsEarned(question, answer.value);
    if (earned !== null && earned >= question.maxScore / 2) out.push(question.key);
  }
  return out;
}

/**
 * Called by tasks.approve inside its transaction (the approver is `tx.user`): verifies the location's
 * open and done actions of earlier tasks whose question this task passes, then opens one action per
 * failed critical question of this task. Returns the ids verified and opened.
 */
export async function onTaskApproved(
  tx: AuthedContext,
  task: ApprovedTask,
): Promise<{ verified: number[]; opened: number[] }> {
  const now = new Date();
  const scheme = await schemeForTasks(tx.em, task.schemeId);
  const passing = passedKeys(scheme, task.answers);
  const verified: number[] = [];
  if (passing.length) {
    // The partial index corrective_actions_pending_index answers it.
    const pending = await tx.em.find(
      CorrectiveAction,
      {
        location: task.locationId,
        questionKey: { $in: passing },
        status: { $in: ['open', 'done'] },
        task: { $ne: task.id },
      },
      { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } },
    );
    const notes: NotificationInput[] = [];
    const where = pending.length ? await describe(tx.em, task.locationId) : '';
    for (const action of pending) {
      const from = action.status;
      action.status = 'verified';
      action.verifiedAt = now;
      tx.em.assign(action, { verifiedByTask: task.id });
      audit(tx, action, 'verify', { status: { from, to: 'verified' }, byTaskId: task.id });
      verified.push(action.id);
      const owner = action.owner?.id;
      if (owner !== undefined)
        notes.push({
          userId: owner,
          kind: 'actions',
          title: 'Corrective action verified',
          body: `An approved inspection at ${where} passed "${action.questionText}".`,
          link: actionLink(action.id),
        });
    }
    await sendNotifications(tx.em, notes);
  }
  const questions = questionsOf(scheme);
  const byKey = answersByKey(task.answers);
  const opened: number[] = [];
  for (const key of task.criticalFailures) {
    const comment = byKey.get(key)?.comment?.trim() || null;
    const action = await openAction(
      tx,
      { task, questionKey: key, questionText: questions.get(key)?.text ?? key, origin: 'auto', note: comment },
      now,
    );
    opened.push(action.id);
  }
  return { verified, opened };
}

/**
 * `correctiveActions.create`: a reviewer opens an action for any failed question of an approved task
 * they may read. BAD_REQUEST naming `questionKey` when the task did not fail it; CONFLICT when the
 * question already has a live action; NOT_FOUND for a task out of sight.
 */
export async function createCorrectiveAction(
  ctx: ServiceContext,
  input: TCreateCorrectiveActionInput,
): Promise<TCorrectiveAction> {
  authorize(ctx, 'create', 'CorrectiveAction');
  const id = await withTransaction(ctx, async (tx) => {
    const tenant = tenantId(tx);
    const row = await db(tx.em)
      .selectFrom('tasks as t')
      .select([
        't.id',
        't.customer_id',
        't.project_id',
        't.location_id',
        't.team_id',
        't.assignee_id',
        't.scheme_id',
        't.status',
        't.answers',
        't.critical_failures',
      ])
      .where('t.id', '=', input.taskId)
      .$if(tenant !== null, (qb) => qb.where('t.customer_id', '=', tenant as number))
      .forUpdate()
      .executeTakeFirst();
    const record = row
      ? { id: row.id, customerId: row.customer_id, teamId: row.team_id, assigneeId: row.assignee_id }
      : null;
    if (!row || !record || !tx.ability.can('read', caslSubject('Task', { ...record }) as never)) throw notFound('Task');
    authorizeRecord(tx, 'create', 'CorrectiveAction', {
      customerId: row.customer_id,
      teamId: row.team_id,
      ownerId: input.ownerId ?? null,
    });
    if (row.status !== 'approved')
      throw new AppError(
        'CONFLICT',
        `This task is ${row.status.replace('_', ' ')}; corrective actions are opened on approved tasks only`,
      );
    const scheme = await schemeForTasks(tx.em, row.scheme_id);
    const questions = questionsOf(scheme);
    const question = questions.get(input.questionKey);
    const byKey = answersByKey(row.answers);
    if (
      !question ||
      !questionFails(question, byKey.get(input.questionKey), isQuestionVisible(question, byKey, questions))
    ) {
      throw badField('questionKey', `Question "${input.questionKey}" did not fail in this task`);
    }
    const live = await db(tx.em)
      .selectFrom('corrective_actions')
      .select('id')
      .where('task_id', '=', row.id)
      .where('question_key', '=', input.questionKey)
      .where('status', '<>', 'cancelled')
      .executeTakeFirst();
    if (live)
      throw new AppError(
        'CONFLICT',
        `Question "${input.questionKey}" of this task already has corrective action #${live.id}`,
        { questionKey: ['This question already has a corrective action'] },
      );
    if (input.ownerId !== undefined) await requireOwner(tx.em, input.ownerId, row.customer_id);
    const now = new Date();
    if (input.dueAt) requireFutureDue(input.dueAt, now);
    const task: ApprovedTask = {
      id: row.id,
      customerId: row.customer_id,
      projectId: row.project_id,
      locationId: row.location_id,
      teamId: row.team_id,
      schemeId: row.scheme_id,
      answers: row.answers,
      criticalFailures: row.critical_failures,
    };
    const action = await openAction(
      tx,
      {
        task,
        questionKey: question.key,
        questionText: question.text,
        origin: 'reviewer',
        ownerId: input.ownerId,
        dueAt: input.dueAt,
        note: input.note?.trim() || null,
      },
      now,
    );
    return action.id;
  });
  return getCorrectiveAction(ctx, id);
}

/* ------------------------------------------------------------------ the overdue job */

/**
 * Open actions past their due date and not notified yet are marked notified and their owners told
 * (one message per action, linking to it), with a system audit event. One `UPDATE … RETURNING` in a
 * transaction (the partial index corrective_actions_overdue_due_index), so two runs at once never
 * notify twice. Returns the actions notified.
 */
export async function notifyOverdueActions(em: EntityManager, now: Date): Promise<number[]> {
  return em.fork().transactional(async (tx) => {
    const rows = await db(tx)
      .updateTable('corrective_actions')
      .set({ overdue_notified_at: now })
      .where('status', '=', 'open')
      .where('overdue_notified_at', 'is', null)
      .where('due_at', '<', now)
      .returning(['id', 'customer_id', 'owner_id', 'location_id', 'question_text', 'due_at'])
      .execute();
    if (!rows.length) return [];
    await recordSystemAudits(
      tx,
      rows.map((r) => ({
        action: 'update',
        entityType: 'CorrectiveAction',
        entityId: r.id,
        customerId: r.customer_id,
        changes: { overdue: { from: false, to: true } },
      })),
      now,
    );
    const locations = await locationRefs(
      tx,
      rows.map((r) => r.location_id),
    );
    await sendNotifications(
      tx,
      rows.flatMap((r) => {
        if (r.owner_id === null) return [];
        const location = locations.get(r.location_id);
        const where = location ? `${location.code} ${location.name}` : `#${r.location_id}`;
        return [
          {
            userId: r.owner_id,
            kind: 'actions',
            title: 'Corrective action overdue',
            body: `"${r.question_text}" at ${where} was due ${toDate(r.due_at).toISOString().slice(0, 10)}.`,
            link: actionLink(r.id),
          },
        ];
      }),
    );
    return rows.map((r) => r.id);
  });
}
