// The analytics dashboard's sales figures: orders, revenue and average order of the caller's
// shop per week, payment method, payment state and day of the week, over the `weeks` weeks up to the
// latest order's, beside the same number of weeks before. Everything is summed in SQL, in one grouped
// statement, from "ecommerce_order_day_rollups" (per tenant, UTC day, method and payment state; kept
// exact by statement-level triggers, see Migration20261128110000_shop_sales_rollups): a window of a
// million-order shop is at most 8 rows a day, read through the primary key's (tenant_id, day) prefix.
import { type Kysely, sql } from 'kysely';
import { PAYMENT_METHODS, type TShopSales, type TShopSalesInput } from '../../../../shared/schemas/ecommerce.ts';
import { type DB, db as kyselyOf } from '../../../db/kysely.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { openShop } from './ecommerce.shop.ts';

/** The sales figures of the caller's shop; needs `read DemoApp`. */
export async function shopSales(ctx: ServiceContext, input: TShopSalesInput): Promise<TShopSales> {
  const shop = await openShop(ctx);
  return salesFigures(kyselyOf(shop.ctx.em), shop.tenant, input.weeks);
}

interface SumRow {
  orders: number;
  revenue: number;
  averageOrder: number;
}
interface GroupRow extends SumRow {
  cur: boolean;
  week: string | null;
  method: (typeof PAYMENT_METHODS)[number] | null;
  payment: number | null;
  weekday: number | null;
  /** grouping(week, method, payment, weekday): which grouping set the row sums. */
  g: number;
}

const ZERO: SumRow = { orders: 0, revenue: 0, averageOrder: 0 };
const sum = ({ orders, revenue, averageOrder }: SumRow): SumRow => ({ orders, revenue, averageOrder });

/** The statements over demo tenant `tenant`'s shop (bench/servers.ts runs them bare as the ceiling). */
export async function salesFigures(db: Kysely<DB>, tenant: number, weeks: number): Promise<TShopSales> {
  // The window: Monday `weeks - 1` weeks before the latest order's week, to that week's Sunday.
  const win = await sql<{ start: string; stop: string }>`
    select to_char(date_trunc('week', day)::date - ${(weeks - 1) * 7}::int, 'YYYY-MM-DD') as start,
           to_char(date_trunc('week', day)::date + 6, 'YYYY-MM-DD') as stop
      from ecommerce_order_day_rollups
     where tenant_id = ${tenant} and orders <> 0
     order by day desc limit 1`.execute(db);
  const window = win.rows[0];
  if (!window) {
    return {
      weeks,
      from: null,
      to: null,
      current: ZERO,
      previous: ZERO,
      byWeek: [],
      byMethod: [],
      byPayment: [],
      byWeekday: [],
    };
  }

  const { rows } = await sql<GroupRow>`
    select cur, to_char(week, 'YYYY-MM-DD') as week, method, payment, weekday,
           sum(orders)::int as orders, round(sum(revenue), 2)::float8 as revenue,
           coalesce(round(sum(revenue) / nullif(sum(orders), 0), 2), 0)::float8 as "averageOrder",
           grouping(week, method, payment, weekday) as g
      from (select r.day >= ${window.start}::date as cur, date_trunc('week', r.day)::date as week, r.method::text as method,
                   r.payment::int as payment, extract(isodow from r.day)::int as weekday, r.orders, r.revenue
              from ecommerce_order_day_rollups r
             where r.tenant_id = ${tenant} and r.day >= ${window.start}::date - ${weeks * 7}::int and r.day <= ${window.stop}::date
               and r.orders <> 0) x
     group by grouping sets ((cur), (cur, week), (cur, method), (cur, payment), (cur, weekday))
    having cur or grouping(week, method, payment, weekday) = 15`.execute(db);

  const current = rows.filter((r) => r.cur);
  const total = (cur: boolean) => sum(rows.find((r) => r.cur === cur && r.g === 15) ?? ZERO);
  const byKey = <K extends 'week' | 'method' | 'payment' | 'weekday'>(g: number, key: K) =>
    new Map(current.filter((r) => r.g === g).map((r) => [String(r[key]), sum(r)]));
  const weekRows = byKey(7, 'week');
  const methodRows = byKey(11, 'method');
  const paymentRows = byKey(13, 'payment');
  const weekdayRows = byKey(14, 'weekday');

  const monday = new Date(`${window.start}T00:00:00Z`);
  return {
    weeks,
    from: window.start,
    to: window.stop,
    current: total(true),
    previous: total(false),
    byWeek: Array.from({ length: weeks }, (_, i) => {
      const week = new Date(monday.getTime() + i * 7 * 86_400_000).toISOString().slice(0, 10);
      return { week, ...(weekRows.get(week) ?? ZERO) };
    }),
    byMethod: PAYMENT_METHODS.map((method) => ({ method, ...(methodRows.get(method) ?? ZERO) })),
    byPayment: [1, 2, 3, 4].map((payment) => ({ payment, ...(paymentRows.get(String(payment)) ?? ZERO) })),
    byWeekday: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ...(weekdayRows.get(String(weekday)) ?? ZERO) })),
  };
}
