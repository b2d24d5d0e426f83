// The autosave of a task's answers (tasks.saveAnswers), the hottest call of the perform page
// (`npm run bench -- saveAnswers`). Two statements in the common case: one read of the task row (with
// the files the answers name), checked as every transition is (ability, tenant, assignee, state, the
// sent version); the scheme's rules from memory (schemeRulesForTasks); then one statement that updates
// the row only if its version is still the one read and writes the audit event with it (a
// data-modifying WITH), in one implicit transaction. If another write came in between (the version
// moved), a sent version is now stale (CONFLICT); without one the save is merged again on the new row,
// and the last try locks the row (select … for update in a transaction) so it cannot lose again.
import { sql } from 'kysely';
import type { TSaveAnswersInput, TSavedAnswers } from '../../../../shared/schemas/tasks.ts';
import { type MergeResult, mergeAnswers } from '../../../../shared/workflow/answers.ts';
import { db } from '../../../db/kysely.ts';
import { notFound } from '../../../lib/app-error.ts';
import { auditWrittenRows } from '../../../lib/audit/audit.ts';
import { tenantId } from '../../../lib/authz.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import { toDate } from '../../../lib/list/index.ts';
import { assertCurrent, authorizeTransition, staleRecord } from '../../../lib/records.ts';
import { withTransaction } from '../../../lib/scope.ts';
import { schemeRulesForTasks } from '../../structure/schemes/schemes.refs.ts';
import {
  requireAssignedInspector,
  requireState,
  requireTaskFiles,
  requireValidAnswers,
  taskAbilityRecord,
} from './tasks.guards.ts';

/** Optimistic tries of a save before it locks the row. */
const SAVE_TRIES = 3;

/** Merge the answers into the task (see the file header); the caller has authorized `perform Task`. */
export async function writeAnswers(ctx: AuthedContext, input: TSaveAnswersInput): Promise<TSavedAnswers> {
  for (let attempt = 1; attempt < SAVE_TRIES; attempt++) {
    const saved = await saveAnswersOnce(ctx, input, false);
    if (saved) return saved;
  }
  return withTransaction(ctx, async (tx) => (await saveAnswersOnce(tx, input, true)) as TSavedAnswers);
}

/** The task row a save reads, with those of the named files that were uploaded for this task. */
async function readForSave(tx: AuthedContext, input: TSaveAnswersInput, lock: boolean) {
  const tenant = tenantId(tx);
  const fileIds = [...new Set(input.answers.flatMap((a) => a.fileIds ?? []))];
  const row = await db(tx.em)
    .selectFrom('tasks')
    .select(['id', 'version', 'customer_id', 'team_id', 'assignee_id', 'status', 'scheme_id', 'answers', 'updated_at'])
    // Files are this context's table.
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
  return { ...row, ownFiles: new Set((row as { own_files?: number[] }).own_files ?? []) };
}

/**
 * The merged answers written only if the row still has the version read (one UPDATE), with their audit
 * event in the same statement; undefined when the version moved.
 */
async function writeAudited(
  tx: AuthedContext,
  row: { id: number; version: number; customer_id: number },
  merged: MergeResult,
): Promise<{ version: number; updated_at: Date | string } | undefined> {
  const now = new Date();
  return db(tx.em)
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
      auditWrittenRows(
        w,
        'u',
        tx,
        {
          action: 'save_answers',
          entityType: 'Task',
          customerId: row.customer_id,
          changes: { questionKeys: merged.changed },
        },
        now,
      ),
    )
    .selectFrom('u')
    .select(['u.version', 'u.updated_at'])
    .executeTakeFirst();
}

/** One try of a save; null when the row changed between the read and the write. */
async function saveAnswersOnce(
  tx: AuthedContext,
  input: TSaveAnswersInput,
  lock: boolean,
): Promise<TSavedAnswers | null> {
  // 1. Guard: a task the caller may see, theirs to perform.
  const row = await readForSave(tx, input, lock);
  const record = { id: row.id, customerId: row.customer_id, teamId: row.team_id, assigneeId: row.assignee_id };
  authorizeTransition(tx, 'perform', 'Task', taskAbilityRecord(record), 'Task');
  requireAssignedInspector(tx, row.assignee_id);

  // 2. State: answers change only while the task is in progress.
  requireState(row, 'answer');

  // 3. Version: a sent version must still be the stored one.
  assertCurrent(row, input.version, 'Task');

  // 4. Rules: each value fits its question; fileIds are files of this task.
  const merged = mergeAnswers(await schemeRulesForTasks(tx.em, row.scheme_id), row.answers, input.answers);
  requireValidAnswers(merged);
  requireTaskFiles(row.ownFiles, input.answers);
  const saved = {
    id: row.id,
    status: row.status,
    schemeId: row.scheme_id,
    answers: merged.answers,
    savedKeys: merged.changed,
  };
  // The same save again (an outbox replay) changes nothing: nothing is written nor audited.
  if (!merged.changed.length) {
    return { ...saved, version: row.version, updatedAt: toDate(row.updated_at) };
  }

  // 5. Write, if the row is still the one read, and 6. audit, in the same statement.
  const written = await writeAudited(tx, row, merged);
  if (!written) {
    // The row changed since it was read (it was not locked): the sent version is no longer the stored one.
    if (input.version !== undefined) throw staleRecord('Task');
    return null;
  }
  return { ...saved, version: written.version, updatedAt: toDate(written.updated_at) };
}
