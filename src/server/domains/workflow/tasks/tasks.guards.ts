// The checks the task transitions make, each named after what it checks, in the order a transition
// makes them: who (NOT_FOUND for a task the caller may not see, FORBIDDEN when the ability or the
// person does not fit), the state (CONFLICT), then each transition's own rules (the slot window, the
// project, the geofence, the answers, the files: CONFLICT / BAD_REQUEST).
//
// Perform (start, saveAnswers, submit, resume) is the assigned inspector's alone, even for roles that
// manage tasks, so "the reviewer is never the performer" is "the reviewer is never the assignee".
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Action } from '../../../../shared/abilities/index.ts';
import type { TTaskStatus } from '../../../../shared/schemas/projects.ts';
import type { TQuestionComment, TSaveAnswersInput, TStartTaskInput } from '../../../../shared/schemas/tasks.ts';
import {
  type AnswerQuestion,
  type MergeResult,
  photosNeeded,
  submitProblemMessage,
  submitProblems,
} from '../../../../shared/workflow/answers.ts';
import { distanceMeters, insideGeofence } from '../../../../shared/workflow/geo.ts';
import { questionsOf } from '../../../../shared/workflow/score.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import { lockForTransition } from '../../../lib/records.ts';
import { locationRefs } from '../../structure/locations/locations.service.ts';
import { schemeRulesForTasks } from '../../structure/schemes/schemes.service.ts';
import { projectPlan } from '../projects/projects.refs.ts';
import { Task } from './task.entity.ts';

/** A task may be started from this long before its slot starts until the slot ends. */
export const START_GRACE_MS = 30 * 60_000;

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
  throw new AppError(
    'FORBIDDEN',
    assigneeId === null
      ? 'This task has no inspector assigned yet'
      : 'Only the inspector assigned to this task can perform it',
  );
}

/** FORBIDDEN when the caller performed the task: someone else reviews it. */
export function requireNotThePerformer(tx: AuthedContext, assigneeId: number | null): void {
  if (assigneeId === tx.user.id) {
    throw new AppError('FORBIDDEN', 'You performed this task: someone else must review it');
  }
}

/** How a state reads in a sentence. */
export const STATE_WORDS: Record<TTaskStatus, string> = {
  scheduled: 'scheduled',
  in_progress: 'in progress',
  submitted: 'submitted',
  approved: 'approved',
  rejected: 'rejected',
  missed: 'missed',
  cancelled: 'cancelled',
};

/** CONFLICT unless the task is in one of `from`. */
export function requireState(task: { status: TTaskStatus }, from: readonly TTaskStatus[], verb: string): void {
  if (from.includes(task.status)) return;
  throw new AppError(
    'CONFLICT',
    `This task is ${STATE_WORDS[task.status]}; only a ${from.map((s) => STATE_WORDS[s]).join(' or ')} task can be ${verb}`,
  );
}

/** CONFLICT unless the task is in progress; a task already submitted (under another clientMutationId) says so. */
export function requireNotYetSubmitted(task: Task): void {
  if (task.status === 'in_progress') return;
  if (task.submitMutationId !== null && task.status !== 'scheduled') {
    throw new AppError(
      'CONFLICT',
      `This task was already submitted (clientMutationId "${task.submitMutationId}"); it is ${STATE_WORDS[task.status as TTaskStatus]} now`,
    );
  }
  requireState(task, ['in_progress'], 'submitted');
}

/** CONFLICT outside the start window: from 30 minutes before the slot until it ends. */
export function requireStartWindow(task: Task, now: Date): void {
  const opens = new Date(task.startsAt.getTime() - START_GRACE_MS);
  if (now < opens) {
    throw new AppError('CONFLICT', `This task can be started from ${opens.toISOString()}, 30 minutes before its slot`);
  }
  if (now >= task.endsAt) throw new AppError('CONFLICT', `The slot of this task ended at ${task.endsAt.toISOString()}`);
}

/** CONFLICT unless the task's project is active (start and resume; work begun may always be saved and submitted). */
export async function requireActiveProject(em: EntityManager, task: Task, verb: string): Promise<void> {
  const project = await projectPlan(em, task.project.id);
  if (project.status !== 'active') {
    throw new AppError(
      'CONFLICT',
      `Project "${project.code}" is ${project.status.replace('_', ' ')}; a task can be ${verb} only while its project is active`,
    );
  }
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
    const message = `You are ${Math.round(distanceM)} m from ${location.code}, outside its ${location.geofenceRadiusM} m geofence: give a reason (outOfFenceReason)`;
    throw new AppError('BAD_REQUEST', message, { outOfFenceReason: [message] });
  }
  return { distanceM, outOfFence: true, reason };
}

/** BAD_REQUEST naming the answers that do not fit their question (type, N/A, unknown key). */
export function requireValidAnswers(merged: MergeResult): void {
  const keys = Object.keys(merged.problems);
  if (!keys.length) return;
  throw new AppError(
    'BAD_REQUEST',
    `Check these answers: ${keys.map((k) => merged.problems[k]).join('; ')}`,
    Object.fromEntries(keys.map((k) => [k, [merged.problems[k]]])),
  );
}

/** BAD_REQUEST naming the question keys whose fileIds are not among `own` (the files uploaded for this task). */
export function requireTaskFiles(own: ReadonlySet<number>, answers: TSaveAnswersInput['answers']): void {
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
    const message = `File ${fileId} is not a file of this task: upload the signature with its taskId first`;
    throw new AppError('BAD_REQUEST', message, { signatureFileId: [message] });
  }
}

type SubmitScheme = Parameters<typeof submitProblems>[0];

/** BAD_REQUEST naming the required visible questions unanswered, the evidence missing and the signature. */
export function requireCompleteAnswers(scheme: SubmitScheme, task: Task, signature: number | null): void {
  const problems = submitProblems(scheme, task.answers, signature);
  const message = submitProblemMessage(problems);
  if (!message) return;
  const questions = questionsOf(scheme);
  throw new AppError('BAD_REQUEST', message, {
    ...Object.fromEntries(problems.missing.map((k) => [k, ['An answer is required']])),
    ...Object.fromEntries(
      problems.evidence.map((k) => [k, [`Add at least ${photosNeeded(questions.get(k) as AnswerQuestion)} photo(s)`]]),
    ),
    ...(problems.signature ? { signatureFileId: ['This scheme requires a signature'] } : {}),
  });
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
