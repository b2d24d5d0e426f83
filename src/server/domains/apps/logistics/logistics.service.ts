// The logistics dashboard's figures over the caller's copy of the fleet.
import { sql } from 'kysely';
import {
  type TLogisticsSummary,
  type TVehicleStatus,
  VEHICLE_STATUSES,
  VEHICLE_WARNINGS,
} from '../../../../shared/schemas/logistics.ts';
import { db as kyselyOf } from '../../../db/kysely.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { openFleet } from './logistics.listing.ts';

/** A percent with one decimal (null stays null). */
const percent = (value: string | number | null): number | null =>
  value == null ? null : Math.round(Number(value) * 10) / 10;

/**
 * The dashboard's figures for the caller's copy of the fleet (any caller who may read DemoApp), each an aggregate in SQL (a few rows back):
 * vehicles per status (derived from progress, see VEHICLE_STATUSES) and per warning, shipments per
 * destination country, and delivery performance.
 */
export async function logisticsSummary(ctx: ServiceContext): Promise<TLogisticsSummary> {
  const copy = await openFleet(ctx);
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
