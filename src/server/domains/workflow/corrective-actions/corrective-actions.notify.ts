// What corrective actions tell people: one in-app notification per event (opened, assigned, verified,
// overdue), each linking to the action. Edit to change a text or who is told.

import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthedContext } from '../../../lib/context.ts';
import { toDate } from '../../../lib/list/index.ts';
import { queueWebhookEvent } from '../../platform/integrations/webhooks.refs.ts';
import { type NotificationInput, notice, sendNotifications } from '../../platform/notifications/notifications.refs.ts';
import { locationRefs } from '../../structure/locations/locations.refs.ts';
import type { CorrectiveAction } from './corrective-action.entity.ts';
import { getCorrectiveAction } from './corrective-actions.listing.ts';

/** Where an action is shown: the actions list with its side panel open. */
export function actionLink(id: number): string {
  return `/tasks/actions?id=${id}`;
}

/** The location as texts name it: its code and name (`#id` when it is gone). */
export function locationLabel(location: { code: string; name: string } | undefined, locationId: number): string {
  return location ? `${location.code} ${location.name}` : `#${locationId}`;
}

/** The location's label, read by id. */
export async function describeLocation(em: EntityManager, locationId: number): Promise<string> {
  return locationLabel((await locationRefs(em, [locationId])).get(locationId), locationId);
}

function actionNote(
  userId: number,
  action: { id: number },
  key: Parameters<typeof notice>[0],
  values: Parameters<typeof notice>[1],
): NotificationInput {
  return { userId, kind: 'actions', ...notice(key, values), link: actionLink(action.id) };
}

/** The owner of a newly opened action, unless they opened it themselves. */
export async function notifyOpened(
  tx: AuthedContext,
  action: CorrectiveAction,
  ownerId: number | null,
  dueAt: Date,
): Promise<void> {
  if (ownerId === null || ownerId === tx.user.id) return;
  const where = await describeLocation(tx.em, action.location.id);
  const due = dueAt.toISOString().slice(0, 10);
  await sendNotifications(tx.em, [
    actionNote(ownerId, action, 'actionOpened', { question: action.questionText, where, due }),
  ]);
}

/** The new owner of an action, unless they made themselves its owner. */
export async function notifyAssigned(tx: AuthedContext, action: CorrectiveAction, ownerId: number): Promise<void> {
  if (ownerId === tx.user.id) return;
  const where = await describeLocation(tx.em, action.location.id);
  await sendNotifications(tx.em, [
    actionNote(ownerId, action, 'actionAssigned', { who: tx.user.fullName, question: action.questionText, where }),
  ]);
}

/** The owner of an action a reviewer verified, unless the reviewer is the owner. */
export async function notifyVerifiedByReviewer(tx: AuthedContext, action: CorrectiveAction): Promise<void> {
  const owner = action.owner?.id;
  if (owner === undefined || owner === tx.user.id) return;
  const where = await describeLocation(tx.em, action.location.id);
  await sendNotifications(tx.em, [
    actionNote(owner, action, 'actionVerified', { who: tx.user.fullName, question: action.questionText, where }),
  ]);
}

/** The owners of actions an approved inspection at `where` verified by passing their question. */
export async function notifyVerifiedByTask(
  em: EntityManager,
  actions: readonly CorrectiveAction[],
  where: string,
): Promise<void> {
  await sendNotifications(
    em,
    actions.flatMap((action) => {
      const owner = action.owner?.id;
      if (owner === undefined) return [];
      return [actionNote(owner, action, 'actionVerifiedByTask', { question: action.questionText, where })];
    }),
  );
}

/** The owners of actions just found overdue, one message each. */
export async function notifyOverdue(
  em: EntityManager,
  rows: readonly {
    id: number;
    owner_id: number | null;
    location_id: number;
    question_text: string;
    due_at: Date | string;
  }[],
): Promise<void> {
  const locations = await locationRefs(
    em,
    rows.map((r) => r.location_id),
  );
  await sendNotifications(
    em,
    rows.flatMap((r) => {
      if (r.owner_id === null) return [];
      const where = locationLabel(locations.get(r.location_id), r.location_id);
      const due = toDate(r.due_at).toISOString().slice(0, 10);
      return [actionNote(r.owner_id, r, 'actionOverdue', { question: r.question_text, where, due })];
    }),
  );
}

/** Raise a webhook event of an action (the action as the business API reads it), in the caller's transaction. */
export async function announce(
  tx: AuthedContext,
  action: CorrectiveAction,
  type: 'correctiveAction.opened' | 'correctiveAction.completed' | 'correctiveAction.verified',
): Promise<void> {
  await queueWebhookEvent(tx.em, action.customer.id, type, () => getCorrectiveAction(tx, { id: action.id }));
}
