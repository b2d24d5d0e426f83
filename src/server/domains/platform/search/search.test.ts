import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';

const t = await setupTestApp();

describe('apps.search.query (tRPC)', () => {
  it('answers the same groups as REST, FORBIDDEN for client, UNAUTHORIZED for nobody', async () => {
    const api = await t.caller('superadmin@demo.com');
    const groups = await api.apps.search.query({ q: 'list' });
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.every((g) => g.children.every((c) => c.title.toLowerCase().includes('list')))).toBe(true);
    await expect((await t.caller('client@demo.com')).apps.search.query()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(t.createAnonCaller().apps.search.query()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(api.apps.search.query({ q: 'x'.repeat(101) })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
