// The AppRouter: one sub-router per domain. Add a domain's router here when it is created.

import { academyRouter } from '../domains/apps/academy/academy.router.ts';
import { analyticsRouter } from '../domains/apps/analytics/analytics.router.ts';
import { calendarRouter } from '../domains/apps/calendar/calendar.router.ts';
import { chatRouter } from '../domains/apps/chat/chat.router.ts';
import { pagesRouter, salesRouter } from '../domains/apps/content/content.router.ts';
import { demoUsersRouter } from '../domains/apps/demo-users/demo-users.router.ts';
import { ecommerceRouter } from '../domains/apps/ecommerce/ecommerce.router.ts';
import { emailRouter } from '../domains/apps/email/email.router.ts';
import { invoiceRouter } from '../domains/apps/invoice/invoice.router.ts';
import { logisticsRouter } from '../domains/apps/logistics/logistics.router.ts';
import { permissionsRouter } from '../domains/apps/permissions/permissions.router.ts';
import { customersRouter } from '../domains/organization/customers/customers.router.ts';
import { licensesRouter } from '../domains/organization/licenses/licenses.router.ts';
import { teamsRouter } from '../domains/organization/teams/teams.router.ts';
import { usersRouter } from '../domains/organization/users/users.router.ts';
import { accountRouter } from '../domains/platform/account/account.router.ts';
import { auditRouter } from '../domains/platform/audit/audit.router.ts';
import { authRouter } from '../domains/platform/auth/auth.router.ts';
import { ssoRouter } from '../domains/platform/auth/sso.router.ts';
import { importsRouter } from '../domains/platform/imports/imports.router.ts';
import { apiKeysRouter, webhooksRouter } from '../domains/platform/integrations/integrations.router.ts';
import { notificationsRouter } from '../domains/platform/notifications/notifications.router.ts';
import { outboxRouter } from '../domains/platform/outbox/outbox.router.ts';
import { recordSearchRouter, searchRouter } from '../domains/platform/search/search.router.ts';
import { viewsRouter } from '../domains/platform/views/views.router.ts';
import { directionsRouter } from '../domains/structure/directions/directions.router.ts';
import { classesRouter } from '../domains/structure/location-classes/location-classes.router.ts';
import { locationsRouter } from '../domains/structure/locations/locations.router.ts';
import { schemesRouter } from '../domains/structure/schemes/schemes.router.ts';
import { subDirectionsRouter } from '../domains/structure/sub-directions/sub-directions.router.ts';
import { assignmentsRouter } from '../domains/workflow/assignments/assignments.router.ts';
import { correctiveActionsRouter } from '../domains/workflow/corrective-actions/corrective-actions.router.ts';
import { dashboardsRouter } from '../domains/workflow/dashboards/dashboards.router.ts';
import { filesRouter } from '../domains/workflow/files/files.router.ts';
import { projectsRouter } from '../domains/workflow/projects/projects.router.ts';
import { reportsRouter } from '../domains/workflow/reports/reports.router.ts';
import { slotsRouter } from '../domains/workflow/slots/slots.router.ts';
import { tasksRouter } from '../domains/workflow/tasks/tasks.router.ts';
import { router } from './init.ts';

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  sso: ssoRouter,
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
  search: recordSearchRouter,
  files: filesRouter,
  tasks: tasksRouter,
  projects: projectsRouter,
  assignments: assignmentsRouter,
  slots: slotsRouter,
  reports: reportsRouter,
  correctiveActions: correctiveActionsRouter,
  audit: auditRouter,
  imports: importsRouter,
  dashboards: dashboardsRouter,
  apiKeys: apiKeysRouter,
  webhooks: webhooksRouter,
  apps: router({
    search: searchRouter,
    pages: pagesRouter,
    sales: salesRouter,
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
