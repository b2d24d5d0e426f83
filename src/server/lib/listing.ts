// A domain's listing, defined once and used for `list`, `byId` and CSV export alike: the SQL source
// (sql-list.ts), the row -> DTO mapping, and three readers over them. Filters and scope arrive as SQL
// conditions built by the service; values always travel as bind parameters.
import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Subject } from '../../shared/abilities/index.ts';
import { authorize } from './authz.ts';
import type { AuthedContext, ServiceContext } from './context.ts';
import { notFound } from './app-error.ts';
import { countSql, execSql, ident, orderTerms, pageSql, raw, runList, selectColumns, sql, whereClause, type ListQuery, type ListSource, type Sql } from './sql-list.ts';

export interface Listing<K extends string, Dto> {
  /** The SQL source; `sortBy` lets it join tables only a sort needs. */
  source: (em: EntityManager, sortBy?: K) => ListSource<K>;
  map: (row: Record<string, unknown>) => Dto;
  /** Adds what another domain knows (counts, summaries) to a page of items, in place. */
  enrich?: (em: EntityManager, items: Dto[]) => Promise<void>;
  /**
   * Sorts by a related record's name (class, sub-direction…) read without sorting every row: rows
   * are grouped by a foreign key, the groups come in the sort's order, and rows of a group by id.
   * The source's sort expression for the same key must give that order too (used with a search).
   */
  grouped?: Partial<Record<K, GroupedSort>>;
}

export interface GroupedSort {
  /** The root table's foreign-key column that groups the rows. */
  column: Sql;
  /** Group ids in ascending sort order; groups missing here come after them, rows without one (null) last. */
  order: (em: EntityManager) => Promise<number[]>;
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

/**
 * One page and the total, all in SQL. With a search term the matches are few: one statement finds
 * them once and returns the page with the total (sql-list's filtered path). Without one, the filters
 * are only the tenant scope and broad flags, so matching rows can be most of a big table: the total
 * is counted on its own and the page is picked by a deferred join that walks the sort index and
 * stops after the page (mirrored past the middle), instead of sorting every match.
 */
export async function listPage<K extends string, Dto>(
  em: EntityManager,
  listing: Listing<K, Dto>,
  where: readonly (Sql | undefined | false)[],
  args: ListArgs<K>,
): Promise<{ items: Dto[]; total: number }> {
  const query: ListQuery<K> = { ...args, where };
  const source = listing.source(em, args.sortBy);
  if (args.q?.trim()) {
    const { rows, total } = await runList<Record<string, unknown>, K>(em, source, query);
    return { items: await finish(em, listing, rows), total };
  }
  const grouped = args.sortBy !== undefined ? listing.grouped?.[args.sortBy] : undefined;
  if (grouped) {
    const { rows, total } = await groupedPage(em, listing.source(em), grouped, query);
    return { items: await finish(em, listing, rows), total };
  }
  const [{ total }] = await execSql<{ total: number }>(em, countSql(source, query));
  const plan = pageSql(source, query, total);
  if (!plan.statement) return { items: [], total };
  const rows = await execSql(em, plan.statement);
  if (plan.reversed) rows.reverse();
  return { items: await finish(em, listing, rows), total };
}


const ALL_CAP = 10_000;

/**
 * A page in a grouped sort: one grouped count gives the total and each group's size, then only the
 * groups the page overlaps are read, each by id through the (foreign key, id) index.
 */
async function groupedPage<K extends string>(
  em: EntityManager,
  source: ListSource<K>,
  grouped: GroupedSort,
  query: ListQuery<K>,
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const where = whereClause(source, query);
  const counts = await execSql<{ g: number | null; n: number }>(
    em,
    sql`select ${grouped.column} as "g", count(*)::int as "n" from ${source.from}${where} group by 1`,
  );
  const total = counts.reduce((sum, c) => sum + c.n, 0);
  const size = new Map(counts.map((c) => [c.g, c.n]));
  const known = await grouped.order(em);
  const rest = counts.map((c) => c.g).filter((g): g is number => g !== null && !known.includes(g)).sort((a, b) => a - b);
  const desc = query.orderBy === 'desc';
  let groups: (number | null)[] = [...known, ...rest, null].filter((g) => size.has(g));
  if (desc) groups = groups.reverse();
  const all = query.itemsPerPage === -1;
  let offset = all ? 0 : (query.page - 1) * query.itemsPerPage;
  let wanted = all ? ALL_CAP : query.itemsPerPage;
  const dir = raw(desc ? ' desc' : ' asc');
  const rows: Record<string, unknown>[] = [];
  for (const g of groups) {
    if (wanted <= 0) break;
    const n = size.get(g) ?? 0;
    if (offset >= n) {
      offset -= n;
      continue;
    }
    const take = Math.min(wanted, n - offset);
    const inGroup = whereClause(source, { ...query, where: [...(query.where ?? []), g === null ? sql`${grouped.column} is null` : sql`${grouped.column} = ${g}`] });
    const keys = sql`select ${source.id} as "__key" from ${source.from}${inGroup} order by ${source.id}${dir} limit ${take} offset ${offset}`;
    rows.push(...(await execSql(em, sql`select ${selectColumns(source.select)} from ${source.from} join (${keys}) "__page" on "__page"."__key" = ${source.id} order by ${source.id}${dir}`)));
    wanted -= take;
    offset = 0;
  }
  return { rows, total };
}

/** The single row matching `where` (e.g. the id and the caller's scope), or null. */
export async function listOne<K extends string, Dto>(
  em: EntityManager,
  listing: Listing<K, Dto>,
  where: readonly (Sql | undefined | false)[],
): Promise<Dto | null> {
  const source = listing.source(em);
  const statement = sql`select ${selectColumns(source.select)} from ${source.from}${whereClause(source, { page: 1, itemsPerPage: 1, where })} limit 2`;
  const rows = await execSql(em, statement);
  if (rows.length > 1) throw new Error('listOne matched more than one row');
  return rows.length ? (await finish(em, listing, rows))[0] : null;
}

/** The row with this id among those matching `where` (the caller's scope); NOT_FOUND (`label`) otherwise. */
export async function listById<K extends string, Dto>(
  em: EntityManager,
  listing: Listing<K, Dto>,
  id: number,
  where: readonly (Sql | undefined | false)[],
  label: string,
): Promise<Dto> {
  const found = await listOne(em, listing, [sql`${listing.source(em).id} = ${id}`, ...where]);
  if (!found) throw notFound(label);
  return found;
}

/** An `enrich` setting each item's `field` to its count by id (0 when `count` has none). */
export function enrichWithCount<Dto extends { id: number }>(
  field: { [F in keyof Dto]: Dto[F] extends number ? F : never }[keyof Dto],
  count: (em: EntityManager, ids: number[]) => Promise<Map<number, number>>,
): (em: EntityManager, items: Dto[]) => Promise<void> {
  return async (em, items) => {
    const counts = await count(em, items.map((i) => i.id));
    for (const item of items) (item[field] as number) = counts.get(item.id) ?? 0;
  };
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
  const statement = sql`select ${selectColumns(source.select)} from ${source.from}${whereClause(source, query)} order by ${orderTerms(source, query)}`;
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

/**
 * A listing's two reads for callers who may read `subject`: `list` (one page and the total) and
 * `iterate` (every match in batches, for CSV exports), filtered by what `where` makes of the input
 * (scope first), sorted by `defaultSort` when the input names no sort.
 */
export function listingReads<K extends string, Dto, F>(
  subject: Subject,
  listing: Listing<K, Dto>,
  where: (ctx: AuthedContext, input: F) => readonly (Sql | undefined | false)[],
  defaultSort: NoInfer<K>,
) {
  type Input = F & ListArgs<K>;
  const sorted = (input: Input) => ({ ...input, sortBy: input.sortBy ?? defaultSort });
  async function list(ctx: ServiceContext, input: Input): Promise<{ items: Dto[]; total: number }> {
    authorize(ctx, 'read', subject);
    return listPage(ctx.em, listing, where(ctx, input), sorted(input));
  }
  async function* iterate(ctx: ServiceContext, input: Input): AsyncGenerator<Dto[]> {
    authorize(ctx, 'read', subject);
    yield* iterateListing(ctx.em, listing, where(ctx, input), sorted(input));
  }
  return { list, iterate };
}

/** A timestamp column of a raw row (the driver hands them over as strings). */
export function rowDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(value as string);
}

export function rowDateOrNull(value: unknown): Date | null {
  return value === null || value === undefined ? null : rowDate(value);
}
