import { describe, expect, it } from 'vitest';
import { formatZoned, formatZonedRange, isZonedTime, zoneCanDiffer } from './zoned.ts';

// 15:30 in Paris on 28 November 2026 (UTC+1, no daylight saving time then).
const visit = '2026-11-28T14:30:00.000Z';
const visitEnd = '2026-11-28T16:30:00.000Z';
/** ICU spaces ranges with thin and narrow no-break spaces; compared as plain ones. */
const plain = (text: string) => text.replace(/[\u2009\u202f\u00a0]/g, ' ');

describe('times read on the place’s clock', () => {
  it('shows the place’s wall time, not the reader’s, and names the zone when the reader’s clock differs', () => {
    expect(formatZoned(visit, { language: 'en', zone: 'Europe/Paris', readerZone: 'America/New_York' })).toBe(
      'Nov 28, 2026, 3:30 PM (Europe/Paris)',
    );
    expect(formatZoned(visit, { language: 'en', zone: 'Europe/Paris', readerZone: 'Europe/Paris' })).toBe(
      'Nov 28, 2026, 3:30 PM',
    );
    // Berlin and Paris keep the same clock all year: nothing to name.
    expect(formatZoned(visit, { language: 'en', zone: 'Europe/Paris', readerZone: 'Europe/Berlin' })).toBe(
      'Nov 28, 2026, 3:30 PM',
    );
    // An unknown reader zone (a PDF, an e-mail without a chosen zone): always named.
    expect(formatZoned(visit, { language: 'en', zone: 'Europe/Paris' })).toBe('Nov 28, 2026, 3:30 PM (Europe/Paris)');
  });

  it('writes the reader’s language and date order', () => {
    expect(formatZoned(visit, { language: 'fr', zone: 'Europe/Paris', readerZone: 'Europe/Paris' })).toBe(
      '28 nov. 2026, 15:30',
    );
    expect(formatZoned(visit, { language: 'de', zone: 'Europe/Paris', readerZone: 'Europe/Paris' })).toBe(
      '28.11.2026, 15:30',
    );
    expect(formatZoned(visit, { language: 'en', zone: 'Europe/Paris', readerZone: 'UTC', style: 'date' })).toBe(
      'Nov 28, 2026 (Europe/Paris)',
    );
  });

  it('says a window once, the shared day written once', () => {
    expect(
      plain(formatZonedRange(visit, visitEnd, { language: 'en', zone: 'Europe/Paris', readerZone: 'Europe/Paris' })),
    ).toBe('Nov 28, 2026, 3:30 – 5:30 PM');
    expect(
      plain(formatZonedRange(visit, visitEnd, { language: 'en', zone: 'America/New_York', readerZone: 'UTC' })),
    ).toBe('Nov 28, 2026, 9:30 – 11:30 AM (America/New York)');
    expect(formatZonedRange(null, null, { language: 'en', zone: 'UTC' })).toBe('—');
  });

  it('knows when two zones can read differently, daylight saving time included', () => {
    // Same offset in November, not in July (Lagos keeps UTC+1 all year).
    expect(zoneCanDiffer('Europe/Paris', 'Africa/Lagos', new Date(visit))).toBe(true);
    expect(zoneCanDiffer('Europe/Paris', 'Europe/Madrid', new Date(visit))).toBe(false);
    expect(zoneCanDiffer('Europe/Paris', null)).toBe(true);
  });

  it('recognises a time carried by a server text', () => {
    expect(isZonedTime({ at: visit, zone: 'Europe/Paris' })).toBe(true);
    expect(isZonedTime('2026-11-28')).toBe(false);
  });
});
