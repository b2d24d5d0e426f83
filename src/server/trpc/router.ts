// The AppRouter: one sub-router per domain. Add a domain's router here when it is created.
import { authRouter } from '../domains/auth/auth.router.ts';
import { outboxRouter } from '../domains/outbox/outbox.router.ts';
import { notificationsRouter } from '../domains/notifications/notifications.router.ts';
import { router } from './init.ts';
import { academyRouter } from '../domains/academy/academy.router.ts';
import { calendarRouter } from '../domains/calendar/calendar.router.ts';
import { ecommerceRouter } from '../domains/ecommerce/ecommerce.router.ts';
import { invoiceRouter } from '../domains/invoice/invoice.router.ts';
import { demoUsersRouter } from '../domains/demo-users/demo-users.router.ts';
import { permissionsRouter } from '../domains/permissions/permissions.router.ts';
import { logisticsRouter } from '../domains/logistics/logistics.router.ts';
import { analyticsRouter } from '../domains/analytics/analytics.router.ts';
import { chatRouter } from '../domains/chat/chat.router.ts';
import { emailRouter } from '../domains/email/email.router.ts';
import { pagesRouter } from '../domains/pages/pages.router.ts';

export const appRouter = router({
  auth: authRouter,
  outbox: outboxRouter,
  notifications: notificationsRouter,
  apps: router({
    pages: pagesRouter,
    email: emailRouter,
    chat: chatRouter,
    ecommerce: ecommerceRouter,
    invoice: invoiceRouter,
    users: demoUsersRouter,
    permissions: permissionsRouter,
    logistics: logisticsRouter,
    analytics: analyticsRouter,
    calendar: calendarRouter,
    academy: academyRouter,
  }),
});

export type AppRouter = typeof appRouter;
