// Fresh-seed counts of the shop, invoice, users, permissions, logistics and analytics demo data
// (CONTRACTS.md "REST compatibility layer"), and the seeders' determinism.
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../src/server/testing/app.ts';
import { PAYMENT, statusFitsPayment } from '../../src/shared/schemas/ecommerce.ts';
import { generateAnalytics } from './analytics.seeder.ts';
import { generateDemoUsers } from './demo-users.seeder.ts';
import { generateEcommerce } from './ecommerce.seeder.ts';
import { generateInvoices } from './invoice.seeder.ts';
import { generateLogistics } from './logistics.seeder.ts';

const t = await setupTestApp();

describe('fresh seed', () => {
  it('has exactly the spec counts', async () => {
    const conn = t.orm.em.fork().getConnection();
    const count = async (table: string, where = 'true') =>
      Number((await conn.execute<{ n: number }[]>(`select count(*)::int as n from ${table} where ${where}`))[0].n);
    expect(await count('ecommerce_products')).toBe(50);
    expect(await count('ecommerce_reviews')).toBe(100);
    expect(await count('ecommerce_referrals')).toBe(45);
    expect(await count('ecommerce_orders')).toBe(100);
    expect(await count('ecommerce_customers')).toBe(100);
    expect(await count('invoices')).toBe(36);
    expect(
      await count(
        'invoices',
        `date_trunc('month', issued_date) = date_trunc('month', (now() at time zone 'UTC')::date)`,
      ),
    ).toBe(36);
    expect(await count('invoices', 'id between 4987 and 5022')).toBe(36);
    expect(await count('logistics_vehicles')).toBe(25);
    expect(await count('demo_users')).toBe(50);
    expect(await count('demo_permissions')).toBe(9);
    expect(await count('analytics_projects')).toBe(7);
  });

  it('keeps exact row counts of the big shop tables through inserts, deletes and truncates', async () => {
    const conn = t.orm.em.fork().getConnection();
    const kept = async () =>
      Object.fromEntries(
        (
          await conn.execute<{ table_name: string; row_count: string }[]>(
            'select table_name, row_count from table_row_counts',
          )
        ).map((r) => [r.table_name, Number(r.row_count)]),
      );
    expect(await kept()).toMatchObject({ ecommerce_orders: 100, ecommerce_customers: 100 });
    await conn.execute(
      `insert into ecommerce_customers (created_at, updated_at, customer, customer_id, email, country, country_code, order_count, total_spent, avatar, contact)
       select now(), now(), 'Bulk ' || g, 9000000 + g, 'bulk' || g || '@example.com', 'France', 'fr', 1, 10, '', '+1 (200) 555-0100'
       from generate_series(1, 3) g`,
    );
    await conn.execute(`delete from ecommerce_customers where customer_id in (9000001, 9000002)`);
    await conn.execute(
      `delete from ecommerce_orders where id in (select id from ecommerce_orders order by id limit 4)`,
    );
    expect(await kept()).toMatchObject({ ecommerce_orders: 96, ecommerce_customers: 101 });
    const [{ n }] = await conn.execute<{ n: number }[]>('select count(*)::int as n from ecommerce_customers');
    expect(n).toBe(101);
    await conn.execute('truncate ecommerce_orders cascade'); // cascade: the order status history points at orders
    expect(await kept()).toMatchObject({ ecommerce_orders: 0 });
  });

  it('continues invoice numbers after the seeded ones', async () => {
    const conn = t.orm.em.fork().getConnection();
    const [{ last }] = await conn.execute<{ last: number }[]>(`select last_value::int as last from invoices_id_seq`);
    expect(last).toBe(5022);
  });
});

/** Drop the fields that follow today's date. */
function withoutDates(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, v: unknown) =>
    ['date', 'orderedAt', 'at', 'issuedDate', 'dueDate', 'createdDate'].includes(key) ? undefined : v,
  );
}

describe('seeders', () => {
  const generators = {
    ecommerce: generateEcommerce,
    invoices: generateInvoices,
    users: generateDemoUsers,
    logistics: generateLogistics,
    analytics: generateAnalytics,
  } as const;
  const march = new Date('2026-03-14T10:00:00Z');
  const july = new Date('2026-07-02T22:30:00Z');

  for (const [name, generate] of Object.entries(generators)) {
    it(`${name}: the same seed gives identical data, and only dates move with today`, () => {
      const gen = generate as (seed?: number, today?: Date) => unknown;
      expect(gen(undefined, march)).toEqual(gen(undefined, march));
      expect(withoutDates(gen(undefined, july))).toEqual(withoutDates(gen(undefined, march)));
      expect(gen(12345, march)).not.toEqual(gen(undefined, march));
    });
  }

  it('issues every invoice in the month of today, numbered from 4987', () => {
    for (const today of [march, july, new Date('2026-02-28T23:59:59Z')]) {
      const { invoices } = generateInvoices(undefined, today);
      expect(invoices.map((i) => i.id)).toEqual(Array.from({ length: 36 }, (_, i) => 4987 + i));
      expect(invoices.every((i) => i.issuedDate.slice(0, 7) === today.toISOString().slice(0, 7))).toBe(true);
    }
  });

  it('generates the spec counts and value ranges', () => {
    const shop = generateEcommerce();
    expect([
      shop.products.length,
      shop.reviews.length,
      shop.referrals.length,
      shop.orders.length,
      shop.customers.length,
    ]).toEqual([50, 100, 45, 100, 100]);
    expect(new Set(shop.orders.map((o) => o.orderNumber)).size).toBe(100);
    expect(new Set(shop.customers.map((c) => c.customerId)).size).toBe(100);
    expect(shop.reviews.every((r) => r.rating >= 1 && r.rating <= 5)).toBe(true);
    expect(shop.orders.every((o) => o.payment >= 1 && o.payment <= 4)).toBe(true);
    expect(generateLogistics().vehicles.every((v) => v.progress >= 0 && v.progress <= 100)).toBe(true);
    const { users, permissions } = generateDemoUsers();
    expect([users.length, permissions.length]).toEqual([50, 9]);
  });

  it('places the shop’s orders coherently: by its customers, totals from lines, statuses their payment allows, histories in the past, customers’ totals from what they paid', () => {
    const today = new Date('2026-07-02T00:05:00Z');
    const shop = generateEcommerce(undefined, today);
    const cents = (n: number) => Math.round(n * 100);
    const customers = new Map(shop.customers.map((c) => [c.email, c]));
    for (const o of shop.orders) {
      expect(customers.get(o.email)?.customer, `#${o.orderNumber}`).toBe(o.customer);
      const subtotal = o.lines.reduce((sum, line) => sum + cents(line.unitPrice) * line.quantity, 0);
      expect(subtotal + cents(o.shipping) + cents(o.tax), `#${o.orderNumber}`).toBe(cents(o.spent));
      expect(statusFitsPayment(o.status, o.payment), `#${o.orderNumber} ${o.status} ${o.payment}`).toBe(true);
      expect(o.history[0]).toMatchObject({ fromStatus: null, toStatus: 'Processing', at: o.orderedAt });
      expect(o.history.at(-1)?.toStatus).toBe(o.status);
      expect(
        o.history.every(
          (h, i) => i === 0 || (h.fromStatus === o.history[i - 1].toStatus && h.at > o.history[i - 1].at),
        ),
      ).toBe(true);
      expect(o.history.at(-1)!.at.getTime()).toBeLessThan(today.getTime());
    }
    for (const c of shop.customers) {
      const theirs = shop.orders.filter((o) => o.email === c.email);
      // Every order counts; only the paid ones add to what the customer spent.
      expect([c.orderCount, cents(c.totalSpent)]).toEqual([
        theirs.length,
        theirs.filter((o) => o.payment === PAYMENT.paid).reduce((s, o) => s + cents(o.spent), 0),
      ]);
    }
    expect(new Set(shop.orders.map((o) => `${o.payment} ${o.status}`)).size).toBeGreaterThan(6);
  });
});
