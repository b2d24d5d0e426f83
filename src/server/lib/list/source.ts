// What a list reads: a domain describes it once (`listSource`: FROM and joins, selected columns, search
// columns, sort keys), and the building blocks here filter and order it in SQL for the list's reads
// (run-list.ts, grouped.ts, agenda.ts, iterate.ts), with rows typed from the entities.
import {
  type Expression,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  type StringReference,
  sql,
} from 'kysely';

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

// The builders below are generic over the source's tables; Kysely's method types cannot follow a
// generic column reference, so they work on this erased view of the same builder (runtime identical).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Erased = SelectQueryBuilder<any, any, object>;
export const erase = (qb: SelectQueryBuilder<never, never, unknown> | Erased): Erased => qb as Erased;

/** A column name or an expression, as SQL. */
export function term(t: Term<unknown, never> | string): Expression<unknown> {
  return typeof t === 'string' ? sql.ref(t) : t;
}

/** Escape LIKE wildcards so a user's `%`, `_` or `\` match themselves. */
export function likeContains(q: string): string {
  return `%${q.replace(/[\\%_]/g, '\\$&')}%`;
}

/** Whether the query narrows the rows (a search the source can answer, or a filter left in). */
export function hasConditions(
  source: { search?: readonly unknown[] },
  query: { q?: string; where?: readonly unknown[] },
): boolean {
  return Boolean((query.q?.trim() && source.search?.length) || query.where?.some(Boolean));
}

/** The source's rows that match the search and every filter. */
export function filtered<D, TB extends keyof D, K extends string>(
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

/** Ordered by the query's sort (when the source knows it) then the id; `reversed` reads from the other end. */
export function ordered<D, TB extends keyof D, K extends string>(
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

export const countStar = sql<number>`count(*)::int`;

/** LIMIT and OFFSET of the query's page ("all": the first ALL_CAP rows). */
export function pageOf(query: { page: number; itemsPerPage: number }): { limit: number; offset: number } {
  return query.itemsPerPage === -1
    ? { limit: ALL_CAP, offset: 0 }
    : { limit: query.itemsPerPage, offset: (query.page - 1) * query.itemsPerPage };
}
