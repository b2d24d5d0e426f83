// The analytics dashboard's sales figures: every figure equals the same sum computed here in
// raw SQL straight from ecommerce_orders (not the rollups the service reads), per customer's shop.
import { describe, expect, it } from 'vitest';
import type { TShopSales } from '../../../../shared/schemas/ecommerce.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { codeOf } from '../../../testing/trpc.ts';

const t = await setupTestApp();
const cents = (n: number) => Math.round(n * 100);
type Sum = { orders: number; revenue: number; averageOrder: number };

async function query<T>(text: string, params: unknown[]): Promise<T[]> {
  return t.orm.em.fork().getConnection().execute<T[]>(text, params);
}

/** The demo tenant of `email`'s customer (the platform's for the superadmin). */
async function tenantOf(email: string): Promise<number> {
  const [row] = await query<{ id: number }>(
    `select dt.id from demo_tenants dt join users u on dt.key = coalesce('customer:' || u.customer_id, 'platform') where u.email = ?`,
    [email],
  );
  return row.id;
}

/** The figures from the orders themselves, grouped by `key` (an SQL expression) within [from, to]. */
async function raw(tenant: number, from: string, to: string, key: string): Promise<Map<string, Sum>> {
  const rows = await query<{ k: string; orders: number; revenue: string }>(
    `select (${key})::text as k, count(*)::int as orders, sum(spent)::text as revenue from ecommerce_orders
      where tenant_id = ? and (ordered_at at time zone 'UTC')::date between ?::date and ?::date group by 1`,
    [tenant, from, to],
  );
  return new Map(
    rows.map((r) => [
      r.k,
      { orders: r.orders, revenue: Number(r.revenue), averageOrder: Number(r.revenue) / r.orders },
    ]),
  );
}

/** `figures` agree with the raw sums of `tenant`'s orders (zero where raw has none). */
async function expectRawFigures(tenant: number, s: TShopSales) {
  const [latest] = await query<{ day: string }>(
    `select to_char(max((ordered_at at time zone 'UTC')::date), 'YYYY-MM-DD') as day from ecommerce_orders where tenant_id = ?`,
    [tenant],
  );
  // The window ends on the Sunday of the latest order's week and starts `weeks` Mondays before.
  const sunday = new Date(`${latest.day}T00:00:00Z`);
  sunday.setUTCDate(sunday.getUTCDate() + ((7 - sunday.getUTCDay()) % 7));
  expect(s.to).toBe(sunday.toISOString().slice(0, 10));
  const monday = new Date(sunday.getTime() - (s.weeks * 7 - 1) * 86_400_000).toISOString().slice(0, 10);
  expect(s.from).toBe(monday);
  const before = new Date(new Date(`${monday}T00:00:00Z`).getTime() - 86_400_000).toISOString().slice(0, 10);
  const earliest = new Date(new Date(`${monday}T00:00:00Z`).getTime() - s.weeks * 7 * 86_400_000)
    .toISOString()
    .slice(0, 10);

  const same = (got: Sum, want: Sum | undefined, what: string) => {
    expect([got.orders, cents(got.revenue), cents(got.averageOrder)], what).toEqual([
      want?.orders ?? 0,
      cents(want?.revenue ?? 0),
      want ? Math.round(cents(want.revenue) / want.orders) : 0,
    ]);
  };
  same(s.current, (await raw(tenant, monday, s.to!, "'all'")).get('all'), 'current');
  same(s.previous, (await raw(tenant, earliest, before, "'all'")).get('all'), 'previous');
  const weeks = await raw(
    tenant,
    monday,
    s.to!,
    `to_char(date_trunc('week', (ordered_at at time zone 'UTC')::date), 'YYYY-MM-DD')`,
  );
  expect(s.byWeek).toHaveLength(s.weeks);
  expect(s.byWeek[0].week).toBe(monday);
  for (const w of s.byWeek) same(w, weeks.get(w.week), `week ${w.week}`);
  expect(s.byWeek.reduce((n, w) => n + w.orders, 0)).toBe(s.current.orders);
  const methods = await raw(tenant, monday, s.to!, 'method');
  expect(s.byMethod.map((m) => m.method).sort()).toEqual(['mastercard', 'paypalLogo']);
  for (const m of s.byMethod) same(m, methods.get(m.method), `method ${m.method}`);
  const payments = await raw(tenant, monday, s.to!, 'payment');
  expect(s.byPayment.map((p) => p.payment)).toEqual([1, 2, 3, 4]);
  for (const p of s.byPayment) same(p, payments.get(String(p.payment)), `payment ${p.payment}`);
  const weekdays = await raw(tenant, monday, s.to!, `extract(isodow from (ordered_at at time zone 'UTC'))::int`);
  expect(s.byWeekday.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  for (const d of s.byWeekday) same(d, weekdays.get(String(d.weekday)), `weekday ${d.weekday}`);
}

describe('apps.ecommerce.sales', () => {
  it('sums the window, the weeks before, weeks, methods, payment states and weekdays like raw SQL over the orders', async () => {
    const api = (await t.caller('admin@demo.com')).apps.ecommerce;
    for (const weeks of [12, 4, 52, 1]) {
      const s = await api.sales({ weeks });
      const tenant = await tenantOf('admin@demo.com');
      expect(s.weeks).toBe(weeks);
      expect(s.current.orders).toBeGreaterThan(0);
      await expectRawFigures(tenant, s);
    }
    // The samples span about 17 weeks: 4 weeks have weeks before them with orders.
    expect((await api.sales({ weeks: 4 })).previous.orders).toBeGreaterThan(0);
  });

  it("answers from the caller's customer's shop only: a change in one shop leaves another's figures", async () => {
    const acme = (await t.caller('admin@demo.com')).apps.ecommerce;
    const nws = (await t.caller('admin@nws.demo.com')).apps.ecommerce;
    const platform = (await t.caller('superadmin@demo.com')).apps.ecommerce;
    const [acmeBefore, nwsBefore, platformBefore] = await Promise.all([
      acme.sales({ weeks: 12 }),
      nws.sales({ weeks: 12 }),
      platform.sales({ weeks: 12 }),
    ]);
    // The fifth latest order: the window (up to the latest order's week) stays where it is.
    const order = (await acme.orders.list({ sortBy: 'date', orderBy: 'desc', itemsPerPage: 5 })).items[4];
    await acme.orders.delete({ id: order.id });
    const acmeAfter = await acme.sales({ weeks: 12 });
    expect(acmeAfter.current.orders).toBe(acmeBefore.current.orders - 1);
    expect(cents(acmeAfter.current.revenue)).toBe(cents(acmeBefore.current.revenue) - cents(order.spent));
    expect(await nws.sales({ weeks: 12 })).toEqual(nwsBefore);
    expect(await platform.sales({ weeks: 12 })).toEqual(platformBefore);
    expect(await tenantOf('admin@nws.demo.com')).not.toBe(await tenantOf('admin@demo.com'));
    await expectRawFigures(await tenantOf('admin@demo.com'), acmeAfter);
    await expectRawFigures(await tenantOf('admin@nws.demo.com'), nwsBefore);
  });

  it('answers REST with the same figures; bad weeks are a 400 naming the field', async () => {
    const res = await t.request({ method: 'GET', url: '/api/apps/ecommerce/sales?weeks=26', as: 'analyst@demo.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(await (await t.caller('analyst@demo.com')).apps.ecommerce.sales({ weeks: 26 }));
    const byDefault = await t.request({ method: 'GET', url: '/api/apps/ecommerce/sales', as: 'analyst@demo.com' });
    expect(byDefault.json<TShopSales>().weeks).toBe(12);
    for (const weeks of ['0', '53', 'abc', '1.5', '-4']) {
      const bad = await t.request({
        method: 'GET',
        url: `/api/apps/ecommerce/sales?weeks=${weeks}`,
        as: 'analyst@demo.com',
      });
      expect(bad.statusCode, weeks).toBe(400);
      expect(bad.body, weeks).toContain('weeks');
    }
    const api = (await t.caller('analyst@demo.com')).apps.ecommerce;
    const refused = await api.sales({ weeks: 99 }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'BAD_REQUEST' });
    expect(JSON.stringify(refused)).toContain('weeks');
  });

  it('refuses callers without the demo apps', async () => {
    expect(await codeOf((await t.caller('client@demo.com')).apps.ecommerce.sales({ weeks: 12 }))).toBe('FORBIDDEN');
    expect(await codeOf(t.createAnonCaller().apps.ecommerce.sales({ weeks: 12 }))).toBe('UNAUTHORIZED');
    expect(
      (await t.request({ method: 'GET', url: '/api/apps/ecommerce/sales', as: 'client@demo.com' })).statusCode,
    ).toBe(403);
  });
});
