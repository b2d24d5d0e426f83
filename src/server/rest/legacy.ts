// Helpers for the spec's REST paths: paging fallbacks and query coercion.
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../shared/constants/http.ts';
import { AppError } from '../lib/app-error.ts';

function intOr(value: unknown, fallback: number): number {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== 'string' && typeof raw !== 'number') return fallback;
  const n = Number(raw);
  return Number.isInteger(n) ? n : fallback;
}

/**
 * The spec's paging: `page` and `itemsPerPage` fall back to 1 and 10 when missing or not numeric;
 * `itemsPerPage=-1` means all. Out-of-range values are clamped (page >= 1, itemsPerPage <= MAX_PAGE_SIZE).
 */
export function legacyPaging(query: Record<string, unknown>): { page: number; itemsPerPage: number } {
  let page = intOr(query.page, 1);
  let itemsPerPage = intOr(query.itemsPerPage, DEFAULT_PAGE_SIZE);
  if (page < 1) page = 1;
  if (page > 1_000_000) page = 1_000_000;
  if (itemsPerPage === 0 || itemsPerPage < -1) itemsPerPage = DEFAULT_PAGE_SIZE;
  if (itemsPerPage > MAX_PAGE_SIZE) itemsPerPage = MAX_PAGE_SIZE;
  return { page, itemsPerPage };
}

/** A single string query value (the first of repeated ones), or undefined. */
export function queryString(value: unknown, max = 200): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== 'string') return undefined;
  return raw.slice(0, max);
}

/** `asc`/`desc`, defaulting to asc for anything else. */
export function queryOrder(value: unknown): 'asc' | 'desc' {
  return queryString(value) === 'desc' ? 'desc' : 'asc';
}

/** A sort key from the allowed list, or undefined (unknown keys are ignored, not an error). */
export function querySortKey<K extends string>(value: unknown, allowed: readonly K[]): K | undefined {
  const key = queryString(value);
  return key && (allowed as readonly string[]).includes(key) ? (key as K) : undefined;
}

/** An optional enum query value: undefined when absent or empty, 400 naming the valid values otherwise. */
export function queryEnum<V extends string>(value: unknown, allowed: readonly V[], name: string): V | undefined {
  const raw = queryString(value);
  if (raw === undefined || raw === '') return undefined;
  if ((allowed as readonly string[]).includes(raw)) return raw as V;
  throw new AppError('BAD_REQUEST', `${name} must be one of: ${allowed.join(', ')}`, {
    [name]: [`Expected one of ${allowed.join(', ')}`],
  });
}

/** An optional boolean query value (`true`/`false`/`1`/`0`); 400 for anything else. */
export function queryBoolean(value: unknown, name: string): boolean | undefined {
  const raw = queryString(value);
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new AppError('BAD_REQUEST', `${name} must be true or false`, { [name]: ['Expected true or false'] });
}

/** An optional positive integer id in the query; 400 when present but not one. */
export function queryId(value: unknown, name: string): number | undefined {
  const raw = queryString(value);
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) {
    throw new AppError('BAD_REQUEST', `${name} must be a positive integer`, { [name]: ['Expected a positive integer'] });
  }
  return n;
}
