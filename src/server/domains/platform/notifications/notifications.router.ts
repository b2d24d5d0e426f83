import { z } from 'zod';
import {
  ZListNotificationsInput,
  ZMarkNotificationInput,
  ZNotification,
  ZNotificationList,
  ZNotificationPreferences,
  ZSetNotificationPreferencesInput,
  ZUnsubscribeInfo,
  ZUnsubscribeInput,
  ZUnsubscribeToken,
} from '../../../../shared/schemas/notifications.ts';
import { authedProcedure, publicProcedure, router } from '../../../trpc/init.ts';
import * as notifications from './notifications.service.ts';
import { readUnsubscribe, unsubscribe } from './notifications.unsubscribe.ts';

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
  /** What an e-mail's unsubscribe link would turn off (no sign-in: the signed token is the check). */
  unsubscribeInfo: publicProcedure
    .input(ZUnsubscribeToken)
    .output(ZUnsubscribeInfo)
    .query(({ ctx, input }) => readUnsubscribe(ctx.em, input)),
  /** Turn that e-mail (or every optional e-mail) off, back to the app only. */
  unsubscribe: publicProcedure
    .input(ZUnsubscribeInput)
    .output(ZUnsubscribeInfo)
    .mutation(({ ctx, input }) => unsubscribe(ctx.em, input)),
  markAllRead: authedProcedure
    .output(z.object({ updated: z.number().int() }))
    .mutation(({ ctx }) => notifications.markAllRead(ctx)),
});
