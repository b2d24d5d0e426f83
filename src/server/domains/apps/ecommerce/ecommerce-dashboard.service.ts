// The e-commerce dashboard: revenue, orders, customers and top products of the caller's shop,
// each aggregated in SQL. Orders are summed from "ecommerce_order_rollups" (per tenant, UTC month and
// status; kept exact by statement-level triggers, see Migration20261127240000_shop_dashboard), customers
// come from the kept row counts, so a million-row shop answers from a few dozen rows.
import { type Kysely, sql } from 'kysely';
import type { TShopDashboard } from '../../../../shared/schemas/ecommerce.ts';
import { type DB, db as kyselyOf } from '../../../db/kysely.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { keptRowCount } from '../../../lib/list/index.ts';
import { openShop } from './ecommerce.shop.ts';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Every figure of the dashboard; needs `read DemoApp`. */
export async function shopDashboard(ctx: ServiceContext): Promise<TShopDashboard> {
  const shop = await openShop(ctx);
  return shopFigures(kyselyOf(shop.ctx.em), shop.tenant);
}

interface RollupRow {
  month: string;
  status: string;
  orders: number;
  revenue: number;
}

/** The dashboard's statements over demo tenant `tenant`'s shop (bench/servers.ts runs them bare as the ceiling). */
export async function shopFigures(db: Kysely<DB>, tenant: number): Promise<TShopDashboard> {
  const { rows } = await sql<RollupRow>`
    select to_char(month, 'YYYY-MM') as month, status, orders::int as orders, revenue::float8 as revenue
      from ecommerce_order_rollups where tenant_id = ${tenant} and orders <> 0`.execute(db);

  const statuses = new Map<string, { orders: number; revenue: number }>();
  const months = new Map<string, { orders: number; revenue: number }>();
  for (const r of rows) {
    for (const [map, key] of [
      [statuses, r.status],
      [months, r.month],
    ] as const) {
      const sum = map.get(key) ?? { orders: 0, revenue: 0 };
      map.set(key, { orders: sum.orders + r.orders, revenue: sum.revenue + r.revenue });
    }
  }
  const byStatus = [...statuses]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([status, s]) => ({ status, orders: s.orders, revenue: round2(s.revenue) }));
  const orders = byStatus.reduce((n, s) => n + s.orders, 0);
  const revenue = round2(rows.reduce((n, r) => n + r.revenue, 0));

  // The 12 months up to the latest order's.
  const latest = [...months.keys()].sort().at(-1);
  let byMonth: TShopDashboard['byMonth'] = [];
  if (latest) {
    const [year, month] = latest.split('-').map(Number);
    byMonth = Array.from({ length: 12 }, (_, i) => {
      const d = new Date(Date.UTC(year, month - 12 + i, 1));
      const key = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
      const found = months.get(key);
      return { month: key, orders: found?.orders ?? 0, revenue: round2(found?.revenue ?? 0) };
    });
  }

  const { customers } = await db
    .selectNoFrom(keptRowCount('ecommerce_customers', tenant).as('customers'))
    .executeTakeFirstOrThrow();

  const topProducts = await db
    .selectFrom('ecommerce_products as p')
    .where('p.tenant_id', '=', tenant)
    .select([
      'p.id',
      'p.product_name as productName',
      'p.category',
      'p.qty',
      sql<number>`p.price::float8`.as('price'),
      sql<number>`(p.price * p.qty)::float8`.as('value'),
    ])
    .orderBy(sql`p.price * p.qty`, 'desc')
    .orderBy('p.id')
    .limit(5)
    .execute();

  return {
    revenue,
    orders,
    averageOrder: orders ? round2(revenue / orders) : 0,
    customers,
    byMonth,
    byStatus,
    topProducts: topProducts.map((p) => ({ ...p, value: round2(p.value) })),
  };
}
