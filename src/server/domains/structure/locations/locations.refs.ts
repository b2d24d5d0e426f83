// What workflow looks up of locations: refs by id, planning data, SQL for other lists' sorts and filters.
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { TOpeningHours } from '../../../../shared/schemas/locations.ts';
import { db } from '../../../db/kysely.ts';
import { likeContains } from '../../../lib/list/index.ts';
import { findOwned } from '../../../lib/scope.ts';
import { Location } from './location.entity.ts';

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

/** Which of these ids are locations of the customer (not archived) — a project's chosen locations. */
export async function locationIdsOf(
  em: EntityManager,
  customerId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db(em)
    .selectFrom('locations')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('id', 'in', [...new Set(ids)])
    .where('archived_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.id));
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

/** What a report filter may say about a location: its direction, sub-direction, class. */
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
