// The AppRouter: one sub-router per domain. Add a domain's router here when it is created.
import { authRouter } from '../domains/auth/auth.router.ts';
import { outboxRouter } from '../domains/outbox/outbox.router.ts';
import { notificationsRouter } from '../domains/notifications/notifications.router.ts';
import { router } from './init.ts';
import { customersRouter } from '../domains/customers/customers.router.ts';
import { licensesRouter } from '../domains/licenses/licenses.router.ts';
import { directionsRouter } from '../domains/directions/directions.router.ts';
import { subDirectionsRouter } from '../domains/sub-directions/sub-directions.router.ts';
import { classesRouter } from '../domains/classes/classes.router.ts';
import { locationsRouter } from '../domains/locations/locations.router.ts';
import { schemesRouter } from '../domains/schemes/schemes.router.ts';
import { teamsRouter } from '../domains/teams/teams.router.ts';
import { usersRouter } from '../domains/users/users.router.ts';
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
import { searchRouter } from '../domains/search/search.router.ts';
import { viewsRouter } from '../domains/views/views.router.ts';

export const appRouter = router({
  auth: authRouter,
  outbox: outboxRouter,
  notifications: notificationsRouter,
  customers: customersRouter,
  licenses: licensesRouter,
  directions: directionsRouter,
  subDirections: subDirectionsRouter,
  classes: classesRouter,
  locations: locationsRouter,
  schemes: schemesRouter,
  teams: teamsRouter,
  users: usersRouter,
  views: viewsRouter,
  apps: router({
    search: searchRouter,
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
