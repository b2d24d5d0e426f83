// Logistics demo app: the fleet's vehicles, sorted and paged in SQL (`read DemoApp`).
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Expression, expressionBuilder, type Kysely, sql } from 'kysely';
import type { ListResult } from '../../../../shared/schemas/common.ts';
import {
  type TListVehiclesInput,
  type TLogisticsSummary,
  type TVehicle,
  type TVehicleStatus,
  VEHICLE_STATUSES,
  VEHICLE_WARNINGS,
} from '../../../../shared/schemas/logistics.ts';
import { type DB, db as kyselyOf } from '../../../db/kysely.ts';
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

/** A percent with one decimal (null stays null). */
const percent = (value: string | number | null): number | null =>
  value == null ? null : Math.round(Number(value) * 10) / 10;

/**
 * The dashboard's figures for the caller's copy of the fleet, each an aggregate in SQL (a few rows back):
 * vehicles per status (derived from progress, see VEHICLE_STATUSES) and per warning, shipments per
 * destination country, and delivery performance.
 */
export async function logisticsSummary(ctx: ServiceContext): Promise<TLogisticsSummary> {
  const copy = await openTenantCopy(ctx, 'read', 'logistics', copySampleLogisticsVehicles);
  const db = kyselyOf(copy.ctx.em);
  const fleet = db.selectFrom('logistics_vehicles as v').where('v.tenant_id', '=', copy.tenant);
  const status = sql<TVehicleStatus>`case when v.progress = 0 then 'waiting' when v.progress <= 20 then 'loading'
    when v.progress <= 89 then 'onTheWay' when v.progress <= 99 then 'unloading' else 'delivered' end`;
  const [statuses, warnings, shipments, performance] = await Promise.all([
    fleet
      .select([status.as('status'), sql<string>`count(*)`.as('count')])
      .groupBy(status)
      .execute(),
    fleet
      .select(['v.warnings as warning', sql<string>`count(*)`.as('count')])
      .groupBy('v.warnings')
      .execute(),
    fleet
      .select([
        'v.end_country as country',
        sql<string>`count(*)`.as('shipments'),
        sql<string>`avg(v.progress)`.as('averageProgress'),
      ])
      .groupBy('v.end_country')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('v.end_country')
      .execute(),
    fleet
      .select([
        sql<string>`count(*)`.as('total'),
        sql<string | null>`avg(v.progress)`.as('averageProgress'),
        sql<string>`count(*) filter (where v.progress = 100)`.as('delivered'),
        sql<string>`count(*) filter (where v.warnings <> 'No Warnings')`.as('withWarnings'),
        sql<string | null>`avg(v.progress) filter (where v.warnings = 'No Warnings')`.as('withoutAvg'),
        sql<string | null>`avg(v.progress) filter (where v.warnings <> 'No Warnings')`.as('withAvg'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const statusCount = new Map(statuses.map((r) => [r.status, Number(r.count)]));
  const warningCount = new Map(warnings.map((r) => [r.warning as string, Number(r.count)]));
  return {
    totalVehicles: Number(performance.total),
    byStatus: VEHICLE_STATUSES.map((s) => ({ status: s, count: statusCount.get(s) ?? 0 })),
    byWarning: VEHICLE_WARNINGS.map((w) => ({ warning: w, count: warningCount.get(w) ?? 0 })),
    shipments: shipments.map((r) => ({
      country: r.country,
      shipments: Number(r.shipments),
      averageProgress: percent(r.averageProgress) ?? 0,
    })),
    performance: {
      averageProgress: percent(performance.averageProgress) ?? 0,
      delivered: Number(performance.delivered),
      withWarnings: Number(performance.withWarnings),
      averageProgressWithoutWarnings: percent(performance.withoutAvg),
      averageProgressWithWarnings: percent(performance.withAvg),
    },
  };
}
