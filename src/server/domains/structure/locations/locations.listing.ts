// Locations as lists and pages read them: the listing (joins only for the sorts that need them; names
// of the structure added by `enrich`), list / byId / CSV iteration in the caller's customer.
import { type Kysely, type SqlBool, sql } from 'kysely';
import type {
  TListLocationsInput,
  TLocation,
  TLocationDetail,
  TOpeningHours,
} from '../../../../shared/schemas/locations.ts';
import type { DB } from '../../../db/kysely.ts';
import { archivedFilter } from '../../../lib/archive.ts';
import { authorize } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import {
  defineListing,
  equalsFilter,
  iterateListing,
  type ListingFilter,
  listById,
  listPage,
  listSource,
  toDate,
  toDateOrNull,
} from '../../../lib/list/index.ts';
import { tenantFilter } from '../../../lib/scope.ts';
import { locationClassOrder, locationClassRefs } from '../location-classes/location-classes.refs.ts';
import { subDirectionIdsOf, subDirectionOrder, subDirectionRefs } from '../sub-directions/sub-directions.refs.ts';

type LocationSortKey = NonNullable<TListLocationsInput['sortBy']>;
type LocationRow = TLocation & { subDirectionId: number; locationClassId: number | null; openingHours: TOpeningHours };

/** A column of a table joined only for a sort (absent from the source's type, which is the locations'). */
const joined = (column: string) => sql.ref(column);

/**
 * What the locations list reads. Joins only for the sorts that need them (typed as the locations
 * alone: their columns appear only in those sorts); names for display come from `enrich`.
 */
function locationSource(db: Kysely<DB>, sortBy?: LocationSortKey) {
  const joinStructure = sortBy === 'direction' || sortBy === 'subDirection';
  const joinClass = sortBy === 'class';
  const from = db
    .selectFrom('locations as l')
    .$if(joinStructure, (qb) =>
      qb
        .innerJoin('sub_directions as s', 's.id', 'l.sub_direction_id')
        .innerJoin('directions as d', 'd.id', 's.direction_id'),
    )
    .$if(joinClass, (qb) => qb.leftJoin('location_classes as k', 'k.id', 'l.location_class_id'));
  return listSource(from, {
    id: 'l.id',
    select: (qb) =>
      qb.select([
        'l.id',
        'l.version',
        'l.customer_id',
        'l.sub_direction_id',
        'l.location_class_id',
        'l.code',
        'l.name',
        'l.address',
        'l.city',
        // numeric(9,6): as JS numbers.
        sql<number | null>`${sql.ref('l.latitude')}::float8`.as('latitude'),
        sql<number | null>`${sql.ref('l.longitude')}::float8`.as('longitude'),
        'l.geofence_radius_m',
        'l.opening_hours',
        'l.time_zone',
        'l.active',
        'l.archived_at',
        'l.created_at',
        'l.updated_at',
      ]),
    search: ['l.code', 'l.name', 'l.city'],
    sorts: {
      code: 'l.code',
      name: 'l.name',
      city: 'l.city',
      // Row values, so ties between equal names fall to the group's id as in the grouped read.
      direction: joinStructure
        ? sql`(${joined('d.code')}, ${joined('d.id')}, ${joined('s.code')}, ${joined('s.id')})`
        : 'l.sub_direction_id',
      subDirection: joinStructure ? sql`(${joined('s.code')}, ${joined('s.id')})` : 'l.sub_direction_id',
      class: joinClass ? sql`(${joined('k.name')}, ${joined('k.id')})` : 'l.location_class_id',
      createdAt: 'l.created_at',
      updatedAt: 'l.updated_at',
    },
  });
}

export const locationListing = defineListing({
  source: locationSource,
  map: (r): LocationRow => ({
    id: r.id,
    version: r.version,
    customerId: r.customer_id,
    subDirectionId: r.sub_direction_id,
    locationClassId: r.location_class_id,
    code: r.code,
    name: r.name,
    address: r.address,
    city: r.city,
    latitude: r.latitude,
    longitude: r.longitude,
    geofenceRadiusM: r.geofence_radius_m,
    openingHours: r.opening_hours,
    timeZone: r.time_zone,
    active: r.active,
    archivedAt: toDateOrNull(r.archived_at),
    direction: { id: 0, code: '', name: '' },
    subDirection: { id: r.sub_direction_id, code: '', name: '' },
    class: null,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  }),
  // Without a search, these sorts walk the (foreign key, id) indexes group by group.
  grouped: {
    direction: { column: 'l.sub_direction_id', order: (em) => subDirectionOrder(em, 'direction') },
    subDirection: { column: 'l.sub_direction_id', order: (em) => subDirectionOrder(em, 'subDirection') },
    class: { column: 'l.location_class_id', order: (em) => locationClassOrder(em) },
  },
  enrich: async (em, items) => {
    const [subs, locationClasses] = await Promise.all([
      subDirectionRefs(
        em,
        items.map((i) => i.subDirectionId),
      ),
      locationClassRefs(
        em,
        items.map((i) => i.locationClassId).filter((x): x is number => x !== null),
      ),
    ]);
    for (const item of items) {
      const sub = subs.get(item.subDirectionId);
      if (sub) {
        item.subDirection = { id: sub.id, code: sub.code, name: sub.name };
        item.direction = sub.direction;
      }
      item.class = item.locationClassId === null ? null : (locationClasses.get(item.locationClassId) ?? null);
    }
  },
});

type LocationFilter = ListingFilter<typeof locationListing>;

function toLocation(row: LocationRow): TLocation {
  const { subDirectionId: _s, locationClassId: _c, openingHours: _o, ...location } = row;
  return location;
}

function toDetail(row: LocationRow): TLocationDetail {
  const { subDirectionId: _s, locationClassId: _c, ...location } = row;
  return location;
}

async function listFilters(
  ctx: AuthedContext,
  input: Omit<TListLocationsInput, 'page' | 'itemsPerPage'>,
): Promise<LocationFilter[]> {
  // A direction's locations through its sub-direction ids: `= any(ids)` walks the (sub-direction, id) index.
  const subIds = input.directionId !== undefined ? await subDirectionIdsOf(ctx.em, input.directionId) : undefined;
  return [
    tenantFilter(ctx, 'l.customer_id'),
    equalsFilter('l.customer_id', input.customerId),
    subIds && sql<SqlBool>`${sql.ref('l.sub_direction_id')} = any(${subIds})`,
    equalsFilter('l.sub_direction_id', input.subDirectionId),
    equalsFilter('l.location_class_id', input.classId),
    equalsFilter('l.city', input.city),
    equalsFilter('l.active', input.active),
    archivedFilter('l.archived_at', input.archived),
    input.updatedSince !== undefined && ((eb) => eb('l.updated_at', '>=', input.updatedSince as Date)),
  ];
}

/** One page of the caller's customer's locations. Throws FORBIDDEN. */
export async function listLocations(
  ctx: ServiceContext,
  input: TListLocationsInput,
): Promise<{ items: TLocation[]; total: number }> {
  authorize(ctx, 'read', 'Location');
  const page = await listPage(ctx.em, locationListing, await listFilters(ctx, input), {
    ...input,
    sortBy: input.sortBy ?? 'code',
  });
  return { items: page.items.map(toLocation), total: page.total };
}

/** Every location matching the filter, in batches (CSV export); rows include the opening hours. Throws FORBIDDEN. */
export async function* iterateLocations(
  ctx: ServiceContext,
  input: TListLocationsInput,
): AsyncGenerator<TLocationDetail[]> {
  authorize(ctx, 'read', 'Location');
  const where = await listFilters(ctx, input);
  for await (const batch of iterateListing(ctx.em, locationListing, where, {
    ...input,
    sortBy: input.sortBy ?? 'code',
  })) {
    yield batch.map(toDetail);
  }
}

/** A location of the caller's customer, with its opening hours. Throws FORBIDDEN, NOT_FOUND. */
export async function getLocation(ctx: ServiceContext, input: { id: number }): Promise<TLocationDetail> {
  authorize(ctx, 'read', 'Location');
  const found = await listById(ctx.em, locationListing, input.id, [tenantFilter(ctx, 'l.customer_id')], 'Location');
  return toDetail(found);
}
