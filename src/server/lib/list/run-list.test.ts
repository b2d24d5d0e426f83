// Unit tests of run-list.ts (and the building blocks of source.ts) without a database: a Kysely that
// records the statements a list sends and answers them with programmed rows (testing/fake-kysely.ts).
import { type Kysely, type SqlBool, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../db/kysely.ts';
import { fakeDb } from '../../testing/fake-kysely.ts';
import { ALL_CAP, keptRowCount, likeContains, listSource, runList, type SortDirection } from './index.ts';

/** Directions listed by name or creation date, searched by code and name. */
function directions(db: Kysely<DB>, spec: { defaultDirection?: SortDirection; kept?: boolean } = {}) {
  return listSource(db.selectFrom('directions as d'), {
    id: 'd.id',
    select: (qb) => qb.select(['d.id', 'd.name']),
    search: ['d.code', 'd.name'],
    sorts: { name: 'd.name', createdAt: 'd.created_at' },
    defaultDirection: spec.defaultDirection,
    countAll: spec.kept ? keptRowCount('directions') : undefined,
  });
}

const active = sql<SqlBool>`"d"."active" = ${true}`;
const rowsWithIds = (...ids: number[]) => ids.map((id) => ({ id, name: `n${id}` }));

describe('likeContains', () => {
  it('wraps the term in % and escapes the LIKE wildcards % _ and \\', () => {
    expect(likeContains('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('runList, searched or filtered', () => {
  it('matches the trimmed term with ILIKE over every search column, wildcards escaped, as parameters', async () => {
    const { db, statements } = fakeDb([]);
    await runList(directions(db), { q: ' 5%_x ', page: 1, itemsPerPage: 10 });
    expect(statements[0].sql).toContain('where ("d"."code" ilike $1 or "d"."name" ilike $2)');
    expect(statements[0].parameters.slice(0, 2)).toEqual(['%5\\%\\_x%', '%5\\%\\_x%']);
  });

  it('reads the page and the total in one statement (count(*) over ())', async () => {
    const { db, statements } = fakeDb([{ id: 4, name: 'n4', __total: 23 }]);
    await runList(directions(db), {
      q: 'ab',
      where: [active],
      sortBy: 'name',
      orderBy: 'desc',
      page: 3,
      itemsPerPage: 10,
    });
    expect(statements).toEqual([
      {
        sql:
          'select "d"."id", "d"."name", (count(*) over ())::int as "__total" from "directions" as "d"' +
          ' where ("d"."code" ilike $1 or "d"."name" ilike $2) and "d"."active" = $3' +
          ' order by "d"."name" desc, "d"."id" desc limit $4 offset $5',
        parameters: ['%ab%', '%ab%', true, 10, 20],
      },
    ]);
  });

  it('returns the rows without the window total, and the total from the first row', async () => {
    const { db } = fakeDb([
      { id: 4, name: 'n4', __total: 12 },
      { id: 5, name: 'n5', __total: 12 },
    ]);
    expect(await runList(directions(db), { q: 'n', page: 2, itemsPerPage: 10 })).toEqual({
      rows: rowsWithIds(4, 5),
      total: 12,
    });
  });

  it('treats a filter alone (no search) as filtered: one statement', async () => {
    const { db, statements } = fakeDb([]);
    await runList(directions(db, { kept: true }), { where: [active], page: 1, itemsPerPage: 10 });
    expect(statements).toHaveLength(1);
    expect(statements[0].sql).toContain('(count(*) over ())::int as "__total"');
    expect(statements[0].sql).toContain('where "d"."active" = $1');
  });

  it('answers an empty first page with total 0 and no count', async () => {
    const { db, statements } = fakeDb([]);
    expect(await runList(directions(db), { q: 'zz', page: 1, itemsPerPage: 10 })).toEqual({ rows: [], total: 0 });
    expect(statements).toHaveLength(1);
  });

  it('counts the matches apart (not the kept count) only for an empty page past the first', async () => {
    const { db, statements } = fakeDb([], [{ total: 7 }]);
    expect(await runList(directions(db, { kept: true }), { q: 'ab', page: 9, itemsPerPage: 10 })).toEqual({
      rows: [],
      total: 7,
    });
    expect(statements).toHaveLength(2);
    expect(statements[1]).toEqual({
      sql: 'select count(*)::int as "total" from "directions" as "d" where ("d"."code" ilike $1 or "d"."name" ilike $2)',
      parameters: ['%ab%', '%ab%'],
    });
  });

  it('caps "all" (itemsPerPage -1) at ALL_CAP from the first row', async () => {
    const { db, statements } = fakeDb([]);
    await runList(directions(db), { q: 'ab', page: 3, itemsPerPage: -1 });
    expect(statements[0].sql).toMatch(/limit \$3 offset \$4$/);
    expect(statements[0].parameters.slice(2)).toEqual([ALL_CAP, 0]);
  });
});

describe('runList, unfiltered', () => {
  it('takes the total from the kept row count', async () => {
    const { db, statements } = fakeDb([{ total: 40 }], rowsWithIds(1, 2));
    expect(await runList(directions(db, { kept: true }), { page: 1, itemsPerPage: 2 })).toEqual({
      rows: rowsWithIds(1, 2),
      total: 40,
    });
    expect(statements[0]).toEqual({
      sql:
        'select (coalesce((select "row_count" from "table_row_counts" where "table_name" = $1 and "tenant_id" = 0), (select count(*) from "directions"))::int)' +
        ' as "total" from "directions" as "d" limit $2',
      parameters: ['directions', 1],
    });
  });

  it('ignores left-out filters (false, undefined) and a blank search when choosing the kept count', async () => {
    const { db, statements } = fakeDb([{ total: 40 }], rowsWithIds(1));
    await runList(directions(db, { kept: true }), { q: '  ', where: [false, undefined], page: 1, itemsPerPage: 1 });
    expect(statements[0].sql).toContain('"table_row_counts"');
    expect(statements[1].sql).not.toContain('where');
  });

  it('totals 0 and reads no page when the kept-count statement finds no row (empty table)', async () => {
    const { db, statements } = fakeDb([]);
    expect(await runList(directions(db, { kept: true }), { page: 1, itemsPerPage: 10 })).toEqual({
      rows: [],
      total: 0,
    });
    expect(statements).toHaveLength(1);
  });

  it('counts the rows when the source keeps no count', async () => {
    const { db, statements } = fakeDb([{ total: 3 }], rowsWithIds(1, 2, 3));
    await runList(directions(db), { page: 1, itemsPerPage: 10 });
    expect(statements[0]).toEqual({ sql: 'select count(*)::int as "total" from "directions" as "d"', parameters: [] });
  });

  it('chooses the page by a deferred join: ids in the inner query, full rows in the outer', async () => {
    const { db, statements } = fakeDb([{ total: 95 }], rowsWithIds(11, 12));
    await runList(directions(db), { sortBy: 'name', page: 2, itemsPerPage: 10 });
    expect(statements[1]).toEqual({
      sql:
        'select "d"."id", "d"."name" from "directions" as "d"' +
        ' inner join (select "d"."id" as "__key" from "directions" as "d" order by "d"."name" asc, "d"."id" asc limit $1 offset $2) as "__page"' +
        ' on "__page"."__key" = "d"."id" order by "d"."name" asc, "d"."id" asc',
      parameters: [10, 10],
    });
  });

  it('orders by the sort key then the id, both in the requested direction', async () => {
    const { db, statements } = fakeDb([{ total: 95 }], []);
    await runList(directions(db), { sortBy: 'createdAt', orderBy: 'desc', page: 1, itemsPerPage: 10 });
    expect(statements[1].sql).toMatch(
      /order by "d"\."created_at" desc, "d"\."id" desc limit \$1 offset \$2\) .* order by "d"\."created_at" desc, "d"\."id" desc$/,
    );
  });

  it('orders by the id alone, in the default direction, for an unknown sort key', async () => {
    const { db, statements } = fakeDb([{ total: 95 }], []);
    await runList(directions(db, { defaultDirection: 'desc' }), {
      sortBy: 'nope' as 'name',
      orderBy: 'asc',
      page: 1,
      itemsPerPage: 10,
    });
    expect(statements[1].sql).toMatch(/order by "d"\."id" desc limit \$1 offset \$2\) .* order by "d"\."id" desc$/);
  });

  it('orders by the id ascending when no sort key is given and the source sets no direction', async () => {
    const { db, statements } = fakeDb([{ total: 95 }], []);
    await runList(directions(db), { page: 1, itemsPerPage: 10 });
    expect(statements[1].sql).toMatch(/order by "d"\."id" asc limit/);
  });

  it('reads a page past the middle from the other end: reversed order, offset from the end', async () => {
    const { db, statements } = fakeDb([{ total: 95 }], []);
    await runList(directions(db), { sortBy: 'name', page: 8, itemsPerPage: 10 });
    // Rows 71..80 of 95 are rows 16..25 counted from the end.
    expect(statements[1].sql).toMatch(
      /order by "d"\."name" desc, "d"\."id" desc limit \$1 offset \$2\) .* order by "d"\."name" desc, "d"\."id" desc$/,
    );
    expect(statements[1].parameters).toEqual([10, 15]);
  });

  it('reads a short last page from the end with only the rows left', async () => {
    const { db, statements } = fakeDb([{ total: 95 }], []);
    await runList(directions(db), { page: 10, itemsPerPage: 10 });
    expect(statements[1].sql).toMatch(/order by "d"\."id" desc limit \$1 offset \$2\)/);
    expect(statements[1].parameters).toEqual([5, 0]);
  });

  it('flips the rows of a page read from the end back into the requested order', async () => {
    const { db } = fakeDb([{ total: 95 }], rowsWithIds(95, 94, 93, 92, 91));
    expect(await runList(directions(db), { page: 10, itemsPerPage: 10 })).toEqual({
      rows: rowsWithIds(91, 92, 93, 94, 95),
      total: 95,
    });
  });

  it('runs no page query for a page past the end', async () => {
    const { db, statements } = fakeDb([{ total: 100 }]);
    expect(await runList(directions(db), { page: 11, itemsPerPage: 10 })).toEqual({ rows: [], total: 100 });
    expect(statements).toHaveLength(1);
  });

  it('reads "all" (itemsPerPage -1) in one ordered statement capped at ALL_CAP', async () => {
    const { db, statements } = fakeDb([{ total: 3 }], rowsWithIds(1, 2, 3));
    expect(await runList(directions(db), { page: 3, itemsPerPage: -1 })).toEqual({
      rows: rowsWithIds(1, 2, 3),
      total: 3,
    });
    expect(statements[1]).toEqual({
      sql: 'select "d"."id", "d"."name" from "directions" as "d" order by "d"."id" asc limit $1',
      parameters: [ALL_CAP],
    });
  });

  it('runs no page query for "all" of an empty list', async () => {
    const { db, statements } = fakeDb([{ total: 0 }]);
    expect(await runList(directions(db), { page: 1, itemsPerPage: -1 })).toEqual({ rows: [], total: 0 });
    expect(statements).toHaveLength(1);
  });
});

describe('runList, onePass "searched" (listings)', () => {
  it('counts a filtered but unsearched list apart (filtered count) and pages it by deferred join', async () => {
    const { db, statements } = fakeDb([{ total: 30 }], rowsWithIds(1));
    await runList(
      directions(db, { kept: true }),
      { where: [active], page: 1, itemsPerPage: 10 },
      { onePass: 'searched' },
    );
    expect(statements[0]).toEqual({
      sql: 'select count(*)::int as "total" from "directions" as "d" where "d"."active" = $1',
      parameters: [true],
    });
    expect(statements[1].sql).toContain(
      'inner join (select "d"."id" as "__key" from "directions" as "d" where "d"."active" = $1 order by',
    );
  });

  it('reads a searched list in one statement', async () => {
    const { db, statements } = fakeDb([]);
    await runList(directions(db), { q: 'ab', where: [active], page: 1, itemsPerPage: 10 }, { onePass: 'searched' });
    expect(statements).toHaveLength(1);
    expect(statements[0].sql).toContain('(count(*) over ())::int as "__total"');
  });
});
