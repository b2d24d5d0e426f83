import { describe, expect, it } from 'vitest';
import { pageCount } from './index.ts';

describe('pageCount', () => {
  it('is 1 for an empty list and for "all", else the pages the rows fill', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(51, -1)).toBe(1);
    expect(pageCount(50, 10)).toBe(5);
    expect(pageCount(51, 10)).toBe(6);
  });
});
