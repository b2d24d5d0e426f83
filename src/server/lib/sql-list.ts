// Generic list queries in SQL: search (ILIKE on chosen columns), filters, a sort-key -> expression map,
// a total order (tie-breaker on the row id), an exact total counted before paging, and paging.
// Every value travels as a bind parameter ($1, $2, …); only trusted SQL written in code (column
// names taken from entity metadata, expressions in services) is spliced into the text.
//
// A filtered list (search or filters) is read in one statement that also counts the matches
// (`count(*) over ()`), so the matching rows are found once. An unfiltered list takes its total
// from a kept row count when the source has one (see keptRowCount), and chooses its page by a
// "deferred join" (the inner query reads only the sort columns and the id, which an index on
// (sort column, id) answers with an index-only scan, then the outer query fetches the full rows of
// that one page); a page past the middle is read from the other end ("mirrored": reversed order,
// offset counted from the end, rows reversed back), so no page costs more than half an index.
import type { EntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery, type Kysely } from 'kysely';

/* ------------------------------------------------------------------ SQL fragments */

interface Param {
  value: unknown;
}

/** A piece of SQL: trusted text chunks and bind parameters, composable. Build it with `sql` or `raw`. */
export class Sql {
  readonly chunks: readonly (string | Param)[];
  constructor(chunks: readonly (string | Param)[]) {
    this.chunks = chunks;
  }
}

/** Tagged template: interpolated values become bind parameters; interpolated `Sql` is spliced in. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  const chunks: (string | Param)[] = [];
  strings.forEach((text, i) => {
    if (text) chunks.push(text);
    if (i < values.length) {
      const v = values[i];
      if (v instanceof Sql) chunks.push(...v.chunks);
      else chunks.push({ value: v });
    }
  });
  return new Sql(chunks);
}

/** Trusted SQL text (identifiers, keywords written in code). Never pass user input. */
export function raw(text: string): Sql {
  return new Sql([text]);
}

/** Join fragments with a separator (`, `, ` and `, ` or `). */
export function joinSql(parts: readonly Sql[], separator: string): Sql {
  const chunks: (string | Param)[] = [];
  parts.forEach((part, i) => {
    if (i > 0) chunks.push(separator);
    chunks.push(...part.chunks);
  });
  return new Sql(chunks);
}

/** A double-quoted SQL identifier. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export interface CompiledSql {
  text: string;
  params: unknown[];
}

/** Text with $n placeholders and the parameter list. */
export function compileSql(fragment: Sql): CompiledSql {
  const params: unknown[] = [];
  let text = '';
  for (const chunk of fragment.chunks) {
    if (typeof chunk === 'string') text += chunk;
    else {
      params.push(chunk.value);
      text += `$${params.length}`;
    }
  }
  return { text, params };
}

/** Escape LIKE wildcards so a user's `%`, `_` or `\` match themselves. */
export function likeContains(q: string): string {
  return `%${q.replace(/[\\%_]/g, '\\$&')}%`;
}

/* ------------------------------------------------------------------ tables from entity metadata */

export interface TableRef<T> {
  /** `"table" "alias"` for FROM/JOIN clauses. */
  from: Sql;
  alias: string;
  tableName: string;
  /** The qualified column of an entity property (relations: their foreign-key column). */
  col(prop: keyof T & string): Sql;
}

/** Columns of an entity under an alias, resolved from MikroORM metadata (so names never drift). */
export function tableOf<T extends object>(
  em: EntityManager,
  entity: abstract new (...args: never[]) => T,
  alias: string,
): TableRef<T> {
  const meta = em.getMetadata().get(entity as never);
  const cache = new Map<string, Sql>();
  return {
    from: raw(`${ident(meta.tableName)} ${ident(alias)}`),
    alias,
    tableName: meta.tableName,
    col(prop) {
      let column = cache.get(prop);
      if (!column) {
        const property = meta.properties[prop as never] as { fieldNames?: string[] } | undefined;
        const field = property?.fieldNames?.[0];
        if (!field) throw new Error(`${meta.className} has no column for property ${prop}`);
        column = raw(`${ident(alias)}.${ident(field)}`);
        cache.set(prop, column);
      }
      return column;
    },
  };
}

/* ------------------------------------------------------------------ list queries */

export type SortDirection = 'asc' | 'desc';

/** What is listed: trusted SQL written by a service. */
export interface ListSource<K extends string = string> {
  /** FROM clause: the root table and its joins. */
  from: Sql;
  /** The root table's unique id: the tie-breaker of every order and the key of the deferred join. */
  id: Sql;
  /** Output field -> expression (cast in SQL to the type the service wants, e.g. `::float8`). */
  select: Record<string, Sql>;
  /** Text expressions matched with ILIKE '%q%' (any of them). Index them with pg_trgm GIN. */
  search?: readonly Sql[];
  /** Sort key -> expression; rows with equal values are ordered by id in the same direction. */
  sorts: Record<K, Sql>;
  /** Order by id when no (known) sort key is given. Default 'asc'. */
  defaultDirection?: SortDirection;
  /** Most rows that "all" (itemsPerPage -1) returns. Default 10,000. */
  allCap?: number;
  /**
   * An exact, cheap expression for the number of rows when no condition applies (see `keptRowCount`);
   * without it the rows are counted.
   */
  countAll?: Sql;
}

export interface ListQuery<K extends string = string> {
  q?: string;
  /** Extra conditions, AND-ed (build with `sql`, values as parameters). */
  where?: readonly (Sql | undefined | false)[];
  sortBy?: K;
  orderBy?: SortDirection;
  page: number;
  /** -1 means all (up to the source's allCap). */
  itemsPerPage: number;
}

/** The search, sort and paging fields of a list input (its filters go into `where` separately). */
export function listQueryOf<K extends string>(input: {
  q?: string;
  sortBy?: K;
  orderBy?: SortDirection;
  page: number;
  itemsPerPage: number;
}): ListQuery<K> {
  return { q: input.q, sortBy: input.sortBy, orderBy: input.orderBy, page: input.page, itemsPerPage: input.itemsPerPage };
}

export interface ListPage<R> {
  rows: R[];
  total: number;
}

const DEFAULT_ALL_CAP = 10_000;

function flip(direction: SortDirection): SortDirection {
  return direction === 'asc' ? 'desc' : 'asc';
}

/** A list filter: `column = value`, or none when the input leaves it out (undefined). */
export function equalsFilter(column: Sql, value: unknown): Sql | undefined {
  return value === undefined ? undefined : sql`${column} = ${value}`;
}

/** The WHERE clause (with its keyword) or an empty fragment. */
export function whereClause(source: ListSource, query: ListQuery): Sql {
  const conditions: Sql[] = [];
  const q = query.q?.trim();
  if (q && source.search?.length) {
    const pattern = likeContains(q);
    conditions.push(sql`(${joinSql(source.search.map((e) => sql`${e} ilike ${pattern}`), ' or ')})`);
  }
  for (const condition of query.where ?? []) if (condition) conditions.push(condition);
  return conditions.length ? sql` where ${joinSql(conditions, ' and ')}` : new Sql([]);
}

/** The ORDER BY terms of the query's total order, optionally reversed. */
export function orderTerms<K extends string>(source: ListSource<K>, query: ListQuery<K>, reversed = false): Sql {
  const known = query.sortBy !== undefined && Object.hasOwn(source.sorts, query.sortBy);
  const direction = known ? (query.orderBy ?? 'asc') : (source.defaultDirection ?? 'asc');
  const dir = raw(` ${reversed ? flip(direction) : direction}`);
  const terms = known ? [sql`${source.sorts[query.sortBy as K]}${dir}`, sql`${source.id}${dir}`] : [sql`${source.id}${dir}`];
  return joinSql(terms, ', ');
}

/** `expr as "name", …` for a select map. */
export function selectColumns(select: Record<string, Sql>): Sql {
  return joinSql(
    Object.entries(select).map(([name, expr]) => sql`${expr} as ${raw(ident(name))}`),
    ', ',
  );
}

/** `select count(*)` of the filtered rows (the kept count when nothing is filtered and the source has one). */
export function countSql(source: ListSource, query: ListQuery): Sql {
  const where = whereClause(source, query);
  if (source.countAll && where.chunks.length === 0) return sql`select (${source.countAll})::int as "total"`;
  return sql`select count(*)::int as "total" from ${source.from}${where}`;
}

/**
 * The row count of `table` kept in table_row_counts by triggers (migration "row_counts"; only tables
 * given such triggers), counting the rows if it has no entry.
 */
export function keptRowCount(table: TableRef<object>): Sql {
  return sql`coalesce((select "row_count" from "table_row_counts" where "table_name" = ${table.tableName}), (select count(*) from ${raw(ident(table.tableName))}))`;
}

export interface PagePlan {
  /** null when the page lies past the end (no query needed). */
  statement: Sql | null;
  /** The rows come back in reverse and must be flipped. */
  reversed: boolean;
}

/** The statement reading one page, given the exact total of the filtered rows. */
export function pageSql<K extends string>(source: ListSource<K>, query: ListQuery<K>, total: number): PagePlan {
  const where = whereClause(source, query);
  const columns = selectColumns(source.select);
  if (query.itemsPerPage === -1) {
    const cap = source.allCap ?? DEFAULT_ALL_CAP;
    return {
      statement: total === 0 ? null : sql`select ${columns} from ${source.from}${where} order by ${orderTerms(source, query)} limit ${cap}`,
      reversed: false,
    };
  }
  const limit = query.itemsPerPage;
  const offset = (query.page - 1) * limit;
  if (offset >= total) return { statement: null, reversed: false };
  // Read from whichever end is nearer; rows of the last page may be fewer than `limit`.
  const take = Math.min(limit, total - offset);
  const fromEnd = total - offset - take;
  const reversed = fromEnd < offset;
  const start = reversed ? fromEnd : offset;
  const order = orderTerms(source, query, reversed);
  const keys = sql`select ${source.id} as "__key" from ${source.from}${where} order by ${order} limit ${take} offset ${start}`;
  return {
    statement: sql`select ${columns} from ${source.from} join (${keys}) "__page" on "__page"."__key" = ${source.id} order by ${order}`,
    reversed,
  };
}

/**
 * A filtered page together with the filtered total (`__total`), in one statement: the matching rows
 * are found once (e.g. through trigram indexes) instead of once for the count and again for the page.
 */
export function filteredPageSql<K extends string>(source: ListSource<K>, query: ListQuery<K>): Sql {
  const all = query.itemsPerPage === -1;
  const limit = all ? (source.allCap ?? DEFAULT_ALL_CAP) : query.itemsPerPage;
  const offset = all ? 0 : (query.page - 1) * query.itemsPerPage;
  return sql`select ${selectColumns(source.select)}, (count(*) over ())::int as "__total" from ${source.from}${whereClause(source, query)} order by ${orderTerms(source, query)} limit ${limit} offset ${offset}`;
}

/** Runs compiled SQL and returns its rows. */
export type SqlExecutor = (statement: CompiledSql) => Promise<Record<string, unknown>[]>;

/** Executor over the request's EntityManager (its transaction when one is open), with bind parameters. */
export function emExecutor(em: EntityManager): SqlExecutor {
  return async ({ text, params }) => {
    const db = em.getTransactionContext<Kysely<unknown>>() ?? em.getConnection().getClient<unknown>();
    const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, params));
    return result.rows;
  };
}

/**
 * `{ rows, total }`, everything filtered, sorted and paged in SQL, the total counted before paging.
 * Filtered: one statement returns the page and the total (a separate count only for a page past the
 * end). Unfiltered: the total (kept or counted), then the page by deferred join, from the nearer end.
 */
export async function runListWith<R, K extends string>(
  exec: SqlExecutor,
  source: ListSource<K>,
  query: ListQuery<K>,
): Promise<ListPage<R>> {
  if (whereClause(source, query).chunks.length > 0) {
    const found = await exec(compileSql(filteredPageSql(source, query)));
    if (found.length === 0 && query.page > 1 && query.itemsPerPage !== -1) {
      const [{ total }] = (await exec(compileSql(countSql(source, query)))) as { total: number }[];
      return { rows: [], total };
    }
    const total = found.length ? (found[0].__total as number) : 0;
    const rows = found.map(({ __total: _total, ...row }) => row as R);
    return { rows, total };
  }
  const [{ total }] = (await exec(compileSql(countSql(source, query)))) as { total: number }[];
  const plan = pageSql(source, query, total);
  if (!plan.statement) return { rows: [], total };
  const rows = (await exec(compileSql(plan.statement))) as R[];
  if (plan.reversed) rows.reverse();
  return { rows, total };
}

export function runList<R, K extends string>(
  em: EntityManager,
  source: ListSource<K>,
  query: ListQuery<K>,
): Promise<ListPage<R>> {
  return runListWith<R, K>(emExecutor(em), source, query);
}

/** Run one statement through the EntityManager's connection. */
export async function execSql<R = Record<string, unknown>>(em: EntityManager, statement: Sql): Promise<R[]> {
  return (await emExecutor(em)(compileSql(statement))) as R[];
}

/** Rows of `table` per value of its `prop` column among `ids` (and matching `also`), as id -> count. */
export async function countPer<T extends object>(
  em: EntityManager,
  table: TableRef<T>,
  prop: keyof T & string,
  ids: readonly number[],
  also?: Sql,
): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const column = table.col(prop);
  const rows = await execSql<{ id: number; n: number }>(
    em,
    sql`select ${column} as "id", count(*)::int as "n" from ${table.from} where ${column} = any(${ids})${also ? sql` and ${also}` : new Sql([])} group by 1`,
  );
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Pages needed for `total` rows (1 for "all" and for an empty list). */
export function pageCount(total: number, itemsPerPage: number): number {
  if (itemsPerPage === -1 || total === 0) return 1;
  return Math.ceil(total / itemsPerPage);
}
