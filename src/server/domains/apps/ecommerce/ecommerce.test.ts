// tRPC apps.ecommerce.*: the same services as REST, { items, total } lists, typed errors.
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { codeOf } from '../../../testing/trpc.ts';

const t = await setupTestApp();

describe('apps.ecommerce', () => {
  it('lists products with filters, sorting and paging in the shared shape', async () => {
    const api = (await t.caller('admin@demo.com')).apps.ecommerce;
    const first = await api.products.list();
    expect(first.total).toBe(50);
    expect(first.items).toHaveLength(10);
    const shoes = await api.products.list({ category: 'Shoes', sortBy: 'price', orderBy: 'desc', itemsPerPage: -1 });
    expect(shoes.items.every((p) => p.category === 'Shoes')).toBe(true);
    const prices = shoes.items.map((p) => Number(p.price.slice(1)));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect((await api.products.list({ stock: false, itemsPerPage: -1 })).items.every((p) => !p.stock)).toBe(true);
  });

  it('lists reviews, referrals, orders and customers', async () => {
    const api = (await t.caller('analyst@demo.com')).apps.ecommerce;
    expect((await api.reviews.list({ status: 'All' })).total).toBe(100);
    const pending = await api.reviews.list({ status: 'Pending', itemsPerPage: -1 });
    expect(pending.items.every((r) => r.status === 'Pending')).toBe(true);
    expect((await api.referrals.list({ sortBy: 'referred-id', page: 5 })).items).toHaveLength(5);
    const orders = await api.orders.list({ q: '@example', sortBy: 'spent', orderBy: 'desc' });
    expect(orders.total).toBeGreaterThan(0);
    const customers = await api.customers.list({ sortBy: 'totalSpent', orderBy: 'desc', itemsPerPage: 5 });
    const detail = await api.customers.byId({ customerId: customers.items[0].customerId });
    expect(detail).toMatchObject({ ...customers.items[0], status: 'Active' });
    expect(await codeOf(api.customers.byId({ customerId: 1 }))).toBe('NOT_FOUND');
  });

  it('deletes products, reviews and orders for managers', async () => {
    const api = (await t.caller('admin@demo.com')).apps.ecommerce;
    const [product] = (await api.products.list()).items;
    await api.products.delete({ id: product.id });
    expect((await api.products.list()).total).toBe(49);
    expect(await codeOf(api.products.delete({ id: product.id }))).toBe('NOT_FOUND');
    const [review] = (await api.reviews.list()).items;
    await api.reviews.delete({ id: review.id });
    expect(await codeOf(api.reviews.delete({ id: review.id }))).toBe('NOT_FOUND');
    const [order] = (await api.orders.list()).items;
    expect(await api.orders.delete({ id: order.id })).toEqual({ deleted: true });
    expect(await api.orders.delete({ id: order.id })).toEqual({ deleted: false });
  });

  it('refuses bad input, readers writing, the client role and anonymous callers', async () => {
    const admin = (await t.caller('admin@demo.com')).apps.ecommerce;
    expect(await codeOf(admin.products.list({ itemsPerPage: 5000 }))).toBe('BAD_REQUEST');
    expect(await codeOf(admin.products.list({ sortBy: 'nope' as 'sku' }))).toBe('BAD_REQUEST');
    expect(await codeOf(admin.products.list({ category: 'Toys' }))).toBe('BAD_REQUEST');
    expect(await codeOf(admin.products.delete({ id: -1 }))).toBe('BAD_REQUEST');
    const analyst = (await t.caller('analyst@demo.com')).apps.ecommerce;
    expect(await codeOf(analyst.products.delete({ id: 1 }))).toBe('FORBIDDEN');
    expect(await codeOf(analyst.orders.delete({ id: 1 }))).toBe('FORBIDDEN');
    const client = (await t.caller('client@demo.com')).apps.ecommerce;
    expect(await codeOf(client.products.list())).toBe('FORBIDDEN');
    expect(await codeOf(client.customers.list())).toBe('FORBIDDEN');
    expect(await codeOf(client.referrals.list())).toBe('FORBIDDEN');
    const anon = t.createAnonCaller().apps.ecommerce;
    expect(await codeOf(anon.orders.list())).toBe('UNAUTHORIZED');
  });
});
