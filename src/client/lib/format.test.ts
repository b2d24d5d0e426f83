import { describe, expect, it } from 'vitest';
import { formattersFor, moneyFormatter, scoreFormatsFor } from './format.ts';
import { unitsFor } from './units.ts';

// Intl separates French groups and the currency with narrow no-break spaces: compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f\u2009]/g, ' ');

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

describe('units', () => {
  it('says lengths and distances with their unit, kilometres from 1 km', () => {
    const en = unitsFor('en');
    expect(en.metres(100)).toBe('100 m');
    expect(en.distance(985)).toBe('985 m');
    expect(en.distance(1234)).toBe('1.2 km');
    expect(en.distance(85_980)).toBe('86 km');
    expect(plain(unitsFor('fr').distance(85_980))).toBe('86 km');
  });

  it('says file sizes singular or plural as the language does, larger ones by their symbol', () => {
    const en = unitsFor('en');
    expect(en.bytes(1)).toBe('1 byte');
    expect(en.bytes(985)).toBe('985 bytes');
    expect(en.bytes(1536)).toBe('2 kB');
    expect(en.bytes(1.5 * 1024 ** 2)).toBe('1.5 MB');
    expect(plain(unitsFor('fr').bytes(985))).toBe('985 octets');
    expect(plain(unitsFor('de').bytes(1))).toBe('1 Byte');
  });
});

describe('days and times at a place', () => {
  it('writes a YYYY-MM-DD day in the language, the same day in every browser zone', () => {
    expect(formattersFor('en').day('2026-03-01')).toBe('Mar 1, 2026');
    expect(plain(formattersFor('fr').day('2026-03-01'))).toBe('1 mars 2026');
    expect(formattersFor('en').day('April 2021')).toBe('April 2021');
    expect(formattersFor('en').day(null)).toBe('—');
  });

  it('reads a visit on its location’s clock and names the zone unless the browser keeps the same clock', () => {
    const fmt = formattersFor('en');
    const reader = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const text = plain(fmt.window('2026-11-28T14:30:00Z', '2026-11-28T16:30:00Z', 'Asia/Tokyo'));
    expect(text.startsWith('Nov 28, 2026, 11:30 PM')).toBe(true);
    expect(text.endsWith('(Asia/Tokyo)')).toBe(reader !== 'Asia/Tokyo');
    expect(plain(fmt.zoned('2026-11-28T14:30:00Z', reader))).not.toContain('(');
  });
});
