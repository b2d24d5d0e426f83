// Slot planning without a database: recurrences, opening hours, the period's ends, DST in Europe/Paris.
import { describe, expect, it } from 'vitest';
import type { TOpeningHours } from '../../../../shared/schemas/locations.ts';
import { localDateOf, localTimeOf, zonedToUtc } from '../../../../shared/time/wall-clock.ts';
import { fitInDay, type PlanAssignment, PlanError, planSlots, recurrenceDates, spreadDates } from './plan.ts';

const weekdays = (open: string, close: string): TOpeningHours => ({
  mon: [{ open, close }],
  tue: [{ open, close }],
  wed: [{ open, close }],
  thu: [{ open, close }],
  fri: [{ open, close }],
  sat: [],
  sun: [],
});
const closed: TOpeningHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const paris = (hours: TOpeningHours, id = 1, plannedVisits = 0): PlanAssignment => ({
  id,
  plannedVisits,
  location: { openingHours: hours, timeZone: 'Europe/Paris' },
});
const local = (d: Date, zone = 'Europe/Paris') => `${localDateOf(d, zone)} ${localTimeOf(d, zone)}`;

describe('zoned time (Intl)', () => {
  it('converts a local wall time to UTC on both sides of the Paris DST changes', () => {
    expect(zonedToUtc('2026-03-28', '09:00', 'Europe/Paris').toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(zonedToUtc('2026-03-29', '09:00', 'Europe/Paris').toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(zonedToUtc('2026-10-24', '09:00', 'Europe/Paris').toISOString()).toBe('2026-10-24T07:00:00.000Z');
    expect(zonedToUtc('2026-10-25', '09:00', 'Europe/Paris').toISOString()).toBe('2026-10-25T08:00:00.000Z');
    expect(zonedToUtc('2026-07-01', '09:00', 'America/New_York').toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(zonedToUtc('2026-07-01', '09:00', 'UTC').toISOString()).toBe('2026-07-01T09:00:00.000Z');
  });

  it('moves a skipped wall time forward and takes the first of a repeated one', () => {
    // 02:30 does not exist on 2026-03-29 in Paris (02:00 -> 03:00): 03:30 CEST.
    expect(local(zonedToUtc('2026-03-29', '02:30', 'Europe/Paris'))).toBe('2026-03-29 03:30');
    // 02:30 happens twice on 2026-10-25 (03:00 -> 02:00): the first, still CEST (00:30 UTC).
    expect(zonedToUtc('2026-10-25', '02:30', 'Europe/Paris').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('recurrences', () => {
  it('gives weekly weekdays with an interval, inside the inclusive period', () => {
    const dates = recurrenceDates({ kind: 'weekly', byWeekday: ['MO', 'TH'], interval: 1 }, '2026-03-02', '2026-03-16');
    expect(dates).toEqual(['2026-03-02', '2026-03-05', '2026-03-09', '2026-03-12', '2026-03-16']);
    const fortnightly = recurrenceDates({ kind: 'weekly', byWeekday: ['MO'], interval: 2 }, '2026-03-02', '2026-04-30');
    expect(fortnightly).toEqual(['2026-03-02', '2026-03-16', '2026-03-30', '2026-04-13', '2026-04-27']);
  });

  it('reads RFC 5545 rules (monthly last Friday, COUNT) and refuses what it cannot plan', () => {
    expect(recurrenceDates({ kind: 'rrule', rule: 'FREQ=MONTHLY;BYDAY=-1FR' }, '2026-01-01', '2026-03-31')).toEqual([
      '2026-01-30',
      '2026-02-27',
      '2026-03-27',
    ]);
    expect(recurrenceDates({ kind: 'rrule', rule: 'RRULE:FREQ=DAILY;COUNT=3' }, '2026-05-01', '2026-05-31')).toEqual([
      '2026-05-01',
      '2026-05-02',
      '2026-05-03',
    ]);
    expect(
      recurrenceDates({ kind: 'rrule', rule: 'FREQ=DAILY;UNTIL=20260503T000000Z' }, '2026-05-01', '2026-05-31'),
    ).toEqual(['2026-05-01', '2026-05-02', '2026-05-03']);
    for (const rule of [
      'FREQ=HOURLY',
      'FREQ=DAILY;BYHOUR=9',
      'INTERVAL=2',
      'FREQ=WEEKLY;DTSTART=20260101T000000Z',
      'FREQ=NEVER',
    ]) {
      expect(() => recurrenceDates({ kind: 'rrule', rule }, '2026-01-01', '2026-01-31'), rule).toThrow(PlanError);
    }
  });

  it('spreads N visits evenly, one a day at most', () => {
    expect(spreadDates(4, '2026-03-01', '2026-03-28')).toEqual([
      '2026-03-04',
      '2026-03-11',
      '2026-03-18',
      '2026-03-25',
    ]);
    expect(spreadDates(10, '2026-03-01', '2026-03-03')).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
  });
});

describe('fitting into opening hours', () => {
  it('starts at the preferred time inside an interval, else at the first interval long enough', () => {
    const split: TOpeningHours = {
      ...closed,
      mon: [
        { open: '14:00', close: '19:00' },
        { open: '08:00', close: '12:00' },
      ],
    };
    expect(fitInDay(split, '2026-03-02', 120, '10:00')).toBe(10 * 60);
    expect(fitInDay(split, '2026-03-02', 120, '11:00')).toBe(14 * 60); // 11:00–13:00 crosses the lunch close
    expect(fitInDay(split, '2026-03-02', 120)).toBe(8 * 60);
    expect(fitInDay(split, '2026-03-02', 300)).toBe(14 * 60);
    expect(fitInDay(split, '2026-03-02', 360)).toBeNull();
    expect(fitInDay(split, '2026-03-03', 60)).toBeNull(); // closed on Tuesdays
    expect(fitInDay(closed, '2026-03-03', 60)).toBe(9 * 60); // no hours entered: open every day
  });

  it('moves a visit off a closed day to the next open day, keeping its occurrence; skips it when none is left', () => {
    const { slots, skipped } = planSlots([paris(weekdays('08:00', '18:00'))], {
      recurrence: { kind: 'weekly', byWeekday: ['SA'], interval: 1 },
      from: '2026-03-01',
      to: '2026-03-28',
      durationMinutes: 60,
      preferredTime: '09:00',
    });
    // Saturdays 7, 14, 21 move to the Mondays; the 28th (last day) has no open day left.
    expect(slots.map((s) => [s.occurrence, local(s.startsAt)])).toEqual([
      ['2026-03-07', '2026-03-09 09:00'],
      ['2026-03-14', '2026-03-16 09:00'],
      ['2026-03-21', '2026-03-23 09:00'],
    ]);
    expect(skipped).toBe(1);
  });

  it("never moves a visit onto another occurrence's day (daily visits across a closed Sunday)", () => {
    const { slots, skipped } = planSlots(
      [paris({ ...weekdays('08:00', '18:00'), sat: [{ open: '08:00', close: '18:00' }] })],
      {
        recurrence: { kind: 'rrule', rule: 'FREQ=DAILY' },
        from: '2026-03-06',
        to: '2026-03-10',
        durationMinutes: 60,
      },
    );
    expect(slots.map((s) => s.occurrence)).toEqual(['2026-03-06', '2026-03-07', '2026-03-09', '2026-03-10']);
    expect(new Set(slots.map((s) => localDateOf(s.startsAt, 'Europe/Paris'))).size).toBe(4);
    expect(skipped).toBe(1);
  });
});

describe('planning across DST and the period ends', () => {
  it('keeps 09:00 local on every visit across both Paris changes, with no duplicate or missing day', () => {
    const every = {
      ...weekdays('07:00', '20:00'),
      sat: [{ open: '07:00', close: '20:00' }],
      sun: [{ open: '07:00', close: '20:00' }],
    };
    for (const [from, to] of [
      ['2026-03-26', '2026-04-01'],
      ['2026-10-22', '2026-10-28'],
    ]) {
      const { slots, skipped } = planSlots([paris(every)], {
        recurrence: { kind: 'rrule', rule: 'FREQ=DAILY' },
        from,
        to,
        durationMinutes: 90,
        preferredTime: '09:00',
      });
      expect(skipped).toBe(0);
      expect(slots).toHaveLength(7);
      expect(slots.map((s) => localTimeOf(s.startsAt, 'Europe/Paris'))).toEqual(Array(7).fill('09:00'));
      expect(slots.map((s) => localDateOf(s.startsAt, 'Europe/Paris'))).toEqual(slots.map((s) => s.occurrence));
      // Each visit lasts 90 real minutes, the change day included.
      for (const s of slots) expect(s.endsAt.getTime() - s.startsAt.getTime()).toBe(90 * 60_000);
    }
  });

  it('includes the end date and plans nothing after it; caps at the planned visits', () => {
    const { slots } = planSlots([paris(closed, 1, 3), paris(closed, 2, 0)], {
      recurrence: { kind: 'weekly', byWeekday: ['TU'], interval: 1 },
      from: '2026-03-01',
      to: '2026-03-31',
      durationMinutes: 60,
    });
    expect(slots.filter((s) => s.assignmentId === 1).map((s) => s.occurrence)).toEqual([
      '2026-03-03',
      '2026-03-10',
      '2026-03-17',
    ]);
    expect(slots.filter((s) => s.assignmentId === 2).map((s) => s.occurrence)).toEqual([
      '2026-03-03',
      '2026-03-10',
      '2026-03-17',
      '2026-03-24',
      '2026-03-31',
    ]);
    const late = planSlots([paris(closed)], {
      recurrence: { kind: 'rrule', rule: 'FREQ=DAILY' },
      from: '2026-03-30',
      to: '2026-03-31',
      durationMinutes: 60,
    });
    expect(late.slots.map((s) => s.occurrence)).toEqual(['2026-03-30', '2026-03-31']);
    expect(() =>
      planSlots([paris(closed)], {
        recurrence: { kind: 'spread' },
        from: '2026-03-31',
        to: '2026-03-30',
        durationMinutes: 60,
      }),
    ).toThrow(PlanError);
  });

  it("spreads each assignment's planned visits, or maxPerAssignment", () => {
    const plan = planSlots([paris(closed, 1, 2), paris(closed, 2, 0)], {
      recurrence: { kind: 'spread' },
      from: '2026-03-01',
      to: '2026-03-28',
      durationMinutes: 60,
    });
    expect(plan.slots.map((s) => [s.assignmentId, s.occurrence])).toEqual([
      [1, '2026-03-08'],
      [1, '2026-03-22'],
    ]);
    const capped = planSlots([paris(closed, 1, 2)], {
      recurrence: { kind: 'spread' },
      from: '2026-03-01',
      to: '2026-03-28',
      durationMinutes: 60,
      maxPerAssignment: 4,
    });
    expect(capped.slots).toHaveLength(4);
  });

  it('plans a location in its own zone', () => {
    const { slots } = planSlots(
      [{ id: 1, plannedVisits: 1, location: { openingHours: closed, timeZone: 'Asia/Tokyo' } }],
      {
        recurrence: { kind: 'spread' },
        from: '2026-03-01',
        to: '2026-03-01',
        durationMinutes: 60,
        preferredTime: '09:00',
      },
    );
    expect(slots[0].startsAt.toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});
