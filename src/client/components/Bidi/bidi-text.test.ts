import { describe, expect, it } from 'vitest';
import { placeholderToken, splitPlaceholders } from './bidi-text.ts';

describe('bidi text helpers', () => {
  it('finds the placeholders of a translated sentence again, in reading order', () => {
    const text = `حذف «${placeholderToken('name')}» نهائيًا؟`;
    expect(splitPlaceholders(text)).toEqual(['حذف «', { name: 'name' }, '» نهائيًا؟']);
    expect(splitPlaceholders(`${placeholderToken('a')} and ${placeholderToken('b')}`)).toEqual([{ name: 'a' }, ' and ', { name: 'b' }]);
    expect(splitPlaceholders('no values')).toEqual(['no values']);
  });
});
