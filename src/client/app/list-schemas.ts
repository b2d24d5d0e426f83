// The input schema of each list a route preloads (route-table.ts `list`), loaded on demand: the page
// imports the same module. Add a domain here when a route names it as its list.
import type { z } from 'zod';
import type { Domain } from '../lib/procedures.ts';

export const LIST_SCHEMAS = {
  customers: () => import('../../shared/schemas/customers.ts').then((m) => m.ZListCustomersInput),
  licenses: () => import('../../shared/schemas/licenses.ts').then((m) => m.ZListLicensesInput),
  directions: () => import('../../shared/schemas/directions.ts').then((m) => m.ZListDirectionsInput),
  subDirections: () => import('../../shared/schemas/sub-directions.ts').then((m) => m.ZListSubDirectionsInput),
  classes: () => import('../../shared/schemas/classes.ts').then((m) => m.ZListClassesInput),
  locations: () => import('../../shared/schemas/locations.ts').then((m) => m.ZListLocationsInput),
  schemes: () => import('../../shared/schemas/schemes.ts').then((m) => m.ZListSchemesInput),
  teams: () => import('../../shared/schemas/teams.ts').then((m) => m.ZListTeamsInput),
  users: () => import('../../shared/schemas/users.ts').then((m) => m.ZListUsersInput),
  projects: () => import('../../shared/schemas/projects.ts').then((m) => m.ZListProjectsInput),
  files: () => import('../../shared/schemas/files.ts').then((m) => m.ZListFilesInput),
  correctiveActions: () =>
    import('../../shared/schemas/corrective-actions.ts').then((m) => m.ZListCorrectiveActionsInput),
  'apps.ecommerce.products': () => import('../../shared/schemas/ecommerce.ts').then((m) => m.ZListProductsInput),
  'apps.invoice': () => import('../../shared/schemas/invoice.ts').then((m) => m.ZListInvoicesInput),
  'apps.users': () => import('../../shared/schemas/demo-users.ts').then((m) => m.ZListDemoUsersInput),
  'apps.sales': () => import('../../shared/schemas/pages.ts').then((m) => m.ZListSalesInput),
  'apps.permissions': () => import('../../shared/schemas/permissions.ts').then((m) => m.ZListPermissionsInput),
  tasks: () => import('../../shared/schemas/tasks.ts').then((m) => m.ZListTasksInput),
  audit: () => import('../../shared/schemas/audit.ts').then((m) => m.ZListAuditInput),
  outbox: () => import('../../shared/schemas/outbox.ts').then((m) => m.ZListOutboxInput),
} satisfies { [D in Domain]?: () => Promise<z.ZodType> };

/** A domain whose list a route may preload: one with its input schema above. */
export type PreloadedList = keyof typeof LIST_SCHEMAS;

/**
 * The lists whose page reads the URL its own way (not only its list state through the schema): the
 * page's own function, so the preloaded query is the one the page asks for.
 */
export const LIST_INPUTS: { [D in PreloadedList]?: () => Promise<(search: string) => Record<string, unknown>> } = {
  tasks: () => import('../pages/tasks/task-input.ts').then((m) => m.tasksInputFromUrl),
};
