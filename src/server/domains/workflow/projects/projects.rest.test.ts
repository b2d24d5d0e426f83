// CSV export of projects: every project matching the list's filter, in the list's order, scoped to the
// caller's customer; signed-out callers get 401 and roles without the Project ability 403.
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';

const t = await setupTestApp();
const admin = await t.caller('admin@demo.com');

const rows = (body: string) =>
  body
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));

describe('GET /api/export/projects.csv', () => {
  it('streams every project of the filter, in the list order, with its progress', async () => {
    const list = await admin.projects.list({ itemsPerPage: -1, archived: 'include' });
    expect(list.total).toBeGreaterThan(0);
    const res = await t.request({
      method: 'GET',
      url: '/api/export/projects.csv?archived=include&itemsPerPage=1&page=2',
      as: 'admin@demo.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...data] = rows(res.body);
    expect(header.slice(0, 4)).toEqual(['id', 'code', 'name', 'status']);
    expect(header).toContain('completion_rate');
    expect(data.map((r) => Number(r[0]))).toEqual(list.items.map((p) => p.id));

    const active = await admin.projects.list({ status: 'active', itemsPerPage: -1 });
    const filtered = rows(
      (await t.request({ method: 'GET', url: '/api/export/projects.csv?status=active', as: 'admin@demo.com' })).body,
    ).slice(1);
    expect(filtered.map((r) => Number(r[0]))).toEqual(active.items.map((p) => p.id));
    expect(filtered.every((r) => r[3] === 'active')).toBe(true);
  });

  it('keeps to the caller’s customer and refuses callers without the ability', async () => {
    const acme = new Set((await admin.projects.list({ itemsPerPage: -1, archived: 'include' })).items.map((p) => p.id));
    const nws = rows(
      (await t.request({ method: 'GET', url: '/api/export/projects.csv?archived=include', as: 'admin@nws.demo.com' }))
        .body,
    ).slice(1);
    expect(nws.length).toBeGreaterThan(0);
    expect(nws.some((r) => acme.has(Number(r[0])))).toBe(false);
    expect((await t.request({ method: 'GET', url: '/api/export/projects.csv' })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/api/export/projects.csv', as: 'qualitycontrol@demo.com' })).statusCode,
    ).toBe(403);
  });
});
