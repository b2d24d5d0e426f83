// The checks the task transitions make, each named after what it checks, in the order a transition
// makes them: who (NOT_FOUND for a task the caller may not see, FORBIDDEN when the ability or the
// person does not fit), the state (CONFLICT), then each transition's own rules (the slot window, the
// project, the geofence, the answers, the files: CONFLICT / BAD_REQUEST).
//
// Perform (start, saveAnswers, submit, resume) is the assigned inspector's alone, even for roles that
// manage tasks, so "the reviewer is never the performer" is "the reviewer is never the assignee".

import type { EntityManager } from '@mikro-orm/postgresql';
import type { Action } from '../../../../shared/abilities/index.ts';
import { type ErrorKey, formatMessage } from '../../../../shared/errors/messages.ts';
import type { TQuestionComment, TSaveAnswersInput, TStartTaskInput } from '../../../../shared/schemas/tasks.ts';
import {
  type AnswerProblem,
  type AnswerQuestion,
  type MergeResult,
  photosNeeded,
  submitProblems,
  submitRefusal,
} from '../../../../shared/workflow/answers.ts';
import { CHECK_IN_EARLY_MINUTES, checkInOpensAt } from '../../../../shared/workflow/check-in.ts';
import { distanceMeters, insideGeofence } from '../../../../shared/workflow/geo.ts';
import { questionsOf } from '../../../../shared/workflow/score.ts';
import type { TTaskStatus } from '../../../../shared/workflow/statuses.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import { lockForTransition } from '../../../lib/records.ts';
import { locationRefs } from '../../structure/locations/locations.refs.ts';
import { schemeRulesForTasks } from '../../structure/schemes/schemes.refs.ts';
import { projectPlan, projectState } from '../projects/projects.refs.ts';
import { Task } from './task.entity.ts';

/** A task may be started from this long before its slot starts until the slot ends. */
export const START_GRACE_MS = CHECK_IN_EARLY_MINUTES * 60_000;

export type TaskAction = Extract<Action, 'perform' | 'review' | 'cancel'>;

/** The task as the ability's conditions see it. */
export function taskAbilityRecord(task: {
  id: number;
  customerId: number;
  teamId: number;
  assigneeId: number | null;
}): Record<string, unknown> {
  return { id: task.id, customerId: task.customerId, teamId: task.teamId, assigneeId: task.assigneeId };
}

/**
 * The task, locked until the transaction ends and loaded fresh, if the caller may take `action` on it:
 * NOT_FOUND outside the caller's customer or sight, FORBIDDEN when the ability or the person does not fit.
 */
export async function lockTaskFor(tx: AuthedContext, id: number, action: TaskAction): Promise<Task> {
  const task = await lockForTransition(
    tx,
    {
      entity: Task,
      subject: 'Task',
      label: 'Task',
      abilityRecord: (t) =>
        taskAbilityRecord({
          id: t.id,
          customerId: t.customer.id,
          teamId: t.team.id,
          assigneeId: t.assignee?.id ?? null,
        }),
    },
    id,
    action,
  );
  if (action === 'perform') requireAssignedInspector(tx, task.assignee?.id ?? null);
  if (action === 'review') requireNotThePerformer(tx, task.assignee?.id ?? null);
  return task;
}

/** FORBIDDEN unless the caller is the task's assigned inspector (perform is theirs alone). */
export function requireAssignedInspector(tx: AuthedContext, assigneeId: number | null): void {
  if (assigneeId === tx.user.id) return;
  throw new AppError('FORBIDDEN', assigneeId === null ? 'tasks.noInspector' : 'tasks.onlyAssignedInspector');
}

/** FORBIDDEN when the caller performed the task: someone else reviews it. */
export function requireNotThePerformer(tx: AuthedContext, assigneeId: number | null): void {
  if (assigneeId === tx.user.id) {
    throw new AppError('FORBIDDEN', 'tasks.reviewerPerformed');
  }
}

/** The transitions' refusals: the states each may start from, and the sentence saying so. */
const STARTS_FROM = {
  start: { from: ['scheduled'], refusal: 'tasks.onlyScheduledStarted' },
  answer: { from: ['in_progress'], refusal: 'tasks.onlyInProgressAnswered' },
  submit: { from: ['in_progress'], refusal: 'tasks.onlyInProgressSubmitted' },
  approve: { from: ['submitted'], refusal: 'tasks.onlySubmittedApproved' },
  reject: { from: ['submitted'], refusal: 'tasks.onlySubmittedRejected' },
  resume: { from: ['rejected'], refusal: 'tasks.onlyRejectedResumed' },
  cancel: { from: ['scheduled', 'in_progress'], refusal: 'tasks.onlyScheduledOrInProgressCancelled' },
} as const satisfies Record<string, { from: readonly TTaskStatus[]; refusal: ErrorKey }>;

export type TaskTransition = keyof typeof STARTS_FROM;

/** How a refusal names the task's state (a `hint`: the reader's language words it). */
function stateWord(status: TTaskStatus): ErrorKey {
  return `tasks.state.${status}`;
}

/** CONFLICT unless the task is in a state `transition` starts from. */
export function requireState(task: { status: TTaskStatus }, transition: TaskTransition): void {
  const { from, refusal } = STARTS_FROM[transition];
  if ((from as readonly TTaskStatus[]).includes(task.status)) return;
  throw new AppError('CONFLICT', refusal, { hint: stateWord(task.status) });
}

/** CONFLICT unless the task is in progress; a task already submitted (under another clientMutationId) says so. */
export function requireNotYetSubmitted(task: Task): void {
  if (task.status === 'in_progress') return;
  if (task.submitMutationId !== null && task.status !== 'scheduled') {
    const values = { clientMutationId: task.submitMutationId ?? '', hint: stateWord(task.status) };
    throw new AppError('CONFLICT', 'tasks.alreadySubmitted', values);
  }
  requireState(task, 'submit');
}

/** CONFLICT outside the start window: from CHECK_IN_EARLY_MINUTES before the slot until it ends. */
export function requireStartWindow(task: Task, now: Date): void {
  const opens = checkInOpensAt(task.startsAt);
  if (now < opens) {
    throw new AppError('CONFLICT', 'tasks.startsFrom', { opens: opens.toISOString() });
  }
  if (now >= task.endsAt) throw new AppError('CONFLICT', 'tasks.slotEnded', { endsAt: task.endsAt.toISOString() });
}

/** How far a device's clock may run ahead of the server's for a check-in recorded offline. */
const CLOCK_SKEW_MS = 2 * 60_000;
/** How old a check-in recorded offline may be when it reaches the server. */
export const OFFLINE_CHECK_IN_MAX_DAYS = 7;

/**
 * The check-in's time: now, or the time the device recorded it offline (BAD_REQUEST on checkedInAt when
 * that is in the future beyond a little clock skew, or older than OFFLINE_CHECK_IN_MAX_DAYS).
 */
export function checkInTime(checkedInAt: Date | undefined, now: Date): Date {
  if (checkedInAt === undefined) return now;
  const at = checkedInAt.toISOString();
  if (checkedInAt.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw new AppError('BAD_REQUEST', 'tasks.checkedInAtFuture', { at }, { checkedInAt: 'tasks.checkedInAtFuture' });
  }
  if (checkedInAt.getTime() < now.getTime() - OFFLINE_CHECK_IN_MAX_DAYS * 86_400_000) {
    const values = { at, days: OFFLINE_CHECK_IN_MAX_DAYS };
    throw new AppError('BAD_REQUEST', 'tasks.checkedInAtTooOld', values, { checkedInAt: 'tasks.checkedInAtTooOld' });
  }
  // Never later than now: a clock slightly ahead does not move the check-in past the server's time.
  return checkedInAt.getTime() > now.getTime() ? now : checkedInAt;
}

/** CONFLICT unless the task's project is active (start and resume; work begun may always be saved and submitted). */
export async function requireActiveProject(
  em: EntityManager,
  task: Task,
  transition: 'start' | 'resume',
): Promise<void> {
  const project = await projectPlan(em, task.project.id);
  if (project.status === 'active') return;
  const refusal = transition === 'start' ? 'tasks.startNeedsActiveProject' : 'tasks.resumeNeedsActiveProject';
  throw new AppError('CONFLICT', refusal, { code: project.code, hint: projectState(project.status) });
}

/** Where the inspector checked in, measured against the location's geofence. */
export interface CheckIn {
  distanceM: number | null;
  outOfFence: boolean;
  reason: string | null;
}

/**
 * The check-in's distance to the location (null when the location has no coordinates); outside the
 * geofence (radius widened by the accuracy) it needs a reason (BAD_REQUEST on outOfFenceReason).
 */
export async function requireInsideFenceOrReason(
  em: EntityManager,
  task: Task,
  input: TStartTaskInput,
): Promise<CheckIn> {
  const location = (await locationRefs(em, [task.location.id])).get(task.location.id);
  if (!location || location.latitude === null || location.longitude === null) {
    return { distanceM: null, outOfFence: false, reason: null };
  }
  const distanceM =
    Math.round(distanceMeters(input, { latitude: location.latitude, longitude: location.longitude }) * 10) / 10;
  if (insideGeofence(distanceM, location.geofenceRadiusM, input.accuracy)) {
    return { distanceM, outOfFence: false, reason: null };
  }
  const reason = input.outOfFenceReason?.trim() || null;
  if (!reason) {
    const values = { distance: Math.round(distanceM), location: location.code, radius: location.geofenceRadiusM };
    throw new AppError('BAD_REQUEST', 'tasks.outsideFence', values, { outOfFenceReason: 'tasks.outsideFence' });
  }
  return { distanceM, outOfFence: true, reason };
}

/**
 * BAD_REQUEST `top` whose fields each carry their own problem (a question's): the field's English
 * message, and its key and values, which the client translates.
 */
function fieldProblems(top: AnswerProblem, fields: Record<string, AnswerProblem>): AppError {
  const entries = Object.entries(fields);
  const error = new AppError('BAD_REQUEST', top.key, top.values);
  error.fieldErrors = Object.fromEntries(entries.map(([field, p]) => [field, [formatMessage(p.key, p.values)]]));
  error.fieldIssues = Object.fromEntries(
    entries.map(([field, p]) => [field, [{ code: 'error', key: p.key, params: p.values }]]),
  );
  return error;
}

/** `key` whose English names every problem, one after the other (`details`). */
function naming(key: ErrorKey, problems: Record<string, AnswerProblem>): AnswerProblem {
  const details = Object.values(problems).map((p) => formatMessage(p.key, p.values));
  return { key, values: { details: details.join('; ') } };
}

/** BAD_REQUEST naming the answers that do not fit their question (type, N/A, unknown key). */
export function requireValidAnswers(merged: MergeResult): void {
  if (Object.keys(merged.problems).length) {
    throw fieldProblems(naming('tasks.checkAnswers', merged.problems), merged.problems);
  }
}

/** BAD_REQUEST naming the question keys whose fileIds are not among `own` (the files uploaded for this task). */
export function requireTaskFiles(own: ReadonlySet<number>, answers: TSaveAnswersInput['answers']): void {
  const problems: Record<string, AnswerProblem> = {};
  for (const a of answers) {
    const foreign = (a.fileIds ?? []).filter((id) => !own.has(id));
    if (foreign.length) {
      const values = { questionKey: a.questionKey, fileIds: foreign.join(', ') };
      problems[a.questionKey] = { key: 'tasks.fileNotOfTask', values };
    }
  }
  if (Object.keys(problems).length) throw fieldProblems(naming('tasks.checkAnswers', problems), problems);
}

/** BAD_REQUEST unless the signature file was uploaded for this task (files are this context's table). */
export async function requireSignatureOfTask(em: EntityManager, task: Task, fileId: number | undefined): Promise<void> {
  if (fileId === undefined) return;
  const own = await db(em)
    .selectFrom('files')
    .select('id')
    .where('task_id', '=', task.id)
    .where('id', '=', fileId)
    .execute();
  if (!own.length) {
    const field = { signatureFileId: 'tasks.signatureNotOfTask' } as const;
    throw new AppError('BAD_REQUEST', 'tasks.signatureNotOfTask', { fileId }, field);
  }
}

type SubmitScheme = Parameters<typeof submitProblems>[0];

/** BAD_REQUEST naming the required visible questions unanswered, the evidence missing and the signature. */
export function requireCompleteAnswers(scheme: SubmitScheme, task: Task, signature: number | null): void {
  const problems = submitProblems(scheme, task.answers, signature);
  const refusal = submitRefusal(problems);
  if (!refusal) return;
  const questions = questionsOf(scheme);
  const fields: Record<string, AnswerProblem> = {
    ...Object.fromEntries(problems.missing.map((k) => [k, { key: 'tasks.answerIsRequired', values: {} }])),
    ...Object.fromEntries(
      problems.evidence.map((k) => [
        k,
        { key: 'tasks.addPhotos', values: { count: photosNeeded(questions.get(k) as AnswerQuestion) } },
      ]),
    ),
    ...(problems.signature ? { signatureFileId: { key: 'tasks.schemeNeedsSignature', values: {} } } : {}),
  };
  throw fieldProblems(refusal, fields);
}

/**
 * A rejection's per-question comments, checked against the task's scheme (BAD_REQUEST naming unknown
 * or repeated keys) and put in the scheme's question order.
 */
export async function requireKnownQuestionComments(
  em: EntityManager,
  task: Task,
  given: readonly TQuestionComment[],
): Promise<TQuestionComment[]> {
  if (!given.length) return [];
  const questions = questionsOf(await schemeRulesForTasks(em, task.scheme.id));
  const order = [...questions.keys()];
  const seen = new Set<string>();
  const problems: Record<string, AnswerProblem> = {};
  for (const { questionKey } of given) {
    if (!questions.has(questionKey)) problems[questionKey] = { key: 'tasks.notAQuestion', values: { questionKey } };
    else if (seen.has(questionKey)) problems[questionKey] = { key: 'tasks.repeatedComment', values: { questionKey } };
    seen.add(questionKey);
  }
  if (Object.keys(problems).length) {
    throw fieldProblems(naming('tasks.checkQuestionComments', problems), problems);
  }
  return [...given]
    .sort((a, b) => order.indexOf(a.questionKey) - order.indexOf(b.questionKey))
    .map((c) => ({ questionKey: c.questionKey, comment: c.comment }));
}
