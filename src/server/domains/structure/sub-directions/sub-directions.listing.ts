// Sub-directions as lists and pages read them: the listing (with the direction and the location
// count), list / byId / CSV iteration in the caller's customer.
import { sql } from 'kysely';
import type { TListSubDirectionsInput, TSubDirection } from '../../../../shared/schemas/sub-directions.ts';
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

export const subDirectionListing = defineListing({
  source: (db) =>
    listSource(db.selectFrom('sub_directions as s').innerJoin('directions as d', 'd.id', 's.direction_id'), {
      id: 's.id',
      select: (qb) =>
        qb.select((eb) => [
          's.id',
          's.version',
          's.customer_id',
          's.direction_id',
          'd.code as direction_code',
          'd.name as direction_name',
          's.code',
          's.name',
          's.description',
          's.active',
          's.archived_at',
          's.created_at',
          's.updated_at',
          // Same context: the sub-direction's list reads its locations' table directly (archived ones
          // included: they still use it).
          eb
            .selectFrom('locations as l')
            .whereRef('l.sub_direction_id', '=', 's.id')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('location_count'),
        ]),
      search: ['s.code', 's.name'],
      sorts: {
        code: 's.code',
        name: 's.name',
        direction: 'd.code',
        createdAt: 's.created_at',
        updatedAt: 's.updated_at',
      },
    }),
  map: (r): TSubDirection => ({
    id: r.id,
    version: r.version,
    customerId: r.customer_id,
    direction: { id: r.direction_id, code: r.direction_code, name: r.direction_name },
    code: r.code,
    name: r.name,
    description: r.description,
    active: r.active,
    archivedAt: toDateOrNull(r.archived_at),
    locationCount: r.location_count ?? 0,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  }),
});

function listFilters(
  ctx: AuthedContext,
  input: Omit<TListSubDirectionsInput, 'page' | 'itemsPerPage'>,
): ListingFilter<typeof subDirectionListing>[] {
  return [
    tenantFilter(ctx, 's.customer_id'),
    equalsFilter('s.customer_id', input.customerId),
    input.updatedSince !== undefined && ((eb) => eb('s.updated_at', '>=', input.updatedSince as Date)),
    equalsFilter('s.direction_id', input.directionId),
    equalsFilter('s.active', input.active),
    archivedFilter('s.archived_at', input.archived),
  ];
}

/** One page of the caller's customer's sub-directions; `iterateSubDirections`: every match (CSV). Throw FORBIDDEN. */
export const { list: listSubDirections, iterate: iterateSubDirections } = listingReads(
  'SubDirection',
  subDirectionListing,
  listFilters,
  'code',
);

/** A sub-direction of the caller's customer. Throws FORBIDDEN, NOT_FOUND. */
export async function getSubDirection(ctx: ServiceContext, input: { id: number }): Promise<TSubDirection> {
  authorize(ctx, 'read', 'SubDirection');
  return listById(ctx.em, subDirectionListing, input.id, [tenantFilter(ctx, 's.customer_id')], 'SubDirection');
}
