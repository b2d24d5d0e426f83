import { describe, expect, it } from 'vitest';
import { inputDir, placeholderToken, splitPlaceholders } from './bidi-text.ts';

describe('bidi text helpers', () => {
  it('finds the placeholders of a translated sentence again, in reading order', () => {
    const text = `حذف «${placeholderToken('name')}» نهائيًا؟`;
    expect(splitPlaceholders(text)).toEqual(['حذف «', { name: 'name' }, '» نهائيًا؟']);
    expect(splitPlaceholders(`${placeholderToken('a')} and ${placeholderToken('b')}`)).toEqual([
      { name: 'a' },
      ' and ',
      { name: 'b' },
    ]);
    expect(splitPlaceholders('no values')).toEqual(['no values']);
  });

  it('lets an empty input follow the page and a filled one take its own or a left-to-right direction', () => {
    expect(inputDir('')).toBeUndefined();
    expect(inputDir(null, 'ltr')).toBeUndefined();
    expect(inputDir(undefined)).toBeUndefined();
    expect(inputDir('85 Voie du Havre')).toBe('auto');
    expect(inputDir('-0.58347', 'ltr')).toBe('ltr');
    expect(inputDir(0, 'ltr')).toBe('ltr');
  });
});
