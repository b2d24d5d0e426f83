import { describe, expect, it } from 'vitest';
import { ZListLocationsInput } from '../../shared/schemas/locations.ts';
import { exportQuery } from '../components/DataTable/export-query.ts';
import { parseListState, toSchemaListInput } from './list-state.ts';

describe('list state checked against a list schema', () => {
  it('turns true/false filters into booleans and keeps valid filters', () => {
    const state = parseListState('?q=lyon&active=true&classId=4&sortBy=city&orderBy=desc', ['active', 'classId']);
    expect(toSchemaListInput(ZListLocationsInput, state)).toEqual({
      q: 'lyon',
      page: 1,
      itemsPerPage: 10,
      orderBy: 'desc',
      sortBy: 'city',
      active: true,
      classId: '4',
    });
  });

  it('drops what the schema refuses (a stale sort key, a bad id) instead of failing the list', () => {
    const state = parseListState('?sortBy=nonsense&classId=abc&archived=sometimes', ['classId', 'archived']);
    const input = toSchemaListInput(ZListLocationsInput, state);
    expect(input).toEqual({ page: 1, itemsPerPage: 10, orderBy: 'asc' });
    expect(ZListLocationsInput.safeParse(input).success).toBe(true);
  });

  it('builds the CSV export query from the filters, without paging', () => {
    expect(exportQuery({ page: 3, itemsPerPage: 25, q: 'a b', active: false, classId: '4', empty: '' })).toBe(
      '?q=a+b&active=false&classId=4',
    );
    expect(exportQuery({ page: 1, itemsPerPage: 10 })).toBe('');
  });
});
