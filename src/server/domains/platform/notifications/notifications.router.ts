import { z } from 'zod';
import {
  ZListNotificationsInput,
  ZMarkNotificationInput,
  ZNotification,
  ZNotificationList,
  ZNotificationPreferences,
  ZSetNotificationPreferencesInput,
} from '../../../../shared/schemas/notifications.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import * as notifications from './notifications.service.ts';

export const notificationsRouter = router({
  list: authedProcedure
    .input(ZListNotificationsInput.prefault({}))
    .output(ZNotificationList)
    .query(({ ctx, input }) => notifications.listNotifications(ctx, input)),
  unreadCount: authedProcedure
    .output(z.object({ count: z.number().int() }))
    .query(({ ctx }) => notifications.countUnread(ctx)),
  markRead: authedProcedure
    .input(ZMarkNotificationInput)
    .output(ZNotification)
    .mutation(({ ctx, input }) => notifications.markNotification(ctx, input)),
  /** The caller's channel per kind (app, email, digest, off) and the digest's time zone. */
  preferences: authedProcedure.output(ZNotificationPreferences).query(({ ctx }) => notifications.getPreferences(ctx)),
  setPreferences: authedProcedure
    .input(ZSetNotificationPreferencesInput)
    .output(ZNotificationPreferences)
    .mutation(({ ctx, input }) => notifications.setPreferences(ctx, input)),
  markAllRead: authedProcedure
    .output(z.object({ updated: z.number().int() }))
    .mutation(({ ctx }) => notifications.markAllRead(ctx)),
});
