// Customers (tenants) as lists and pages read them: the listing (with the license in force and the
// active users, read in the page's own SQL), the caller's read scope, list / byId / CSV iteration.
import { type SqlBool, sql } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import type { TCustomer, TListCustomersInput } from '../../../../shared/schemas/customers.ts';
import { authorize } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import {
  defineListing,
  equalsFilter,
  type ListingFilter,
  listById,
  listingReads,
  listSource,
  toDate,
  toDateOrNull,
} from '../../../lib/list/index.ts';
import { conditionsFilter, tenantFilter } from '../../../lib/scope.ts';

export const customerListing = defineListing({
  source: (db) =>
    listSource(db.selectFrom('customers as c'), {
      id: 'c.id',
      select: (qb) =>
        qb.select((eb) => [
          'c.id',
          'c.version',
          'c.code',
          'c.name',
          'c.email',
          'c.phone',
          'c.country',
          'c.city',
          'c.address',
          'c.status',
          'c.time_zone',
          'c.two_factor_policy',
          'c.two_factor_grace_days',
          'c.two_factor_policy_since',
          'c.created_at',
          'c.updated_at',
          // The licenses in force and the active users are this context's tables: read here, in the
          // page's own SQL (the same rules as licenses.service's "in force" and seat count).
          jsonObjectFrom(
            eb
              .selectFrom('licenses as l')
              .select(['l.id', 'l.plan', 'l.seats', 'l.expires_at'])
              .whereRef('l.customer_id', '=', 'c.id')
              .where(sql<SqlBool>`l.revoked_at is null and l.starts_at <= now() and l.expires_at > now()`)
              .orderBy('l.starts_at', 'desc')
              .limit(1),
          ).as('active_license'),
          eb
            .selectFrom('users as u')
            .whereRef('u.customer_id', '=', 'c.id')
            .where('u.status', '=', 'active')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('active_users'),
        ]),
      search: ['c.code', 'c.name', 'c.city', 'c.email'],
      sorts: {
        code: 'c.code',
        name: 'c.name',
        country: 'c.country',
        city: 'c.city',
        status: 'c.status',
        createdAt: 'c.created_at',
      },
    }),
  map: (r): TCustomer => ({
    id: r.id,
    version: r.version,
    code: r.code,
    name: r.name,
    email: r.email,
    phone: r.phone,
    country: r.country,
    city: r.city,
    address: r.address,
    status: r.status,
    timeZone: r.time_zone,
    activeLicense: r.active_license && {
      id: r.active_license.id,
      plan: r.active_license.plan,
      seats: r.active_license.seats,
      expiresAt: toDate(r.active_license.expires_at),
    },
    activeUsers: r.active_users ?? 0,
    twoFactorPolicy: r.two_factor_policy,
    twoFactorGraceDays: r.two_factor_grace_days,
    twoFactorPolicySince: toDateOrNull(r.two_factor_policy_since),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  }),
});

/** What the caller may read: their own customer (superadmin: all). */
function readScope(ctx: AuthedContext): ListingFilter<typeof customerListing>[] {
  return [tenantFilter(ctx, 'c.id'), conditionsFilter(ctx, 'read', 'Customer', { customerId: 'c.id' })];
}

function listFilters(
  ctx: AuthedContext,
  input: Omit<TListCustomersInput, 'page' | 'itemsPerPage'>,
): ListingFilter<typeof customerListing>[] {
  return [...readScope(ctx), equalsFilter('c.status', input.status), equalsFilter('c.country', input.country)];
}

/** One page of customers; `iterateCustomers`: every match in batches (CSV export). Throw FORBIDDEN. */
export const { list: listCustomers, iterate: iterateCustomers } = listingReads(
  'Customer',
  customerListing,
  listFilters,
  'code',
);

/** A customer the caller may read (their own; superadmin: any). Throws FORBIDDEN, NOT_FOUND. */
export async function getCustomer(ctx: ServiceContext, input: { id: number }): Promise<TCustomer> {
  authorize(ctx, 'read', 'Customer');
  return listById(ctx.em, customerListing, input.id, readScope(ctx), 'Customer');
}
