// Helpers for list tests: the order a list must come back in, derived from the full list the server
// returned (not from hard-coded ids), with the same rules as lib/list: the sort value
// (text case-insensitively, by code unit), then the id, both in the requested direction.
import { expect } from 'vitest';

export type SortValue = string | number | boolean;

export function compareSortValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'string' && typeof b === 'string') {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return Number(a) - Number(b);
}

/** Ids of `rows` ordered by `value` then id, in `direction`. */
export function expectedOrder<T extends { id: number }>(
  rows: readonly T[],
  value: (row: T) => SortValue,
  direction: 'asc' | 'desc',
): number[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * (compareSortValues(value(a), value(b)) || a.id - b.id)).map((r) => r.id);
}

/** Ids of the rows whose text fields contain `q`, case-insensitively, in the given order. */
export function idsMatching<T extends { id: number }>(
  rows: readonly T[],
  q: string,
  fields: (row: T) => string[],
): number[] {
  const needle = q.toLowerCase();
  return rows.filter((r) => fields(r).some((f) => f.toLowerCase().includes(needle))).map((r) => r.id);
}

/** A substring of `text` (3+ characters, from its second word when there is one) to search for. */
export function searchTermFrom(text: string): string {
  const words = text.split(/\s+/).filter((w) => w.length >= 4);
  const word = words[1] ?? words[0] ?? text;
  return word.slice(1, Math.min(word.length, 5));
}

export function ids(rows: readonly { id: number }[]): number[] {
  return rows.map((r) => r.id);
}

/** Asserts a 404 with no body at all. */
export function expectEmpty404(res: { statusCode: number; body: string }): void {
  expect(res.statusCode).toBe(404);
  expect(res.body).toBe('');
}
