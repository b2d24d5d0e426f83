// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderHook } from '../../testing/render-hook.ts';
import type { Column } from './types.ts';
import { useTableSettings } from './useTableSettings.ts';

const column = (key: string, extra: Partial<Column<unknown>> = {}): Column<unknown> => ({
  key,
  header: key,
  render: () => key,
  ...extra,
});
const columns = [column('name'), column('code'), column('status', { hideable: false }), column('updatedAt')];
const keys = (list: Column<unknown>[]) => list.map((c) => c.key);

describe('table settings hook', () => {
  beforeEach(() => localStorage.clear());

  it('offers every column but the title and the always-shown ones, and shows all by default', () => {
    const { result } = renderHook(() => useTableSettings('directions', columns, 'name'), undefined);
    expect(keys(result.current.hideable)).toEqual(['code', 'updatedAt']);
    expect(keys(result.current.shown)).toEqual(['name', 'code', 'status', 'updatedAt']);
    expect(result.current.settings.density).toBe('comfortable');
  });

  it('reads the stored settings of the list, and never hides the title or an always-shown column', () => {
    localStorage.setItem(
      'od-table:directions',
      JSON.stringify({ hidden: ['code', 'name', 'status'], density: 'compact' }),
    );
    const { result } = renderHook(() => useTableSettings('directions', columns, 'name'), undefined);
    expect(keys(result.current.shown)).toEqual(['name', 'status', 'updatedAt']);
    expect(result.current.settings.density).toBe('compact');
  });

  it('saves new settings for the list and shows them at once', () => {
    const { result } = renderHook(() => useTableSettings('directions', columns, 'name'), undefined);
    act(() => result.current.save({ hidden: ['updatedAt'], density: 'compact' }));
    expect(keys(result.current.shown)).toEqual(['name', 'code', 'status']);
    expect(JSON.parse(localStorage.getItem('od-table:directions') ?? '{}')).toEqual({
      hidden: ['updatedAt'],
      density: 'compact',
    });
    expect(localStorage.getItem('od-table:teams')).toBeNull();
  });

  it('keeps settings for the visit only without a key', () => {
    const { result } = renderHook(() => useTableSettings(undefined, columns, 'name'), undefined);
    act(() => result.current.save({ hidden: ['code'], density: 'compact' }));
    expect(keys(result.current.shown)).toEqual(['name', 'status', 'updatedAt']);
    expect(localStorage.length).toBe(0);
  });
});
