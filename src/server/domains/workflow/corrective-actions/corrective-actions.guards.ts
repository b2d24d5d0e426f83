// The checks of corrective-action writes, each named after what it checks: the record in sight and
// the ability (NOT_FOUND / FORBIDDEN), the state (CONFLICT), and the rules on owner, due date,
// evidence and question (BAD_REQUEST naming the field). Edit to change a rule or its wording.
import { subject as caslSubject } from '@casl/ability';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ErrorKey, ErrorValues } from '../../../../shared/errors/messages.ts';
import type { TActionStatus } from '../../../../shared/schemas/corrective-actions.ts';
import type { TAnswer } from '../../../../shared/schemas/tasks.ts';
import { answersByKey, isQuestionVisible, questionFails, questionsOf } from '../../../../shared/workflow/score.ts';
import type { TTaskStatus } from '../../../../shared/workflow/statuses.ts';
import { db } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { type AuditAction, recordAudit } from '../../../lib/audit/audit.ts';
import { authorizeRecord, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import { lockForTransition } from '../../../lib/records.ts';
import { userRefs } from '../../organization/users/users.refs.ts';
import type { schemeForTasks } from '../../structure/schemes/schemes.refs.ts';
import { fileRefs } from '../files/files.refs.ts';
import { CorrectiveAction } from './corrective-action.entity.ts';

export const DAY_MS = 86_400_000;

/** A transition and what it may start from (CONFLICT otherwise, naming both). */
const TRANSITIONS = {
  update: { from: ['open', 'done'], refusal: 'correctiveActions.onlyOpenOrDoneChanged' },
  complete: { from: ['open'], refusal: 'correctiveActions.onlyOpenCompleted' },
  verify: { from: ['done'], refusal: 'correctiveActions.onlyDoneVerified' },
  cancel: { from: ['open', 'done'], refusal: 'correctiveActions.onlyOpenOrDoneCancelled' },
} as const satisfies Record<string, { from: readonly TActionStatus[]; refusal: ErrorKey }>;

type ActionVerb = keyof typeof TRANSITIONS;

/** How a refusal names the action's state (a `hint`: the reader's language words it). */
const ACTION_STATE: Record<TActionStatus, ErrorKey> = {
  open: 'correctiveActions.isOpen',
  done: 'correctiveActions.isDone',
  verified: 'correctiveActions.isVerified',
  cancelled: 'correctiveActions.isCancelled',
};

function abilityRecord(action: CorrectiveAction): Record<string, unknown> {
  return { id: action.id, customerId: action.customer.id, teamId: action.team.id, ownerId: action.owner?.id ?? null };
}

/**
 * The action, locked until the transaction ends and loaded fresh: NOT_FOUND outside the caller's
 * customer or sight, FORBIDDEN when the ability for `verb` does not fit.
 */
export function loadActionFor(tx: AuthedContext, id: number, verb: ActionVerb): Promise<CorrectiveAction> {
  return lockForTransition(
    tx,
    { entity: CorrectiveAction, subject: 'CorrectiveAction', label: 'CorrectiveAction', abilityRecord },
    id,
    verb,
  );
}

/** CONFLICT unless the action is in a state `verb` starts from. */
export function requireState(action: CorrectiveAction, verb: ActionVerb): void {
  const { from, refusal }: { from: readonly TActionStatus[]; refusal: ErrorKey } = TRANSITIONS[verb];
  const status: TActionStatus = action.status;
  if (from.includes(status)) return;
  throw new AppError('CONFLICT', refusal, { hint: ACTION_STATE[status] });
}

/** FORBIDDEN for the person who marked the action done: a fix is verified by someone else (reviewer ≠ performer). */
export function requireNotTheFixer(tx: AuthedContext, action: CorrectiveAction): void {
  if (action.doneBy?.id === tx.user.id) throw new AppError('FORBIDDEN', 'correctiveActions.verifierFixed');
}

/** The action's audit event (`changes` as the transition names them). */
export function auditAction(
  tx: AuthedContext,
  action: CorrectiveAction,
  verb: AuditAction,
  changes: Record<string, unknown>,
): void {
  recordAudit(tx, {
    action: verb,
    entityType: 'CorrectiveAction',
    entityId: action.id,
    customerId: action.customer.id,
    changes,
  });
}

function badField(field: string, key: ErrorKey, values?: ErrorValues): AppError {
  return new AppError('BAD_REQUEST', key, values, { [field]: key });
}

/** An owner must be an active user of the action's customer (BAD_REQUEST on `ownerId` otherwise). */
export async function requireActiveOwner(em: EntityManager, userId: number, customerId: number): Promise<void> {
  const user = (await userRefs(em, [userId])).get(userId);
  if (!user || user.customerId !== customerId || user.status !== 'active') {
    throw badField('ownerId', 'correctiveActions.ownerNotActive');
  }
}

/** Evidence files must exist in the action's customer (BAD_REQUEST on `fileIds` naming the others). */
export async function requireEvidenceFiles(
  em: EntityManager,
  fileIds: readonly number[],
  customerId: number,
): Promise<number[]> {
  const unique = [...new Set(fileIds)];
  if (!unique.length) return [];
  const files = await fileRefs(em, unique);
  const missing = unique.filter((id) => files.get(id)?.customerId !== customerId);
  if (missing.length) throw badField('fileIds', 'correctiveActions.unknownEvidence', { ids: missing.join(', ') });
  return unique;
}

/** A due date must not be in the past, a day's grace given (BAD_REQUEST on `dueAt`). */
export function requireFutureDue(dueAt: Date, now: Date): void {
  if (dueAt.getTime() < now.getTime() - DAY_MS) throw badField('dueAt', 'correctiveActions.dueInPast');
}

/** A task as `correctiveActions.create` reads it, locked until the transaction ends. */
export interface TaskForAction {
  id: number;
  customerId: number;
  projectId: number;
  locationId: number;
  teamId: number;
  schemeId: number;
  status: TTaskStatus;
  answers: TAnswer[];
  criticalFailures: string[];
}

/**
 * The task, locked, if the caller may read it (NOT_FOUND otherwise, also another customer's) and may
 * open an action on it with this owner (FORBIDDEN otherwise).
 */
export async function loadTaskForAction(
  tx: AuthedContext,
  taskId: number,
  ownerId: number | undefined,
): Promise<TaskForAction> {
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
    .where('t.id', '=', taskId)
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
    ownerId: ownerId ?? null,
  });
  return {
    id: row.id,
    customerId: row.customer_id,
    projectId: row.project_id,
    locationId: row.location_id,
    teamId: row.team_id,
    schemeId: row.scheme_id,
    status: row.status,
    answers: row.answers,
    criticalFailures: row.critical_failures,
  };
}

/** How a refusal names the task's state (a `hint`: the reader's language words it). */
const TASK_STATE: Record<Exclude<TTaskStatus, 'approved'>, ErrorKey> = {
  scheduled: 'correctiveActions.taskIsScheduled',
  in_progress: 'correctiveActions.taskIsInProgress',
  submitted: 'correctiveActions.taskIsSubmitted',
  rejected: 'correctiveActions.taskIsRejected',
  missed: 'correctiveActions.taskIsMissed',
  cancelled: 'correctiveActions.taskIsCancelled',
};

/** CONFLICT unless the task is approved: actions are opened on approved tasks only. */
export function requireApprovedTask(task: TaskForAction): void {
  if (task.status === 'approved') return;
  throw new AppError('CONFLICT', 'correctiveActions.onlyApprovedTasks', { hint: TASK_STATE[task.status] });
}

/** The question, if the task failed it (BAD_REQUEST on `questionKey` otherwise). */
export function requireFailedQuestion(
  scheme: Awaited<ReturnType<typeof schemeForTasks>>,
  task: TaskForAction,
  questionKey: string,
): { key: string; text: string } {
  const questions = questionsOf(scheme);
  const question = questions.get(questionKey);
  const byKey = answersByKey(task.answers);
  if (!question || !questionFails(question, byKey.get(questionKey), isQuestionVisible(question, byKey, questions))) {
    throw badField('questionKey', 'correctiveActions.questionNotFailed', { questionKey });
  }
  return question;
}

/** CONFLICT when the task's question already has an action that is not cancelled. */
export async function requireNoLiveAction(em: EntityManager, taskId: number, questionKey: string): Promise<void> {
  const live = await db(em)
    .selectFrom('corrective_actions')
    .select('id')
    .where('task_id', '=', taskId)
    .where('question_key', '=', questionKey)
    .where('status', '<>', 'cancelled')
    .executeTakeFirst();
  if (live) {
    throw new AppError(
      'CONFLICT',
      'correctiveActions.questionHasAction',
      { questionKey, id: live.id },
      { questionKey: 'correctiveActions.questionHasActionField' },
    );
  }
}
