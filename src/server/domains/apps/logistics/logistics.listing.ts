// Reads of the logistics demo app's vehicle list: the caller's copy of the fleet (each customer, and
// the platform, has its own, made on first use), sorted and paged in SQL. Any caller who may read DemoApp.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Expression, expressionBuilder, type Kysely, sql } from 'kysely';
import type { TListVehiclesInput, TVehicle } from '../../../../shared/schemas/logistics.ts';
import type { DB } from '../../../db/kysely.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { defineListing, listSource, scopedListingReads } from '../../../lib/list/index.ts';
import { copiedColumns, copySampleRows, openTenantCopy, type TenantCopy } from '../provision/demo-provision.service.ts';
import { LogisticsVehicle } from './logistics.entity.ts';

/** Copies the sample vehicles to demo tenant `tenant`. */
export async function copySampleLogisticsVehicles(em: EntityManager, tenant: number): Promise<void> {
  await copySampleRows(em, 'logistics_vehicles', tenant, copiedColumns(em, LogisticsVehicle));
}

/** Authorizes reading DemoApp (FORBIDDEN otherwise); the caller's copy of the fleet (made on first use). */
export function openFleet(ctx: ServiceContext): Promise<TenantCopy> {
  return openTenantCopy(ctx, 'read', 'logistics', copySampleLogisticsVehicles);
}

const textSort = (column: Expression<string>) => sql<string>`lower(${column}) collate "C"`;

export function vehicleSource(db: Kysely<DB>, tenant: number) {
  const from = db.selectFrom('logistics_vehicles as v').where('v.tenant_id', '=', tenant);
  const eb = expressionBuilder(from);
  return listSource(from, {
    id: 'v.id',
    select: (qb) =>
      qb.select([
        'v.id',
        'v.location',
        'v.start_city as startCity',
        'v.start_country as startCountry',
        'v.end_city as endCity',
        'v.end_country as endCountry',
        'v.warnings',
        'v.progress',
      ]),
    sorts: {
      location: 'v.location',
      startRoute: textSort(eb.ref('v.start_city')),
      endRoute: textSort(eb.ref('v.end_city')),
      warnings: textSort(eb.ref('v.warnings')),
      progress: 'v.progress',
    },
  });
}

/** The vehicles of demo tenant `tenant`'s copy. */
export const vehicleListing = (tenant: number) =>
  defineListing({ source: (db) => vehicleSource(db, tenant), map: (r): TVehicle => r });

/** Vehicles sorted by number, route start or end city, warning or progress; paged. */
export const { list: listVehicles } = scopedListingReads(vehicleListing, async (ctx, _input: TListVehiclesInput) => {
  const copy = await openFleet(ctx);
  return { em: copy.ctx.em, scope: copy.tenant, where: [] };
});
