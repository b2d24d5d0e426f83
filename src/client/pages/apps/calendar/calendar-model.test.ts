// The calendar form's mapping: local date-times in, Dates out; all-day events by their last day.
import { describe, expect, it } from 'vitest';
import { type TCalendarEvent, ZCreateCalendarEventInput } from '../../../../shared/schemas/calendar.ts';
import { eventValues, movedInput, newEventValues, toEventInput, withAllDay } from './calendar-model.ts';

const event: TCalendarEvent = {
  id: 7,
  version: 3,
  url: '',
  title: 'Site visit',
  start: new Date(2026, 10, 24, 9, 30),
  end: new Date(2026, 10, 24, 11, 0),
  allDay: false,
  extendedProps: { calendar: 'Business', location: 'Lyon', description: '', guests: ['Ana'] },
};

describe('calendar form values', () => {
  it('round-trips a timed event through the form and the shared schema', () => {
    const values = eventValues(event);
    expect(values.start).toBe('2026-11-24T09:30');
    expect(values.end).toBe('2026-11-24T11:00');
    const parsed = ZCreateCalendarEventInput.parse(toEventInput(values));
    expect(parsed.start.getTime()).toBe(event.start.getTime());
    expect(parsed.end?.getTime()).toBe(event.end.getTime());
    expect(parsed.extendedProps.guests).toEqual(['Ana']);
  });

  it('shows an all-day event by its last day and stores the exclusive end', () => {
    const values = newEventValues({ start: new Date(2026, 10, 24), end: new Date(2026, 10, 27), allDay: true });
    expect([values.start, values.end]).toEqual(['2026-11-24', '2026-11-26']);
    const parsed = ZCreateCalendarEventInput.parse({ ...toEventInput({ ...values, title: 'Leave' }) });
    expect(parsed.end?.getTime()).toBe(new Date(2026, 10, 27).getTime());
  });

  it('names the fields a bad form gets wrong', () => {
    const values = { ...eventValues(event), title: ' ', end: '2026-11-24T08:00' };
    const result = ZCreateCalendarEventInput.safeParse(toEventInput(values));
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toContain('title');
    expect(paths).toContain('end');
  });

  it('switching all day keeps the first day', () => {
    const allDay = withAllDay(eventValues(event), true);
    expect([allDay.start, allDay.end]).toEqual(['2026-11-24', '2026-11-24']);
    expect(withAllDay(allDay, false).start).toBe('2026-11-24T09:00');
  });

  it('a drop keeps the rest of the event and its length when FullCalendar gives no end', () => {
    const moved = movedInput(event, new Date(2026, 10, 26, 14), null, false);
    expect(moved).toMatchObject({ id: 7, version: 3, title: 'Site visit', extendedProps: { location: 'Lyon' } });
    expect(moved.end!.getTime() - moved.start.getTime()).toBe(90 * 60_000);
  });
});
