// Shop orders as a shop keeps them: lines whose sum with shipping and tax is the order's total, a
// shipping and a billing address, a status its payment allows and a history that leads to it; a
// customer's order count is the orders placed with their e-mail and their total spent what the paid ones
// came to, in the list, the details, after an order goes and after one is cancelled; an order not paid is
// not dispatched (400 naming status). Then the migrations that bring orders stored before to the same.
import crypto from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { PAYMENT, statusFitsPayment, type TOrderDetail } from '../../../../shared/schemas/ecommerce.ts';
import { initOrm } from '../../../db/orm.ts';
import { setupTestApp } from '../../../testing/app.ts';

const t = await setupTestApp();
const ADMIN = 'admin@demo.com';

async function rows<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return t.orm.em.fork().getConnection().execute<T[]>(query, params);
}

const cents = (n: number) => Math.round(n * 100);

/** What is wrong with one order's detail (empty when it is whole). */
function flawsOf(o: TOrderDetail): string[] {
  const flaws: string[] = [];
  if (o.lines.length === 0) flaws.push('no line');
  for (const line of o.lines)
    if (cents(line.total) !== cents(line.unitPrice) * line.quantity) flaws.push(`line ${line.position} total`);
  const subtotal = o.lines.reduce((sum, line) => sum + cents(line.total), 0);
  if (cents(o.subtotal) !== subtotal) flaws.push('subtotal');
  if (subtotal + cents(o.shipping) + cents(o.tax) !== cents(o.spent)) flaws.push('total');
  if (o.shippingAddress?.name !== o.customer || o.billingAddress?.name !== o.customer) flaws.push('addresses');
  if (!statusFitsPayment(o.status, o.payment)) flaws.push(`${o.status} with payment ${o.payment}`);
  const [placed, ...moves] = o.history;
  if (placed?.from !== null || placed.to !== 'Processing') flaws.push('not placed first');
  if (o.history.at(-1)?.to !== o.status) flaws.push(`history ends at ${o.history.at(-1)?.to}`);
  moves.forEach((move, i) => {
    if (move.from !== o.history[i].to) flaws.push(`move ${i + 1} from ${move.from}`);
    if (move.at < o.history[i].at) flaws.push(`move ${i + 1} before the last`);
  });
  return flaws;
}

describe('shop orders', () => {
  it('have lines summing with shipping and tax to their total, two addresses, and a history that leads to a status their payment allows', async () => {
    const api = (await t.caller(ADMIN)).apps.ecommerce;
    const { items } = await api.orders.list({ itemsPerPage: -1 });
    expect(items).toHaveLength(100);
    const found: Record<number, string[]> = {};
    for (const row of items) {
      const flaws = flawsOf(await api.orders.byNumber({ order: row.order }));
      if (flaws.length) found[row.order] = flaws;
    }
    expect(found).toEqual({});
    // Every payment state is there, each with the statuses it allows: a failed payment is not shipped.
    const states = new Set(items.map((o) => `${o.payment} ${o.status}`));
    expect(states).toContain(`${PAYMENT.failed} Processing`);
    expect(states).toContain(`${PAYMENT.cancelled} Cancelled`);
    expect(states).toContain(`${PAYMENT.paid} Delivered`);

    // The same in SQL over every copy of the shop and the samples they are made from.
    const [broken] = await rows<{ n: number }>(
      `select count(*)::int as n from ecommerce_orders o
        where o.spent <> o.shipping + o.tax + (select coalesce(sum(l.unit_price * l.quantity), 0)
                                                from ecommerce_order_lines l where l.order_id = o.id)
           or o.shipping_address is null or o.billing_address is null
           or o.status <> (select e.to_status from ecommerce_order_events e where e.order_id = o.id
                           order by e.created_at desc, e.id desc limit 1)`,
    );
    expect(broken.n).toBe(0);
    const [copies] = await rows<{ n: number }>(
      'select count(distinct tenant_id)::int as n from ecommerce_order_lines l join ecommerce_orders o on o.id = l.order_id',
    );
    expect(copies.n).toBeGreaterThanOrEqual(1);
  });

  it('refuses to dispatch an order that is not paid, with a 400 naming status; cancelling cancels its payment', async () => {
    const api = (await t.caller(ADMIN)).apps.ecommerce;
    const { items } = await api.orders.list({ itemsPerPage: -1 });
    const unpaid = items.find((o) => o.status === 'Processing' && o.payment === PAYMENT.failed)!;
    const refused = await api.orders.setStatus({ id: unpaid.id, status: 'Dispatched' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'BAD_REQUEST' });
    expect((refused as { cause?: unknown }).cause).toMatchObject({
      key: 'shop.orderNotPaid',
      fieldIssues: { status: [{ key: 'shop.orderNotPaid' }] },
    });
    // As a browser or a script sends it: HTTP 400, the field named with the message.
    const res = await t.request({
      method: 'POST',
      url: '/trpc/apps.ecommerce.orders.setStatus',
      as: ADMIN,
      payload: { json: { id: unpaid.id, status: 'Dispatched' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { json: { data: { fieldErrors: unknown } } } }>().error.json.data.fieldErrors).toEqual({
      status: ['This order is not paid: it can be dispatched only once its payment is received'],
    });
    expect(await api.orders.byNumber({ order: unpaid.order })).toMatchObject({ status: 'Processing', payment: 3 });

    const cancelled = await api.orders.setStatus({ id: unpaid.id, status: 'Cancelled' });
    expect(cancelled).toMatchObject({ status: 'Cancelled', payment: PAYMENT.cancelled });
    expect(cancelled.history.at(-1)).toMatchObject({ from: 'Processing', to: 'Cancelled' });
    expect(flawsOf(cancelled)).toEqual([]);

    const paid = items.find((o) => o.status === 'Processing' && o.payment === PAYMENT.paid)!;
    expect((await api.orders.setStatus({ id: paid.id, status: 'Dispatched' })).status).toBe('Dispatched');
  });

  it('count a customer’s orders from those placed with their e-mail and their total spent from the paid ones, in the list and the details, also after one goes', async () => {
    const api = (await t.caller(ADMIN)).apps.ecommerce;
    const customers = (await api.customers.list({ itemsPerPage: -1 })).items;
    const found: Record<number, string> = {};
    for (const c of customers) {
      const orders = await api.orders.ofCustomer({ customerId: c.customerId, itemsPerPage: -1 });
      const paid = orders.items.filter((o) => o.payment === PAYMENT.paid);
      const spent = paid.reduce((sum, o) => sum + cents(o.spent), 0);
      const detail = await api.customers.byId({ customerId: c.customerId });
      const seen = [c.order, detail.order, detail.paidOrders, cents(c.totalSpent), cents(detail.totalSpent)];
      const want = [orders.total, orders.total, paid.length, spent, spent];
      if (seen.join() !== want.join()) found[c.customerId] = `${seen.join()} (want ${want.join()})`;
    }
    expect(found).toEqual({});
    expect(customers.filter((c) => c.order > 0).length).toBeGreaterThan(30);

    const buyer = customers.find((c) => c.order >= 2)!;
    const [gone] = (await api.orders.ofCustomer({ customerId: buyer.customerId })).items;
    await api.orders.delete({ id: gone.id });
    const after = await api.customers.byId({ customerId: buyer.customerId });
    expect(after.order).toBe(buyer.order - 1);
    expect(cents(after.totalSpent)).toBe(
      cents(buyer.totalSpent) - (gone.payment === PAYMENT.paid ? cents(gone.spent) : 0),
    );
    const listed = (await api.customers.list({ q: buyer.email, itemsPerPage: -1 })).items;
    expect(listed.find((c) => c.customerId === buyer.customerId)).toMatchObject({
      order: after.order,
      totalSpent: after.totalSpent,
    });

    // Kept in SQL for every shop: the samples and each copy.
    const [off] = await rows<{ n: number }>(
      `select count(*)::int as n from ecommerce_customers c
        cross join lateral (
          select count(*)::int as orders, coalesce(sum(o.spent) filter (where o.payment = 1), 0) as spent
            from ecommerce_orders o
           where o.email = c.email and o.tenant_id is not distinct from c.tenant_id) placed
        where c.order_count <> placed.orders or c.total_spent <> placed.spent`,
    );
    expect(off.n).toBe(0);
  });

  it('leave cancelled and unpaid orders out of a customer’s total spent, and take a paid order out once it is cancelled', async () => {
    const api = (await t.caller(ADMIN)).apps.ecommerce;
    const { items } = await api.orders.list({ itemsPerPage: -1 });
    const customers = (await api.customers.list({ itemsPerPage: -1 })).items;
    const customerOf = (email: string) => customers.find((c) => c.email === email)!;
    // Someone with an order not paid (cancelled, pending or failed) beside what they paid.
    const unpaid = items.find((o) => o.payment !== PAYMENT.paid && customerOf(o.email))!;
    const who = customerOf(unpaid.email);
    const theirs = (await api.orders.ofCustomer({ customerId: who.customerId, itemsPerPage: -1 })).items;
    const paidCents = theirs.filter((o) => o.payment === PAYMENT.paid).reduce((sum, o) => sum + cents(o.spent), 0);
    const allCents = theirs.reduce((sum, o) => sum + cents(o.spent), 0);
    expect(allCents).toBeGreaterThan(paidCents);
    expect(await api.customers.byId({ customerId: who.customerId })).toMatchObject({
      order: theirs.length,
      paidOrders: theirs.filter((o) => o.payment === PAYMENT.paid).length,
      totalSpent: paidCents / 100,
    });
    expect(cents(who.totalSpent)).toBe(paidCents);

    // A paid order still in the shop, cancelled: its customer's order count stays, their total drops by it.
    const paid = items.find((o) => o.status === 'Processing' && o.payment === PAYMENT.paid && customerOf(o.email))!;
    const before = await api.customers.byId({ customerId: customerOf(paid.email).customerId });
    await api.orders.setStatus({ id: paid.id, status: 'Cancelled' });
    const after = await api.customers.byId({ customerId: before.customerId });
    expect([after.order, after.paidOrders, cents(after.totalSpent)]).toEqual([
      before.order,
      before.paidOrders - 1,
      cents(before.totalSpent) - cents(paid.spent),
    ]);
    const listed = (await api.customers.list({ q: before.email, itemsPerPage: -1 })).items;
    expect(listed.find((c) => c.customerId === before.customerId)?.totalSpent).toBe(after.totalSpent);
  });
});

describe('the migration of orders stored before', () => {
  it('gives them a line with their total, a payment their status allows, a history to their status, and customers their sums (the total of what they paid)', async () => {
    const server = inject('pgServerUrl');
    const name = `legacy_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    const orm = await initOrm(url.toString(), { pool: { max: 2 } });
    try {
      await orm.migrator.up({ to: 'Migration20261129120000_report_rollups_deferred' });
      const run = (query: string) => orm.em.getConnection().execute(query);
      await run(`insert into ecommerce_products (created_at, updated_at, product_name, product_brand, category, stock, sku, price, qty, status, image)
        values (now(), now(), 'Orbit Smartwatch S2', 'Orbit', 'Electronics', true, '48213', 199, 4, 'Published', ''),
               (now(), now(), 'Keyform Phone Case', 'Keyform', 'Accessories', true, '11873', 19.5, 40, 'Published', '')`);
      await run(`insert into ecommerce_orders (created_at, updated_at, order_number, customer, email, avatar, payment, status, spent, method, ordered_at, method_number)
        values (now(), now(), 5001, 'Ann Lee', 'ann@example.com', '', 3, 'Delivered', 120.5, 'paypalLogo', now() - interval '9 days', 1234),
               (now(), now(), 5002, 'Ann Lee', 'ann@example.com', '', 2, 'Out for Delivery', 30, 'mastercard', now() - interval '5 days', 4321),
               (now(), now(), 5003, 'Bo Chan', 'bo@example.com', '', 1, 'Out for Delivery', 9.99, 'paypalLogo', now() - interval '8 days', 1111)`);
      // Someone moved #5003 on from Dispatched: its history keeps that move, after what it is given.
      await run(`insert into ecommerce_order_events (created_at, updated_at, order_id, from_status, to_status, by_name)
        select now() - interval '2 days', now(), id, 'Dispatched', 'Out for Delivery', 'Ada Admin' from ecommerce_orders where order_number = 5003`);
      await run(`insert into ecommerce_customers (created_at, updated_at, customer, customer_id, email, country, country_code, order_count, total_spent, avatar, contact)
        values (now(), now(), 'Ann Lee', 200001, 'ann@example.com', 'France', 'fr', 14, 1220.24, '', '+1 (200) 555-0100'),
               (now(), now(), 'Cy Dunn', 200002, 'cy@example.com', 'Spain', 'es', 3, 99, '', '+1 (200) 555-0101')`);

      await orm.migrator.up();

      const orders = await orm.em
        .getConnection()
        .execute<
          { order_number: number; payment: number; status: string; spent: string; lines: string; path: string }[]
        >(`select o.order_number, o.payment, o.status, o.spent::text,
                (select string_agg(l.quantity || ' x ' || l.unit_price || ' ' || l.product_name, '; ' order by l.position)
                   from ecommerce_order_lines l where l.order_id = o.id) as lines,
                (select string_agg(coalesce(e.from_status, '-') || '>' || e.to_status, ', ' order by e.created_at, e.id)
                   from ecommerce_order_events e where e.order_id = o.id) as path
           from ecommerce_orders o order by o.order_number`);
      expect(orders).toEqual([
        {
          order_number: 5001,
          payment: 1,
          status: 'Delivered',
          spent: '120.50',
          lines: '1 x 120.50 Keyform Phone Case',
          path: '->Processing, Processing>Dispatched, Dispatched>Out for Delivery, Out for Delivery>Delivered',
        },
        {
          order_number: 5002,
          payment: 1,
          status: 'Out for Delivery',
          spent: '30.00',
          lines: '1 x 30.00 Orbit Smartwatch S2',
          path: '->Processing, Processing>Dispatched, Dispatched>Out for Delivery',
        },
        {
          order_number: 5003,
          payment: 1,
          status: 'Out for Delivery',
          spent: '9.99',
          lines: '1 x 9.99 Keyform Phone Case',
          path: '->Processing, Processing>Dispatched, Dispatched>Out for Delivery',
        },
      ]);
      const sums = () =>
        orm.em
          .getConnection()
          .execute<{ customer_id: number; order_count: number; total_spent: string }[]>(
            'select customer_id, order_count, total_spent::text from ecommerce_customers order by customer_id',
          );
      expect(await sums()).toEqual([
        { customer_id: 200001, order_count: 2, total_spent: '150.50' },
        { customer_id: 200002, order_count: 0, total_spent: '0.00' },
      ]);
      // Kept from then on: an order placed, one changed, one deleted.
      await run(`insert into ecommerce_orders (created_at, updated_at, order_number, customer, email, avatar, payment, status, spent, method, ordered_at, method_number)
        values (now(), now(), 5004, 'Cy Dunn', 'cy@example.com', '', 1, 'Processing', 12.25, 'paypalLogo', now(), 2222)`);
      await run(`update ecommerce_orders set status = 'Dispatched' where order_number = 5004`);
      await run(`update ecommerce_orders set email = 'cy@example.com' where order_number = 5002`);
      await run(`delete from ecommerce_orders where order_number = 5001`);
      expect(await sums()).toEqual([
        { customer_id: 200001, order_count: 0, total_spent: '0.00' },
        { customer_id: 200002, order_count: 2, total_spent: '42.25' },
      ]);
      // Only what is paid adds to the total: an order placed unpaid counts as an order, not as spent,
      // until its payment comes; cancelled, it is out of the total again.
      await run(`insert into ecommerce_orders (created_at, updated_at, order_number, customer, email, avatar, payment, status, spent, method, ordered_at, method_number)
        values (now(), now(), 5005, 'Cy Dunn', 'cy@example.com', '', 2, 'Processing', 100, 'paypalLogo', now(), 3333)`);
      expect((await sums())[1]).toEqual({ customer_id: 200002, order_count: 3, total_spent: '42.25' });
      await run(`update ecommerce_orders set payment = 1 where order_number = 5005`);
      expect((await sums())[1]).toEqual({ customer_id: 200002, order_count: 3, total_spent: '142.25' });
      await run(`update ecommerce_orders set payment = 4, status = 'Cancelled' where order_number = 5005`);
      expect((await sums())[1]).toEqual({ customer_id: 200002, order_count: 3, total_spent: '42.25' });
    } finally {
      await orm.close(true);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
