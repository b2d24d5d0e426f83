// Locations: the places inspected (code unique per customer). Same abilities as directions.
// Delete is refused while anything points at the location (archive instead).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type {
  TCreateLocationInput,
  TListLocationsInput,
  TLocation,
  TLocationDetail,
  TOpeningHours,
  TUpdateLocationInput,
} from '../../../../shared/schemas/locations.ts';
import { archiveActions, archivedSql, refuseArchived } from '../../../lib/archive.ts';
import { authorize, authorizeRecord, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { defineListing, iterateListing, listById, listPage, rowDate, rowDateOrNull } from '../../../lib/listing.ts';
import { definedOnly } from '../../../lib/objects.ts';
import { createRecord, deleteUnreferenced, updateRecord, type WriteSpec } from '../../../lib/records.ts';
import { plural, registerCustomerRecords, registerReferenceCounter } from '../../../lib/references.ts';
import { assertUnique, assertUniqueChange, findOwned, tenantSql, type UniqueRule } from '../../../lib/scope.ts';
import { countPer, equalsFilter, raw, sql, tableOf, type ListQuery, type ListSource, type Sql } from '../../../lib/sql-list.ts';
import { classOrder, classRefs, requireClassRef } from '../location-classes/location-classes.service.ts';
import { requireSubDirectionRef, subDirectionIdsOf, subDirectionOrder, subDirectionRefs } from '../sub-directions/sub-directions.service.ts';
import { Location } from './location.entity.ts';

type LocationSortKey = TListLocationsInput['sortBy'] & string;
type LocationRow = TLocation & { subDirectionId: number; classId: number | null; openingHours: TOpeningHours };

export const locationListing = defineListing({
  source: (em: EntityManager, sortBy?: LocationSortKey) => {
    const l = tableOf(em, Location, 'l');
    // Joins only for the sorts that need them; names for display come from `enrich` (one query a page).
    const joinStructure = sortBy === 'direction' || sortBy === 'subDirection';
    const joinClass = sortBy === 'class';
    const from = sql`${l.from}${joinStructure ? sql` join "sub_directions" "s" on "s"."id" = ${l.col('subDirection')} join "directions" "d" on "d"."id" = "s"."direction_id"` : raw('')}${joinClass ? sql` left join "classes" "k" on "k"."id" = ${l.col('locationClass')}` : raw('')}`;
    return {
      from,
      id: l.col('id'),
      select: {
        id: l.col('id'),
        customerId: l.col('customer'),
        subDirectionId: l.col('subDirection'),
        classId: l.col('locationClass'),
        code: l.col('code'),
        name: l.col('name'),
        address: l.col('address'),
        city: l.col('city'),
        latitude: sql`${l.col('latitude')}::float8`,
        longitude: sql`${l.col('longitude')}::float8`,
        geofenceRadiusM: l.col('geofenceRadiusM'),
        openingHours: l.col('openingHours'),
        active: l.col('active'),
        archivedAt: l.col('archivedAt'),
        createdAt: l.col('createdAt'),
        updatedAt: l.col('updatedAt'),
      },
      search: [l.col('code'), l.col('name'), l.col('city')],
      sorts: {
        code: l.col('code'),
        name: l.col('name'),
        city: l.col('city'),
        // Row values, so ties between equal names fall to the group's id as in the grouped read.
        direction: joinStructure ? raw('("d"."code", "d"."id", "s"."code", "s"."id")') : l.col('subDirection'),
        subDirection: joinStructure ? raw('("s"."code", "s"."id")') : l.col('subDirection'),
        class: joinClass ? raw('("k"."name", "k"."id")') : l.col('locationClass'),
        createdAt: l.col('createdAt'),
        updatedAt: l.col('updatedAt'),
      },
    };
  },
  map: (r): LocationRow => ({
    id: r.id as number,
    customerId: r.customerId as number,
    subDirectionId: r.subDirectionId as number,
    classId: r.classId as number | null,
    code: r.code as string,
    name: r.name as string,
    address: r.address as string | null,
    city: r.city as string | null,
    latitude: r.latitude as number | null,
    longitude: r.longitude as number | null,
    geofenceRadiusM: r.geofenceRadiusM as number,
    openingHours: r.openingHours as TOpeningHours,
    active: r.active as boolean,
    archivedAt: rowDateOrNull(r.archivedAt),
    direction: { id: 0, code: '', name: '' },
    subDirection: { id: r.subDirectionId as number, code: '', name: '' },
    class: null,
    createdAt: rowDate(r.createdAt),
    updatedAt: rowDate(r.updatedAt),
  }),
  // Without a search, these sorts walk the (foreign key, id) indexes group by group.
  grouped: {
    direction: { column: raw('"l"."sub_direction_id"'), order: (em) => subDirectionOrder(em, 'direction') },
    subDirection: { column: raw('"l"."sub_direction_id"'), order: (em) => subDirectionOrder(em, 'subDirection') },
    class: { column: raw('"l"."class_id"'), order: (em) => classOrder(em) },
  },
  enrich: async (em, items) => {
    const [subs, classes] = await Promise.all([
      subDirectionRefs(em, items.map((i) => i.subDirectionId)),
      classRefs(em, items.map((i) => i.classId).filter((x): x is number => x !== null)),
    ]);
    for (const item of items) {
      const sub = subs.get(item.subDirectionId);
      if (sub) {
        item.subDirection = { id: sub.id, code: sub.code, name: sub.name };
        item.direction = sub.direction;
      }
      item.class = item.classId === null ? null : (classes.get(item.classId) ?? null);
    }
  },
});

function toLocation(row: LocationRow): TLocation {
  const { subDirectionId: _s, classId: _c, openingHours: _o, ...location } = row;
  return location;
}

function toDetail(row: LocationRow): TLocationDetail {
  const { subDirectionId: _s, classId: _c, ...location } = row;
  return location;
}

async function listFilters(ctx: AuthedContext, input: Omit<TListLocationsInput, 'page' | 'itemsPerPage'>): Promise<(Sql | undefined)[]> {
  const l = tableOf(ctx.em, Location, 'l');
  const subIds = input.directionId !== undefined ? await subDirectionIdsOf(ctx.em, input.directionId) : undefined;
  return [
    tenantSql(ctx, l.col('customer')),
    equalsFilter(l.col('customer'), input.customerId),
    subIds ? sql`${l.col('subDirection')} = any(${subIds})` : undefined,
    equalsFilter(l.col('subDirection'), input.subDirectionId),
    equalsFilter(l.col('locationClass'), input.classId),
    equalsFilter(l.col('city'), input.city),
    equalsFilter(l.col('active'), input.active),
    archivedSql(l.col('archivedAt'), input.archived),
  ];
}

export async function listLocations(ctx: ServiceContext, input: TListLocationsInput): Promise<{ items: TLocation[]; total: number }> {
  authorize(ctx, 'read', 'Location');
  const page = await listPage(ctx.em, locationListing, await listFilters(ctx, input), { ...input, sortBy: input.sortBy ?? 'code' });
  return { items: page.items.map(toLocation), total: page.total };
}

/** The SQL source and query `list` runs for this caller and input (for EXPLAIN in bench/locations.ts). */
export async function locationListQuery(ctx: ServiceContext, input: TListLocationsInput): Promise<{ source: ListSource<LocationSortKey>; query: ListQuery<LocationSortKey> }> {
  authorize(ctx, 'read', 'Location');
  const sortBy = input.sortBy ?? 'code';
  return { source: locationListing.source(ctx.em, sortBy), query: { ...input, sortBy, where: await listFilters(ctx, input) } };
}

/** Every location matching the filter, in batches (CSV export); rows include the opening hours. */
export async function* iterateLocations(ctx: ServiceContext, input: TListLocationsInput): AsyncGenerator<TLocationDetail[]> {
  authorize(ctx, 'read', 'Location');
  const where = await listFilters(ctx, input);
  for await (const batch of iterateListing(ctx.em, locationListing, where, { ...input, sortBy: input.sortBy ?? 'code' })) {
    yield batch.map(toDetail);
  }
}

export async function getLocation(ctx: ServiceContext, id: number): Promise<TLocationDetail> {
  authorize(ctx, 'read', 'Location');
  const l = tableOf(ctx.em, Location, 'l');
  return toDetail(await listById(ctx.em, locationListing, id, [tenantSql(ctx, l.col('customer'))], 'Location'));
}

/* ------------------------------------------------------------------ for other domains */

/** Locations per sub-direction or class id. */
export function countLocationsBy(em: EntityManager, by: 'subDirection' | 'locationClass', ids: number[]): Promise<Map<number, number>> {
  return countPer(em, tableOf(em, Location, 'l'), by, ids);
}

/** The location, if it is `customerId`'s (NOT_FOUND otherwise) — for projects and tasks. */
export async function requireLocationRef(
  em: EntityManager,
  id: number,
  customerId: number,
): Promise<{ id: number; code: string; name: string; latitude: number | null; longitude: number | null; geofenceRadiusM: number; archived: boolean }> {
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

async function usableClass(tx: AuthedContext, id: number, customerId: number) {
  const found = await requireClassRef(tx.em, id, customerId);
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
    if (input.classId !== null) await usableClass(tx, input.classId, customerId);
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
      active: input.active,
      archivedAt: null,
    });
  });
  return getLocation(ctx, id);
}

export async function updateLocation(ctx: ServiceContext, input: TUpdateLocationInput): Promise<TLocationDetail> {
  await updateRecord(ctx, records, input.id, async (tx, location) => {
    const customerId = location.customer.id;
    if (input.subDirectionId !== undefined && input.subDirectionId !== location.subDirection.id) {
      await parentSubDirection(tx, input.subDirectionId, customerId);
    }
    if (input.classId != null && input.classId !== (location.locationClass?.id ?? null)) await usableClass(tx, input.classId, customerId);
    await assertUniqueChange(tx.em, uniqueCode, location, input.code, { customer: customerId });
    // Coordinates go together: the schema refuses one without the other.
    const { id: _id, subDirectionId, classId, ...fields } = input;
    tx.em.assign(location, {
      ...definedOnly(fields),
      ...(subDirectionId !== undefined ? { subDirection: subDirectionId } : {}),
      ...(classId !== undefined ? { locationClass: classId } : {}),
    });
  });
  return getLocation(ctx, input.id);
}

export const { archive: archiveLocation, restore: restoreLocation } = archiveActions(records, getLocation);

/** Refused (CONFLICT) while anything (project assignments, tasks…) points at the location. */
export function deleteLocation(ctx: ServiceContext, id: number): Promise<TDeleted> {
  return deleteUnreferenced(ctx, records, id);
}

async function locationsUsing(em: EntityManager, where: Record<string, unknown>) {
  const rows = await em.find(Location, where, { orderBy: { code: 'asc' }, limit: 3 });
  return { count: await em.count(Location, where), label: plural('location'), examples: rows.map((r) => r.code) };
}

registerReferenceCounter('SubDirection', (em, id) => locationsUsing(em, { subDirection: id }));
registerReferenceCounter('Class', (em, id) => locationsUsing(em, { locationClass: id }));
registerCustomerRecords(Location, plural('location'));
