// How actions open and close with inspections: open one (by a reviewer, or for a failed critical
// question on approval), and verify the pending ones a later approved task at the location passes.
// Each runs inside its caller's transaction, after the caller's checks.
import { LockMode } from '@mikro-orm/core';
import type { TAnswer } from '../../../../shared/schemas/tasks.ts';
import {
  answersByKey,
  isQuestionVisible,
  pointsEarned,
  questionsOf,
  SCORED_TYPES,
} from '../../../../shared/workflow/score.ts';
import { db } from '../../../db/kysely.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import { teamRefs } from '../../organization/teams/teams.refs.ts';
import type { schemeForTasks } from '../../structure/schemes/schemes.refs.ts';
import { CorrectiveAction } from './corrective-action.entity.ts';
import { auditAction, DAY_MS } from './corrective-actions.guards.ts';
import { announce, describeLocation, notifyOpened, notifyVerifiedByTask } from './corrective-actions.notify.ts';

type Scheme = Awaited<ReturnType<typeof schemeForTasks>>;

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

export interface OpenSpec {
  task: ApprovedTask;
  questionKey: string;
  questionText: string;
  origin: 'auto' | 'reviewer';
  /** Default: the floor manager of the task's team. */
  ownerId?: number;
  /** Default: the project's `actionDueDays` from now. */
  dueAt?: Date;
  note: string | null;
}

/** The floor manager of the team, or nobody. */
async function defaultOwner(tx: AuthedContext, teamId: number): Promise<number | null> {
  return (await teamRefs(tx.em, [teamId])).get(teamId)?.floorManagerId ?? null;
}

/** The project's `actionDueDays` from now. */
async function defaultDue(tx: AuthedContext, projectId: number, now: Date): Promise<Date> {
  const project = await db(tx.em)
    .selectFrom('projects')
    .select('action_due_days')
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  return new Date(now.getTime() + project.action_due_days * DAY_MS);
}

/** Opens one action (owner and due date defaulted), audited; its owner is told. */
export async function openAction(tx: AuthedContext, spec: OpenSpec, now: Date): Promise<CorrectiveAction> {
  const { task } = spec;
  const ownerId = spec.ownerId ?? (await defaultOwner(tx, task.teamId));
  const dueAt = spec.dueAt ?? (await defaultDue(tx, task.projectId, now));

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

  const { questionKey, origin, note } = spec;
  auditAction(tx, action, 'create', { taskId: task.id, questionKey, origin, ownerId, dueAt, note });
  await announce(tx, action, 'correctiveAction.opened');

  await notifyOpened(tx, action, ownerId, dueAt);
  return action;
}

/** Question keys the answers pass: scored, visible, answered (not N/A) and earning at least half. */
function passedKeys(scheme: Scheme, answers: readonly TAnswer[]): string[] {
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
 * Verifies the location's open and done actions of earlier tasks whose question `task` passes
 * (locked, audited, their owners told). Returns their ids.
 */
export async function verifyActionsPassedBy(
  tx: AuthedContext,
  task: ApprovedTask,
  scheme: Scheme,
  now: Date,
): Promise<number[]> {
  const passing = passedKeys(scheme, task.answers);
  if (!passing.length) return [];

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
  const where = pending.length ? await describeLocation(tx.em, task.locationId) : '';

  for (const action of pending) {
    const from = action.status;
    action.status = 'verified';
    action.verifiedAt = now;
    tx.em.assign(action, { verifiedByTask: task.id });
    auditAction(tx, action, 'verify', { status: { from, to: 'verified' }, byTaskId: task.id });
    await announce(tx, action, 'correctiveAction.verified');
  }

  await notifyVerifiedByTask(tx.em, pending, where);
  return pending.map((action) => action.id);
}

/** Opens one action per failed critical question of `task`, its comment as the note. Returns their ids. */
export async function openCriticalActions(
  tx: AuthedContext,
  task: ApprovedTask,
  scheme: Scheme,
  now: Date,
): Promise<number[]> {
  const questions = questionsOf(scheme);
  const byKey = answersByKey(task.answers);
  const opened: number[] = [];
  for (const key of task.criticalFailures) {
    const note = byKey.get(key)?.comment?.trim() || null;
    const questionText = questions.get(key)?.text ?? key;
    const action = await openAction(tx, { task, questionKey: key, questionText, origin: 'auto', note }, now);
    opened.push(action.id);
  }
  return opened;
}
