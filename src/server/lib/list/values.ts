// Small pieces listings share: a filter on one column, counts per id for `enrich`, timestamps as the
// driver hands them over, the number of pages.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type SqlBool, type StringReference, sql } from 'kysely';
import type { Filter } from './source.ts';

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
