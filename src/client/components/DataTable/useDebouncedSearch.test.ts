// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '../../testing/render-hook.ts';
import { SEARCH_DELAY_MS, useDebouncedSearch } from './useDebouncedSearch.ts';

describe('debounced search', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('applies the text once typing pauses, only the last of a burst', () => {
    const apply = vi.fn();
    const { result } = renderHook(({ q }) => useDebouncedSearch(q, apply), { q: '' });
    act(() => result.current[1]('ly'));
    act(() => {
      vi.advanceTimersByTime(SEARCH_DELAY_MS - 50);
    });
    act(() => result.current[1]('lyon'));
    act(() => {
      vi.advanceTimersByTime(SEARCH_DELAY_MS - 50);
    });
    expect(apply).not.toHaveBeenCalled();
    expect(result.current[0]).toBe('lyon');
    act(() => {
      vi.advanceTimersByTime(50);
    });
    expect(apply).toHaveBeenCalledExactlyOnceWith('lyon');
  });

  it('follows the applied search when it changes elsewhere, without applying it back', () => {
    const apply = vi.fn();
    const { result, rerender } = renderHook(({ q }) => useDebouncedSearch(q, apply), { q: 'lyon' });
    rerender({ q: '' });
    expect(result.current[0]).toBe('');
    act(() => {
      vi.advanceTimersByTime(SEARCH_DELAY_MS * 2);
    });
    expect(apply).not.toHaveBeenCalled();
  });
});
