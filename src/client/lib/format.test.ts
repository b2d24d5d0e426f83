import { describe, expect, it } from 'vitest';
import { moneyFormatter } from './format.ts';

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
