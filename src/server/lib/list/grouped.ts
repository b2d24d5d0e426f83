// A sort by a related record's name read without sorting every row: rows grouped by a foreign key,
// groups in the sort's order, rows of a group by id.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type SqlBool, type StringReference, sql } from 'kysely';
import { countStar, erase, filtered, type ListPage, type ListQuery, type ListSource, pageOf } from './source.ts';

/** A sort by a related record's name read without sorting every row (see the file header). */
export interface GroupedSort<D, TB extends keyof D> {
  /** The root table's foreign-key column that groups the rows. */
  column: StringReference<D, TB>;
  /** Group ids in ascending sort order; groups missing here come after them, rows without one (null) last. */
  order: (em: EntityManager) => Promise<number[]>;
}

/**
 * A page in a grouped sort: one grouped count gives the total and each group's size, then only the
 * groups the page overlaps are read, each by id through the (foreign key, id) index.
 */
export async function groupedPage<D, TB extends keyof D, O, K extends string>(
  em: EntityManager,
  source: ListSource<D, TB, O, K>,
  grouped: GroupedSort<D, TB>,
  query: ListQuery<D, TB, K>,
): Promise<ListPage<O>> {
  const column = sql.ref(grouped.column);
  const counts = (await filtered(erase(source.from), source, query)
    .select([column.as('g'), countStar.as('n')])
    .groupBy(column)
    .execute()) as { g: number | null; n: number }[];
  const total = counts.reduce((sum, c) => sum + c.n, 0);
  const size = new Map(counts.map((c) => [c.g, c.n]));
  const known = await grouped.order(em);
  const rest = counts
    .map((c) => c.g)
    .filter((g): g is number => g !== null && !known.includes(g))
    .sort((a, b) => a - b);
  const desc = query.orderBy === 'desc';
  let groups: (number | null)[] = [...known, ...rest, null].filter((g) => size.has(g));
  if (desc) groups = groups.reverse();
  let { limit: wanted, offset } = pageOf(query);
  const dir = desc ? 'desc' : 'asc';
  const id = source.id;
  const rows: O[] = [];
  for (const g of groups) {
    if (wanted <= 0) break;
    const n = size.get(g) ?? 0;
    if (offset >= n) {
      offset -= n;
      continue;
    }
    const take = Math.min(wanted, n - offset);
    const inGroup = filtered(erase(source.from), source, query).where(
      g === null ? sql<SqlBool>`${column} is null` : sql<SqlBool>`${column} = ${g}`,
    );
    const keys = inGroup.select(sql.ref(id).as('__key')).orderBy(sql.ref(id), dir).limit(take).offset(offset);
    rows.push(
      ...((await erase(source.select(source.from))
        .innerJoin(keys.as('__page'), '__page.__key', id)
        .orderBy(sql.ref(id), dir)
        .execute()) as O[]),
    );
    wanted -= take;
    offset = 0;
  }
  return { rows, total };
}
