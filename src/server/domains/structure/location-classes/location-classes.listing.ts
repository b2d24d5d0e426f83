// Location classes as lists and pages read them: the listing (with the location count), list / byId /
// CSV iteration in the caller's customer.
import { sql } from 'kysely';
import type { TListClassesInput, TLocationClass } from '../../../../shared/schemas/classes.ts';
import { archivedFilter } from '../../../lib/archive.ts';
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
import { tenantFilter } from '../../../lib/scope.ts';

export const locationClassListing = defineListing({
  source: (db) =>
    listSource(db.selectFrom('location_classes as k'), {
      id: 'k.id',
      select: (qb) =>
        qb.select((eb) => [
          'k.id',
          'k.version',
          'k.customer_id',
          'k.name',
          'k.description',
          'k.color',
          'k.archived_at',
          'k.created_at',
          'k.updated_at',
          // Same context: the location class's list reads its locations' table directly (archived ones
          // included: they still use it).
          eb
            .selectFrom('locations as l')
            .whereRef('l.location_class_id', '=', 'k.id')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('location_count'),
        ]),
      search: ['k.name'],
      sorts: { name: 'k.name', createdAt: 'k.created_at', updatedAt: 'k.updated_at' },
    }),
  map: (r): TLocationClass => ({
    id: r.id,
    version: r.version,
    customerId: r.customer_id,
    name: r.name,
    description: r.description,
    color: r.color,
    archivedAt: toDateOrNull(r.archived_at),
    locationCount: r.location_count ?? 0,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  }),
});

function listFilters(
  ctx: AuthedContext,
  input: Omit<TListClassesInput, 'page' | 'itemsPerPage'>,
): ListingFilter<typeof locationClassListing>[] {
  return [
    tenantFilter(ctx, 'k.customer_id'),
    equalsFilter('k.customer_id', input.customerId),
    input.updatedSince !== undefined && ((eb) => eb('k.updated_at', '>=', input.updatedSince as Date)),
    archivedFilter('k.archived_at', input.archived),
  ];
}

/**
 * One page of the caller's customer's location classes; `iterateLocationClasses`: every match (CSV). Throw FORBIDDEN.
 */
export const { list: listLocationClasses, iterate: iterateLocationClasses } = listingReads(
  'Class',
  locationClassListing,
  listFilters,
  'name',
);

/** A location class of the caller's customer. Throws FORBIDDEN, NOT_FOUND. */
export async function getLocationClass(ctx: ServiceContext, input: { id: number }): Promise<TLocationClass> {
  authorize(ctx, 'read', 'Class');
  return listById(ctx.em, locationClassListing, input.id, [tenantFilter(ctx, 'k.customer_id')], 'LocationClass');
}
