// apps.permissions create, update and delete: per-copy names, versions, who may change them.
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { fieldErrorsOf } from '../../../testing/refusals.ts';
import { codeOf } from '../../../testing/trpc.ts';

const t = await setupTestApp();
const api = async (email = 'admin@demo.com') => (await t.caller(email)).apps.permissions;

describe('apps.permissions', () => {
  it('creates, renames and deletes a permission; the list shows each change', async () => {
    const a = await api();
    const created = await a.create({ name: 'Export Reports', assignedTo: ['floormanager', 'analyst', 'floormanager'] });
    expect(created).toMatchObject({ name: 'Export Reports', assignedTo: ['floormanager', 'analyst'], version: 1 });
    const listed = await a.list({ q: 'Export Reports' });
    expect(listed.items.map((p) => p.id)).toEqual([created.id]);
    const renamed = await a.update({
      id: created.id,
      version: created.version,
      name: 'Export All Reports',
      assignedTo: ['admin'],
    });
    expect(renamed).toMatchObject({ name: 'Export All Reports', assignedTo: ['admin'], version: 2 });
    expect(await codeOf(a.update({ id: created.id, version: 1, name: 'Stale', assignedTo: [] }))).toBe('CONFLICT');
    await a.delete({ id: created.id });
    expect((await a.list({ q: 'Export All Reports' })).total).toBe(0);
    expect(await codeOf(a.delete({ id: created.id }))).toBe('NOT_FOUND');
  });

  it('refuses a taken name and bad input, naming the field', async () => {
    const a = await api();
    const [first] = (await a.list({})).items;
    try {
      await a.create({ name: first.name.toUpperCase(), assignedTo: [] });
      expect.unreachable();
    } catch (error) {
      expect(await codeOf(Promise.reject(error as Error))).toBe('CONFLICT');
      expect(Object.keys(fieldErrorsOf(error))).toEqual(['name']);
    }
    try {
      // The permissions app's own roles of before are no role of the product.
      await a.create({ name: ' ', assignedTo: ['restricted-user' as never] });
      expect.unreachable();
    } catch (error) {
      expect(Object.keys(fieldErrorsOf(error)).sort()).toEqual(['assignedTo.0', 'name']);
    }
  });

  it('keeps copies apart, lets a reader only read and refuses the client role', async () => {
    const created = await (await api()).create({ name: 'Only at ACME', assignedTo: [] });
    expect((await (await api('admin@nws.demo.com')).list({ q: 'Only at ACME' })).total).toBe(0);
    expect(await codeOf((await api('admin@nws.demo.com')).delete({ id: created.id }))).toBe('NOT_FOUND');
    const reader = await api('teamleader@demo.com');
    expect((await reader.list({ q: 'Only at ACME' })).total).toBe(1);
    expect(await codeOf(reader.update({ id: created.id, name: 'Mine', assignedTo: [] }))).toBe('FORBIDDEN');
    expect(await codeOf((await api('client@demo.com')).list({}))).toBe('FORBIDDEN');
  });
});

describe('GET /api/export/permissions.csv', () => {
  it('exports the permissions matching the search', async () => {
    const res = await t.request({ method: 'GET', url: '/api/export/permissions.csv?q=manage', as: 'admin@demo.com' });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('id,name,assigned_to,created_date');
    expect(lines.length - 1).toBe((await (await api()).list({ q: 'manage', itemsPerPage: -1 })).total);
  });
});
