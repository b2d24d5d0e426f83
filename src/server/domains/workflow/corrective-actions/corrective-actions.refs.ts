// Corrective actions for other domains: what a task's approval, the job queue and file deletes call.
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type SqlBool, sql } from 'kysely';
import { db } from '../../../db/kysely.ts';
import { recordSystemAudits } from '../../../lib/audit/audit.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import { schemeForTasks } from '../../structure/schemes/schemes.refs.ts';
import { notifyOverdue } from './corrective-actions.notify.ts';
import { type ApprovedTask, openCriticalActions, verifyActionsPassedBy } from './corrective-actions.opening.ts';

export type { ApprovedTask } from './corrective-actions.opening.ts';

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

  const verified = await verifyActionsPassedBy(tx, task, scheme, now);

  const opened = await openCriticalActions(tx, task, scheme, now);
  return { verified, opened };
}

/**
 * The job queue's overdue run: open actions past their due date and not notified yet are marked
 * notified and their owners told (one message per action, linking to it), with a system audit event.
 * One `UPDATE … RETURNING` in a transaction (the partial index corrective_actions_overdue_due_index),
 * so two runs at once never notify twice. Returns the actions notified.
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

    await notifyOverdue(tx, rows);
    return rows.map((r) => r.id);
  });
}

/** An action (not cancelled) of the customer that keeps this file as evidence, if any. */
export async function actionWithEvidence(
  em: EntityManager,
  customerId: number,
  fileId: number,
): Promise<{ id: number } | undefined> {
  return db(em)
    .selectFrom('corrective_actions')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('status', '<>', 'cancelled')
    .where(sql<SqlBool>`evidence_file_ids @> ${JSON.stringify([fileId])}::jsonb`)
    .limit(1)
    .executeTakeFirst();
}
