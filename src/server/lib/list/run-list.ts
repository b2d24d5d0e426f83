// One page and the total of a list source, all in SQL. Tricks kept for big tables:
// - a filtered list (search or filters; for listings, a search) is one statement that also counts
//   the matches (`count(*) over ()`), so the matching rows are found once (trigram indexes answer
//   the search);
// - an unfiltered total comes from a kept row count when the source has one (`keptRowCount`);
// - otherwise the page is chosen by a deferred join (the inner query reads only the sort columns and
//   the id, which an index on (sort column, id) answers index-only; the outer query fetches the full
//   rows of that page), and a page past the middle is read from the other end ("mirrored": reversed
//   order, offset counted from the end, rows flipped back), so no page costs more than half an index.
import { type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/kysely.ts';
import {
  countStar,
  erase,
  filtered,
  hasConditions,
  type ListPage,
  type ListQuery,
  type ListSource,
  ordered,
  pageOf,
} from './source.ts';

/**
 * The row count of `table` kept in table_row_counts by triggers (migrations "row_counts" and
 * "demo_tenants"; only tables given such triggers), counting the rows if it has no entry. With
 * `tenant`, the count of that demo tenant's rows (counted through the table's (tenant_id, id) index
 * when there is no entry); without, of the whole table (kept under tenant 0 for tables without tenants).
 */
export function keptRowCount(table: keyof DB & string, tenant?: number): RawBuilder<number> {
  if (tenant === undefined) {
    return sql<number>`coalesce((select "row_count" from "table_row_counts" where "table_name" = ${table} and "tenant_id" = 0), (select count(*) from ${sql.table(table)}))::int`;
  }
  return sql<number>`coalesce((select "row_count" from "table_row_counts" where "table_name" = ${table} and "tenant_id" = ${tenant}), (select count(*) from ${sql.table(table)} where "tenant_id" = ${tenant}))::int`;
}

/** The total of the query: the source's kept count when nothing narrows it, else counted. */
export async function countOf<D, TB extends keyof D, K extends string>(
  source: ListSource<D, TB, unknown, K>,
  query: ListQuery<D, TB, K>,
): Promise<number> {
  if (source.countAll && !hasConditions(source, query)) {
    const row = await erase(source.from)
      .clearSelect()
      .select(sql<number>`(${source.countAll})`.as('total'))
      .limit(1)
      .executeTakeFirst();
    // A FROM without rows (an empty table) has no count to read: its total is 0.
    return row ? row.total : 0;
  }
  const row = await filtered(erase(source.from), source, query).select(countStar.as('total')).executeTakeFirstOrThrow();
  return row.total;
}

export interface RunListOptions {
  /**
   * When the page and the total are read in one statement: with any condition ('filtered', the
   * default), or only with a search term ('searched': listings, whose other filters are the tenant
   * scope and broad flags that can match most of a big table; there the total is counted apart,
   * index-only, and the page is chosen by deferred join instead of sorting every match).
   */
  onePass?: 'filtered' | 'searched';
  /**
   * The exact total, known without counting (a kept count the caller read for exactly these
   * conditions): the page is then read by deferred join without a count.
   */
  total?: number;
}

/**
 * `{ rows, total }`, everything filtered, sorted and paged in SQL, the total counted before paging.
 * Filtered (see `onePass`): one statement returns the page and the total (a separate count only for a
 * page past the end). Otherwise: the total (kept or counted), then the page by deferred join, from the
 * nearer end.
 */
export async function runList<D, TB extends keyof D, O, K extends string>(
  source: ListSource<D, TB, O, K>,
  query: ListQuery<D, TB, K>,
  options: RunListOptions = {},
): Promise<ListPage<O>> {
  const { limit, offset } = pageOf(query);
  const onePass =
    options.total === undefined &&
    (options.onePass === 'searched' ? Boolean(query.q?.trim() && source.search?.length) : hasConditions(source, query));
  if (onePass) {
    const statement = ordered(filtered(erase(source.select(source.from)), source, query), source, query)
      .select(sql<number>`(count(*) over ())::int`.as('__total'))
      .limit(limit)
      .offset(offset);
    const found = (await statement.execute()) as (O & { __total: number })[];
    if (found.length === 0 && offset > 0) return { rows: [], total: await countOf(source, query) };
    const total = found.length ? found[0].__total : 0;
    return { rows: found.map(({ __total: _total, ...row }) => row as O), total };
  }
  const total = options.total ?? (await countOf(source, query));
  if (offset >= total) return { rows: [], total };
  if (query.itemsPerPage === -1) {
    const rows = await ordered(filtered(erase(source.select(source.from)), source, query), source, query)
      .limit(limit)
      .execute();
    return { rows: rows as O[], total };
  }
  // Read from whichever end is nearer; rows of the last page may be fewer than `limit`.
  const take = Math.min(limit, total - offset);
  const fromEnd = total - offset - take;
  const reversed = fromEnd < offset;
  const keys = ordered(
    filtered(erase(source.from), source, query).select(sql.ref(source.id).as('__key')),
    source,
    query,
    reversed,
  )
    .limit(take)
    .offset(reversed ? fromEnd : offset);
  const rows = (await ordered(
    erase(source.select(source.from)).innerJoin(keys.as('__page'), '__page.__key', source.id),
    source,
    query,
    reversed,
  ).execute()) as O[];
  if (reversed) rows.reverse();
  return { rows, total };
}
