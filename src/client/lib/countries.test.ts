import { describe, expect, it } from 'vitest';
import { countryNamer } from './countries.ts';

describe('countryNamer', () => {
  it('names a country from its code or its English name in the language asked', () => {
    const ar = countryNamer('ar');
    expect(ar('DK')).toBe(new Intl.DisplayNames(['ar'], { type: 'region' }).of('DK'));
    expect(ar('Denmark')).toBe(ar('dk'));
    expect(ar('Denmark')).not.toBe('Denmark');
    expect(countryNamer('de')('Czechia')).toBe('Tschechien');
    expect(countryNamer('fr')('Switzerland')).toBe('Suisse');
    expect(countryNamer('en')('fr')).toBe('France');
  });

  it('shows anything else as given, and nothing as nothing', () => {
    const fr = countryNamer('fr');
    expect(fr('Atlantis')).toBe('Atlantis');
    expect(fr('QQ')).toBe('QQ');
    expect(fr(null)).toBe('');
    expect(fr('')).toBe('');
  });
});
