// Unit tests of a grouped sort (grouped.ts, through listPage) without a database: a Kysely that records
// the statements sent and answers them with programmed rows (testing/fake-kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Kysely, type SqlBool, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../db/kysely.ts';
import { fakeDb } from '../../testing/fake-kysely.ts';
import { defineListing, listPage, listSource } from './index.ts';

const active = sql<SqlBool>`"d"."active" = ${true}`;
const rowsWithIds = (...ids: number[]) => ids.map((id) => ({ id, name: `n${id}` }));

describe('listPage with a grouped sort', () => {
  /** Directions grouped by customer; customers 7 then 3 in the sort's order, others after them by id. */
  const listing = defineListing({
    source: (db: Kysely<DB>) =>
      listSource(db.selectFrom('directions as d'), {
        id: 'd.id',
        select: (qb) => qb.select(['d.id', 'd.name']),
        search: ['d.name'],
        sorts: { name: 'd.name', customer: 'd.customer_id' },
      }),
    map: (r) => r,
    grouped: { customer: { column: 'd.customer_id', order: async () => [7, 3] } },
  });
  const em = (db: Kysely<DB>) => ({ getKysely: () => db }) as unknown as EntityManager;
  // Group sizes: 7 -> 2, 3 -> 4, 5 -> 3, null -> 1 (10 rows).
  const groupCounts = [
    { g: 3, n: 4 },
    { g: 5, n: 3 },
    { g: null, n: 1 },
    { g: 7, n: 2 },
  ];

  it('counts the rows per group in one grouped statement, filtered', async () => {
    const { db, statements } = fakeDb(groupCounts, rowsWithIds(1, 2));
    const page = await listPage(em(db), listing, [active], { sortBy: 'customer', page: 1, itemsPerPage: 2 });
    expect(page.total).toBe(10);
    expect(statements[0]).toEqual({
      sql: 'select "d"."customer_id" as "g", count(*)::int as "n" from "directions" as "d" where "d"."active" = $1 group by "d"."customer_id"',
      parameters: [true],
    });
  });

  it('reads only the groups the page overlaps, each by id from its offset in the group', async () => {
    // Page 2 of 4: rows 5..8 are the last 2 of group 3 and the first 2 of group 5.
    const { db, statements } = fakeDb(groupCounts, rowsWithIds(23, 24), rowsWithIds(51, 52));
    const page = await listPage(em(db), listing, [], { sortBy: 'customer', page: 2, itemsPerPage: 4 });
    expect(page).toEqual({ items: rowsWithIds(23, 24, 51, 52), total: 10 });
    expect(statements).toHaveLength(3);
    expect(statements[1]).toEqual({
      sql:
        'select "d"."id", "d"."name" from "directions" as "d"' +
        ' inner join (select "d"."id" as "__key" from "directions" as "d" where "d"."customer_id" = $1 order by "d"."id" asc limit $2 offset $3) as "__page"' +
        ' on "__page"."__key" = "d"."id" order by "d"."id" asc',
      parameters: [3, 2, 2],
    });
    expect(statements[2].parameters).toEqual([5, 2, 0]);
  });

  it('reverses the groups (rows without one first) and orders rows by id descending for desc', async () => {
    const { db, statements } = fakeDb(groupCounts, rowsWithIds(90), rowsWithIds(53));
    await listPage(em(db), listing, [], { sortBy: 'customer', orderBy: 'desc', page: 1, itemsPerPage: 2 });
    expect(statements[1].sql).toContain('where "d"."customer_id" is null order by "d"."id" desc limit $1 offset $2');
    expect(statements[1].parameters).toEqual([1, 0]);
    expect(statements[2].sql).toContain('order by "d"."id" desc');
    expect(statements[2].parameters).toEqual([5, 1, 0]);
  });

  it('reads no group for a page past the end', async () => {
    const { db, statements } = fakeDb(groupCounts);
    expect(await listPage(em(db), listing, [], { sortBy: 'customer', page: 4, itemsPerPage: 5 })).toEqual({
      items: [],
      total: 10,
    });
    expect(statements).toHaveLength(1);
  });

  it('does not group a searched list: one statement with the total', async () => {
    const { db, statements } = fakeDb([{ id: 1, name: 'n1', __total: 1 }]);
    expect(await listPage(em(db), listing, [], { q: 'n', sortBy: 'customer', page: 1, itemsPerPage: 10 })).toEqual({
      items: rowsWithIds(1),
      total: 1,
    });
    expect(statements).toHaveLength(1);
    expect(statements[0].sql).toContain('order by "d"."customer_id" asc, "d"."id" asc');
  });
});
