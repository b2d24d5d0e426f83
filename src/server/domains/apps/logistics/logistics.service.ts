// Logistics demo app: the fleet's vehicles, sorted and paged in SQL (`read DemoApp`).
import type { EntityManager } from '@mikro-orm/postgresql';
import { expressionBuilder, sql, type Expression, type Kysely } from 'kysely';
import type { ListResult } from '../../../../shared/schemas/common.ts';
import type { TListVehiclesInput, TVehicle } from '../../../../shared/schemas/logistics.ts';
import { db as kyselyOf, type DB } from '../../../db/kysely.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { listSource, runList } from '../../../lib/list.ts';
import { copiedColumns, copySampleRows, openTenantCopy } from '../provision/demo-provision.service.ts';
import { LogisticsVehicle } from './logistics.entity.ts';

/** Copies the samples to demo tenant `tenant` (each customer, and the platform, has its own copy). */
export async function copySampleLogisticsVehicles(em: EntityManager, tenant: number): Promise<void> {
  await copySampleRows(em, 'logistics_vehicles', tenant, copiedColumns(em, LogisticsVehicle));
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

/** Vehicles sorted by number, route start or end city, warning or progress; paged. */
export async function listVehicles(ctx: ServiceContext, input: TListVehiclesInput): Promise<ListResult<TVehicle>> {
  const copy = await openTenantCopy(ctx, 'read', 'logistics', copySampleLogisticsVehicles);
  const { rows, total } = await runList(vehicleSource(kyselyOf(copy.ctx.em), copy.tenant), input);
  return { items: rows, total };
}
