// Small helpers shared by the demo-app seeders: countries, e-mail and phone formats, day offsets.
import type { Faker } from '@faker-js/faker';

/** [country, two-letter lowercase ISO code] */
export const COUNTRIES: readonly (readonly [string, string])[] = [
  ['France', 'fr'],
  ['Germany', 'de'],
  ['United States', 'us'],
  ['United Kingdom', 'gb'],
  ['Spain', 'es'],
  ['Italy', 'it'],
  ['Netherlands', 'nl'],
  ['Poland', 'pl'],
  ['Brazil', 'br'],
  ['Canada', 'ca'],
  ['Japan', 'jp'],
  ['India', 'in'],
  ['Australia', 'au'],
  ['Morocco', 'ma'],
  ['Egypt', 'eg'],
  ['Mexico', 'mx'],
  ['Sweden', 'se'],
  ['Portugal', 'pt'],
];

/** Mail domains reserved for examples, so no sample address can reach anyone. */
const MAIL_DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example'];

export function demoEmail(f: Faker, firstName: string, lastName: string): string {
  const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z0-9.]/g, '');
  return `${local}${f.number.int({ min: 1, max: 99 })}@${f.helpers.arrayElement(MAIL_DOMAINS)}`;
}

/** A phone number in the fictional 555 range. */
export function demoPhone(f: Faker): string {
  return `+1 (${f.number.int({ min: 200, max: 989 })}) 555-${String(f.number.int({ min: 100, max: 199 })).padStart(4, '0')}`;
}

/** `today` moved by `days`, as YYYY-MM-DD (UTC). */
export function dayOffset(today: Date, days: number): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
}

/** Day `day` (1-based) of `today`'s month, as YYYY-MM-DD (UTC). */
export function dayOfMonth(today: Date, day: number): string {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), day)).toISOString().slice(0, 10);
}

/** Days in `today`'s month (UTC). */
export function daysInMonth(today: Date): number {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0)).getUTCDate();
}
