// Licenses as lists and pages read them: the listing (status derived in SQL), the caller's read scope,
// list / byId / CSV iteration, and the license in force with the seats used.
import { type SqlBool, sql } from 'kysely';
import type {
  TCurrentLicense,
  TCurrentLicenseInput,
  TLicense,
  TListLicensesInput,
} from '../../../../shared/schemas/licenses.ts';
import { authorize, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import {
  defineListing,
  equalsFilter,
  iterateListing,
  type ListingFilter,
  listById,
  listOne,
  listPage,
  listSource,
  toDate,
  toDateOrNull,
} from '../../../lib/list/index.ts';
import { conditionsFilter, targetCustomerId, tenantFilter } from '../../../lib/scope.ts';
import { requireCustomer } from '../customers/customers.refs.ts';
import { countActiveUsersByCustomer } from './licenses.refs.ts';
import { inForceL, statusOfL } from './licenses.status.ts';

export const licenseListing = defineListing({
  source: (db) =>
    listSource(db.selectFrom('licenses as l').innerJoin('customers as c', 'c.id', 'l.customer_id'), {
      id: 'l.id',
      select: (qb) =>
        qb.select([
          'l.id',
          'l.version',
          'l.key',
          'l.customer_id',
          'c.code as customer_code',
          'c.name as customer_name',
          'l.plan',
          'l.seats',
          'l.modules',
          'l.starts_at',
          'l.expires_at',
          'l.revoked_at',
          'l.revoke_reason',
          statusOfL.as('status'),
          'l.created_at',
          'l.updated_at',
        ]),
      search: ['l.key', 'c.code', 'c.name'],
      sorts: {
        startsAt: 'l.starts_at',
        expiresAt: 'l.expires_at',
        seats: 'l.seats',
        plan: 'l.plan',
        customer: 'c.code',
        createdAt: 'l.created_at',
      },
      defaultDirection: 'desc',
    }),
  map: (r): TLicense => ({
    id: r.id,
    version: r.version,
    key: r.key,
    customer: { id: r.customer_id, code: r.customer_code, name: r.customer_name },
    plan: r.plan,
    seats: r.seats,
    modules: r.modules,
    startsAt: toDate(r.starts_at),
    expiresAt: toDate(r.expires_at),
    revokedAt: toDateOrNull(r.revoked_at),
    revokeReason: r.revoke_reason,
    status: r.status,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  }),
});

type LicenseFilter = ListingFilter<typeof licenseListing>;

function scope(ctx: AuthedContext): LicenseFilter[] {
  return [
    tenantFilter(ctx, 'l.customer_id'),
    conditionsFilter(ctx, 'read', 'License', { customerId: 'l.customer_id' }),
  ];
}

function listFilters(ctx: AuthedContext, input: Omit<TListLicensesInput, 'page' | 'itemsPerPage'>): LicenseFilter[] {
  return [
    ...scope(ctx),
    equalsFilter('l.customer_id', input.customerId),
    equalsFilter('l.plan', input.plan),
    input.status && sql<SqlBool>`${statusOfL} = ${input.status}`,
  ];
}

/** Newest first unless the caller names a sort. */
function sorted(input: TListLicensesInput) {
  return { ...input, sortBy: input.sortBy ?? 'startsAt', orderBy: input.sortBy ? input.orderBy : ('desc' as const) };
}

/** One page of licenses the caller may read. Throws FORBIDDEN. */
export async function listLicenses(ctx: ServiceContext, input: TListLicensesInput) {
  authorize(ctx, 'read', 'License');
  return listPage(ctx.em, licenseListing, listFilters(ctx, input), sorted(input));
}

/** Every license of the filter, in batches (CSV export). Throws FORBIDDEN. */
export async function* iterateLicenses(ctx: ServiceContext, input: TListLicensesInput) {
  authorize(ctx, 'read', 'License');
  yield* iterateListing(ctx.em, licenseListing, listFilters(ctx, input), sorted(input));
}

/** A license the caller may read. Throws FORBIDDEN, NOT_FOUND. */
export async function getLicense(ctx: ServiceContext, input: { id: number }): Promise<TLicense> {
  authorize(ctx, 'read', 'License');
  return listById(ctx.em, licenseListing, input.id, scope(ctx), 'License');
}

/**
 * The license in force for the caller's customer (superadmin: the one named) and the seats used. Throws FORBIDDEN,
 * NOT_FOUND.
 */
export async function currentLicense(ctx: ServiceContext, input: TCurrentLicenseInput): Promise<TCurrentLicense> {
  authorize(ctx, 'read', 'License');
  const customerId = targetCustomerId(ctx, input.customerId);
  if (tenantId(ctx) === null) await requireCustomer(ctx.em, customerId);
  const license = await listOne(ctx.em, licenseListing, [
    sql<SqlBool>`l.customer_id = ${customerId}`,
    inForceL,
    ...scope(ctx),
  ]);
  const used = await countActiveUsersByCustomer(ctx.em, [customerId]);
  return { customerId, license, usedSeats: used.get(customerId) ?? 0 };
}
