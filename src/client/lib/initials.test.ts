import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials', () => {
  it('takes the first letters of the first and last words, upper-cased', () => {
    expect(initials('Ann Marie Real')).toBe('AR');
    expect(initials('  jean   dupont ')).toBe('JD');
    expect(initials('Émile')).toBe('É');
    expect(initials('admin@demo.com')).toBe('A');
    expect(initials('')).toBe('');
  });

  it('keeps a letter outside the Basic Multilingual Plane whole', () => {
    expect(initials('𝒜lice Martin')).toBe('𝒜M');
  });
});
