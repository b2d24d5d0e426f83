// The datatable page's list (apps.sales.list, GET /api/pages/sales, GET /api/export/sales.csv): the same rows
// as GET /api/pages/datatable, sorted, searched, filtered and paged in SQL.
import { describe, expect, it } from 'vitest';
import type { TSalesList, TSalesRow } from '../../../../shared/schemas/pages.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { okGetter } from '../../../testing/rest.ts';

const t = await setupTestApp();
const get = okGetter(t, 'businessuser@demo.com');

describe('apps.sales.list', () => {
  it('pages the same rows as /api/pages/datatable, oldest first by default', async () => {
    const all = await get<TSalesRow[]>('/api/pages/datatable');
    const api = await t.caller('businessuser@demo.com');
    const first = await api.apps.sales.list({ itemsPerPage: 10 });
    const second = await api.apps.sales.list({ itemsPerPage: 10, page: 2 });
    expect(first.total).toBe(all.length);
    const { id: _id, ...row } = first.items[0];
    expect(row).toEqual(all[0]);
    expect([...first.items, ...second.items].map((s) => s.payment.total)).toEqual(
      all.slice(0, 20).map((s) => s.payment.total),
    );
  });

  it('sorts by total both ways and by product name', async () => {
    const api = await t.caller('businessuser@demo.com');
    const desc = (await api.apps.sales.list({ sortBy: 'total', orderBy: 'desc', itemsPerPage: -1 })).items.map(
      (s) => s.payment.total,
    );
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const names = (await api.apps.sales.list({ sortBy: 'product', itemsPerPage: -1 })).items.map((s) =>
      s.product.name.toLowerCase(),
    );
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('searches product, brand and buyer, and filters by status', async () => {
    const api = await t.caller('businessuser@demo.com');
    const all = await get<TSalesRow[]>('/api/pages/datatable');
    const buyer = all[3].buyer.name.split(' ')[0];
    const found = await api.apps.sales.list({ q: buyer, itemsPerPage: -1 });
    const expected = all.filter((s) =>
      [s.product.name, s.product.brand, s.buyer.name].some((v) => v.toLowerCase().includes(buyer.toLowerCase())),
    );
    expect(found.total).toBe(expected.length);
    const cancelled = await api.apps.sales.list({ status: 'Cancelled', itemsPerPage: -1 });
    expect(cancelled.total).toBe(all.filter((s) => s.payment.status === 'Cancelled').length);
    expect(cancelled.items.every((s) => s.payment.status === 'Cancelled')).toBe(true);
  });

  it('answers REST with the same list, 400 naming a bad field, and a CSV of every match', async () => {
    const page = await get<TSalesList>('/api/pages/sales?status=Completed&itemsPerPage=5');
    expect(page.items.length).toBeLessThanOrEqual(5);
    const bad = await t.request({ method: 'GET', url: '/api/pages/sales?status=Lost', as: 'businessuser@demo.com' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('status');
    const csv = await t.request({
      method: 'GET',
      url: '/api/export/sales.csv?status=Completed',
      as: 'businessuser@demo.com',
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n').length - 1).toBe(page.total);
  });

  it('is FORBIDDEN for client and 401 without a session', async () => {
    const client = await t.caller('client@demo.com');
    await expect(client.apps.sales.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await t.request({ method: 'GET', url: '/api/pages/sales' })).statusCode).toBe(401);
  });
});
