import { describe, expect, it } from 'vitest';
import { formatListState, parseListState, toListInput } from './list-state.ts';

describe('list state in the URL', () => {
  it('round-trips search, filters, sort, page and page size', () => {
    const search = '?q=lyon&page=3&itemsPerPage=25&sortBy=name&orderBy=desc&status=active';
    const state = parseListState(search, ['status']);
    expect(state).toEqual({
      q: 'lyon',
      page: 3,
      itemsPerPage: 25,
      sortBy: 'name',
      orderBy: 'desc',
      filters: { status: 'active' },
    });
    expect(formatListState(state)).toBe(search);
  });

  it('falls back to defaults for invalid values', () => {
    const state = parseListState('?page=-2&itemsPerPage=7&orderBy=sideways', []);
    expect(state).toMatchObject({ page: 1, itemsPerPage: 10, orderBy: 'asc', q: '' });
  });

  it('accepts All (-1) as a page size', () => {
    expect(parseListState('?itemsPerPage=-1', []).itemsPerPage).toBe(-1);
  });

  it('leaves defaults and empty filters out of links and inputs', () => {
    const state = parseListState('', ['status']);
    expect(formatListState(state)).toBe('');
    expect(toListInput(state)).toEqual({ page: 1, itemsPerPage: 10, orderBy: 'asc' });
  });
});
