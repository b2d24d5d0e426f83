import { z } from 'zod';
import { ZId } from './common.ts';

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
