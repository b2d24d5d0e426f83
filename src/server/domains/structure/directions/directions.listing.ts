// Directions as lists and pages read them: the listing (with the sub-direction count), list / byId /
// CSV iteration in the caller's customer.
import { sql } from 'kysely';
import type { TDirection, TListDirectionsInput } from '../../../../shared/schemas/directions.ts';
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

export const directionListing = defineListing({
  source: (db) =>
    listSource(db.selectFrom('directions as d'), {
      id: 'd.id',
      select: (qb) =>
        qb.select((eb) => [
          'd.id',
          'd.version',
          'd.customer_id',
          'd.code',
          'd.name',
          'd.description',
          'd.active',
          'd.archived_at',
          'd.created_at',
          'd.updated_at',
          // Same context: the direction's list reads its sub-directions' table directly.
          eb
            .selectFrom('sub_directions as s')
            .whereRef('s.direction_id', '=', 'd.id')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('sub_direction_count'),
        ]),
      search: ['d.code', 'd.name'],
      sorts: { code: 'd.code', name: 'd.name', createdAt: 'd.created_at', updatedAt: 'd.updated_at' },
    }),
  map: (r): TDirection => ({
    id: r.id,
    version: r.version,
    customerId: r.customer_id,
    code: r.code,
    name: r.name,
    description: r.description,
    active: r.active,
    archivedAt: toDateOrNull(r.archived_at),
    subDirectionCount: r.sub_direction_count ?? 0,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  }),
});

function listFilters(
  ctx: AuthedContext,
  input: Omit<TListDirectionsInput, 'page' | 'itemsPerPage'>,
): ListingFilter<typeof directionListing>[] {
  return [
    tenantFilter(ctx, 'd.customer_id'),
    equalsFilter('d.customer_id', input.customerId),
    input.updatedSince !== undefined && ((eb) => eb('d.updated_at', '>=', input.updatedSince as Date)),
    equalsFilter('d.active', input.active),
    archivedFilter('d.archived_at', input.archived),
  ];
}

/** One page of the caller's customer's directions; `iterateDirections`: every match (CSV). Throw FORBIDDEN. */
export const { list: listDirections, iterate: iterateDirections } = listingReads(
  'Direction',
  directionListing,
  listFilters,
  'code',
);

/** A direction of the caller's customer. Throws FORBIDDEN, NOT_FOUND. */
export async function getDirection(ctx: ServiceContext, input: { id: number }): Promise<TDirection> {
  authorize(ctx, 'read', 'Direction');
  return listById(ctx.em, directionListing, input.id, [tenantFilter(ctx, 'd.customer_id')], 'Direction');
}
