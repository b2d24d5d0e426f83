import { describe, expect, it } from 'vitest';
import { compileSql, countSql, filteredPageSql, likeContains, pageCount, pageSql, raw, runListWith, sql, type ListSource } from './sql-list.ts';

const source: ListSource<'name' | 'price'> = {
  from: raw('"things" "t"'),
  id: raw('"t"."id"'),
  select: { id: raw('"t"."id"'), name: raw('"t"."name"') },
  search: [raw('"t"."name"'), raw('"t"."code"')],
  sorts: { name: raw('"t"."name"'), price: raw('"t"."price"') },
};

describe('sql fragments', () => {
  it('turns values into numbered parameters and splices nested fragments', () => {
    const inner = sql`"a" = ${1}`;
    const out = compileSql(sql`select * from x where ${inner} and "b" = ${"'; drop table x; --"}`);
    expect(out.text).toBe('select * from x where "a" = $1 and "b" = $2');
    expect(out.params).toEqual([1, "'; drop table x; --"]);
  });

  it('escapes LIKE wildcards', () => {
    expect(likeContains('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('list statements', () => {
  it('counts with the search over every search column', () => {
    const out = compileSql(countSql(source, { q: ' ab ', page: 1, itemsPerPage: 10 }));
    expect(out.text).toBe('select count(*)::int as "total" from "things" "t" where ("t"."name" ilike $1 or "t"."code" ilike $2)');
    expect(out.params).toEqual(['%ab%', '%ab%']);
  });

  it('uses the kept count only when nothing is filtered', () => {
    const kept = { ...source, countAll: raw('42') };
    expect(compileSql(countSql(kept, { page: 1, itemsPerPage: 10 })).text).toBe('select (42)::int as "total"');
    expect(compileSql(countSql(kept, { q: 'x', page: 1, itemsPerPage: 10 })).text).toContain('count(*)');
    expect(compileSql(countSql(kept, { where: [sql`"t"."a" = ${1}`], page: 1, itemsPerPage: 10 })).text).toContain('count(*)');
    expect(compileSql(countSql(kept, { where: [false, undefined], page: 1, itemsPerPage: 10 })).text).toBe('select (42)::int as "total"');
  });

  it('orders by the sort key then the id in the same direction; unknown keys fall back to the id', () => {
    const known = compileSql(pageSql(source, { sortBy: 'price', orderBy: 'desc', page: 1, itemsPerPage: 10 }, 100).statement!);
    expect(known.text).toContain('order by "t"."price" desc, "t"."id" desc limit $1 offset $2');
    const unknown = compileSql(pageSql(source, { sortBy: 'nope' as 'name', orderBy: 'desc', page: 1, itemsPerPage: 10 }, 100).statement!);
    expect(unknown.text).toContain('order by "t"."id" asc limit');
  });

  it('reads pages past the middle from the other end', () => {
    const last = pageSql(source, { page: 10, itemsPerPage: 10 }, 95);
    expect(last.reversed).toBe(true);
    const c = compileSql(last.statement!);
    expect(c.text).toContain('order by "t"."id" desc limit $1 offset $2');
    expect(c.params).toEqual([5, 0]);
    const early = pageSql(source, { page: 2, itemsPerPage: 10 }, 95);
    expect(early.reversed).toBe(false);
    expect(compileSql(early.statement!).params).toEqual([10, 10]);
  });

  it('skips the query past the end and caps "all"', () => {
    expect(pageSql(source, { page: 11, itemsPerPage: 10 }, 100).statement).toBeNull();
    const all = compileSql(pageSql({ ...source, allCap: 50 }, { page: 3, itemsPerPage: -1 }, 100).statement!);
    expect(all.params).toEqual([50]);
  });

  it('counts pages', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(50, 10)).toBe(5);
    expect(pageCount(51, 10)).toBe(6);
    expect(pageCount(51, -1)).toBe(1);
  });
});

describe('filtered pages', () => {
  it('read the page and the filtered total in one statement', () => {
    const out = compileSql(filteredPageSql(source, { q: 'ab', sortBy: 'name', orderBy: 'desc', page: 3, itemsPerPage: 10 }));
    expect(out.text).toBe(
      'select "t"."id" as "id", "t"."name" as "name", (count(*) over ())::int as "__total" from "things" "t" where ("t"."name" ilike $1 or "t"."code" ilike $2) order by "t"."name" desc, "t"."id" desc limit $3 offset $4',
    );
    expect(out.params).toEqual(['%ab%', '%ab%', 10, 20]);
  });

  it('take the total from the first row, and count only for a page past the end', async () => {
    const calls: string[] = [];
    const exec = (rows: Record<string, unknown>[]) => async (s: { text: string }) => {
      calls.push(s.text.slice(0, 20));
      return s.text.startsWith('select count') ? [{ total: 7 }] : rows;
    };
    const q = { q: 'x', page: 1, itemsPerPage: 10 };
    expect(await runListWith(exec([{ id: 1, __total: 3 }]), source, q)).toEqual({ rows: [{ id: 1 }], total: 3 });
    expect(await runListWith(exec([]), source, q)).toEqual({ rows: [], total: 0 });
    expect(calls.every((c) => !c.startsWith('select count'))).toBe(true);
    expect(await runListWith(exec([]), source, { ...q, page: 9 })).toEqual({ rows: [], total: 7 });
  });
});
