// The permission a caller needs before an action is considered at all, in one table for both
// transports: a role that may not take an action in any case is refused (403) before its input is
// parsed, so the order is 401, then 403, then 400 and a refused role learns nothing about the input's
// rules. tRPC checks it in authedProcedure's middleware (which runs before `.input()` parses), REST in
// a preParsing hook of /api. Services still authorize every record themselves; this is the class
// level only, never stricter than what the service checks. Edit when a procedure or route needs more
// than its area's entry.
import type { Action, Subject } from '../../shared/abilities/index.ts';
import { AppError } from './app-error.ts';
import type { AuthedContext } from './context.ts';

export type ClassPermission = readonly [Action, Exclude<Subject, 'all'>];

const DEMO_READ: ClassPermission = ['read', 'DemoApp'];
const DEMO_MANAGE: ClassPermission = ['manage', 'DemoApp'];

const each = (names: string[], permission: ClassPermission) =>
  Object.fromEntries(names.map((name) => [name, permission]));

/** Business records whose create, update and delete authorize that action on their subject first (lib/records.ts). */
const RECORDS: Readonly<Record<string, Exclude<Subject, 'all'>>> = {
  customers: 'Customer',
  licenses: 'License',
  classes: 'Class',
  directions: 'Direction',
  subDirections: 'SubDirection',
  locations: 'Location',
  schemes: 'Scheme',
  teams: 'Team',
  users: 'User',
  projects: 'Project',
  assignments: 'LocationAssignment',
  slots: 'Slot',
};

const WRITES = ['create', 'update', 'delete'] as const;

/**
 * Writes whose service decides by more than the class: a customer's admin may change only its own
 * customer's two-factor policy through `customers.update` (superadmin changes everything).
 */
const SERVICE_DECIDES = new Set(['customers.update']);

/** tRPC procedures: an exact name, else the longest prefix ending in a dot. */
export const PROCEDURE_PERMISSIONS: Readonly<Record<string, ClassPermission>> = {
  ...Object.fromEntries(
    Object.entries(RECORDS).flatMap(([domain, subject]) =>
      WRITES.filter((action) => !SERVICE_DECIDES.has(`${domain}.${action}`)).map(
        (action): [string, ClassPermission] => [`${domain}.${action}`, [action, subject]],
      ),
    ),
  ),
  // The demo apps: every role but `client` reads them; their shared records are written by managers.
  'apps.': DEMO_READ,
  ...each(
    [
      'apps.users.create',
      'apps.users.update',
      'apps.users.delete',
      'apps.permissions.create',
      'apps.permissions.update',
      'apps.permissions.delete',
      'apps.invoice.create',
      'apps.invoice.update',
      'apps.invoice.delete',
      'apps.invoice.recordPayment',
      'apps.invoice.send',
      'apps.ecommerce.products.save',
      'apps.ecommerce.products.delete',
      'apps.ecommerce.categories.save',
      'apps.ecommerce.categories.delete',
      'apps.ecommerce.reviews.setStatus',
      'apps.ecommerce.reviews.delete',
      'apps.ecommerce.orders.setStatus',
      'apps.ecommerce.orders.delete',
      'apps.ecommerce.settings.update',
    ],
    DEMO_MANAGE,
  ),
};

/** REST routes: `METHOD /path` as registered, else the longest path prefix ending in a slash. */
export const ROUTE_PERMISSIONS: Readonly<Record<string, ClassPermission>> = {
  '/api/apps/': DEMO_READ,
  '/api/pages/': DEMO_READ,
  ...each(
    [
      'POST /api/apps/users',
      'DELETE /api/apps/users/:id',
      'DELETE /api/apps/invoice/:id',
      'DELETE /api/apps/ecommerce/products/:id',
      'DELETE /api/apps/ecommerce/orders/:id',
      'DELETE /api/apps/ecommerce/reviews/:id',
    ],
    DEMO_MANAGE,
  ),
};

function lookup(
  table: Readonly<Record<string, ClassPermission>>,
  exact: string,
  path: string,
  separator: string,
): ClassPermission | undefined {
  if (table[exact]) return table[exact];
  for (let end = path.lastIndexOf(separator); end > 0; end = path.lastIndexOf(separator, end - 1)) {
    const entry = table[path.slice(0, end + 1)];
    if (entry) return entry;
  }
  return undefined;
}

/** The class permission of a tRPC procedure, if its name or area has one. */
export function procedurePermission(name: string): ClassPermission | undefined {
  return lookup(PROCEDURE_PERMISSIONS, name, name, '.');
}

/** The class permission of a REST route (`url` as registered, e.g. `/api/apps/users/:id`), if any. */
export function routePermission(method: string, url: string): ClassPermission | undefined {
  return lookup(ROUTE_PERMISSIONS, `${method} ${url}`, url, '/');
}

/** FORBIDDEN unless the caller's role may take `permission` on some record of its subject. */
export function requireClassPermission(ctx: Pick<AuthedContext, 'ability'>, permission: ClassPermission): void {
  const [action, record] = permission;
  if (!ctx.ability.can(action, record)) throw new AppError('FORBIDDEN', 'common.forbidden', { action, record });
}
