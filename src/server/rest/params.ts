// Shared parsing for the REST compatibility layer's demo-app routes: path ids and list queries.
import { legacyPaging, queryOrder, querySortKey, queryString } from './legacy.ts';

/** A positive integer id from a path segment, or undefined (such an id cannot exist: callers answer 404). */
export function pathId(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : undefined;
}

/**
 * The spec's list query: q (trimmed, empty = none), sortBy (unknown keys ignored), orderBy
 * (asc unless `desc`), page and itemsPerPage (fallbacks 1 and 10, -1 = all, clamped).
 */
export function legacyListQuery<const K extends string>(query: Record<string, unknown>, sortKeys: readonly K[]) {
  return {
    q: queryString(query.q)?.trim() || undefined,
    sortBy: querySortKey(query.sortBy, sortKeys),
    orderBy: queryOrder(query.orderBy),
    ...legacyPaging(query),
  };
}
