// Notifications other domains send (workflow events: assigned, visits planned, missed, reminders).
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type SqlBool, sql } from 'kysely';
import type { NotificationKind } from '../../../../shared/schemas/account.ts';
import { db } from '../../../db/kysely.ts';

/** `items` less those of a kind their user silenced (one query over the users concerned). */
async function withoutMuted(
  em: EntityManager,
  items: readonly NotificationInput[],
): Promise<readonly NotificationInput[]> {
  const kinded = [...new Set(items.filter((n) => n.kind).map((n) => n.userId))];
  if (!kinded.length) return items;
  const rows = await db(em)
    .selectFrom('users')
    .select(['id', 'muted_notifications'])
    .where('id', 'in', kinded)
    .where(sql<SqlBool>`cardinality(muted_notifications) > 0`)
    .execute();
  if (!rows.length) return items;
  const muted = new Map(rows.map((r) => [r.id, new Set(r.muted_notifications)]));
  return items.filter((n) => !n.kind || !muted.get(n.userId)?.has(n.kind));
}

/** A message for one user; `link` is an in-app path of a page that exists (e.g. `/tasks`). */
export interface NotificationInput {
  userId: number;
  title: string;
  body: string;
  link: string | null;
  /** What it is about; users may silence a kind in their account settings. Unnamed kinds always go. */
  kind?: NotificationKind;
}

/** A notification another service sends (the same shape, as the tasks service names it). */
export type OutgoingNotification = NotificationInput;

/**
 * Queue notifications for users (workflow events: assigned, visits planned, missed, reminders), in
 * one INSERT inside the caller's transaction. Callers decide who is concerned; nothing is authorized here.
 */
export async function sendNotifications(em: EntityManager, all: readonly NotificationInput[]): Promise<void> {
  const items = await withoutMuted(em, all);
  if (!items.length) return;
  const now = new Date();
  for (let i = 0; i < items.length; i += 5000) {
    await db(em)
      .insertInto('notifications')
      .values(
        items.slice(i, i + 5000).map((n) => ({
          created_at: now,
          updated_at: now,
          user_id: n.userId,
          title: n.title.slice(0, 200),
          body: n.body.slice(0, 1000),
          link: n.link,
          read_at: null,
        })),
      )
      .execute();
  }
}
