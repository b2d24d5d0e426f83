// tRPC apps.logistics.vehicles.list: the same service as REST.
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { codeOf } from '../../../testing/trpc.ts';

const t = await setupTestApp();

describe('apps.logistics', () => {
  it('lists vehicles', async () => {
    const api = (await t.caller('teamleader@demo.com')).apps;
    const vehicles = await api.logistics.vehicles.list({ sortBy: 'progress', orderBy: 'desc', itemsPerPage: 5 });
    expect(vehicles.total).toBe(25);
    expect(vehicles.items.map((v) => v.progress)).toEqual(
      [...vehicles.items.map((v) => v.progress)].sort((a, b) => b - a),
    );
  });

  it('refuses the client role and anonymous callers', async () => {
    expect(await codeOf((await t.caller('client@demo.com')).apps.logistics.vehicles.list())).toBe('FORBIDDEN');
    expect(await codeOf(t.createAnonCaller().apps.logistics.vehicles.list())).toBe('UNAUTHORIZED');
    expect(await codeOf((await t.caller('admin@demo.com')).apps.logistics.vehicles.list({ page: 0 }))).toBe(
      'BAD_REQUEST',
    );
  });
});
