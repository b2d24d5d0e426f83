// List reads on Kysely (MikroORM's typed integration, see db/kysely.ts): a domain describes what it
// lists once (`listSource`: FROM and joins, selected columns, search columns, sort keys) and this
// file filters, sorts, counts and pages it in SQL, with rows typed from the entities.
//
// Tricks kept for big tables:
// - a filtered list (search or filters; for listings, a search) is one statement that also counts
//   the matches (`count(*) over ()`), so the matching rows are found once (trigram indexes answer
//   the search);
// - an unfiltered total comes from a kept row count when the source has one (`keptRowCount`);
// - otherwise the page is chosen by a deferred join (the inner query reads only the sort columns and
//   the id, which an index on (sort column, id) answers index-only; the outer query fetches the full
//   rows of that page), and a page past the middle is read from the other end ("mirrored": reversed
//   order, offset counted from the end, rows flipped back), so no page costs more than half an index;
// - a sort by a related record's name can be "grouped" (rows grouped by a foreign key, groups in the
//   sort's order, rows of a group by id), see `GroupedSort`.
import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  type StringReference,
  sql,
} from 'kysely';
import type { Subject } from '../../shared/abilities/index.ts';
import { type DB, db as kyselyOf } from '../db/kysely.ts';
import { notFound, type RecordLabel } from './app-error.ts';
import { authorize } from './authz.ts';
import type { AuthedContext, ServiceContext } from './context.ts';

export type SortDirection = 'asc' | 'desc';

/** Most rows that "all" (itemsPerPage -1) returns. */
export const ALL_CAP = 10_000;

/** A condition on the listed rows, or nothing (undefined / false: the input left that filter out). */
export type Filter<D, TB extends keyof D> =
  | Expression<SqlBool>
  | ((eb: ExpressionBuilder<D, TB>) => Expression<SqlBool>)
  | undefined
  | false;

/** A column of the listed tables or an SQL expression. */
export type Term<D, TB extends keyof D> = StringReference<D, TB> | Expression<unknown>;

/** What is listed: written by a service, typed from the entities. */
export interface ListSource<D, TB extends keyof D, O, K extends string> {
  /** FROM and joins, nothing selected. */
  from: SelectQueryBuilder<D, TB, object>;
  /** The root table's unique id: the tie-breaker of every order and the key of the deferred join. */
  id: StringReference<D, TB>;
  /** Adds the output columns. */
  select: (qb: SelectQueryBuilder<D, TB, object>) => SelectQueryBuilder<D, TB, O>;
  /** Text columns matched with ILIKE '%q%' (any of them). Index them with pg_trgm GIN. */
  search?: readonly Term<D, TB>[];
  /** Sort key -> column or expression; rows with equal values are ordered by id in the same direction. */
  sorts: Record<K, Term<D, TB>>;
  /** Order by id when no (known) sort key is given. Default 'asc'. */
  defaultDirection?: SortDirection;
  /** An exact, cheap total when nothing is filtered (see `keptRowCount`); without it the rows are counted. */
  countAll?: Expression<number>;
}

/** Builds a list source; D and TB come from `from`, so `select` and the columns are checked against it. */
export function listSource<D, TB extends keyof D, O, K extends string>(
  from: SelectQueryBuilder<D, TB, object>,
  spec: Omit<ListSource<D, TB, O, K>, 'from'>,
): ListSource<D, TB, O, K> {
  return { from, ...spec };
}

export interface ListQuery<D, TB extends keyof D, K extends string> {
  q?: string;
  /** Extra conditions, AND-ed. */
  where?: readonly Filter<D, TB>[];
  sortBy?: K;
  orderBy?: SortDirection;
  page: number;
  /** -1 means all (up to ALL_CAP). */
  itemsPerPage: number;
}

export interface ListPage<R> {
  rows: R[];
  total: number;
}

/* ------------------------------------------------------------------ building blocks */

// The builders below are generic over the source's tables; Kysely's method types cannot follow a
// generic column reference, so they work on this erased view of the same builder (runtime identical).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Erased = SelectQueryBuilder<any, any, object>;
const erase = (qb: SelectQueryBuilder<never, never, unknown> | Erased): Erased => qb as Erased;

function term(t: Term<unknown, never> | string): Expression<unknown> {
  return typeof t === 'string' ? sql.ref(t) : t;
}

/** Escape LIKE wildcards so a user's `%`, `_` or `\` match themselves. */
export function likeContains(q: string): string {
  return `%${q.replace(/[\\%_]/g, '\\$&')}%`;
}

function hasConditions(
  source: { search?: readonly unknown[] },
  query: { q?: string; where?: readonly unknown[] },
): boolean {
  return Boolean((query.q?.trim() && source.search?.length) || query.where?.some(Boolean));
}

function filtered<D, TB extends keyof D, K extends string>(
  qb: Erased,
  source: ListSource<D, TB, unknown, K>,
  query: ListQuery<D, TB, K>,
): Erased {
  const q = query.q?.trim();
  if (q && source.search?.length) {
    const pattern = likeContains(q);
    const alternatives = source.search.map((s) => sql<SqlBool>`${term(s as string)} ilike ${pattern}`);
    qb = qb.where(sql<SqlBool>`(${sql.join(alternatives, sql` or `)})`);
  }
  for (const condition of query.where ?? []) if (condition) qb = qb.where(condition as Expression<SqlBool>);
  return qb;
}

function flip(direction: SortDirection): SortDirection {
  return direction === 'asc' ? 'desc' : 'asc';
}

function ordered<D, TB extends keyof D, K extends string>(
  qb: Erased,
  source: ListSource<D, TB, unknown, K>,
  query: ListQuery<D, TB, K>,
  reversed = false,
): Erased {
  const known = query.sortBy !== undefined && Object.hasOwn(source.sorts, query.sortBy);
  const direction = known ? (query.orderBy ?? 'asc') : (source.defaultDirection ?? 'asc');
  const dir = reversed ? flip(direction) : direction;
  if (known) qb = qb.orderBy(term(source.sorts[query.sortBy as K] as string), dir);
  return qb.orderBy(term(source.id), dir);
}

const countStar = sql<number>`count(*)::int`;

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

async function countOf<D, TB extends keyof D, K extends string>(
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

function pageOf(query: { page: number; itemsPerPage: number }): { limit: number; offset: number } {
  return query.itemsPerPage === -1
    ? { limit: ALL_CAP, offset: 0 }
    : { limit: query.itemsPerPage, offset: (query.page - 1) * query.itemsPerPage };
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

/* ------------------------------------------------------------------ listings */

/** A sort by a related record's name read without sorting every row (see the file header). */
export interface GroupedSort<D, TB extends keyof D> {
  /** The root table's foreign-key column that groups the rows. */
  column: StringReference<D, TB>;
  /** Group ids in ascending sort order; groups missing here come after them, rows without one (null) last. */
  order: (em: EntityManager) => Promise<number[]>;
}

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

async function finish<D, TB extends keyof D, O, K extends string, Dto>(
  em: EntityManager,
  listing: Listing<D, TB, O, K, Dto>,
  rows: O[],
): Promise<Dto[]> {
  const items = rows.map(listing.map);
  if (listing.enrich && items.length) await listing.enrich(em, items);
  return items;
}

/** One page and the total, all in SQL (see the file header). */
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

/**
 * A page in a grouped sort: one grouped count gives the total and each group's size, then only the
 * groups the page overlaps are read, each by id through the (foreign key, id) index.
 */
async function groupedPage<D, TB extends keyof D, O, K extends string>(
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

/**
 * Every row matching the filter, in the list's order, in batches read through a server-side cursor
 * inside one read-only transaction (one consistent snapshot; memory bounded by the batch size).
 * Stopping early (break/return) closes the cursor and the transaction.
 */
export async function* iterateListing<D, TB extends keyof D, O, K extends string, Dto>(
  em: EntityManager,
  listing: Listing<D, TB, O, K, Dto>,
  where: readonly Filter<D, TB>[],
  args: Pick<ListArgs<K>, 'q' | 'sortBy' | 'orderBy'>,
  batchSize = 500,
): AsyncGenerator<Dto[]> {
  const fork = em.fork({ clear: true });
  const query: ListQuery<D, TB, K> = { ...args, page: 1, itemsPerPage: -1, where };
  const cursor = sql.id(`listing_${crypto.randomBytes(6).toString('hex')}`);
  const batch = sql.raw(String(Math.max(1, Math.floor(batchSize))));
  await fork.begin({ readOnly: true, isolationLevel: 'repeatable read' });
  try {
    const kysely = kyselyOf(fork);
    const source = listing.source(kysely, args.sortBy);
    const statement = ordered(filtered(erase(source.select(source.from)), source, query), source, query);
    await sql`declare ${cursor} no scroll cursor for ${statement}`.execute(kysely);
    for (;;) {
      const { rows } = await sql<O>`fetch forward ${batch} from ${cursor}`.execute(kysely);
      if (rows.length) yield await finish(fork, listing, rows);
      if (rows.length < batchSize) break;
    }
  } finally {
    await fork.rollback();
  }
}

/* ------------------------------------------------------------------ filters and row values */

/** `column = value`, or no filter when the input leaves it out (undefined). */
export function equalsFilter<D, TB extends keyof D>(column: StringReference<D, TB>, value: unknown): Filter<D, TB> {
  return value === undefined ? undefined : sql<SqlBool>`${sql.ref(column)} = ${value}`;
}

/** Counts per id from `select <id> as id, count(*)::int as n … group by 1` rows. */
export function countsById(rows: readonly { id: number | null; n: number }[]): Map<number, number> {
  return new Map(rows.filter((r): r is { id: number; n: number } => r.id !== null).map((r) => [r.id, r.n]));
}

/** An `enrich` setting each item's `field` to its count by id (0 when `count` has none). */
export function enrichWithCount<Dto extends { id: number }>(
  field: { [F in keyof Dto]: Dto[F] extends number ? F : never }[keyof Dto],
  count: (em: EntityManager, ids: number[]) => Promise<Map<number, number>>,
): (em: EntityManager, items: Dto[]) => Promise<void> {
  return async (em, items) => {
    const counts = await count(
      em,
      items.map((i) => i.id),
    );
    for (const item of items) (item[field] as number) = counts.get(item.id) ?? 0;
  };
}

/** A timestamp as the driver hands it over (an ISO string; a Date when already converted). */
export function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

export function toDateOrNull(value: Date | string | null): Date | null {
  return value === null ? null : toDate(value);
}

/** Pages needed for `total` rows (1 for "all" and for an empty list). */
export function pageCount(total: number, itemsPerPage: number): number {
  if (itemsPerPage === -1 || total === 0) return 1;
  return Math.ceil(total / itemsPerPage);
}

/* ------------------------------------------------------------------ authorized reads */

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

/**
 * A listing's two reads for callers who may read `subject`: `list` (one page and the total) and
 * `iterate` (every match in batches, for CSV exports), filtered by what `where` makes of the input
 * (scope first), sorted by `defaultSort` when the input names no sort.
 */
export function listingReads<D, TB extends keyof D, O, K extends string, Dto, F>(
  subject: Subject,
  listing: Listing<D, TB, O, K, Dto>,
  where: (ctx: AuthedContext, input: F) => readonly Filter<D, TB>[],
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

/**
 * `listingReads` for a domain that admits callers its own way and whose listing depends on where the
 * caller's rows are (`scope`, e.g. the demo tenant of a demo app's copy). `open` authorizes (and may
 * refuse the input), then answers the EntityManager, the scope and the filters for the input. `list`
 * is one page and the total, `iterate` every match in batches; sorted by `defaultSort`, if given, when
 * the input names no sort.
 */
export function scopedListingReads<S, I extends ListArgs<K>, D, TB extends keyof D, O, K extends string, Dto>(
  listing: (scope: S) => Listing<D, TB, O, K, Dto>,
  open: (ctx: ServiceContext, input: I) => Promise<{ em: EntityManager; scope: S; where: readonly Filter<D, TB>[] }>,
  defaultSort?: NoInfer<K>,
) {
  const sorted = (input: I) => ({ ...input, sortBy: input.sortBy ?? defaultSort });
  async function list(ctx: ServiceContext, input: I): Promise<{ items: Dto[]; total: number }> {
    const { em, scope, where } = await open(ctx, input);
    return listPage(em, listing(scope), where, sorted(input));
  }
  async function* iterate(ctx: ServiceContext, input: I): AsyncGenerator<Dto[]> {
    const { em, scope, where } = await open(ctx, input);
    yield* iterateListing(em, listing(scope), where, sorted(input));
  }
  return { list, iterate };
}
