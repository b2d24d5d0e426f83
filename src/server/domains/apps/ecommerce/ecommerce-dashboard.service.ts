// The e-commerce dashboard (issue 16): revenue, orders, customers and top products of the caller's shop,
// each aggregated in SQL. Orders are read through the covering index (tenant_id, ordered_at) include
// (spent, status) so the million-row benchmark shop is answered by index-only scans.
import { sql, type Kysely } from 'kysely';
import type { TShopDashboard } from '../../../../shared/schemas/ecommerce.ts';
import { db as kyselyOf, type DB } from '../../../db/kysely.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { openShop } from './ecommerce.service.ts';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Every figure of the dashboard; needs `read DemoApp`. */
export async function shopDashboard(ctx: ServiceContext): Promise<TShopDashboard> {
  const shop = await openShop(ctx);
  return shopFigures(kyselyOf(shop.ctx.em), shop.tenant);
}

/** The dashboard's statements over demo tenant `tenant`'s shop (bench/servers.ts runs them bare as the ceiling). */
export async function shopFigures(db: Kysely<DB>, tenant: number): Promise<TShopDashboard> {
  const byStatus = await db
    .selectFrom('ecommerce_orders as o')
    .where('o.tenant_id', '=', tenant)
    .groupBy('o.status')
    .orderBy('o.status')
    .select(['o.status', sql<number>`count(*)::int`.as('orders'), sql<number>`coalesce(sum(o.spent), 0)::float8`.as('revenue')])
    .execute();
  const orders = byStatus.reduce((n, s) => n + s.orders, 0);
  const revenue = round2(byStatus.reduce((n, s) => n + s.revenue, 0));

  // The 12 months up to the latest order (the newest is found through the index's last entry).
  const latest = await db
    .selectFrom('ecommerce_orders as o')
    .where('o.tenant_id', '=', tenant)
    .select('o.ordered_at')
    .orderBy('o.ordered_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  let byMonth: TShopDashboard['byMonth'] = [];
  if (latest) {
    const end = new Date(latest.ordered_at);
    const from = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 11, 1));
    const rows = await db
      .selectFrom('ecommerce_orders as o')
      .where('o.tenant_id', '=', tenant)
      .where('o.ordered_at', '>=', from)
      .groupBy(sql`date_trunc('month', o.ordered_at at time zone 'UTC')`)
      .select([
        sql<string>`to_char(date_trunc('month', o.ordered_at at time zone 'UTC'), 'YYYY-MM')`.as('month'),
        sql<number>`count(*)::int`.as('orders'),
        sql<number>`coalesce(sum(o.spent), 0)::float8`.as('revenue'),
      ])
      .execute();
    const found = new Map(rows.map((r) => [r.month, r]));
    byMonth = Array.from({ length: 12 }, (_, i) => {
      const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + i, 1));
      const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
      const row = found.get(month);
      return { month, orders: row?.orders ?? 0, revenue: round2(row?.revenue ?? 0) };
    });
  }

  const { customers } = await db
    .selectFrom('ecommerce_customers as c')
    .where('c.tenant_id', '=', tenant)
    .select(sql<number>`count(*)::int`.as('customers'))
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
    byStatus: byStatus.map((s) => ({ ...s, revenue: round2(s.revenue) })),
    topProducts: topProducts.map((p) => ({ ...p, value: round2(p.value) })),
  };
}
