// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHook } from '../../testing/render-hook.ts';
import { type SelectionOptions, useSelection } from './useSelection.ts';

interface Row {
  id: number;
}

const page = [{ id: 1 }, { id: 2 }, { id: 3 }];
const everyMatch = [...page, { id: 4 }, { id: 5 }];
const options = (stateKey = 'a'): SelectionOptions<Row> => ({
  stateKey,
  rows: page,
  total: 5,
  rowKey: (row) => row.id,
  fetchAll: async () => everyMatch,
});

describe('table selection', () => {
  it('selects rows one by one, then the page, and says when it is partial', () => {
    const { result } = renderHook(useSelection<Row>, options());
    expect(result.current.count).toBe(0);
    act(() => result.current.toggle(page[0], true));
    expect(result.current.rows).toEqual([page[0]]);
    expect(result.current.partial).toBe(true);
    expect(result.current.page).toBe(false);
    act(() => result.current.togglePage(true));
    expect(result.current.page).toBe(true);
    expect(result.current.partial).toBe(false);
    expect(result.current.count).toBe(3);
    act(() => result.current.toggle(page[1], false));
    expect(result.current.rows.map((r) => r.id)).toEqual([1, 3]);
    act(() => result.current.togglePage(false));
    expect(result.current.count).toBe(0);
  });

  it('selects every match: the count is the total and the targets come from fetchAll', async () => {
    const { result } = renderHook(useSelection<Row>, options());
    act(() => result.current.togglePage(true));
    act(() => result.current.selectAllMatching());
    expect(result.current.all).toBe(true);
    expect(result.current.count).toBe(5);
    expect(await result.current.targets()).toEqual(everyMatch);
    act(() => result.current.clear());
    expect(result.current.all).toBe(false);
    expect(await result.current.targets()).toEqual([]);
  });

  it('targets the selected rows of the page when not every match is selected', async () => {
    const { result } = renderHook(useSelection<Row>, options());
    act(() => result.current.toggle(page[2], true));
    expect(await result.current.targets()).toEqual([page[2]]);
  });

  it('forgets the selection when the list state changes', () => {
    const { result, rerender } = renderHook(useSelection<Row>, options('a'));
    act(() => result.current.togglePage(true));
    expect(result.current.count).toBe(3);
    rerender(options('b'));
    expect(result.current.count).toBe(0);
    expect(result.current.has(page[0])).toBe(false);
  });
});
