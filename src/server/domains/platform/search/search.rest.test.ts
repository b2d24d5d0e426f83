import { describe, expect, it } from 'vitest';
import type { TSearchGroup } from '../../../../shared/schemas/search.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { anyString } from '../../../testing/matchers.ts';

const t = await setupTestApp();

async function search(q: string | undefined, as = 'superadmin@demo.com'): Promise<TSearchGroup[]> {
  const res = await t.request({
    method: 'GET',
    url: `/api/app-bar/search${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
    as,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TSearchGroup[]>();
}

describe('GET /api/app-bar/search', () => {
  it('has an item titled Dashboard leading to the CRM dashboard', async () => {
    const groups = await search('dashboard');
    const dashboard = groups.flatMap((g) => g.children).find((c) => c.title === 'Dashboard');
    expect(dashboard).toEqual({ title: 'Dashboard', icon: anyString(), url: '/dashboards/crm' });
  });

  it('lists groups whose children contain the lowercased q, at most 5 children each', async () => {
    const all = await t.orm.em
      .fork()
      .getConnection()
      .execute<{ groupTitle: string; title: string }[]>(
        'select group_title as "groupTitle", title from search_items order by group_position, position',
      );
    for (const q of ['LIST', 'e', 'settings', 'Project']) {
      const groups = await search(q);
      const expected = new Map<string, string[]>();
      for (const item of all) {
        if (!item.title.toLowerCase().includes(q.toLowerCase())) continue;
        expected.set(item.groupTitle, [...(expected.get(item.groupTitle) ?? []), item.title]);
      }
      expect(groups.map((g) => g.title)).toEqual([...expected.keys()]);
      for (const group of groups) {
        expect(group.children.length).toBeLessThanOrEqual(5);
        expect(group.children.map((c) => c.title)).toEqual(expected.get(group.title)!.slice(0, 5));
      }
    }
    const everything = await search(undefined);
    expect(everything.every((g) => g.children.length <= 5)).toBe(true);
    expect(everything.some((g) => g.children.length === 5)).toBe(true);
    expect(await search('no such page')).toEqual([]);
    expect(await search('%')).toEqual([]);
  });

  it("leaves out pages the caller's role may not read", async () => {
    const admin = (await search('', 'admin@demo.com')).flatMap((g) => g.children.map((c) => c.url));
    const qc = (await search('', 'qualitycontrol@demo.com')).flatMap((g) => g.children.map((c) => c.url));
    expect(admin).toContain('/business/customers');
    expect(qc).not.toContain('/business/customers');
    expect(qc).toContain('/tasks');
    expect(qc).toContain('/dashboards/crm');
  });

  it('answers 401 without a session and 403 for client', async () => {
    expect((await t.request({ method: 'GET', url: '/api/app-bar/search?q=a' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/app-bar/search?q=a', as: 'client@demo.com' })).statusCode).toBe(
      403,
    );
  });
});
