import { describe, expect, it } from 'vitest';
import { moneyFormatter, scoreFormatsFor } from './format.ts';

// Intl separates French groups and the currency with narrow no-break spaces: compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money', () => {
  it('shows dollars in the language, with cents', () => {
    expect(moneyFormatter('en')(1249.5)).toBe('$1,249.50');
    expect(plain(moneyFormatter('fr')(1249.5))).toBe('1 249,50 $US');
  });

  it('reads a "$249.99" string and shows nothing as a dash', () => {
    expect(moneyFormatter('en')('$249.99')).toBe('$249.99');
    expect(moneyFormatter('en')('12')).toBe('$12.00');
    expect(moneyFormatter('en')(null)).toBe('—');
    expect(moneyFormatter('en')(undefined)).toBe('—');
  });

  it('takes another currency, whole units, or no currency at all', () => {
    expect(moneyFormatter('en', { currency: 'EUR', whole: true })(29)).toBe('€29');
    expect(moneyFormatter('en', { currency: null })(1249.5)).toBe('1,249.50');
    expect(plain(moneyFormatter('de', { currency: null })(1249.5))).toBe('1.249,50');
  });
});

describe('score formats', () => {
  it('shows rates as percentages and scores with one decimal, nothing as a dash', () => {
    const en = scoreFormatsFor('en');
    expect(en.percent(0.8756)).toBe('87.6%');
    expect(en.decimal(72.345)).toBe('72.3');
    expect(en.decimal(null)).toBe('—');
    expect(plain(scoreFormatsFor('fr').percent(0.5))).toBe('50 %');
  });

  it('names a YYYY-MM month and leaves other text as it is', () => {
    expect(scoreFormatsFor('en').month('2026-03')).toBe('Mar 2026');
    expect(scoreFormatsFor('en').month('Q1')).toBe('Q1');
    expect(scoreFormatsFor('en').month(3)).toBe('');
  });
});
