// Notifications: every signed-in user reads and marks only their own (no role rule is needed; the
// query is scoped to the caller). Another user's notification is NOT_FOUND.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type SqlBool, sql } from 'kysely';
import type { NotificationKind } from '../../../../shared/schemas/account.ts';
import { pageWindow } from '../../../../shared/schemas/common.ts';
import type {
  TListNotificationsInput,
  TMarkNotificationInput,
  TNotification,
  TNotificationList,
} from '../../../../shared/schemas/notifications.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import { requireUser } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { Notification } from './notification.entity.ts';

function toDto(n: Notification): TNotification {
  return {
    id: n.id,
    title: n.title,
    body: n.body,
    link: n.link ?? null,
    readAt: n.readAt ?? null,
    createdAt: n.createdAt,
  };
}

/** The caller's notifications, newest first, with the total and the unread count. Throws UNAUTHORIZED. */
export async function listNotifications(
  ctx: ServiceContext,
  input: TListNotificationsInput,
): Promise<TNotificationList> {
  requireUser(ctx);
  const { offset, limit } = pageWindow(input.page, input.itemsPerPage);
  const mine = { user: ctx.user.id };
  const where = input.unreadOnly ? { ...mine, readAt: null } : mine;
  const [rows, total] = await ctx.em.findAndCount(Notification, where, {
    orderBy: { createdAt: 'desc', id: 'desc' },
    offset,
    limit,
  });
  const unread = input.unreadOnly ? total : await ctx.em.count(Notification, { ...mine, readAt: null });
  return { items: rows.map(toDto), total, unread };
}

/** How many of the caller's notifications are unread. Throws UNAUTHORIZED. */
export async function countUnread(ctx: ServiceContext): Promise<{ count: number }> {
  requireUser(ctx);
  return { count: await ctx.em.count(Notification, { user: ctx.user.id, readAt: null }) };
}

/** Mark one of the caller's notifications read or unread. Throws UNAUTHORIZED, NOT_FOUND. */
export async function markNotification(ctx: ServiceContext, input: TMarkNotificationInput): Promise<TNotification> {
  requireUser(ctx);
  const notification = await ctx.em.findOne(Notification, { id: input.id, user: ctx.user.id });
  if (!notification) throw new AppError('NOT_FOUND', 'Notification not found');
  if (input.read && !notification.readAt) notification.readAt = new Date();
  if (!input.read) notification.readAt = null;
  await ctx.em.flush();
  return toDto(notification);
}

/** Mark every unread notification of the caller read. Throws UNAUTHORIZED. */
export async function markAllRead(ctx: ServiceContext): Promise<{ updated: number }> {
  requireUser(ctx);
  const updated = await ctx.em.nativeUpdate(Notification, { user: ctx.user.id, readAt: null }, { readAt: new Date() });
  return { updated };
}

/* ------------------------------------------------------------------ for other domains */

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
