// Notifications: every signed-in user reads and marks only their own (no role rule is needed; the
// query is scoped to the caller). Another user's notification is NOT_FOUND.
import { pageWindow } from '../../../../shared/schemas/common.ts';
import type {
  TListNotificationsInput,
  TMarkNotificationInput,
  TNotification,
  TNotificationList,
  TNotificationPreferences,
  TSetNotificationPreferencesInput,
} from '../../../../shared/schemas/notifications.ts';
import { db } from '../../../db/kysely.ts';
import { notFound } from '../../../lib/app-error.ts';
import { requireUser } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { Notification } from './notification.entity.ts';
import { localizedNotification } from './notifications.mail.ts';
import { channelsOf } from './notifications.preferences.ts';
import { setChannels } from './notifications.refs.ts';

/** A notification as its reader reads it: the server's text in their language (stored English otherwise). */
function toDto(n: Notification, language = 'en'): TNotification {
  const { title, body } = localizedNotification(n, language);
  return {
    id: n.id,
    title,
    body,
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
  return { items: rows.map((n) => toDto(n, ctx.user.language)), total, unread };
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
  if (!notification) throw notFound('Notification');
  if (input.read && !notification.readAt) notification.readAt = new Date();
  if (!input.read) notification.readAt = null;
  await ctx.em.flush();
  return toDto(notification, ctx.user.language);
}

/** Mark every unread notification of the caller read. Throws UNAUTHORIZED. */
export async function markAllRead(ctx: ServiceContext): Promise<{ updated: number }> {
  requireUser(ctx);
  const updated = await ctx.em.nativeUpdate(Notification, { user: ctx.user.id, readAt: null }, { readAt: new Date() });
  return { updated };
}

/** The caller's channel per kind and the digest's time zone. Throws UNAUTHORIZED. */
export async function getPreferences(ctx: ServiceContext): Promise<TNotificationPreferences> {
  requireUser(ctx);
  const row = await db(ctx.em)
    .selectFrom('users as u')
    .leftJoin('notification_preferences as np', 'np.user_id', 'u.id')
    .select(['u.role', 'u.muted_notifications', 'np.channels', 'np.time_zone'])
    .where('u.id', '=', ctx.user.id)
    .executeTakeFirstOrThrow();
  return {
    channels: channelsOf(row.role, row.channels, row.muted_notifications),
    timeZone: row.time_zone ?? null,
  };
}

/** Change the caller's channels (the kinds named) and time zone. Throws UNAUTHORIZED, BAD_REQUEST. */
export async function setPreferences(
  ctx: ServiceContext,
  input: TSetNotificationPreferencesInput,
): Promise<TNotificationPreferences> {
  requireUser(ctx);
  await setChannels(ctx.em, ctx.user.id, input.channels, input.timeZone);
  return getPreferences(ctx);
}
