// REST GET /api/dashboard/analytics/projects against the seeded database, and the
// tRPC apps.analytics.projects.list over the same service.
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import type { TAnalyticsProject } from '../../../../shared/schemas/analytics.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { expectedOrder, ids, idsMatching, type SortValue } from '../../../testing/list-assertions.ts';
import { okGetter } from '../../../testing/rest.ts';

const t = await setupTestApp();
type Projects = { projects: TAnalyticsProject[]; totalPages: number; totalProjects: number; page: number };
const URL = '/api/dashboard/analytics/projects';

const get = okGetter(t, 'analyst@demo.com');

describe('GET /api/dashboard/analytics/projects', () => {
  it('lists the 7 projects with paging totals and the spec fields', async () => {
    const body = await get<Projects>(URL);
    expect(body).toMatchObject({ totalProjects: 7, totalPages: 1, page: 1 });
    expect(body.projects).toHaveLength(7);
    expect(Object.keys(body.projects[0]).sort()).toEqual(
      ['extraMembers', 'hours', 'id', 'leader', 'logo', 'name', 'progress', 'project', 'team'].sort(),
    );
    expect(body.projects[0].team.length).toBeGreaterThan(0);
    expect(body.projects[0].hours).toMatch(/^\d+:\d{2}$/);
    expect(await get<Projects>(`${URL}?itemsPerPage=5&page=2`)).toMatchObject({
      totalPages: 2,
      page: 2,
      totalProjects: 7,
    });
    expect((await get<Projects>(`${URL}?itemsPerPage=5&page=2`)).projects).toHaveLength(2);
    expect((await get<Projects>(`${URL}?page=abc&itemsPerPage=-1`)).projects).toHaveLength(7);
  });

  it('searches name, leader and kind of project', async () => {
    const all = (await get<Projects>(`${URL}?itemsPerPage=-1`)).projects;
    const fields = (p: TAnalyticsProject) => [p.name, p.leader, p.project];
    for (const q of [all[0].name.slice(2, 6), all[1].leader.slice(0, 4).toUpperCase(), 'mobile app', '%_']) {
      const body = await get<Projects>(`${URL}?itemsPerPage=-1&q=${encodeURIComponent(q)}`);
      expect(ids(body.projects), q).toEqual(idsMatching(all, q, fields));
      expect(body.totalProjects).toBe(body.projects.length);
    }
  });

  const sorts: Record<string, (p: TAnalyticsProject) => SortValue> = {
    project: (p) => p.name,
    leader: (p) => p.leader,
    progress: (p) => p.progress,
  };
  for (const [sortBy, value] of Object.entries(sorts)) {
    for (const orderBy of ['asc', 'desc'] as const) {
      it(`sorts by ${sortBy} ${orderBy}`, async () => {
        const all = (await get<Projects>(`${URL}?itemsPerPage=-1`)).projects;
        const expected = expectedOrder(all, value, orderBy);
        expect(ids((await get<Projects>(`${URL}?sortBy=${sortBy}&orderBy=${orderBy}`)).projects)).toEqual(expected);
        expect(
          ids((await get<Projects>(`${URL}?itemsPerPage=3&page=2&sortBy=${sortBy}&orderBy=${orderBy}`)).projects),
        ).toEqual(expected.slice(3, 6));
      });
    }
  }

  it('401 without a session, 403 for the client role', async () => {
    expect((await t.request({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: URL, as: 'client@demo.com' })).statusCode).toBe(403);
  });
});

describe('apps.analytics.projects.list', () => {
  it('lists projects for readers, refuses the client role and anonymous callers', async () => {
    const projects = await (await t.caller('businessuser@demo.com')).apps.analytics.projects.list({ q: 'app' });
    expect(projects.items.length).toBeGreaterThan(0);
    expect(projects.total).toBe(projects.items.length);
    const client = (await t.caller('client@demo.com')).apps.analytics.projects.list();
    await expect(client).rejects.toSatisfy((e) => e instanceof TRPCError && e.code === 'FORBIDDEN');
    const anon = t.createAnonCaller().apps.analytics.projects.list();
    await expect(anon).rejects.toSatisfy((e) => e instanceof TRPCError && e.code === 'UNAUTHORIZED');
  });
});
