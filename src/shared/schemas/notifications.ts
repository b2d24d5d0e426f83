import { z } from 'zod';
import { NOTIFICATION_KINDS, ZNotificationKind } from './account.ts';
import { ZId, ZTimeZone } from './common.ts';

/** The caller's notifications, newest first; `unreadOnly` narrows to unread ones. */
export const ZListNotificationsInput = z.object({
  page: z.number().int().min(1).max(1_000_000).default(1),
  itemsPerPage: z.number().int().min(1).max(100).default(20),
  unreadOnly: z.boolean().default(false),
});
export type TListNotificationsInput = z.infer<typeof ZListNotificationsInput>;

export const ZNotification = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  /** An in-app path to open, or null. */
  link: z.string().nullable(),
  readAt: z.date().nullable(),
  createdAt: z.date(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationList = z.object({
  items: z.array(ZNotification),
  total: z.number().int(),
  unread: z.number().int(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

/** Mark one notification read (default) or unread again. */
export const ZMarkNotificationInput = z.object({ id: ZId, read: z.boolean().default(true) });
export type TMarkNotificationInput = z.infer<typeof ZMarkNotificationInput>;

/** How a kind of notification reaches its user: in the app only, also by e-mail at once, also in the daily digest, or not at all. */
export const NOTIFICATION_CHANNELS = ['app', 'email', 'digest', 'off'] as const;
export const ZNotificationChannel = z.enum(NOTIFICATION_CHANNELS);
export type TNotificationChannel = z.infer<typeof ZNotificationChannel>;

/** The caller's channel for every kind (their choice, else their role's default) and the digest's time zone. */
export const ZNotificationPreferences = z.object({
  channels: z.record(ZNotificationKind, ZNotificationChannel),
  /** The IANA zone the daily digest is sent in at 07:00 (null: UTC). */
  timeZone: z.string().nullable(),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

/** Change some kinds' channels, and/or the time zone (null: UTC). */
export const ZSetNotificationPreferencesInput = z.object({
  channels: z.partialRecord(ZNotificationKind, ZNotificationChannel).default({}),
  timeZone: ZTimeZone.nullable().optional(),
});
export type TSetNotificationPreferencesInput = z.infer<typeof ZSetNotificationPreferencesInput>;

/** What an unsubscribe link turns off: one kind of notification, the daily digest, or (scope `all`) every optional e-mail. */
export const UNSUBSCRIBE_TOPICS = [...NOTIFICATION_KINDS, 'digest'] as const;
export const ZUnsubscribeToken = z.object({ token: z.string().min(1).max(300) });
export const ZUnsubscribeInput = ZUnsubscribeToken.extend({
  /** `topic`: the link's own kind; `all`: every e-mail but the security ones. */
  scope: z.enum(['topic', 'all']).default('topic'),
});
export type TUnsubscribeInput = z.infer<typeof ZUnsubscribeInput>;
export const ZUnsubscribeInfo = z.object({
  topic: z.enum(UNSUBSCRIBE_TOPICS),
  /** The address the e-mail went to (whoever holds the link received it there). */
  email: z.string(),
  /** The kinds still e-mailed (at once or in the digest) to this address. */
  emailed: z.array(ZNotificationKind),
});
export type TUnsubscribeInfo = z.infer<typeof ZUnsubscribeInfo>;
