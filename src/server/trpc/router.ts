// The AppRouter: one sub-router per domain. Add a domain's router here when it is created.
import { authRouter } from '../domains/auth/auth.router.ts';
import { outboxRouter } from '../domains/outbox/outbox.router.ts';
import { router } from './init.ts';
import { academyRouter } from '../domains/academy/academy.router.ts';
import { calendarRouter } from '../domains/calendar/calendar.router.ts';

export const appRouter = router({
  auth: authRouter,
  outbox: outboxRouter,
  apps: router({
    calendar: calendarRouter,
    academy: academyRouter,
  }),
});

export type AppRouter = typeof appRouter;
