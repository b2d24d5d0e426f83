// Calendar demo app: events in five categories, created, moved, edited and deleted by their owner.
import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { DATE_RANGE_MESSAGE, inDateRange, ZExpectedVersion, ZId, zHttpUrl } from './common.ts';

export const CALENDAR_CATEGORIES = ['Business', 'Holiday', 'Personal', 'Family', 'ETC'] as const;
export type TCalendarCategory = (typeof CALENDAR_CATEGORIES)[number];

/** A date-time: a Date (tRPC) or an ISO 8601 string with or without offset, or a plain date for all-day events. */
export const ZDateTime = z
  .union([z.date(), z.iso.datetime({ offset: true, local: true }), z.iso.date()])
  .transform((value) => (value instanceof Date ? value : new Date(value)))
  .refine((date) => !Number.isNaN(date.getTime()), { message: msg('date.invalid') })
  .refine(inDateRange, { message: DATE_RANGE_MESSAGE });

export const ZCalendarEventFields = z.object({
  title: z.string().trim().min(1, msg('title.required')).max(200),
  /** A link to open from the event: http(s) only, or empty. */
  url: z.union([z.literal(''), zHttpUrl(500)]).default(''),
  start: ZDateTime,
  /** Defaults to `start`. */
  end: ZDateTime.optional(),
  allDay: z.boolean().default(false),
  extendedProps: z.object({
    calendar: z.enum(CALENDAR_CATEGORIES),
    location: z.string().trim().max(200).default(''),
    description: z.string().trim().max(2000).default(''),
    guests: z.array(z.string().trim().min(1).max(120)).max(50).default([]),
  }),
});

function endNotBeforeStart<T extends { start: Date; end?: Date }>(event: T, ctx: z.RefinementCtx): void {
  if (event.end && event.end.getTime() < event.start.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['end'], message: msg('calendar.endBeforeStart') });
  }
}

/** The event body of create (REST POST); unknown keys such as a client-side `id` are dropped. */
export const ZCreateCalendarEventInput = ZCalendarEventFields.superRefine(endNotBeforeStart);
export type TCreateCalendarEventInput = z.infer<typeof ZCreateCalendarEventInput>;

/** `version`: the one the caller read; a change made since is CONFLICT (without it, the last write wins). */
export const ZUpdateCalendarEventInput = ZCalendarEventFields.extend({
  id: ZId,
  version: ZExpectedVersion,
}).superRefine(endNotBeforeStart);
export type TUpdateCalendarEventInput = z.infer<typeof ZUpdateCalendarEventInput>;

/** The REST PUT body: the event without its id (from the path), with the version the caller read. */
export const ZReplaceCalendarEventBody = ZCalendarEventFields.extend({ version: ZExpectedVersion }).superRefine(
  endNotBeforeStart,
);
export type TReplaceCalendarEventBody = z.infer<typeof ZReplaceCalendarEventBody>;

export const ZListCalendarEventsInput = z.object({
  /** Categories to show; all when omitted. */
  calendars: z
    .array(z.enum(CALENDAR_CATEGORIES))
    .max(CALENDAR_CATEGORIES.length * 2)
    .optional(),
  /** Only events overlapping [from, to]. */
  from: ZDateTime.optional(),
  to: ZDateTime.optional(),
});
export type TListCalendarEventsInput = z.infer<typeof ZListCalendarEventsInput>;

export const ZCalendarEvent = z.object({
  id: z.number().int(),
  /** Incremented by every change; sent back with an update. */
  version: z.number().int(),
  url: z.string(),
  title: z.string(),
  start: z.date(),
  end: z.date(),
  allDay: z.boolean(),
  extendedProps: z.object({
    calendar: z.enum(CALENDAR_CATEGORIES),
    location: z.string(),
    description: z.string(),
    guests: z.array(z.string()),
  }),
});
export type TCalendarEvent = z.infer<typeof ZCalendarEvent>;
export const ZCalendarEvents = z.array(ZCalendarEvent);
/** What deleting an event answers: its id. */
export const ZCalendarEventDeleted = z.object({ id: z.number() });
export type TCalendarEventDeleted = z.infer<typeof ZCalendarEventDeleted>;
