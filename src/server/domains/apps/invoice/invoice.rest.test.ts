// REST /api/apps/invoice* against the seeded database.
import { describe, expect, it } from 'vitest';
import type { TInvoice, TInvoiceClient, TInvoiceDetail } from '../../../../shared/schemas/invoice.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { expectedOrder, ids, idsMatching, type SortValue, searchTermFrom } from '../../../testing/list-assertions.ts';
import { okGetter } from '../../../testing/rest.ts';

const t = await setupTestApp();
const ADMIN = 'admin@demo.com';
type Invoices = { invoices: TInvoice[]; totalInvoices: number };

const get = okGetter(t, ADMIN);
const all = async () => (await get<Invoices>('/api/apps/invoice?itemsPerPage=-1')).invoices;

describe('GET /api/apps/invoice', () => {
  it('lists 36 invoices numbered from 4987, newest first, issued this month', async () => {
    const body = await get<Invoices>('/api/apps/invoice');
    expect(body.totalInvoices).toBe(36);
    expect(body.invoices).toHaveLength(10);
    const every = await all();
    expect(ids(every)).toEqual(Array.from({ length: 36 }, (_, i) => 5022 - i));
    expect(ids(body.invoices)).toEqual(ids(every).slice(0, 10));
    const month = new Date().toISOString().slice(0, 7);
    for (const inv of every) {
      expect(inv.issuedDate.slice(0, 7)).toBe(month);
      expect(inv.dueDate >= inv.issuedDate).toBe(true);
    }
    expect(Object.keys(every[0]).sort()).toEqual(
      ['avatar', 'balance', 'client', 'dueDate', 'id', 'invoiceStatus', 'issuedDate', 'service', 'total'].sort(),
    );
    expect(Object.keys(every[0].client).sort()).toEqual([
      'address',
      'company',
      'companyEmail',
      'contact',
      'country',
      'name',
    ]);
  });

  it('searches client name, company email and invoice number', async () => {
    const every = await all();
    const fields = (i: TInvoice) => [i.client.name, i.client.companyEmail, String(i.id)];
    for (const q of [
      searchTermFrom(every[3].client.name),
      every[8].client.companyEmail.split('@')[0].slice(0, 5),
      '500',
    ]) {
      const body = await get<Invoices>(`/api/apps/invoice?itemsPerPage=-1&q=${encodeURIComponent(q)}`);
      const expected = idsMatching(every, q, fields);
      expect(expected.length, q).toBeGreaterThan(0);
      expect(ids(body.invoices), q).toEqual(expected);
      expect(body.totalInvoices).toBe(expected.length);
    }
  });

  it('filters by status and rejects unknown statuses', async () => {
    const every = await all();
    const status = every[0].invoiceStatus;
    const body = await get<Invoices>(`/api/apps/invoice?itemsPerPage=-1&status=${encodeURIComponent(status)}`);
    expect(ids(body.invoices)).toEqual(ids(every.filter((i) => i.invoiceStatus === status)));
    expect((await get<Invoices>('/api/apps/invoice?status=')).totalInvoices).toBe(36);
    expect((await t.request({ method: 'GET', url: '/api/apps/invoice?status=Lost', as: ADMIN })).statusCode).toBe(400);
  });

  it('filters by issue date range (JSON or bracket form, inclusive)', async () => {
    const every = await all();
    const dates = [...new Set(every.map((i) => i.issuedDate))].sort();
    const start = dates[1];
    const end = dates[dates.length - 2];
    const expected = ids(every.filter((i) => i.issuedDate >= start && i.issuedDate <= end));
    expect(expected.length).toBeLessThan(36);
    const json = encodeURIComponent(JSON.stringify({ start, end }));
    expect(ids((await get<Invoices>(`/api/apps/invoice?itemsPerPage=-1&selectedDateRange=${json}`)).invoices)).toEqual(
      expected,
    );
    const brackets = `selectedDateRange[start]=${start}T00:00:00.000Z&selectedDateRange[end]=${end}`;
    expect(ids((await get<Invoices>(`/api/apps/invoice?itemsPerPage=-1&${brackets}`)).invoices)).toEqual(expected);
    const onlyStart = encodeURIComponent(JSON.stringify({ start }));
    expect(
      ids((await get<Invoices>(`/api/apps/invoice?itemsPerPage=-1&selectedDateRange=${onlyStart}`)).invoices),
    ).toEqual(ids(every.filter((i) => i.issuedDate >= start)));
  });

  it('rejects malformed date ranges with 400 naming the field', async () => {
    const cases = [
      'selectedDateRange={bad json',
      `selectedDateRange=${encodeURIComponent('[1,2]')}`,
      `selectedDateRange=${encodeURIComponent(JSON.stringify({ start: 'yesterday' }))}`,
      `selectedDateRange=${encodeURIComponent(JSON.stringify({ end: '2026-02-30' }))}`,
      `selectedDateRange=${encodeURIComponent(JSON.stringify({ start: 5 }))}`,
      'selectedDateRange[start]=2026-13-01',
      `selectedDateRange=${encodeURIComponent(JSON.stringify({ start: '2026-03-10', end: '2026-03-01' }))}`,
    ];
    for (const query of cases) {
      const res = await t.request({ method: 'GET', url: `/api/apps/invoice?${query}`, as: ADMIN });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toBeTruthy();
    }
  });

  it('pages after ordering, with the fallbacks', async () => {
    const every = ids(await all());
    const cases: [string, number[]][] = [
      ['page=2&itemsPerPage=10', every.slice(10, 20)],
      ['page=4&itemsPerPage=10', every.slice(30, 36)],
      ['page=5&itemsPerPage=10', []],
      ['page=x&itemsPerPage=y', every.slice(0, 10)],
      ['page=-1&itemsPerPage=100000', every],
      ['sortBy=nothing', every.slice(0, 10)],
      [`q=${encodeURIComponent("4987' or 1=1 --")}`, []],
    ];
    for (const [query, expected] of cases) {
      expect(ids((await get<Invoices>(`/api/apps/invoice?${query}`)).invoices), query).toEqual(expected);
    }
  });

  const sorts: Record<string, (i: TInvoice) => SortValue> = {
    client: (i) => i.client.name,
    total: (i) => i.total,
    id: (i) => i.id,
    date: (i) => i.issuedDate,
    balance: (i) => i.balance,
  };
  for (const [sortBy, value] of Object.entries(sorts)) {
    for (const orderBy of ['asc', 'desc'] as const) {
      it(`sorts by ${sortBy} ${orderBy}`, async () => {
        const every = await all();
        const sorted = await get<Invoices>(`/api/apps/invoice?itemsPerPage=-1&sortBy=${sortBy}&orderBy=${orderBy}`);
        const expected = expectedOrder(every, value, orderBy);
        expect(ids(sorted.invoices)).toEqual(expected);
        const page = await get<Invoices>(`/api/apps/invoice?itemsPerPage=5&page=2&sortBy=${sortBy}&orderBy=${orderBy}`);
        expect(ids(page.invoices)).toEqual(expected.slice(5, 10));
      });
    }
  }

  it('has some negative balances (overpaid) and numeric totals', async () => {
    const every = await all();
    expect(every.every((i) => typeof i.total === 'number' && typeof i.balance === 'number')).toBe(true);
    expect(every.filter((i) => i.invoiceStatus === 'Paid').every((i) => i.balance <= 0)).toBe(true);
  });
});

describe('GET /api/apps/invoice/clients', () => {
  it('lists the first 5 clients', async () => {
    const clients = await get<TInvoiceClient[]>('/api/apps/invoice/clients');
    expect(clients).toHaveLength(5);
    const first = (await get<TInvoiceDetail>('/api/apps/invoice/4987')).invoice.client;
    expect(clients[0]).toEqual(first);
  });
});

describe('GET /api/apps/invoice/{id}', () => {
  it('returns the invoice and its payment details', async () => {
    const every = await all();
    const inv = every.find((i) => i.id === 5000)!;
    const body = await get<TInvoiceDetail>('/api/apps/invoice/5000');
    expect(body.invoice).toEqual(inv);
    expect(Object.keys(body.paymentDetails).sort()).toEqual(['bankName', 'country', 'iban', 'swiftCode', 'totalDue']);
    expect(body.paymentDetails.totalDue).toBe(Math.max(inv.balance, 0));
  });

  it("answers 404 'No invoice found with this id'", async () => {
    for (const id of ['1', '4986', 'abc', '5023']) {
      const res = await t.request({ method: 'GET', url: `/api/apps/invoice/${id}`, as: ADMIN });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'No invoice found with this id' });
    }
  });
});

describe('DELETE /api/apps/invoice/{id}', () => {
  it("deletes (204), then fails with 404 { error: 'Something went wrong' }", async () => {
    const res = await t.request({ method: 'DELETE', url: '/api/apps/invoice/4990', as: ADMIN });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await get<Invoices>('/api/apps/invoice')).totalInvoices).toBe(35);
    expect((await t.request({ method: 'GET', url: '/api/apps/invoice/4990', as: ADMIN })).statusCode).toBe(404);
    for (const id of ['4990', 'abc']) {
      const again = await t.request({ method: 'DELETE', url: `/api/apps/invoice/${id}`, as: ADMIN });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ error: 'Something went wrong' });
    }
  });
});

describe('invoice access', () => {
  it('401 without a session, 403 for the client role and for deleting as a reader', async () => {
    for (const [method, url] of [
      ['GET', '/api/apps/invoice'],
      ['GET', '/api/apps/invoice/clients'],
      ['GET', '/api/apps/invoice/4987'],
      ['DELETE', '/api/apps/invoice/4987'],
    ] as const) {
      expect((await t.request({ method, url })).statusCode).toBe(401);
      expect((await t.request({ method, url, as: 'client@demo.com' })).statusCode).toBe(403);
    }
    expect(
      (await t.request({ method: 'DELETE', url: '/api/apps/invoice/4987', as: 'teamleader@demo.com' })).statusCode,
    ).toBe(403);
    expect((await get<Invoices>('/api/apps/invoice', 'teamleader@demo.com')).totalInvoices).toBe(35);
  });
});
