// Locations: the places inspected (code unique per customer). Same abilities as directions.
// Delete is refused while anything points at the location (archive instead).
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type {
  TCreateLocationInput,
  TListLocationsInput,
  TLocation,
  TLocationDetail,
  TOpeningHours,
  TUpdateLocationInput,
} from '../../../../shared/schemas/locations.ts';
import { type DB, db } from '../../../db/kysely.ts';
import { archiveActions, archivedFilter, refuseArchived } from '../../../lib/archive.ts';
import { authorize, authorizeRecord, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import {
  defineListing,
  equalsFilter,
  iterateListing,
  type ListingFilter,
  likeContains,
  listById,
  listPage,
  listSource,
  toDate,
  toDateOrNull,
} from '../../../lib/list.ts';
import { definedOnly } from '../../../lib/objects.ts';
import { createRecord, deleteUnreferenced, updateRecord, type WriteSpec } from '../../../lib/records.ts';
import { assertUnique, assertUniqueChange, findOwned, tenantFilter, type UniqueRule } from '../../../lib/scope.ts';
import {
  locationClassOrder,
  locationClassRefs,
  requireLocationClassRef,
} from '../location-classes/location-classes.service.ts';
import {
  requireSubDirectionRef,
  subDirectionIdsOf,
  subDirectionOrder,
  subDirectionRefs,
} from '../sub-directions/sub-directions.service.ts';
import { Location } from './location.entity.ts';

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
  ];
}

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

/** Every location matching the filter, in batches (CSV export); rows include the opening hours. */
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

export async function getLocation(ctx: ServiceContext, id: number): Promise<TLocationDetail> {
  authorize(ctx, 'read', 'Location');
  return toDetail(await listById(ctx.em, locationListing, id, [tenantFilter(ctx, 'l.customer_id')], 'Location'));
}

/* ------------------------------------------------------------------ for other contexts */

/** The location, if it is `customerId`'s (NOT_FOUND otherwise) — for projects and tasks. */
export async function requireLocationRef(
  em: EntityManager,
  id: number,
  customerId: number,
): Promise<{
  id: number;
  code: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  geofenceRadiusM: number;
  archived: boolean;
}> {
  const found = await findOwned(em, Location, id, customerId, 'Location');
  return {
    id: found.id,
    code: found.code,
    name: found.name,
    latitude: found.latitude ?? null,
    longitude: found.longitude ?? null,
    geofenceRadiusM: found.geofenceRadiusM,
    archived: found.archivedAt !== null,
  };
}

/** For workflow: locations by id with what tasks show and check (any customer: callers scope). */
export async function locationRefs(
  em: EntityManager,
  ids: number[],
): Promise<
  Map<
    number,
    {
      id: number;
      code: string;
      name: string;
      latitude: number | null;
      longitude: number | null;
      geofenceRadiusM: number;
      timeZone: string | null;
    }
  >
> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db(em)
    .selectFrom('locations as l')
    .select([
      'l.id',
      'l.code',
      'l.name',
      sql<number | null>`${sql.ref('l.latitude')}::float8`.as('latitude'),
      sql<number | null>`${sql.ref('l.longitude')}::float8`.as('longitude'),
      'l.geofence_radius_m',
      'l.time_zone',
    ])
    .where('l.id', 'in', unique)
    .execute();
  return new Map(
    rows.map((l) => [
      l.id,
      {
        id: l.id,
        code: l.code,
        name: l.name,
        latitude: l.latitude,
        longitude: l.longitude,
        geofenceRadiusM: l.geofence_radius_m,
        timeZone: l.time_zone,
      },
    ]),
  );
}

/** What planning needs of a location: its opening hours and time zone override (null: the customer's). */
export interface LocationPlanningRef {
  id: number;
  customerId: number;
  code: string;
  name: string;
  timeZone: string | null;
  openingHours: TOpeningHours;
  latitude: number | null;
  longitude: number | null;
  archived: boolean;
}

/** For projects and slots: the locations by id (any customer: callers scope), in one query. */
export async function locationPlanningRefs(
  em: EntityManager,
  ids: number[],
): Promise<Map<number, LocationPlanningRef>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db(em)
    .selectFrom('locations as l')
    .select(['l.id', 'l.customer_id', 'l.code', 'l.name', 'l.time_zone', 'l.opening_hours', 'l.archived_at'])
    .select([
      sql<number | null>`${sql.ref('l.latitude')}::float8`.as('latitude'),
      sql<number | null>`${sql.ref('l.longitude')}::float8`.as('longitude'),
    ])
    .where('l.id', '=', sql<number>`any(${unique})`)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        customerId: r.customer_id,
        code: r.code,
        name: r.name,
        timeZone: r.time_zone,
        openingHours: r.opening_hours,
        latitude: r.latitude,
        longitude: r.longitude,
        archived: r.archived_at !== null,
      },
    ]),
  );
}

/**
 * For workflow searches: ids of the locations of `customerId` (any customer when null) whose code or
 * name contains `q` (case-insensitive; the trigram indexes answer it), at most `limit`.
 */
export async function locationIdsMatching(
  em: EntityManager,
  customerId: number | null,
  q: string,
  limit = 5000,
): Promise<number[]> {
  const pattern = likeContains(q);
  const rows = await db(em)
    .selectFrom('locations as l')
    .select('l.id')
    .where((eb) => eb.or([eb('l.code', 'ilike', pattern), eb('l.name', 'ilike', pattern)]))
    .$if(customerId !== null, (qb) => qb.where('l.customer_id', '=', customerId as number))
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** A location's code as an SQL expression of a location id column, for other contexts' list sorts. */
export function locationCodeSql(locationIdColumn: string): RawBuilder<string> {
  return sql<string>`(select l.code from locations l where l.id = ${sql.ref(locationIdColumn)})`;
}

/** `column` names a location of `customerId` whose code or name contains `q` (trigram-indexed), as SQL. */
export function locationMatchSql(locationIdColumn: string, customerId: number | null, q: string): RawBuilder<SqlBool> {
  const pattern = likeContains(q);
  const tenant = customerId === null ? sql`` : sql` and l.customer_id = ${customerId}`;
  return sql<SqlBool>`${sql.ref(locationIdColumn)} in (select l.id from locations l where (l.code ilike ${pattern} or l.name ilike ${pattern})${tenant})`;
}

/** What a report filter may say about a location (issue 13): its direction, sub-direction, class. */
export interface LocationAttributeFilter {
  directionId?: number;
  subDirectionId?: number;
  classId?: number;
}

/**
 * `column` names a location of `customerId` (any when null) in the given direction, sub-direction and
 * class, as SQL — for reports, which read location attributes live rather than copying them. Null when
 * the filter says nothing.
 */
export function locationAttributeSql(
  locationIdColumn: string,
  customerId: number | null,
  f: LocationAttributeFilter,
): RawBuilder<SqlBool> | null {
  if (f.directionId === undefined && f.subDirectionId === undefined && f.classId === undefined) return null;
  const parts = [
    customerId === null ? null : sql`l.customer_id = ${customerId}`,
    f.subDirectionId === undefined ? null : sql`l.sub_direction_id = ${f.subDirectionId}`,
    f.classId === undefined ? null : sql`l.location_class_id = ${f.classId}`,
    f.directionId === undefined
      ? null
      : sql`l.sub_direction_id in (select s.id from sub_directions s where s.direction_id = ${f.directionId})`,
  ].filter((part) => part !== null);
  return sql<SqlBool>`${sql.ref(locationIdColumn)} in (select l.id from locations l where ${sql.join(parts, sql` and `)})`;
}

/** For reports: locations by id with their direction, sub-direction and class (callers scope). */
export async function locationReportRefs(
  em: EntityManager,
  ids: number[],
): Promise<
  Map<
    number,
    {
      id: number;
      code: string;
      name: string;
      direction: { id: number; name: string };
      subDirection: { id: number; name: string };
      class: { id: number; name: string } | null;
    }
  >
> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db(em)
    .selectFrom('locations as l')
    .innerJoin('sub_directions as s', 's.id', 'l.sub_direction_id')
    .innerJoin('directions as d', 'd.id', 's.direction_id')
    .leftJoin('location_classes as c', 'c.id', 'l.location_class_id')
    .select([
      'l.id',
      'l.code',
      'l.name',
      's.id as sub_id',
      's.name as sub_name',
      'd.id as dir_id',
      'd.name as dir_name',
      'c.id as class_id',
      'c.name as class_name',
    ])
    .where('l.id', '=', sql<number>`any(${unique})`)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        code: r.code,
        name: r.name,
        direction: { id: r.dir_id, name: r.dir_name },
        subDirection: { id: r.sub_id, name: r.sub_name },
        class: r.class_id === null || r.class_name === null ? null : { id: r.class_id, name: r.class_name },
      },
    ]),
  );
}

/* ------------------------------------------------------------------ mutations */

const uniqueCode: UniqueRule<Location> = {
  entity: Location,
  field: 'code',
  message: 'Another location of this customer already uses this code',
};

async function parentSubDirection(tx: AuthedContext, id: number, customerId: number | null) {
  const sub = await requireSubDirectionRef(tx.em, id, customerId);
  refuseArchived(sub.archived, `Sub-direction "${sub.code}"`, 'subDirectionId');
  return sub;
}

async function usableLocationClass(tx: AuthedContext, id: number, customerId: number) {
  const found = await requireLocationClassRef(tx.em, id, customerId);
  // The product's wording ("Class "Pop-up store" is archived"), on the input's field.
  refuseArchived(found.archived, `Class "${found.name}"`, 'classId');
  return found;
}

const records: WriteSpec<Location> = {
  entity: Location,
  subject: 'Location',
  label: 'Location',
  snapshot: (l) => ({
    subDirectionId: l.subDirection.id,
    classId: l.locationClass?.id ?? null,
    code: l.code,
    name: l.name,
    address: l.address,
    city: l.city,
    latitude: l.latitude,
    longitude: l.longitude,
    geofenceRadiusM: l.geofenceRadiusM,
    openingHours: l.openingHours,
    timeZone: l.timeZone,
    active: l.active,
  }),
  name: (l) => `Location "${l.code}"`,
  unique: uniqueCode,
};

export async function createLocation(ctx: ServiceContext, input: TCreateLocationInput): Promise<TLocationDetail> {
  const id = await createRecord(ctx, records, async (tx) => {
    const sub = await parentSubDirection(tx, input.subDirectionId, tenantId(tx));
    const customerId = sub.customerId;
    authorizeRecord(tx, 'create', 'Location', { customerId });
    if (input.classId !== null) await usableLocationClass(tx, input.classId, customerId);
    await assertUnique(tx.em, uniqueCode, { customer: customerId, code: input.code });
    return tx.em.create(Location, {
      customer: customerId,
      subDirection: sub.id,
      locationClass: input.classId,
      code: input.code,
      name: input.name,
      address: input.address,
      city: input.city,
      latitude: input.latitude,
      longitude: input.longitude,
      geofenceRadiusM: input.geofenceRadiusM,
      openingHours: input.openingHours,
      timeZone: input.timeZone,
      active: input.active,
      archivedAt: null,
    });
  });
  return getLocation(ctx, id);
}

export async function updateLocation(ctx: ServiceContext, input: TUpdateLocationInput): Promise<TLocationDetail> {
  await updateRecord(
    ctx,
    records,
    input.id,
    async (tx, location) => {
      const customerId = location.customer.id;
      if (input.subDirectionId !== undefined && input.subDirectionId !== location.subDirection.id) {
        await parentSubDirection(tx, input.subDirectionId, customerId);
      }
      if (input.classId != null && input.classId !== (location.locationClass?.id ?? null))
        await usableLocationClass(tx, input.classId, customerId);
      await assertUniqueChange(tx.em, uniqueCode, location, input.code, { customer: customerId });
      // Coordinates go together: the schema refuses one without the other.
      const { id: _id, version: _version, subDirectionId, classId, ...fields } = input;
      tx.em.assign(location, {
        ...definedOnly(fields),
        ...(subDirectionId !== undefined ? { subDirection: subDirectionId } : {}),
        ...(classId !== undefined ? { locationClass: classId } : {}),
      });
    },
    input.version,
  );
  return getLocation(ctx, input.id);
}

export const { archive: archiveLocation, restore: restoreLocation } = archiveActions(records, getLocation);

/** Refused (CONFLICT) while anything (project assignments, tasks…) points at the location. */
export function deleteLocation(ctx: ServiceContext, id: number): Promise<TDeleted> {
  return deleteUnreferenced(ctx, records, id);
}
