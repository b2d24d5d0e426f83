// The e-commerce dashboard: every figure equals one computed here from the shop's lists.
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_NEXT } from '../../../../shared/schemas/ecommerce.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { codeOf } from '../../../testing/trpc.ts';

const t = await setupTestApp();
const cents = (n: number) => Math.round(n * 100);

describe('apps.ecommerce.dashboard', () => {
  it('sums revenue, orders, customers, months, statuses and top products like the lists do', async () => {
    const api = (await t.caller('admin@demo.com')).apps.ecommerce;
    const dash = await api.dashboard();
    const orders = (await api.orders.list({ itemsPerPage: -1 })).items;
    const customers = await api.customers.list({ itemsPerPage: 1 });
    const products = (await api.products.list({ itemsPerPage: -1 })).items;

    expect(orders.length).toBeGreaterThan(0);
    expect(dash.orders).toBe(orders.length);
    const revenue = orders.reduce((n, o) => n + cents(o.spent), 0);
    expect(cents(dash.revenue)).toBe(revenue);
    expect(cents(dash.averageOrder)).toBe(Math.round(revenue / orders.length));
    expect(dash.customers).toBe(customers.total);

    const statuses = new Map<string, { orders: number; revenue: number }>();
    for (const o of orders) {
      const s = statuses.get(o.status) ?? { orders: 0, revenue: 0 };
      statuses.set(o.status, { orders: s.orders + 1, revenue: s.revenue + cents(o.spent) });
    }
    expect(dash.byStatus.map((s) => [s.status, s.orders, cents(s.revenue)]).sort()).toEqual(
      [...statuses].map(([k, v]) => [k, v.orders, v.revenue]).sort(),
    );

    // Months: the 12 up to the latest order's, from the orders' own dates.
    const latest = orders
      .map((o) => o.date)
      .sort()
      .at(-1)!;
    expect(dash.byMonth).toHaveLength(12);
    expect(dash.byMonth.at(-1)!.month).toBe(latest.slice(0, 7));
    for (const m of dash.byMonth) {
      const inMonth = orders.filter((o) => o.date.startsWith(m.month));
      expect([m.month, m.orders, cents(m.revenue)]).toEqual([
        m.month,
        inMonth.length,
        inMonth.reduce((n, o) => n + cents(o.spent), 0),
      ]);
    }

    const top = products
      .map((p) => ({ id: p.id, value: cents(Number(p.price.replace(/[^0-9.]/g, '')) * p.qty) }))
      .sort((a, b) => b.value - a.value || a.id - b.id)
      .slice(0, 5);
    expect(dash.topProducts.map((p) => ({ id: p.id, value: cents(p.value) }))).toEqual(top);
  });

  it('follows the shop: a deleted order leaves the figures', async () => {
    const api = (await t.caller('admin@demo.com')).apps.ecommerce;
    const before = await api.dashboard();
    const [order] = (await api.orders.list({ sortBy: 'spent', orderBy: 'desc', itemsPerPage: 1 })).items;
    await api.orders.delete({ id: order.id });
    const after = await api.dashboard();
    expect(after.orders).toBe(before.orders - 1);
    expect(cents(after.revenue)).toBe(cents(before.revenue) - cents(order.spent));
  });

  it('moves an order between statuses when its status changes', async () => {
    const api = (await t.caller('admin@demo.com')).apps.ecommerce;
    const order = (await api.orders.list({ itemsPerPage: -1 })).items.find(
      (o) => ORDER_STATUS_NEXT[o.status].length > 0,
    )!;
    const to = ORDER_STATUS_NEXT[order.status][0];
    const before = await api.dashboard();
    await api.orders.setStatus({ id: order.id, status: to });
    const after = await api.dashboard();
    const count = (d: typeof before, s: string) => d.byStatus.find((x) => x.status === s)?.orders ?? 0;
    expect(count(after, order.status)).toBe(count(before, order.status) - 1);
    expect(count(after, to)).toBe(count(before, to) + 1);
    expect(after.orders).toBe(before.orders);
  });

  it('answers REST with the same figures and refuses callers without the demo apps', async () => {
    const res = await t.request({ method: 'GET', url: '/api/apps/ecommerce/dashboard', as: 'analyst@demo.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(await (await t.caller('analyst@demo.com')).apps.ecommerce.dashboard());
    expect(await codeOf((await t.caller('client@demo.com')).apps.ecommerce.dashboard())).toBe('FORBIDDEN');
    expect(await codeOf(t.createAnonCaller().apps.ecommerce.dashboard())).toBe('UNAUTHORIZED');
  });
});
