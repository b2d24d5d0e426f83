// Tasks: one inspection at one location in one slot, and its lifecycle:
//
//   scheduled --start (slot window, project active, check-in)--> in_progress --submit--> submitted
//   submitted --approve--> approved;  submitted --reject (reason)--> rejected --resume--> in_progress
//   scheduled | in_progress --cancel (reason)--> cancelled;  scheduled --slot ended--> missed (jobs)
//
// Each transition authorizes the role first (FORBIDDEN), then runs in one transaction with the row
// locked, in numbered steps: guard (tasks.guards.ts: NOT_FOUND for a task the caller may not see,
// FORBIDDEN when the ability or the person does not fit) → state (CONFLICT) → the optimistic `version`
// when sent (CONFLICT, data.stale) → its own rules → write → audit → notify (tasks.notify.ts).
// Start and resume need an active project; saving answers and submitting have no window, so work begun
// is never lost. Each submission keeps its answers and score as a round (task_rounds), so the view page
// can show what changed since the previous round (task-history.service.ts).

import type { TWebhookEvent } from '../../../../shared/schemas/integrations.ts';
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
import { answerOutcomes } from '../../../../shared/workflow/outcomes.ts';
import { computeScore } from '../../../../shared/workflow/score.ts';
import type { TTaskStatus } from '../../../../shared/workflow/statuses.ts';
import { type AuditAction, recordAudit } from '../../../lib/audit/audit.ts';
import { authorize } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { assertCurrent } from '../../../lib/records.ts';
import { withTransaction } from '../../../lib/scope.ts';
import { queueWebhookEvent } from '../../platform/integrations/webhooks.refs.ts';
import { schemeRulesForTasks } from '../../structure/schemes/schemes.refs.ts';
import { onTaskApproved } from '../corrective-actions/corrective-actions.refs.ts';
import { deferRollups } from '../reports/reports.refs.ts';
import { type Task, TaskReview, TaskRound } from './task.entity.ts';
import { writeAnswers } from './tasks.answers.ts';
import {
  checkInTime,
  lockTaskFor,
  requireActiveProject,
  requireCompleteAnswers,
  requireInsideFenceOrReason,
  requireKnownQuestionComments,
  requireNotYetSubmitted,
  requireSignatureOfTask,
  requireStartWindow,
  requireState,
} from './tasks.guards.ts';
import { taskDetail, taskDetailBySlot, taskPage } from './tasks.listing.ts';
import { notifyCancelled, notifyReviewed, notifySubmitted } from './tasks.notify.ts';

/* ------------------------------------------------------------------ reads */

/**
 * `tasks.list`, for roles that read tasks: filters (status one or many, project, location, assignee,
 * team, window, mine, q on the location's code and name and the project's code), sorts, exact totals;
 * scoped by role (qualitycontrol: their own tasks, by default as their agenda; teamleader: their teams';
 * others: the customer's). FORBIDDEN without `read Task`.
 */
export async function listTasks(
  ctx: ServiceContext,
  input: TListTasksInput,
): Promise<{ items: TTask[]; total: number }> {
  authorize(ctx, 'read', 'Task');
  return taskPage(ctx, input);
}

/** `tasks.byId`: the whole task, for whoever may read it; NOT_FOUND otherwise. */
export async function getTask(ctx: ServiceContext, input: { id: number }): Promise<TTaskDetail> {
  authorize(ctx, 'read', 'Task');
  return taskDetail(ctx, input.id);
}

/** `tasks.bySlot`: the task of a slot of an assignment (the perform page's address); NOT_FOUND otherwise. */
export async function getTaskBySlot(
  ctx: ServiceContext,
  input: { slotId: number; assignmentId: number },
): Promise<TTaskDetail> {
  authorize(ctx, 'read', 'Task');
  return taskDetailBySlot(ctx, input);
}

/* ------------------------------------------------------------------ transitions */

/** The webhook event a transition raises (with the task as the business API reads it after the change). */
const EVENTS: Partial<Record<AuditAction, TWebhookEvent>> = {
  start: 'task.started',
  submit: 'task.submitted',
  approve: 'task.approved',
  reject: 'task.rejected',
  resume: 'task.resumed',
  cancel: 'task.cancelled',
};

/** Audit a transition (written with the transition's transaction). */
function audit(tx: AuthedContext, task: Task, action: AuditAction, changes: Record<string, unknown>): void {
  recordAudit(tx, { action, entityType: 'Task', entityId: task.id, customerId: task.customer.id, changes });
}

/**
 * Raise a transition's webhook event, as the transaction's last step: reading the task as the API
 * returns it flushes the change, which takes the rollup rows' locks until commit, so concurrent
 * transitions of one project wait on each other only for this read and the delivery row's insert.
 * Answers that read when someone listened: the transition returns it instead of reading again.
 */
async function raiseEvent(tx: AuthedContext, task: Task, action: AuditAction): Promise<TTaskDetail | undefined> {
  const event = EVENTS[action];
  return event ? queueWebhookEvent(tx.em, task.customer.id, event, () => getTask(tx, { id: task.id })) : undefined;
}

/**
 * Run a transition's transaction, its report rollups folded in as it commits (so the rollup rows are
 * not held while it reads and writes the rest), then answer the task as it now is (read once: see
 * raiseEvent).
 */
async function transition(
  ctx: AuthedContext,
  id: number,
  fn: (tx: AuthedContext) => Promise<TTaskDetail | undefined>,
): Promise<TTaskDetail> {
  const answer = await withTransaction(ctx, async (tx) => {
    await deferRollups(tx.em);
    return fn(tx);
  });
  return answer ?? getTask(ctx, { id });
}

/**
 * `tasks.start`: check in and begin, by the assigned inspector, from 30 minutes before the slot until
 * it ends, while the project is active. Outside the geofence it needs a reason and flags the task.
 */
export async function startTask(ctx: ServiceContext, input: TStartTaskInput): Promise<TTaskDetail> {
  authorize(ctx, 'perform', 'Task');
  return transition(ctx, input.id, async (tx) => {
    // 1. Guard
    const task = await lockTaskFor(tx, input.id, 'perform');

    // 2. State
    requireState(task, 'start');

    // 3. Version
    assertCurrent(task, input.version, 'Task');

    // 4. Rules: the check-in time (now, or the device's for one recorded offline) in the slot window, an
    // active project, the geofence (or a reason)
    const now = checkInTime(input.checkedInAt, new Date());
    requireStartWindow(task, now);
    await requireActiveProject(tx.em, task, 'start');
    const checkIn = await requireInsideFenceOrReason(tx.em, task, input);

    // 5. Write
    task.status = 'in_progress';
    task.startedAt = now;
    task.checkInLatitude = input.latitude;
    task.checkInLongitude = input.longitude;
    task.checkInAccuracy = input.accuracy;
    task.checkInDistanceM = checkIn.distanceM;
    task.checkInAt = now;
    task.checkInOffline = input.checkedInAt !== undefined;
    task.outOfFence = checkIn.outOfFence;
    task.outOfFenceReason = checkIn.reason;

    // 6. Audit
    audit(tx, task, 'start', {
      status: { from: 'scheduled', to: 'in_progress' },
      distanceM: checkIn.distanceM,
      outOfFence: checkIn.outOfFence,
      ...(checkIn.reason ? { outOfFenceReason: checkIn.reason } : {}),
      ...(input.checkedInAt ? { offline: true, checkedInAt: now.toISOString() } : {}),
    });

    // 7. Raise the event
    return raiseEvent(tx, task, 'start');
  });
}

/**
 * `tasks.saveAnswers`: merge answers by question key while in progress (autosave; any number of
 * times), by the assigned inspector. A value must fit its question's type; N/A only where allowed;
 * unknown keys are refused (BAD_REQUEST naming them); fileIds must be files uploaded for this task.
 * Nothing is written (nor audited) when nothing changed. Answers the new version and the stored answers
 * (TSavedAnswers), not the whole task; a sent stale version is CONFLICT. See tasks.answers.ts.
 */
export async function saveAnswers(ctx: ServiceContext, input: TSaveAnswersInput): Promise<TSavedAnswers> {
  authorize(ctx, 'perform', 'Task');
  return writeAnswers(ctx, input);
}

/**
 * `tasks.submit`, by the assigned inspector: idempotent per clientMutationId (stored on the task: the
 * same id again returns the task as it is and changes nothing; another id on a task no longer in
 * progress is CONFLICT). Checks the required visible questions, the evidence rules and the signature
 * (BAD_REQUEST naming the question keys / signatureFileId; a signatureFileId must be a file uploaded
 * for this task), then stores the score computed by the pure score function.
 */
export async function submitTask(ctx: ServiceContext, input: TSubmitTaskInput): Promise<TTaskDetail> {
  authorize(ctx, 'perform', 'Task');
  return transition(ctx, input.id, async (tx) => {
    // 1. Guard; a replay of this very submit changes nothing.
    const task = await lockTaskFor(tx, input.id, 'perform');
    if (task.submitMutationId === input.clientMutationId) return;

    // 2. State (3. no version: the clientMutationId stands for it)
    requireNotYetSubmitted(task);

    // 4. Rules: the signature is a file of this task; the answers are complete
    const scheme = await schemeRulesForTasks(tx.em, task.scheme.id);
    await requireSignatureOfTask(tx.em, task, input.signatureFileId);
    const signature = input.signatureFileId ?? task.signatureFileId ?? null;
    requireCompleteAnswers(scheme, task, signature);

    // 5. Write: the score, and this round's answers as sent (for the diff of the next round)
    const result = computeScore(scheme, task.answers);
    task.status = 'submitted';
    task.submittedAt = new Date();
    task.score = result.score;
    task.passed = result.passed;
    task.criticalFailures = result.criticalFailures;
    task.sectionScores = result.sectionScores;
    task.answerOutcomes = answerOutcomes(scheme, task.answers);
    task.signatureFileId = signature;
    task.submitMutationId = input.clientMutationId;
    const round = { task, round: task.reworkCount + 1, answers: task.answers };
    tx.em.create(TaskRound, { ...round, score: result.score, passed: result.passed });

    // 6. Audit
    audit(tx, task, 'submit', {
      status: { from: 'in_progress', to: 'submitted' },
      score: result.score,
      passed: result.passed,
      criticalFailures: result.criticalFailures,
      clientMutationId: input.clientMutationId,
    });

    // 7. Notify the reviewers, raise the event
    await notifySubmitted(tx, task, result);
    return raiseEvent(tx, task, 'submit');
  });
}

/** A review of a submitted task: approve or reject (see approveTask, rejectTask). */
async function review(
  ctx: ServiceContext,
  input: { id: number; version?: number },
  decision: 'approved' | 'rejected',
  text: { reason: string | null; comment: string | null; questionComments?: readonly TQuestionComment[] },
): Promise<TTaskDetail> {
  authorize(ctx, 'review', 'Task');
  return transition(ctx, input.id, async (tx) => {
    // 1. Guard: a reviewer who did not perform it
    const task = await lockTaskFor(tx, input.id, 'review');

    // 2. State
    requireState(task, decision === 'approved' ? 'approve' : 'reject');

    // 3. Version
    assertCurrent(task, input.version, 'Task');

    // 4. Rules: question comments name questions of the task's scheme, once each
    const questionComments = await requireKnownQuestionComments(tx.em, task, text.questionComments ?? []);

    // 5. Write: the review of this round
    const round = task.reworkCount + 1;
    const { reason, comment } = text;
    tx.em.create(TaskReview, { task, round, reviewer: tx.user.id, decision, reason, comment, questionComments });
    task.status = decision;
    task.reviewedAt = new Date();

    // 6. Audit
    audit(tx, task, decision === 'approved' ? 'approve' : 'reject', {
      status: { from: 'submitted', to: decision },
      round,
      ...(reason ? { reason } : {}),
      ...(comment ? { comment } : {}),
      ...(questionComments.length ? { questionKeys: questionComments.map((c) => c.questionKey) } : {}),
    });

    // 7. Raise the event (before the corrective actions' own, which name this task), notify corrective
    // actions (an approval verifies the location's pending ones this task passes and
    // opens one per failed critical question, in this transaction), then the inspector
    await raiseEvent(tx, task, decision === 'approved' ? 'approve' : 'reject');
    if (decision === 'approved') await onTaskApproved(tx, approvedTask(task));
    await notifyReviewed(tx, task, decision, text);
    // What the corrective actions changed is part of the task's read: read it after commit.
    return undefined;
  });
}

/** What corrective actions need of an approved task (in the approval's transaction). */
function approvedTask(task: Task): Parameters<typeof onTaskApproved>[1] {
  return {
    id: task.id,
    customerId: task.customer.id,
    projectId: task.project.id,
    locationId: task.location.id,
    teamId: task.team.id,
    schemeId: task.scheme.id,
    answers: task.answers,
    criticalFailures: task.criticalFailures,
  };
}

/**
 * `tasks.approve`: a submitted task, by a reviewer (analyst, team leader of its team) who did not
 * perform it; pending corrective actions at the location it passes are verified, a failed critical
 * question opens one. FORBIDDEN for the performer and roles that do not review; CONFLICT unless submitted.
 */
export function approveTask(ctx: ServiceContext, input: TApproveTaskInput): Promise<TTaskDetail> {
  return review(ctx, input, 'approved', { reason: null, comment: input.comment?.trim() || null });
}

/** `tasks.reject`: a submitted task goes back to its inspector with a reason; answers are kept. As approve. */
export function rejectTask(ctx: ServiceContext, input: TRejectTaskInput): Promise<TTaskDetail> {
  return review(ctx, input, 'rejected', {
    reason: input.reason,
    comment: null,
    questionComments: input.questionComments,
  });
}

/**
 * `tasks.resume`: the assigned inspector reopens a rejected task (rework count + 1) while the project
 * is active; it is scored again when resubmitted. CONFLICT otherwise.
 */
export async function resumeTask(ctx: ServiceContext, input: TResumeTaskInput): Promise<TTaskDetail> {
  authorize(ctx, 'perform', 'Task');
  return transition(ctx, input.id, async (tx) => {
    // 1. Guard
    const task = await lockTaskFor(tx, input.id, 'perform');

    // 2. State
    requireState(task, 'resume');

    // 3. Version
    assertCurrent(task, input.version, 'Task');

    // 4. Rules: an active project
    await requireActiveProject(tx.em, task, 'resume');

    // 5. Write: the previous round's result stays in its review
    task.status = 'in_progress';
    task.reworkCount += 1;
    task.submittedAt = null;
    task.score = null;
    task.passed = null;
    task.criticalFailures = [];
    task.sectionScores = [];
    task.answerOutcomes = null;

    // 6. Audit
    audit(tx, task, 'resume', { status: { from: 'rejected', to: 'in_progress' }, reworkCount: task.reworkCount });

    // 7. Raise the event
    return raiseEvent(tx, task, 'resume');
  });
}

/**
 * `tasks.cancel`: a scheduled or in-progress task, with a reason, by roles that cancel tasks
 * (floormanager, admin); the inspector is told. FORBIDDEN for other roles; CONFLICT in other states.
 */
export async function cancelTask(ctx: ServiceContext, input: TCancelTaskInput): Promise<TTaskDetail> {
  authorize(ctx, 'cancel', 'Task');
  return transition(ctx, input.id, async (tx) => {
    // 1. Guard
    const task = await lockTaskFor(tx, input.id, 'cancel');
    const from: TTaskStatus = task.status;

    // 2. State
    requireState(task, 'cancel');

    // 3. Version
    assertCurrent(task, input.version, 'Task');

    // 5. Write
    task.status = 'cancelled';
    task.cancelReason = input.reason;

    // 6. Audit
    audit(tx, task, 'cancel', { status: { from, to: 'cancelled' }, reason: input.reason });

    // 7. Notify the inspector, raise the event
    await notifyCancelled(tx, task, input.reason);
    return raiseEvent(tx, task, 'cancel');
  });
}
