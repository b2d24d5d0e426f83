// tRPC apps.ecommerce.* of the shop pages: stat cards, review approval, order status
// moves with history, a customer's orders and the store settings (per customer, versioned).
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS } from '../../../../shared/schemas/ecommerce.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { codeOf } from '../../../testing/trpc.ts';

const t = await setupTestApp();

describe('apps.ecommerce for the shop pages', () => {
  it('counts the product and referral stat cards in SQL, matching the lists', async () => {
    const api = (await t.caller('analyst@demo.com')).apps.ecommerce;
    const stats = await api.products.stats();
    const all = (await api.products.list({ itemsPerPage: -1 })).items;
    expect(stats.total).toBe(all.length);
    expect(stats.published).toBe(all.filter((p) => p.status === 'Published').length);
    expect(stats.inStock + stats.outOfStock).toBe(all.length);
    const value = all.reduce((sum, p) => sum + Number(p.price.slice(1)) * p.qty, 0);
    expect(stats.stockValue).toBeCloseTo(value, 2);
    const referrals = await api.referrals.stats();
    const rows = (await api.referrals.list({ itemsPerPage: -1 })).items;
    expect(referrals.total).toBe(rows.length);
    expect(referrals.paid + referrals.unpaid + referrals.rejected).toBe(rows.length);
    const unpaid = rows.filter((r) => r.status === 'Unpaid').reduce((sum, r) => sum + Number(r.earning.slice(1)), 0);
    expect(referrals.unpaidEarnings).toBeCloseTo(unpaid, 2);
  });

  it('approves and unpublishes a review from the version read; a stale version is a conflict', async () => {
    const api = (await t.caller('admin@demo.com')).apps.ecommerce;
    const [review] = (await api.reviews.list({ status: 'Pending', itemsPerPage: 1 })).items;
    const approved = await api.reviews.setStatus({ id: review.id, status: 'Published', version: review.version });
    expect(approved).toEqual({ id: review.id, status: 'Published', version: review.version + 1 });
    const listed = (await api.reviews.list({ status: 'Published', itemsPerPage: -1 })).items.find(
      (r) => r.id === review.id,
    );
    expect(listed?.version).toBe(review.version + 1);
    expect(await codeOf(api.reviews.setStatus({ id: review.id, status: 'Pending', version: review.version }))).toBe(
      'CONFLICT',
    );
    await api.reviews.setStatus({ id: review.id, status: 'Pending', version: approved.version });
    expect(await codeOf(api.reviews.setStatus({ id: 2_000_000, status: 'Pending' }))).toBe('NOT_FOUND');
    const reader = (await t.caller('analyst@demo.com')).apps.ecommerce;
    expect(await codeOf(reader.reviews.setStatus({ id: review.id, status: 'Published' }))).toBe('FORBIDDEN');
  });

  it('moves an order through its statuses, keeping the history, and refuses a move its status does not allow', async () => {
    const api = (await t.caller('admin@demo.com')).apps.ecommerce;
    const all = (await api.orders.list({ itemsPerPage: -1 })).items;
    const dispatched = all.find((o) => o.status === 'Dispatched')!;
    const before = await api.orders.byNumber({ order: dispatched.order });
    expect(before).toMatchObject({ id: dispatched.id, order: dispatched.order, status: 'Dispatched' });
    // The seeded history: placed (Processing), then dispatched.
    const seeded = [
      { from: null, to: 'Processing' },
      { from: 'Processing', to: 'Dispatched' },
    ];
    expect(before.history.map(({ from, to }) => ({ from, to }))).toEqual(seeded);
    const out = await api.orders.setStatus({ id: dispatched.id, status: 'Out for Delivery', version: before.version });
    expect(out.status).toBe('Out for Delivery');
    expect(out.history.map(({ from, to }) => ({ from, to }))).toEqual([
      ...seeded,
      { from: 'Dispatched', to: 'Out for Delivery' },
    ]);
    expect(out.history.at(-1)?.by).not.toBe('');
    // The version read before the move is stale now.
    expect(
      await codeOf(api.orders.setStatus({ id: dispatched.id, status: 'Delivered', version: before.version })),
    ).toBe('CONFLICT');
    const delivered = await api.orders.setStatus({ id: dispatched.id, status: 'Delivered', version: out.version });
    expect(delivered.history.map((h) => h.to)).toEqual(['Processing', 'Dispatched', 'Out for Delivery', 'Delivered']);
    // Delivered is final; the refusal names the field.
    const refused = await api.orders.setStatus({ id: dispatched.id, status: 'Dispatched' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'BAD_REQUEST' });
    expect(JSON.stringify(refused)).toContain('cannot move');
    // By key, for the client to translate: the statuses are its values.
    expect((refused as { cause?: unknown }).cause).toMatchObject({
      key: 'shop.orderCannotMove',
      values: { from: 'Delivered', to: 'Dispatched' },
      fieldIssues: { status: [{ key: 'shop.orderCannotMove' }] },
    });
    expect((await api.orders.byNumber({ order: dispatched.order })).status).toBe('Delivered');
    expect(await codeOf(api.orders.byNumber({ order: 1 }))).toBe('NOT_FOUND');
    const reader = (await t.caller('analyst@demo.com')).apps.ecommerce;
    expect(await codeOf(reader.orders.setStatus({ id: dispatched.id, status: 'Delivered' }))).toBe('FORBIDDEN');
  });

  it('lists a shop customer’s orders by their e-mail, paged', async () => {
    const api = (await t.caller('admin@demo.com')).apps.ecommerce;
    const [customer] = (await api.customers.list({ itemsPerPage: 1 })).items;
    const orders = await api.orders.ofCustomer({ customerId: customer.customerId });
    expect(orders.items.every((o) => o.email === customer.email)).toBe(true);
    expect(orders.total).toBe(orders.items.length);
    expect(await codeOf(api.orders.ofCustomer({ customerId: 1 }))).toBe('NOT_FOUND');
  });

  it('keeps store settings per customer, versioned, with field errors for bad input', async () => {
    const admin = (await t.caller('admin@demo.com')).apps.ecommerce;
    const start = await admin.settings.get();
    expect(start).toEqual({ ...DEFAULT_SHOP_SETTINGS, version: 0 });
    const { version, ...fields } = start;
    const saved = await admin.settings.update({ ...fields, store: { ...fields.store, name: 'Acme outlet' }, version });
    expect(saved.version).toBe(1);
    expect((await admin.settings.get()).store.name).toBe('Acme outlet');
    // Someone saving from the defaults they read earlier would overwrite: refused.
    expect(await codeOf(admin.settings.update({ ...fields, version: 0 }))).toBe('CONFLICT');
    expect(await codeOf(admin.settings.update({ ...fields, version: 5 }))).toBe('CONFLICT');
    const bad = await admin.settings
      .update({ ...fields, payments: { card: false, paypal: false, cashOnDelivery: false }, version: 1 })
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: 'BAD_REQUEST' });
    expect(JSON.stringify(bad)).toContain('Accept at least one payment method');
    // Another customer's shop has its own settings.
    const other = (await t.caller('superadmin@demo.com')).apps.ecommerce;
    expect((await other.settings.get()).store.name).toBe(DEFAULT_SHOP_SETTINGS.store.name);
    // A reader sees them and may not change them; the client role may not read them.
    const reader = (await t.caller('analyst@demo.com')).apps.ecommerce;
    expect((await reader.settings.get()).store.name).toBe('Acme outlet');
    expect(await codeOf(reader.settings.update({ ...fields }))).toBe('FORBIDDEN');
    expect(await codeOf((await t.caller('client@demo.com')).apps.ecommerce.settings.get())).toBe('FORBIDDEN');
  });
});

describe('GET /api/export/ecommerce-*.csv', () => {
  it('streams every matching row of the shop lists with the list filters; readers may, the client role may not', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/export/ecommerce-products.csv?category=Shoes&sortBy=price',
      as: 'analyst@demo.com',
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toContain('product');
    const shoes = (
      await (await t.caller('analyst@demo.com')).apps.ecommerce.products.list({ category: 'Shoes', itemsPerPage: -1 })
    ).total;
    expect(lines).toHaveLength(shoes + 1);
    for (const list of ['orders', 'customers', 'reviews', 'referrals']) {
      const answer = await t.request({ method: 'GET', url: `/api/export/ecommerce-${list}.csv`, as: 'admin@demo.com' });
      expect(answer.statusCode, list).toBe(200);
      expect(answer.body.trim().split('\n').length, list).toBeGreaterThan(40);
    }
    expect(
      (await t.request({ method: 'GET', url: '/api/export/ecommerce-orders.csv', as: 'client@demo.com' })).statusCode,
    ).toBe(403);
  });

  it("follows the list's order and filters, and refuses an unknown category before streaming", async () => {
    const api = (await t.caller('analyst@demo.com')).apps.ecommerce;
    const orders = await api.orders.list({ sortBy: 'spent', orderBy: 'desc', itemsPerPage: -1 });
    const csv = await t.request({
      method: 'GET',
      url: '/api/export/ecommerce-orders.csv?sortBy=spent&orderBy=desc',
      as: 'analyst@demo.com',
    });
    const numbers = csv.body
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => Number(line.split(',')[0]));
    expect(numbers).toEqual(orders.items.map((o) => o.order));
    const pending = await api.reviews.list({ status: 'Pending', itemsPerPage: -1 });
    const reviews = await t.request({
      method: 'GET',
      url: '/api/export/ecommerce-reviews.csv?status=Pending',
      as: 'analyst@demo.com',
    });
    expect(reviews.body.trim().split('\n')).toHaveLength(pending.total + 1);
    const refused = await t.request({
      method: 'GET',
      url: '/api/export/ecommerce-products.csv?category=Nothing',
      as: 'analyst@demo.com',
    });
    expect(refused.statusCode).toBe(400);
  });
});
