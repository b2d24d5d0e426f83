// A domain's listing, defined once and used for `list`, `byId` and CSV export alike: the SQL source
// (sql-list.ts), the row -> DTO mapping, and three readers over them. Filters and scope arrive as SQL
// conditions built by the service; values always travel as bind parameters.
import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { execSql, ident, joinSql, orderTerms, raw, runList, sql, whereClause, type ListQuery, type ListSource, type Sql } from './sql-list.ts';

export interface Listing<K extends string, Dto> {
  /** The SQL source; `sortBy` lets it join tables only a sort needs. */
  source: (em: EntityManager, sortBy?: K) => ListSource<K>;
  map: (row: Record<string, unknown>) => Dto;
  /** Adds what another domain knows (counts, summaries) to a page of items, in place. */
  enrich?: (em: EntityManager, items: Dto[]) => Promise<void>;
}

async function finish<K extends string, Dto>(em: EntityManager, listing: Listing<K, Dto>, rows: Record<string, unknown>[]): Promise<Dto[]> {
  const items = rows.map(listing.map);
  if (listing.enrich && items.length) await listing.enrich(em, items);
  return items;
}

export function defineListing<K extends string, Dto>(listing: Listing<K, Dto>): Listing<K, Dto> {
  return listing;
}

export interface ListArgs<K extends string> {
  q?: string;
  sortBy?: K;
  orderBy?: 'asc' | 'desc';
  page: number;
  itemsPerPage: number;
}

/** One page and the total, all in SQL. */
export async function listPage<K extends string, Dto>(
  em: EntityManager,
  listing: Listing<K, Dto>,
  where: readonly (Sql | undefined | false)[],
  args: ListArgs<K>,
): Promise<{ items: Dto[]; total: number }> {
  const query: ListQuery<K> = { ...args, where };
  const { rows, total } = await runList<Record<string, unknown>, K>(em, listing.source(em, args.sortBy), query);
  return { items: await finish(em, listing, rows), total };
}

function selectList(source: ListSource): Sql {
  return joinSql(
    Object.entries(source.select).map(([name, expr]) => sql`${expr} as ${raw(ident(name))}`),
    ', ',
  );
}

/** The single row matching `where` (e.g. the id and the caller's scope), or null. */
export async function listOne<K extends string, Dto>(
  em: EntityManager,
  listing: Listing<K, Dto>,
  where: readonly (Sql | undefined | false)[],
): Promise<Dto | null> {
  const source = listing.source(em);
  const statement = sql`select ${selectList(source)} from ${source.from}${whereClause(source, { page: 1, itemsPerPage: 1, where })} limit 2`;
  const rows = await execSql(em, statement);
  if (rows.length > 1) throw new Error('listOne matched more than one row');
  return rows.length ? (await finish(em, listing, rows))[0] : null;
}

/**
 * Every row matching the filter, in the list's order, in batches read through a server-side cursor
 * inside one read-only transaction (one consistent snapshot; memory bounded by the batch size).
 * Stopping early (break/return) closes the cursor and the transaction.
 */
export async function* iterateListing<K extends string, Dto>(
  em: EntityManager,
  listing: Listing<K, Dto>,
  where: readonly (Sql | undefined | false)[],
  args: Pick<ListArgs<K>, 'q' | 'sortBy' | 'orderBy'>,
  batchSize = 500,
): AsyncGenerator<Dto[]> {
  const fork = em.fork({ clear: true });
  const source = listing.source(fork, args.sortBy);
  const query: ListQuery<K> = { ...args, page: 1, itemsPerPage: -1, where };
  const cursor = `listing_${crypto.randomBytes(6).toString('hex')}`;
  const statement = sql`select ${selectList(source)} from ${source.from}${whereClause(source, query)} order by ${orderTerms(source, query)}`;
  await fork.begin({ readOnly: true, isolationLevel: 'repeatable read' });
  try {
    await execSql(fork, sql`declare ${raw(ident(cursor))} no scroll cursor for ${statement}`);
    for (;;) {
      const rows = await execSql(fork, raw(`fetch forward ${Math.max(1, Math.floor(batchSize))} from ${ident(cursor)}`));
      if (rows.length) yield await finish(fork, listing, rows);
      if (rows.length < batchSize) break;
    }
  } finally {
    await fork.rollback();
  }
}

/** A timestamp column of a raw row (the driver hands them over as strings). */
export function rowDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(value as string);
}

export function rowDateOrNull(value: unknown): Date | null {
  return value === null || value === undefined ? null : rowDate(value);
}
