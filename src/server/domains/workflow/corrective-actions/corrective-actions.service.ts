// Corrective actions, the authorized writes:
//
//   open --complete (owner: note, evidence files)--> done --verify (reviewer)--> verified
//   open | done --(a later approved task at the location passes the question)--> verified
//   open | done --cancel (reason)--> cancelled;         overdue = open and past its due date
//
// Opened automatically when a task is approved with failed critical questions (onTaskApproved in
// corrective-actions.refs.ts, called by the tasks service inside the approval's transaction), or by a
// reviewer for any failed question of an approved task (create). The owner defaults to the floor
// manager of the task's team, the due date to the project's `actionDueDays` from now.
//
// Each transition authorizes on its first line (the role may take the action at all: FORBIDDEN), then
// runs one transaction in steps: guard (the action in the caller's customer and sight: NOT_FOUND; the
// ability on it: FORBIDDEN) → state (CONFLICT) → version (CONFLICT when sent and stale) → rules
// (BAD_REQUEST naming the field) → write → audit → notify. It returns the action as `byId` reads it.
import type {
  TCancelCorrectiveActionInput,
  TCompleteCorrectiveActionInput,
  TCorrectiveAction,
  TCreateCorrectiveActionInput,
  TUpdateCorrectiveActionInput,
  TVerifyCorrectiveActionInput,
} from '../../../../shared/schemas/corrective-actions.ts';
import { authorize } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { assertCurrent } from '../../../lib/records.ts';
import { withTransaction } from '../../../lib/scope.ts';
import { schemeForTasks } from '../../structure/schemes/schemes.refs.ts';
import { linkFiles } from '../files/files.refs.ts';
import {
  auditAction,
  loadActionFor,
  loadTaskForAction,
  requireActiveOwner,
  requireApprovedTask,
  requireEvidenceFiles,
  requireFailedQuestion,
  requireFutureDue,
  requireNoLiveAction,
  requireNotTheFixer,
  requireState,
} from './corrective-actions.guards.ts';
import { getCorrectiveAction } from './corrective-actions.listing.ts';
import { announce, notifyAssigned, notifyVerifiedByReviewer } from './corrective-actions.notify.ts';
import { openAction } from './corrective-actions.opening.ts';

export { getCorrectiveAction, listCorrectiveActions } from './corrective-actions.listing.ts';

/**
 * `correctiveActions.update`: owner, due date and note of an open or done action, for roles that
 * manage actions. Throws FORBIDDEN / NOT_FOUND (guard), CONFLICT (state, stale version), BAD_REQUEST
 * on `ownerId` (not an active user of the customer) or `dueAt` (in the past). A new owner is told.
 */
export async function updateCorrectiveAction(
  ctx: ServiceContext,
  input: TUpdateCorrectiveActionInput,
): Promise<TCorrectiveAction> {
  authorize(ctx, 'update', 'CorrectiveAction');
  await withTransaction(ctx, async (tx) => {
    // 1. guard
    const action = await loadActionFor(tx, input.id, 'update');

    // 2. state
    requireState(action, 'update');

    // 3. version
    assertCurrent(action, input.version, 'CorrectiveAction');

    // 4. rules: only what changes is checked
    const previousOwner = action.owner?.id ?? null;
    const newOwner = input.ownerId !== undefined && input.ownerId !== previousOwner ? input.ownerId : undefined;
    if (newOwner !== undefined) await requireActiveOwner(tx.em, newOwner, action.customer.id);
    const newDue =
      input.dueAt !== undefined && input.dueAt.getTime() !== action.dueAt.getTime() ? input.dueAt : undefined;
    if (newDue !== undefined) requireFutureDue(newDue, new Date());
    const note = input.note === undefined ? action.note : input.note?.trim() || null;

    // 5. write
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (newOwner !== undefined) {
      changes.ownerId = { from: previousOwner, to: newOwner };
      tx.em.assign(action, { owner: newOwner });
    }
    if (newDue !== undefined) {
      changes.dueAt = { from: action.dueAt, to: newDue };
      action.dueAt = newDue;
      // A new due date is a new chance: the overdue notice goes out again if it passes too.
      action.overdueNotifiedAt = null;
    }
    if (note !== action.note) {
      changes.note = { from: action.note, to: note };
      action.note = note;
    }
    if (!Object.keys(changes).length) return;

    // 6. audit
    auditAction(tx, action, 'update', changes);

    // 7. notify
    if (newOwner !== undefined) await notifyAssigned(tx, action, newOwner);
  });
  return getCorrectiveAction(ctx, { id: input.id });
}

/**
 * `correctiveActions.complete`: the owner (or a role that manages actions) marks an open action done,
 * with a note and evidence files. Throws FORBIDDEN / NOT_FOUND (guard), CONFLICT (not open, stale
 * version), BAD_REQUEST on `fileIds` (files not of the action's customer).
 */
export async function completeCorrectiveAction(
  ctx: ServiceContext,
  input: TCompleteCorrectiveActionInput,
): Promise<TCorrectiveAction> {
  authorize(ctx, 'complete', 'CorrectiveAction');
  await withTransaction(ctx, async (tx) => {
    // 1. guard
    const action = await loadActionFor(tx, input.id, 'complete');

    // 2. state
    requireState(action, 'complete');

    // 3. version
    assertCurrent(action, input.version, 'CorrectiveAction');

    // 4. rules
    const fileIds = await requireEvidenceFiles(tx.em, input.fileIds ?? [], action.customer.id);

    // 5. write
    action.status = 'done';
    action.doneAt = new Date();
    tx.em.assign(action, { doneBy: tx.user.id });
    action.completionNote = input.note;
    action.evidenceFileIds = fileIds;
    await linkFiles(tx.em, fileIds, { type: 'correctiveAction', id: action.id });

    // 6. audit
    auditAction(tx, action, 'complete', { status: { from: 'open', to: 'done' }, note: input.note, fileIds });
    await announce(tx, action, 'correctiveAction.completed');
  });
  return getCorrectiveAction(ctx, { id: input.id });
}

/**
 * `correctiveActions.verify`: a reviewer confirms a done action. Throws FORBIDDEN / NOT_FOUND (guard),
 * FORBIDDEN for the person who marked it done (reviewer ≠ performer), CONFLICT (not done, stale version). The owner is told.
 */
export async function verifyCorrectiveAction(
  ctx: ServiceContext,
  input: TVerifyCorrectiveActionInput,
): Promise<TCorrectiveAction> {
  authorize(ctx, 'verify', 'CorrectiveAction');
  await withTransaction(ctx, async (tx) => {
    // 1. guard
    const action = await loadActionFor(tx, input.id, 'verify');

    // 2. state
    requireState(action, 'verify');

    // 3. version
    assertCurrent(action, input.version, 'CorrectiveAction');

    // 4. rules: whoever marked it done does not verify their own fix
    requireNotTheFixer(tx, action);

    // 5. write
    action.status = 'verified';
    action.verifiedAt = new Date();
    tx.em.assign(action, { verifiedBy: tx.user.id });

    // 6. audit
    auditAction(tx, action, 'verify', { status: { from: 'done', to: 'verified' }, by: 'reviewer' });
    await announce(tx, action, 'correctiveAction.verified');

    // 7. notify
    await notifyVerifiedByReviewer(tx, action);
  });
  return getCorrectiveAction(ctx, { id: input.id });
}

/**
 * `correctiveActions.cancel`: an open or done action is dropped, with a reason, by a role that manages
 * actions. Throws FORBIDDEN / NOT_FOUND (guard), CONFLICT (verified or cancelled, stale version).
 */
export async function cancelCorrectiveAction(
  ctx: ServiceContext,
  input: TCancelCorrectiveActionInput,
): Promise<TCorrectiveAction> {
  authorize(ctx, 'cancel', 'CorrectiveAction');
  await withTransaction(ctx, async (tx) => {
    // 1. guard
    const action = await loadActionFor(tx, input.id, 'cancel');

    // 2. state
    const from = action.status;
    requireState(action, 'cancel');

    // 3. version
    assertCurrent(action, input.version, 'CorrectiveAction');

    // 4. write
    action.status = 'cancelled';
    action.cancelledAt = new Date();
    action.cancelReason = input.reason;

    // 5. audit
    auditAction(tx, action, 'cancel', { status: { from, to: 'cancelled' }, reason: input.reason });
  });
  return getCorrectiveAction(ctx, { id: input.id });
}

/**
 * `correctiveActions.create`: a reviewer opens an action for any failed question of an approved task
 * they may read. Throws NOT_FOUND (a task out of sight), FORBIDDEN (the ability on the task's team or
 * the owner), CONFLICT (the task is not approved; the question already has a live action),
 * BAD_REQUEST on `questionKey` (the task did not fail it), `ownerId` or `dueAt`. The owner is told.
 */
export async function createCorrectiveAction(
  ctx: ServiceContext,
  input: TCreateCorrectiveActionInput,
): Promise<TCorrectiveAction> {
  authorize(ctx, 'create', 'CorrectiveAction');
  const id = await withTransaction(ctx, async (tx) => {
    // 1. guard: the task, locked
    const task = await loadTaskForAction(tx, input.taskId, input.ownerId);

    // 2. state
    requireApprovedTask(task);

    // 3. rules
    const scheme = await schemeForTasks(tx.em, task.schemeId);
    const question = requireFailedQuestion(scheme, task, input.questionKey);
    await requireNoLiveAction(tx.em, task.id, input.questionKey);
    if (input.ownerId !== undefined) await requireActiveOwner(tx.em, input.ownerId, task.customerId);
    const now = new Date();
    if (input.dueAt) requireFutureDue(input.dueAt, now);

    // 4. write, audit, notify
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
  return getCorrectiveAction(ctx, { id });
}
