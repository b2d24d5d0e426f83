// Agenda paging: the rows at or after a split (today's and later visits) first, then the past.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Expression, type SqlBool, type StringReference, sql } from 'kysely';
import { db as kyselyOf } from '../../db/kysely.ts';
import { finish, type ListArgs, type Listing } from './listing.ts';
import { countStar, erase, type Filter, filtered, type ListQuery, pageOf, term } from './source.ts';

/** Where an agenda splits: rows whose `column` is at or after `pivot` come first (see `listAgendaPage`). */
export interface AgendaSplit<D, TB extends keyof D> {
  column: StringReference<D, TB>;
  pivot: Expression<unknown>;
}

/**
 * A page in agenda order: the rows at or after the split first, earliest first, then the earlier
 * ones, latest first (today's and later visits, then the past). One count gives the exact total and
 * the size of the first part; each part then reads an index on (column, id) in its own direction.
 */
export async function listAgendaPage<D, TB extends keyof D, O, K extends string, Dto>(
  em: EntityManager,
  listing: Listing<D, TB, O, K, Dto>,
  where: readonly Filter<D, TB>[],
  args: Pick<ListArgs<K>, 'page' | 'itemsPerPage'>,
  split: AgendaSplit<D, TB>,
): Promise<{ items: Dto[]; total: number }> {
  const source = listing.source(kyselyOf(em));
  const query: ListQuery<D, TB, K> = { page: args.page, itemsPerPage: args.itemsPerPage, where };
  const column = sql.ref(split.column);
  const { upcoming, total } = await filtered(erase(source.from), source, query)
    .select([
      sql<number>`(count(*) filter (where ${column} >= ${split.pivot}))::int`.as('upcoming'),
      countStar.as('total'),
    ])
    .executeTakeFirstOrThrow();
  const { limit, offset } = pageOf(query);
  const part = (first: boolean, skip: number, take: number) => {
    const dir = first ? 'asc' : 'desc';
    return filtered(erase(source.select(source.from)), source, query)
      .where(sql<SqlBool>`${column} ${sql.raw(first ? '>=' : '<')} ${split.pivot}`)
      .orderBy(column, dir)
      .orderBy(term(source.id), dir)
      .offset(skip)
      .limit(take)
      .execute() as Promise<O[]>;
  };
  const rows: O[] = [];
  if (offset < upcoming) rows.push(...(await part(true, offset, Math.min(limit, upcoming - offset))));
  const rest = Math.min(limit - rows.length, total - upcoming - Math.max(0, offset - upcoming));
  if (rest > 0) rows.push(...(await part(false, Math.max(0, offset - upcoming), rest)));
  return { items: await finish(em, listing, rows), total };
}
