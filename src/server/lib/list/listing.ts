// A domain's listing (`defineListing`: its source, the row -> DTO map, what other domains add, grouped
// sorts), used for `list`, `byId` and CSV export alike, and its page and single-row reads.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Kysely, type SqlBool, sql } from 'kysely';
import { type DB, db as kyselyOf } from '../../db/kysely.ts';
import { notFound, type RecordLabel } from '../app-error.ts';
import { type GroupedSort, groupedPage } from './grouped.ts';
import { runList } from './run-list.ts';
import { erase, type Filter, filtered, type ListQuery, type ListSource, type SortDirection } from './source.ts';

/** A domain's listing, used for `list`, `byId` and CSV export alike. */
export interface Listing<D, TB extends keyof D, O, K extends string, Dto> {
  /** The source; `sortBy` lets it join tables only a sort needs. */
  source: (db: Kysely<DB>, sortBy?: K) => ListSource<D, TB, O, K>;
  /** Row -> DTO (dates arrive as strings: `toDate`). */
  map: (row: O) => Dto;
  /** Adds what another domain knows (counts, summaries) to a page of items, in place. */
  enrich?: (em: EntityManager, items: Dto[]) => Promise<void>;
  grouped?: Partial<Record<K, GroupedSort<D, TB>>>;
}

export function defineListing<D, TB extends keyof D, O, K extends string, Dto>(
  listing: Listing<D, TB, O, K, Dto>,
): Listing<D, TB, O, K, Dto> {
  return listing;
}

/** The filter type of a listing's rows, for services that build their filters apart. */
export type ListingFilter<L> =
  L extends Listing<infer D, infer TB, infer _O, infer _K, infer _Dto> ? Filter<D, TB> : never;

export interface ListArgs<K extends string> {
  q?: string;
  sortBy?: K;
  orderBy?: SortDirection;
  page: number;
  itemsPerPage: number;
}

/** Rows -> DTOs, enriched by what other domains know. */
export async function finish<D, TB extends keyof D, O, K extends string, Dto>(
  em: EntityManager,
  listing: Listing<D, TB, O, K, Dto>,
  rows: O[],
): Promise<Dto[]> {
  const items = rows.map(listing.map);
  if (listing.enrich && items.length) await listing.enrich(em, items);
  return items;
}

/** One page and the total, all in SQL (see run-list.ts and grouped.ts). */
export async function listPage<D, TB extends keyof D, O, K extends string, Dto>(
  em: EntityManager,
  listing: Listing<D, TB, O, K, Dto>,
  where: readonly Filter<D, TB>[],
  args: ListArgs<K>,
  options: { total?: number } = {},
): Promise<{ items: Dto[]; total: number }> {
  const query: ListQuery<D, TB, K> = { ...args, where };
  const grouped = args.sortBy !== undefined && !args.q?.trim() ? listing.grouped?.[args.sortBy] : undefined;
  const { rows, total } = grouped
    ? await groupedPage(em, listing.source(kyselyOf(em)), grouped, query)
    : await runList(listing.source(kyselyOf(em), args.sortBy), query, { onePass: 'searched', total: options.total });
  return { items: await finish(em, listing, rows), total };
}

/** The single row matching `where` (e.g. the id and the caller's scope), or null. */
export async function listOne<D, TB extends keyof D, O, K extends string, Dto>(
  em: EntityManager,
  listing: Listing<D, TB, O, K, Dto>,
  where: readonly Filter<D, TB>[],
): Promise<Dto | null> {
  const source = listing.source(kyselyOf(em));
  const rows = (await filtered(erase(source.select(source.from)), source, { page: 1, itemsPerPage: 1, where })
    .limit(2)
    .execute()) as O[];
  if (rows.length > 1) throw new Error('listOne matched more than one row');
  return rows.length ? (await finish(em, listing, rows))[0] : null;
}

/** The row with this id among those matching `where` (the caller's scope); NOT_FOUND (`label`) otherwise. */
export async function listById<D, TB extends keyof D, O, K extends string, Dto>(
  em: EntityManager,
  listing: Listing<D, TB, O, K, Dto>,
  id: number,
  where: readonly Filter<D, TB>[],
  label: RecordLabel,
): Promise<Dto> {
  const idColumn = listing.source(kyselyOf(em)).id;
  const found = await listOne(em, listing, [sql<SqlBool>`${sql.ref(idColumn)} = ${id}`, ...where]);
  if (!found) throw notFound(label);
  return found;
}
