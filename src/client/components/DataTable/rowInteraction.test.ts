import { describe, expect, it } from 'vitest';
import { rowKeyAction } from './rowInteraction.ts';

describe('row keys', () => {
  it('opens with Enter and selects with Space only when the table does', () => {
    expect(rowKeyAction('Enter', { openable: true, selectable: false })).toBe('open');
    expect(rowKeyAction('Enter', { openable: false, selectable: true })).toBeNull();
    expect(rowKeyAction(' ', { openable: false, selectable: true })).toBe('toggle');
    expect(rowKeyAction(' ', { openable: true, selectable: false })).toBeNull();
  });

  it('moves between rows with the arrow keys and leaves other keys alone', () => {
    const table = { openable: false, selectable: false };
    expect(rowKeyAction('ArrowDown', table)).toBe('next');
    expect(rowKeyAction('ArrowUp', table)).toBe('previous');
    expect(rowKeyAction('Tab', table)).toBeNull();
    expect(rowKeyAction('a', table)).toBeNull();
  });
});
