// `tasks.history`: what happened to one task, for its view page. Readable by whoever may read the task
// (tasks.byId's scope: another customer's or an unseen task is NOT_FOUND).
//  - events: every transition (start, submit, approve, reject, resume, cancel, missed) from the audit
//    trail, oldest first, with who (null: the system), when, and the reason or note it carried;
//  - rounds: each submission's answers as sent (task_rounds), and the diff of the last round against
//    the one before it, per question (before → after), once the task has been resubmitted.

import {
  type TAnswer,
  type TAnswerChange,
  TASK_EVENT_ACTIONS,
  type TTaskEvent,
  type TTaskEventAction,
  type TTaskHistory,
} from '../../../../shared/schemas/tasks.ts';
import type { TTaskStatus } from '../../../../shared/workflow/statuses.ts';
import { db } from '../../../db/kysely.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { toDate } from '../../../lib/list/index.ts';
import { userRefs } from '../../organization/users/users.refs.ts';
import { getTask } from './tasks.service.ts';

type Changes = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function statusChange(changes: Changes): { from: TTaskStatus | null; to: TTaskStatus | null } {
  const status = changes.status as { from?: TTaskStatus; to?: TTaskStatus } | undefined;
  return { from: status?.from ?? null, to: status?.to ?? null };
}

/** Whether two answers to one question say the same thing (value, N/A, comment, files). */
function sameAnswer(a: TAnswer, b: TAnswer): boolean {
  return (
    a.value === b.value &&
    a.na === b.na &&
    (a.comment ?? null) === (b.comment ?? null) &&
    a.fileIds.length === b.fileIds.length &&
    a.fileIds.every((id, i) => id === b.fileIds[i])
  );
}

/** Questions whose answer differs between two rounds, in the later round's order, then the dropped ones. */
export function answerChanges(before: readonly TAnswer[], after: readonly TAnswer[]): TAnswerChange[] {
  const old = new Map(before.map((a) => [a.questionKey, a]));
  const now = new Map(after.map((a) => [a.questionKey, a]));
  const changes: TAnswerChange[] = [];
  const change = (questionKey: string, was: TAnswer | null, is: TAnswer | null): TAnswerChange => {
    const had = new Set(was?.fileIds ?? []);
    const has = new Set(is?.fileIds ?? []);
    return {
      questionKey,
      before: was,
      after: is,
      filesAdded: [...has].filter((id) => !had.has(id)),
      filesRemoved: [...had].filter((id) => !has.has(id)),
    };
  };
  for (const answer of after) {
    const previous = old.get(answer.questionKey) ?? null;
    if (!previous || !sameAnswer(previous, answer)) changes.push(change(answer.questionKey, previous, answer));
  }
  for (const answer of before) if (!now.has(answer.questionKey)) changes.push(change(answer.questionKey, answer, null));
  return changes;
}

/** `tasks.history`, for whoever may read the task (NOT_FOUND otherwise). */
export async function getTaskHistory(ctx: ServiceContext, input: { id: number }): Promise<TTaskHistory> {
  const task = await getTask(ctx, input); // authorizes and scopes (NOT_FOUND otherwise)
  const k = db(ctx.em);
  const [audits, rounds] = await Promise.all([
    // The (entity_type, entity_id) index; the customer repeats the tenant scope.
    k
      .selectFrom('audit_events')
      .select(['id', 'at', 'action', 'actor_id', 'changes'])
      .where('entity_type', '=', 'Task')
      .where('entity_id', '=', task.id)
      .where('customer_id', '=', task.customerId)
      .where('action', 'in', [...TASK_EVENT_ACTIONS])
      .orderBy('id')
      .execute(),
    k
      .selectFrom('task_rounds')
      .select(['round', 'created_at', 'answers', 'score', 'passed'])
      .where('task_id', '=', task.id)
      .orderBy('round')
      .execute(),
  ]);
  const actors = await userRefs(
    ctx.em,
    audits.flatMap((e) => (e.actor_id === null ? [] : [e.actor_id])),
  );
  const events: TTaskEvent[] = audits.map((e) => {
    const changes = (e.changes ?? {}) as Changes;
    const action = e.action as TTaskEventAction;
    const actor = e.actor_id === null ? null : { id: e.actor_id, name: actors.get(e.actor_id)?.fullName ?? '' };
    return {
      id: Number(e.id),
      at: toDate(e.at),
      action,
      ...statusChange(changes),
      actor,
      reason: text(changes.reason) ?? text(changes.outOfFenceReason),
      comment: text(changes.comment),
      round: num(changes.round),
      score: num(changes.score),
      distanceM: num(changes.distanceM),
      outOfFence: changes.outOfFence === true,
      offline: changes.offline === true,
      keptAnswers: Array.isArray(changes.answers) ? (changes.answers as TTaskEvent['keptAnswers']) : null,
      filesNotSent: num(changes.filesNotSent),
    };
  });
  const last = rounds.at(-1);
  const previous = rounds.at(-2);
  return {
    events,
    rounds: rounds.map((r) => ({
      round: r.round,
      submittedAt: toDate(r.created_at),
      score: r.score === null ? null : Number(r.score),
      passed: r.passed,
    })),
    diff:
      last && previous
        ? { fromRound: previous.round, toRound: last.round, changes: answerChanges(previous.answers, last.answers) }
        : null,
  };
}
