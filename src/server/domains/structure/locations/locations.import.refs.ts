// Locations as imports read and write them: every location of a customer by code with what an import
// compares, and a batch written in one statement (created or changed, never touched when equal),
// audited as imported. These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TOpeningHours } from '../../../../shared/schemas/locations.ts';
import { db } from '../../../db/kysely.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import { type UpsertResult, upsertRows } from '../../../lib/upsert.ts';

export interface LocationImportRow {
  subDirectionId: number;
  classId: number | null;
  code: string;
  name: string;
  address: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  geofenceRadiusM: number;
  openingHours: TOpeningHours;
  timeZone: string | null;
  active: boolean;
}

export interface LocationImportState extends LocationImportRow {
  id: number;
}

/** The customer's locations by code, with every field an import writes. */
export async function locationsByCode(
  em: EntityManager,
  customerId: number,
): Promise<Map<string, LocationImportState>> {
  const rows = await db(em)
    .selectFrom('locations as l')
    .select([
      'l.id',
      'l.sub_direction_id',
      'l.location_class_id',
      'l.code',
      'l.name',
      'l.address',
      'l.city',
      sql<number | null>`${sql.ref('l.latitude')}::float8`.as('latitude'),
      sql<number | null>`${sql.ref('l.longitude')}::float8`.as('longitude'),
      'l.geofence_radius_m',
      'l.opening_hours',
      'l.time_zone',
      'l.active',
    ])
    .where('l.customer_id', '=', customerId)
    .execute();
  return new Map(
    rows.map((r) => [
      r.code,
      {
        id: r.id,
        subDirectionId: r.sub_direction_id,
        classId: r.location_class_id,
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
      },
    ]),
  );
}

export function upsertLocations(
  tx: AuthedContext,
  customerId: number,
  rows: readonly LocationImportRow[],
  audit: Record<string, unknown>,
): Promise<UpsertResult> {
  return upsertRows(
    tx,
    {
      table: 'locations',
      conflict: ['customer_id', 'code'],
      columns: [
        'customer_id',
        'sub_direction_id',
        'location_class_id',
        'code',
        'name',
        'address',
        'city',
        'latitude',
        'longitude',
        'geofence_radius_m',
        'opening_hours',
        'time_zone',
        'active',
      ],
      json: ['opening_hours'],
      audit: { action: 'import', entityType: 'Location', customerId, changes: audit },
    },
    rows.map((r) => [
      customerId,
      r.subDirectionId,
      r.classId,
      r.code,
      r.name,
      r.address,
      r.city,
      r.latitude,
      r.longitude,
      r.geofenceRadiusM,
      r.openingHours,
      r.timeZone,
      r.active,
    ]),
  );
}
