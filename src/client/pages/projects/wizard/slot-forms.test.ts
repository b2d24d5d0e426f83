import { describe, expect, it } from 'vitest';
import { ZGenerateSlotsInput } from '../../../../shared/schemas/slots.ts';
import { DEFAULT_RECURRENCE, onSlotFields, slotWindow, toGenerateInput, windowValues } from './slot-forms.ts';

describe('slot forms', () => {
  it('turns the recurrence form into a generate input the shared schema accepts, preview or not', () => {
    const weekly = ZGenerateSlotsInput.parse(
      toGenerateInput(7, { ...DEFAULT_RECURRENCE, interval: 2, from: '2026-03-02' }, true),
    );
    expect(weekly).toMatchObject({
      projectId: 7,
      recurrence: { kind: 'weekly', byWeekday: ['MO', 'TH'], interval: 2 },
      from: '2026-03-02',
      dryRun: true,
    });
    expect(weekly).not.toHaveProperty('to');
    const spread = ZGenerateSlotsInput.parse(
      toGenerateInput(7, { ...DEFAULT_RECURRENCE, kind: 'spread', maxPerAssignment: 3, preferredTime: '' }, false),
    );
    expect(spread).toMatchObject({ recurrence: { kind: 'spread' }, maxPerAssignment: 3, dryRun: false });
    expect(spread).not.toHaveProperty('preferredTime');
    const refused = ZGenerateSlotsInput.safeParse(toGenerateInput(7, { ...DEFAULT_RECURRENCE, byWeekday: [] }, true));
    expect(refused.error?.issues.map((i) => i.path.join('.'))).toEqual(['recurrence.byWeekday']);
  });

  it('reads a slot window as day, time and length on its location’s clock, and back, whatever the browser’s zone', () => {
    // 29 March 2026: Paris moves to summer time at 02:00, so 09:30 there is 07:30 UTC.
    const { startsAt, endsAt } = slotWindow({ date: '2026-03-29', time: '09:30', durationMinutes: 90 }, 'Europe/Paris');
    expect(startsAt.toISOString()).toBe('2026-03-29T07:30:00.000Z');
    expect(endsAt.getTime() - startsAt.getTime()).toBe(90 * 60_000);
    expect(windowValues(startsAt, endsAt, 'Europe/Paris')).toEqual({
      date: '2026-03-29',
      time: '09:30',
      durationMinutes: 90,
    });
    expect(windowValues(startsAt, endsAt, 'America/New_York')).toMatchObject({ date: '2026-03-29', time: '03:30' });
  });

  it('moves the server’s window messages onto the dialog’s fields, keeping the stale flag', () => {
    const moved = onSlotFields({
      message: 'x',
      data: { stale: true, fieldErrors: { startsAt: ['closed'], endsAt: ['too late'] } },
    });
    expect(moved).toEqual({
      message: 'x',
      data: { stale: true, fieldErrors: { time: ['closed'], durationMinutes: ['too late'] } },
    });
    const plain = new Error('boom');
    expect(onSlotFields(plain)).toBe(plain);
  });
});
