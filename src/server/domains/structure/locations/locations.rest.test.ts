// CSV export: every row matching the list's filter (not just a page), streamed; auth, abilities
// and bad filters answered like the rest of /api.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { iterateListing } from '../../../lib/list/index.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { locationListing } from './locations.listing.ts';

const t = await setupTestApp();
const admin = await t.caller('admin@demo.com');

/** The CSV's cells (quoted cells hold commas: opening hours). */
function rows(body: string): string[][] {
  const parsed: string[][] = parse(body, { relax_column_count: true });
  return parsed;
}

describe('GET /api/export/<domain>.csv', () => {
  it('streams every matching location, in the list order, with a header', async () => {
    const total = (await admin.locations.list({ itemsPerPage: 1 })).total;
    const res = await t.request({
      method: 'GET',
      url: '/api/export/locations.csv?itemsPerPage=5&page=2',
      as: 'admin@demo.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="locations-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...data] = rows(res.body);
    expect(header.slice(0, 2)).toEqual(['code', 'name']);
    expect(data).toHaveLength(total);
    const codes = data.map((r) => r[0]);
    expect(codes).toEqual([...codes].sort());
  });

  it('applies the same filters and sort as the list', async () => {
    const directions = await admin.directions.list({ q: 'WEST' });
    const west = directions.items.find((d) => d.code === 'WEST')!;
    const list = await admin.locations.list({
      directionId: west.id,
      sortBy: 'name',
      orderBy: 'desc',
      itemsPerPage: -1,
    });
    const res = await t.request({
      method: 'GET',
      url: `/api/export/locations.csv?directionId=${west.id}&sortBy=name&orderBy=desc&active=true`,
      as: 'admin@demo.com',
    });
    const [header, ...data] = rows(res.body);
    expect(data.map((r) => Number(r[header.indexOf('id')]))).toEqual(
      list.items.filter((l) => l.active).map((l) => l.id),
    );
    const q = await t.request({
      method: 'GET',
      url: '/api/export/users.csv?q=demo.com&role=analyst',
      as: 'admin@demo.com',
    });
    expect(
      rows(q.body)
        .slice(1)
        .map((r) => r[2]),
    ).toEqual(['analyst@demo.com']);
  });

  it('answers more users exports at once than the pool has connections (their teams read in the export itself)', async () => {
    // The test app's pool has 5 connections; each export holds one for its cursor until its last batch.
    const formats = ['csv', 'xlsx', 'csv', 'xlsx', 'csv', 'xlsx', 'csv'];
    const answers = await Promise.all(
      formats.map((format) =>
        t.request({ method: 'GET', url: `/api/export/users.${format}?q=demo.com`, as: 'admin@demo.com', cached: true }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(formats.map(() => 200));
    const csv = rows(answers[0].body);
    const qualitycontrol = csv.find((r) => r[2] === 'qualitycontrol@demo.com');
    expect(qualitycontrol?.[csv[0].indexOf('teams')]).not.toBe('');
  });

  it("gives the superadmin every customer's rows", async () => {
    const res = await t.request({ method: 'GET', url: '/api/export/locations.csv', as: 'superadmin@demo.com' });
    const total = (await (await t.caller('superadmin@demo.com')).locations.list({ itemsPerPage: 1 })).total;
    expect(rows(res.body)).toHaveLength(total + 1);
    expect(
      new Set(
        rows(res.body)
          .slice(1)
          .map((r) => r[rows(res.body)[0].indexOf('id')]),
      ).size,
    ).toBe(total);
  });

  it('reads through a cursor in batches, in the list order', async () => {
    const em = t.orm.em.fork();
    const batches: number[][] = [];
    for await (const batch of iterateListing(
      em,
      locationListing,
      [],
      { sortBy: 'city', orderBy: 'desc' },
      { batchSize: 7 },
    ))
      batches.push(batch.map((l) => l.id));
    const list = await (await t.caller('superadmin@demo.com')).locations.list({
      sortBy: 'city',
      orderBy: 'desc',
      archived: 'include',
      itemsPerPage: -1,
    });
    expect(batches.slice(0, -1).every((b) => b.length === 7)).toBe(true);
    expect(batches.flat()).toEqual(list.items.map((l) => l.id));
    // Stopping early closes the cursor (the transaction is rolled back without an error).
    for await (const batch of iterateListing(em, locationListing, [], {}, { batchSize: 5 })) {
      expect(batch).toHaveLength(5);
      break;
    }
  });

  it('answers 401 without a session, 403 for a role that may not read, 400 for a bad filter', async () => {
    expect((await t.request({ method: 'GET', url: '/api/export/locations.csv' })).statusCode).toBe(401);
    const forbidden = await t.request({ method: 'GET', url: '/api/export/locations.csv', as: 'client@demo.com' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'You are not allowed to read Location' });
    expect(
      (await t.request({ method: 'GET', url: '/api/export/licenses.csv', as: 'floormanager@demo.com' })).statusCode,
    ).toBe(403);
    const bad = await t.request({
      method: 'GET',
      url: '/api/export/locations.csv?directionId=abc&sortBy=nope',
      as: 'admin@demo.com',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('directionId');
  });

  it('quotes cells and defuses spreadsheet formulas', async () => {
    await admin.classes.create({ name: '=HYPERLINK("x"), "quoted"', color: '#000000' });
    const res = await t.request({ method: 'GET', url: '/api/export/classes.csv?q=HYPERLINK', as: 'admin@demo.com' });
    expect(res.body).toContain(`"'=HYPERLINK(""x""), ""quoted"""`);
  });
});
