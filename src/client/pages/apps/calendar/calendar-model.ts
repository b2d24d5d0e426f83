// The calendar page's form values and their mapping to and from events: datetime-local strings in the
// browser's time zone, all-day events as whole days (FullCalendar's end is exclusive, the form's
// "end date" is the last day of the event).
import type { EventInput } from '@fullcalendar/core';
import {
  CALENDAR_CATEGORIES,
  type TCalendarCategory,
  type TCalendarEvent,
  type TUpdateCalendarEventInput,
} from '../../../../shared/schemas/calendar.ts';

export interface EventFormValues extends Record<string, unknown> {
  title: string;
  calendar: TCalendarCategory | '';
  allDay: boolean;
  /** `YYYY-MM-DDTHH:mm` (timed) or `YYYY-MM-DD` (all day), local time. */
  start: string;
  end: string;
  url: string;
  guests: string[];
  location: string;
  description: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of a local date. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `YYYY-MM-DDTHH:mm` of a local date-time. */
export function localDateTime(date: Date): string {
  return `${localDay(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/** A local date or date-time string as a Date (a bare day is its local midnight), or null when unreadable. */
export function parseLocal(value: string): Date | null {
  if (!value) return null;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A new event's values: the picked range, or the next full hour for an hour. */
export function newEventValues(
  range?: { start: Date; end?: Date | null; allDay: boolean },
  calendar: TCalendarCategory | '' = 'Business',
): EventFormValues {
  let start = range?.start;
  let end = range?.end ?? null;
  const allDay = range?.allDay ?? false;
  if (!start) {
    start = new Date();
    start.setMinutes(0, 0, 0);
    start.setHours(start.getHours() + 1);
  }
  if (!end) end = allDay ? addDays(start, 1) : new Date(start.getTime() + 60 * 60_000);
  return {
    title: '',
    calendar,
    allDay,
    start: allDay ? localDay(start) : localDateTime(start),
    // All day: the last day (FullCalendar's exclusive end minus a day).
    end: allDay ? localDay(addDays(end, -1) < start ? start : addDays(end, -1)) : localDateTime(end),
    url: '',
    guests: [],
    location: '',
    description: '',
  };
}

/** The form values of a stored event. */
export function eventValues(event: TCalendarEvent): EventFormValues {
  return {
    ...newEventValues({ start: event.start, end: event.end, allDay: event.allDay }),
    title: event.title,
    calendar: event.extendedProps.calendar,
    url: event.url,
    guests: [...event.extendedProps.guests],
    location: event.extendedProps.location,
    description: event.extendedProps.description,
  };
}

/** Switching "all day" keeps the days (and gives a timed event 9:00 to 10:00 on its first day). */
export function withAllDay(values: EventFormValues, allDay: boolean): EventFormValues {
  if (allDay === values.allDay) return values;
  const start = parseLocal(values.start);
  const end = parseLocal(values.end);
  if (allDay) return { ...values, allDay, start: start ? localDay(start) : '', end: end ? localDay(end) : '' };
  const first = start ?? new Date();
  const from = new Date(first.getFullYear(), first.getMonth(), first.getDate(), 9);
  return { ...values, allDay, start: localDateTime(from), end: localDateTime(new Date(from.getTime() + 60 * 60_000)) };
}

/**
 * The create/update input of the form (the shared schema checks it): dates as Dates in the browser's
 * zone; an all-day event ends at the midnight after its last day. Unreadable dates stay strings so the
 * schema names the field.
 */
export function toEventInput(values: EventFormValues): Record<string, unknown> {
  const start = parseLocal(values.start);
  const lastDay = parseLocal(values.end);
  const end = lastDay && values.allDay ? addDays(lastDay, 1) : lastDay;
  return {
    title: values.title,
    url: values.url.trim(),
    start: start ?? values.start,
    end: end ?? (values.end || undefined),
    allDay: values.allDay,
    extendedProps: {
      calendar: values.calendar,
      location: values.location,
      description: values.description,
      guests: values.guests,
    },
  };
}

/** The input that moves an event (drag or resize) and keeps the rest as it is. */
export function movedInput(
  event: TCalendarEvent,
  start: Date,
  end: Date | null,
  allDay: boolean,
): TUpdateCalendarEventInput {
  // A timed event dropped on a day keeps its length; an all-day one dropped on a time lasts an hour.
  const fallback = allDay
    ? addDays(start, 1)
    : new Date(start.getTime() + (event.allDay ? 60 * 60_000 : event.end.getTime() - event.start.getTime()));
  return {
    id: event.id,
    version: event.version,
    title: event.title,
    url: event.url,
    start,
    end: end ?? fallback,
    allDay,
    extendedProps: { ...event.extendedProps },
  };
}

/** Each category's colour: one of the work calendar's tones (AA text on it in light and dark). */
export const CATEGORY_TONES = {
  Business: 'scheduled',
  Holiday: 'approved',
  Personal: 'rejected',
  Family: 'missed',
  ETC: 'submitted',
} as const satisfies Record<TCalendarCategory, string>;

export { CALENDAR_CATEGORIES };

/** FullCalendar's input of a stored event. */
export function toEventSource(event: TCalendarEvent, classNames: string[]): EventInput {
  return {
    id: String(event.id),
    title: event.title,
    start: event.start,
    end: event.end,
    allDay: event.allDay,
    classNames,
    extendedProps: { calendar: event.extendedProps.calendar },
  };
}
