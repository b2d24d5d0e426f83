// List state (search, filters, sort, page, page size) kept in the URL, so a reload or a shared link
// shows the same rows. Every list page uses this hook; DataTable renders from it.
import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../shared/constants/http.ts';

export interface ListState {
  q: string;
  page: number;
  itemsPerPage: number;
  sortBy?: string;
  orderBy: 'asc' | 'desc';
  /** Extra filters by name, as strings ('' = unset). */
  filters: Record<string, string>;
}

/** The URL keys of the list frame itself; every other key is a filter. */
export const RESERVED = new Set(['q', 'page', 'itemsPerPage', 'sortBy', 'orderBy']);

/** Parse list state from a query string; unknown or invalid values fall back to defaults. */
export function parseListState(
  search: string,
  filterKeys: readonly string[],
  defaults: Partial<ListState> = {},
): ListState {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  const size = Number(params.get('itemsPerPage'));
  const order = params.get('orderBy');
  const filters: Record<string, string> = {};
  for (const key of filterKeys) filters[key] = params.get(key) ?? defaults.filters?.[key] ?? '';
  return {
    q: params.get('q') ?? defaults.q ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    itemsPerPage: (PAGE_SIZES as readonly number[]).includes(size)
      ? size
      : (defaults.itemsPerPage ?? DEFAULT_PAGE_SIZE),
    sortBy: params.get('sortBy') ?? defaults.sortBy,
    orderBy: order === 'desc' || order === 'asc' ? order : (defaults.orderBy ?? 'asc'),
    filters,
  };
}

/** Serialise list state to a query string, leaving defaults out so links stay short. */
export function formatListState(state: ListState, defaults: Partial<ListState> = {}): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.itemsPerPage !== (defaults.itemsPerPage ?? DEFAULT_PAGE_SIZE))
    params.set('itemsPerPage', String(state.itemsPerPage));
  if (state.sortBy && state.sortBy !== defaults.sortBy) params.set('sortBy', state.sortBy);
  if (state.sortBy && state.orderBy !== (defaults.orderBy ?? 'asc')) params.set('orderBy', state.orderBy);
  for (const [key, value] of Object.entries(state.filters)) if (value && !RESERVED.has(key)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The current list state from the URL and a setter that writes it back (replacing history).
 * Changing anything but the page resets the page to 1.
 */
export function useListState(filterKeys: readonly string[] = [], defaults: Partial<ListState> = {}) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const keys = filterKeys.join(',');
  const state = useMemo(() => parseListState(search, filterKeys, defaults), [search, keys]);
  const update = useCallback(
    (patch: Partial<Omit<ListState, 'filters'>> & { filters?: Record<string, string> }) => {
      const next: ListState = {
        ...state,
        ...patch,
        filters: { ...state.filters, ...(patch.filters ?? {}) },
      };
      if (patch.page === undefined) next.page = 1;
      navigate(`${location}${formatListState(next, defaults)}`, { replace: true });
    },
    [state, location, navigate],
  );
  return [state, update] as const;
}

/** List state as the input of a `<domain>.list` procedure (filters left out when empty). */
export function toListInput(state: ListState): Record<string, unknown> {
  const input: Record<string, unknown> = {
    page: state.page,
    itemsPerPage: state.itemsPerPage,
    orderBy: state.orderBy,
  };
  if (state.q) input.q = state.q;
  if (state.sortBy) input.sortBy = state.sortBy;
  for (const [key, value] of Object.entries(state.filters)) if (value) input[key] = value;
  return input;
}

/**
 * List state as the input of a `<domain>.list` procedure, checked against that procedure's schema:
 * `true`/`false` filters become booleans and values the schema refuses (a hand-edited or stale URL,
 * e.g. an unknown sort key) are left out, so a bad link shows the default list instead of an error.
 */
export function toSchemaListInput<S extends z.ZodType>(schema: S, state: ListState): z.input<S> {
  const input = toListInput(state);
  for (let attempt = 0; attempt < 8; attempt++) {
    const result = schema.safeParse(input);
    if (result.success) break;
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '');
      const value = input[key];
      if (value === 'true' || value === 'false') input[key] = value === 'true';
      else if (key) delete input[key];
    }
  }
  return input as z.input<S>;
}
