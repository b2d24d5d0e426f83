// How an audit change reads: translated field names and words, and stored instants in the reader's format
// (the walk of issue 24 found "Ends: 2026-11-27T16:30:00.000Z" and "Ip:" on the audit page).
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en/business.json' with { type: 'json' };
import { formattersFor } from '../../lib/format.ts';
import { changeLines, changeWords } from './audit-format.ts';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', ns: ['business'], resources: { en: { business: en } } });
const words = changeWords(i18n.getFixedT('en', 'business'), formattersFor('en'));

describe('audit change lines', () => {
  it('say stored instants as dates and times, and name the IP address', () => {
    const at = '2026-11-27T16:30:00.000Z';
    const lines = changeLines({ endsAt: { from: null, to: at }, ip: '203.0.113.7', status: 'in_progress' }, words);
    expect(lines[0].to).toBe(formattersFor('en').dateTime(at));
    expect(lines[0].to).not.toContain('T16:30');
    expect(lines[1]).toEqual({ field: 'IP address', value: '203.0.113.7' });
    expect(lines[2].value).toBe('In progress');
  });

  it("name the people a team's change added or removed (an id before)", () => {
    const lines = changeLines(
      {
        membersAdded: [
          { id: 19, name: 'Ines Morel' },
          { id: 20, name: 'Hugo Lambert' },
        ],
        membersRemoved: [7],
      },
      words,
    );
    expect(lines).toEqual([
      { field: 'Members added', value: 'Ines Morel, Hugo Lambert' },
      { field: 'Members removed', value: '7' },
    ]);
  });
});
