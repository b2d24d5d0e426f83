// Record search (search.records, GET /api/search/records): grouping, the caller's customer only, and
// each role's read ability, over the seeded demo customers ACME and NWS.
import { describe, expect, it } from 'vitest';
import { MAX_RECORDS_PER_TYPE, RECORD_TYPES, type TRecordGroup } from '../../../../shared/schemas/search.ts';
import { setupTestApp } from '../../../testing/app.ts';

const t = await setupTestApp();
const sa = await t.caller('superadmin@demo.com');
const customerIdOf = async (code: string) =>
  (await sa.customers.list({ q: code })).items.find((c) => c.code === code)!.id;
const ACME = await customerIdOf('ACME');
const NWS = await customerIdOf('NWS');

async function search(email: string, q: string): Promise<TRecordGroup[]> {
  return (await t.caller(email)).search.records({ q });
}
const group = (groups: TRecordGroup[], type: TRecordGroup['type']) => groups.find((g) => g.type === type);
const titles = (groups: TRecordGroup[], type: TRecordGroup['type']) =>
  group(groups, type)?.items.map((i) => i.title) ?? [];

describe('search.records', () => {
  it('finds a person by part of the name, with a subtitle and the users list narrowed to them', async () => {
    const groups = await search('admin@demo.com', 'adri');
    const people = group(groups, 'people')!;
    expect(people.items).toContainEqual({
      type: 'people',
      id: expect.any(Number) as number,
      title: 'Adrien Moreau',
      subtitle: 'admin@demo.com',
      url: '/management/users?q=admin%40demo.com',
    });
    expect(people.listUrl).toBe('/management/users?q=adri');
  });

  it('groups by type in a fixed order, at most 5 per type, with the total of matches', async () => {
    const groups = await sa.search.records({ q: 'an' });
    const types = groups.map((g) => g.type);
    expect(types.length).toBeGreaterThanOrEqual(3);
    expect(types).toEqual(RECORD_TYPES.filter((type) => types.includes(type)));
    for (const g of groups) {
      expect(g.items.length).toBeGreaterThan(0);
      expect(g.items.length).toBeLessThanOrEqual(MAX_RECORDS_PER_TYPE);
      expect(g.total).toBeGreaterThanOrEqual(g.items.length);
      expect(g.items.every((i) => i.type === g.type && i.url.startsWith('/'))).toBe(true);
    }
    // Locations: more than 5 match "an" across both customers; the total says how many.
    expect(group(groups, 'locations')!.items).toHaveLength(MAX_RECORDS_PER_TYPE);
    expect(group(groups, 'locations')!.total).toBeGreaterThan(MAX_RECORDS_PER_TYPE);
    // A scheme opens in its editor; a customer in the customers list.
    const schemes = await sa.search.records({ q: 'cold chain' });
    expect(group(schemes, 'schemes')!.items[0]).toMatchObject({
      title: 'Fresh food and cold chain',
      url: expect.stringMatching(/^\/management\/schemes\?scheme=\d+$/) as string,
    });
    expect(group(await sa.search.records({ q: 'northwind' }), 'customers')!.items).toEqual([
      {
        type: 'customers',
        id: NWS,
        title: 'Northwind Stores',
        subtitle: 'NWS · Berlin',
        url: '/business/customers?q=NWS',
      },
    ]);
  });

  it('finds nothing for fewer than 2 characters or no match, and refuses what is not a search', async () => {
    expect(await sa.search.records({ q: 'a' })).toEqual([]);
    expect(await sa.search.records({ q: '   ' })).toEqual([]);
    expect(await sa.search.records({ q: 'zzqx-nothing' })).toEqual([]);
    // LIKE wildcards match themselves.
    expect(await sa.search.records({ q: '%%' })).toEqual([]);
    await expect(sa.search.records({ q: 'x'.repeat(101) })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(t.createAnonCaller().search.records({ q: 'Adrien' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('keeps each customer to its own records', async () => {
    // Adrien Moreau is ACME's; NWS's admin does not find him, nor ACME's "Hyper…" locations or ACME itself.
    expect(titles(await search('admin@nws.demo.com', 'Adrien'), 'people')).toEqual([]);
    expect(group(await search('admin@nws.demo.com', 'Hyper'), 'locations')).toBeUndefined();
    expect(group(await search('admin@nws.demo.com', 'Acme'), 'customers')).toBeUndefined();
    expect(titles(await search('admin@nws.demo.com', 'Northwind'), 'customers')).toEqual(['Northwind Stores']);
    // Every record each admin finds for broad queries belongs to its customer.
    for (const [email, own] of [
      ['admin@demo.com', ACME],
      ['admin@nws.demo.com', NWS],
    ] as const) {
      for (const q of ['an', 'er', 'st']) {
        for (const g of await search(email, q)) {
          for (const hit of g.items) {
            const customerId =
              g.type === 'people'
                ? (await sa.users.byId({ id: hit.id })).customerId
                : g.type === 'locations'
                  ? (await sa.locations.byId({ id: hit.id })).customerId
                  : g.type === 'schemes'
                    ? (await sa.schemes.byId({ id: hit.id })).customerId
                    : g.type === 'teams'
                      ? (await sa.teams.byId({ id: hit.id })).customerId
                      : g.type === 'projects'
                        ? (await sa.projects.byId({ id: hit.id })).customerId
                        : g.type === 'tasks'
                          ? (await sa.tasks.byId({ id: hit.id })).customerId
                          : hit.id;
            expect(customerId, `${email} ${g.type} ${hit.title}`).toBe(own);
          }
        }
      }
    }
  });

  it('follows each role’s read ability', async () => {
    // Quality control reads only its own user: itself, not the admin.
    expect(titles(await search('qualitycontrol@demo.com', 'Adrien'), 'people')).toEqual([]);
    expect(titles(await search('qualitycontrol@demo.com', 'Quentin'), 'people')).toEqual(['Quentin Laurent']);
    expect(group(await search('qualitycontrol@demo.com', 'Acme'), 'customers')).toBeUndefined();
    // A team leader reads its own teams only; the analyst reads every team of the customer.
    const allTeams = await sa.teams.list({ customerId: ACME, itemsPerPage: -1 });
    const leaderTeams = allTeams.items.filter(
      (team) => team.teamLeader?.email === 'teamleader@demo.com' || team.floorManager?.email === 'teamleader@demo.com',
    );
    const otherTeam = allTeams.items.find((team) => !leaderTeams.some((own) => own.id === team.id))!;
    expect(titles(await search('teamleader@demo.com', otherTeam.name), 'teams')).not.toContain(otherTeam.name);
    expect(titles(await search('analyst@demo.com', otherTeam.name), 'teams')).toContain(otherTeam.name);
    // Client may read none of these types: no groups, no error.
    expect(await search('client@demo.com', 'Adrien')).toEqual([]);
    // Superadmin finds people and customers of every customer.
    const everywhere = await sa.search.records({ q: 'admin' });
    expect(titles(everywhere, 'people')).toEqual(expect.arrayContaining(['Adrien Moreau', 'Nina Weber']));
    expect(group(everywhere, 'people')!.items.find((i) => i.title === 'Nina Weber')!.subtitle).toBe(
      'admin@nws.demo.com · NWS',
    );
  });

  it('finds projects by code or name, and tasks by their project or location, each in the caller’s own scope', async () => {
    const projects = group(await search('admin@demo.com', 'std-round'), 'projects')!;
    expect(projects.items).toEqual([
      {
        type: 'projects',
        id: expect.any(Number) as number,
        title: expect.any(String) as string,
        subtitle: 'STD-ROUND',
        url: '/projects?q=STD-ROUND',
      },
    ]);
    expect(projects.listUrl).toBe('/projects?q=std-round');
    expect(group(await search('admin@nws.demo.com', 'std-round'), 'projects')).toBeUndefined();

    // Tasks of STD-ROUND: the location as title, the project (and inspector) beside it, the visit's time, the task's page.
    const tasks = group(await search('admin@demo.com', 'STD-ROUND'), 'tasks')!;
    expect(tasks.total).toBe((await sa.tasks.list({ q: 'STD-ROUND' })).total);
    expect(tasks.items.length).toBe(Math.min(tasks.total, MAX_RECORDS_PER_TYPE));
    for (const hit of tasks.items) {
      const task = await sa.tasks.byId({ id: hit.id });
      expect(hit).toMatchObject({ title: task.location.name, url: `/tasks/viewTask/${task.id}`, at: task.startsAt });
      expect(hit.subtitle.startsWith('STD-ROUND')).toBe(true);
    }
    expect(tasks.listUrl).toBe('/tasks?q=STD-ROUND');
    // An inspector finds only the tasks assigned to them; the other customer none.
    const own = group(await search('qualitycontrol@demo.com', 'STD-ROUND'), 'tasks');
    const mine = await (await t.caller('qualitycontrol@demo.com')).tasks.list({ q: 'STD-ROUND' });
    expect(own?.total ?? 0).toBe(mine.total);
    for (const hit of own?.items ?? [])
      expect((await sa.tasks.byId({ id: hit.id })).assignee?.name).toBe('Quentin Laurent');
    expect(group(await search('admin@nws.demo.com', 'STD-ROUND'), 'tasks')).toBeUndefined();
    // Over REST the visit's time is an ISO string.
    const rest = await t.request({ method: 'GET', url: '/api/search/records?q=STD-ROUND', as: 'admin@demo.com' });
    const restTasks = rest.json<{ type: string; items: { at?: string }[] }[]>().find((g) => g.type === 'tasks')!;
    expect(restTasks.items[0].at).toBe(tasks.items[0].at!.toISOString());
  });

  it('answers the same over REST, with 400 naming q when it is missing', async () => {
    const res = await t.request({ method: 'GET', url: '/api/search/records?q=Adrien', as: 'admin@demo.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(await search('admin@demo.com', 'Adrien'));
    const bad = await t.request({ method: 'GET', url: '/api/search/records', as: 'admin@demo.com' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('q');
    // Like every REST search, a text over the maximum is cut rather than refused.
    const long = await t.request({
      method: 'GET',
      url: `/api/search/records?q=Adrien${'x'.repeat(200)}`,
      as: 'admin@demo.com',
    });
    expect(long.statusCode).toBe(200);
    expect(long.json()).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/search/records?q=Adrien' })).statusCode).toBe(401);
  });
});
