// Logistics demo app: the fleet's vehicles, sorted and paged in SQL (`read DemoApp`).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ListResult } from '../../../../shared/schemas/common.ts';
import type { TListVehiclesInput, TVehicle, TVehicleSortKey } from '../../../../shared/schemas/logistics.ts';
import { authorize } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { listQueryOf, runList, sql, tableOf, type ListSource } from '../../../lib/sql-list.ts';
import { LogisticsVehicle } from './logistics.entity.ts';

export function vehicleSource(em: EntityManager): ListSource<TVehicleSortKey> {
  const t = tableOf(em, LogisticsVehicle, 'v');
  const text = (prop: 'startCity' | 'endCity' | 'warnings') => sql`lower(${t.col(prop)}) collate "C"`;
  return {
    from: t.from,
    id: t.col('id'),
    select: {
      id: t.col('id'),
      location: t.col('location'),
      startCity: t.col('startCity'),
      startCountry: t.col('startCountry'),
      endCity: t.col('endCity'),
      endCountry: t.col('endCountry'),
      warnings: t.col('warnings'),
      progress: sql`${t.col('progress')}::int`,
    },
    sorts: {
      location: t.col('location'),
      startRoute: text('startCity'),
      endRoute: text('endCity'),
      warnings: text('warnings'),
      progress: t.col('progress'),
    },
  };
}

/** Vehicles sorted by number, route start or end city, warning or progress; paged. */
export async function listVehicles(ctx: ServiceContext, input: TListVehiclesInput): Promise<ListResult<TVehicle>> {
  authorize(ctx, 'read', 'DemoApp');
  const { rows, total } = await runList<TVehicle, TVehicleSortKey>(ctx.em, vehicleSource(ctx.em), listQueryOf(input));
  return { items: rows, total };
}
