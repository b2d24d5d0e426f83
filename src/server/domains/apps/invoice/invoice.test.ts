// tRPC apps.invoice.*: the same services as REST.
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { codeOf } from '../../../testing/trpc.ts';

const t = await setupTestApp();

describe('apps.invoice', () => {
  it('lists, filters by dates and status, reads, lists clients and deletes', async () => {
    const api = (await t.caller('admin@demo.com')).apps.invoice;
    const all = await api.list({ itemsPerPage: -1 });
    expect(all.total).toBe(36);
    const day = all.items[0].issuedDate;
    const sameDay = await api.list({ issuedFrom: day, issuedTo: day, itemsPerPage: -1 });
    expect(sameDay.items.map((i) => i.id)).toEqual(all.items.filter((i) => i.issuedDate === day).map((i) => i.id));
    const paid = await api.list({ status: 'Paid', sortBy: 'balance', itemsPerPage: -1 });
    expect(paid.items.every((i) => i.invoiceStatus === 'Paid')).toBe(true);
    const detail = await api.byId({ id: 4987 });
    expect(detail.invoice.id).toBe(4987);
    expect(await api.clients()).toHaveLength(5);
    await api.delete({ id: 4987 });
    expect(await codeOf(api.byId({ id: 4987 }))).toBe('NOT_FOUND');
    expect(await codeOf(api.delete({ id: 4987 }))).toBe('NOT_FOUND');
  });

  it('refuses bad input and unauthorised callers', async () => {
    const api = (await t.caller('admin@demo.com')).apps.invoice;
    expect(await codeOf(api.list({ issuedFrom: '2026-02-31' }))).toBe('BAD_REQUEST');
    expect(await codeOf(api.list({ issuedFrom: '2026-03-10', issuedTo: '2026-03-01' }))).toBe('BAD_REQUEST');
    expect(await codeOf((await t.caller('businessuser@demo.com')).apps.invoice.delete({ id: 4988 }))).toBe('FORBIDDEN');
    expect(await codeOf((await t.caller('client@demo.com')).apps.invoice.list())).toBe('FORBIDDEN');
    expect(await codeOf(t.createAnonCaller().apps.invoice.clients())).toBe('UNAUTHORIZED');
  });
});
