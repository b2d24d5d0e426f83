// `tasks.keepOfflineWork`: what an inspector's device did offline on a task that the server then
// refused (cancelled, reassigned or already submitted elsewhere in the meantime) is handed in here and
// kept with the task, in its history, so the reviewer sees it: it is never silently dropped. The task
// itself does not change. Taken from the inspector who is its assignee or an inspector of its team (the
// task may have gone to a colleague), in the caller's customer; once per clientMutationId.

import { sql } from 'kysely';
import {
  OFFLINE_KEPT_ACTION,
  type TKeepOfflineWorkInput,
  type TKeptOfflineWork,
} from '../../../../shared/schemas/tasks.ts';
import { db } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { recordAudit } from '../../../lib/audit/audit.ts';
import { authorize, tenantId } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { toDate } from '../../../lib/list/index.ts';
import { withTransaction } from '../../../lib/scope.ts';

export async function keepOfflineWork(ctx: ServiceContext, input: TKeepOfflineWorkInput): Promise<TKeptOfflineWork> {
  authorize(ctx, 'perform', 'Task');
  return withTransaction(ctx, async (tx) => {
    // 1. Guard: a task of the caller's customer, theirs or their team's (NOT_FOUND otherwise, FORBIDDEN
    // for a task of another team they can see).
    const tenant = tenantId(tx);
    const k = db(tx.em);
    const task = await k
      .selectFrom('tasks')
      .select(['id', 'customer_id', 'team_id', 'assignee_id', 'status'])
      .where('id', '=', input.id)
      .$if(tenant !== null, (qb) => qb.where('customer_id', '=', tenant as number))
      .forUpdate()
      .executeTakeFirst();
    if (!task) throw notFound('Task');
    if (task.assignee_id !== tx.user.id && !tx.user.teamIds.includes(task.team_id)) {
      throw new AppError('FORBIDDEN', 'tasks.notYourOfflineWork');
    }

    // 2. Once per clientMutationId: a replay answers the first hand-in.
    const earlier = await k
      .selectFrom('audit_events')
      .select(['at'])
      .where('entity_type', '=', 'Task')
      .where('entity_id', '=', task.id)
      .where('action', '=', OFFLINE_KEPT_ACTION)
      .where(sql<string>`changes ->> 'clientMutationId'`, '=', input.clientMutationId)
      .executeTakeFirst();
    if (earlier) return { id: task.id, kept: true, at: toDate(earlier.at) };

    // 3. Write nothing on the task; 4. audit: the work as the device had it, and why it was refused.
    recordAudit(tx, {
      action: OFFLINE_KEPT_ACTION,
      entityType: 'Task',
      entityId: task.id,
      customerId: task.customer_id,
      changes: {
        clientMutationId: input.clientMutationId,
        reason: input.refusal ?? null,
        status: { from: task.status, to: task.status },
        answers: input.answers,
        ...(input.checkedInAt ? { checkedInAt: input.checkedInAt.toISOString() } : {}),
        filesNotSent: input.filesNotSent ?? 0,
      },
    });
    return { id: task.id, kept: true, at: new Date() };
  });
}
