// Slots: planned visit windows of an assignment. Every slot has exactly one task (`scheduled` at first).
// Procedures: slots.list | create | update | delete | generate.
// Generation fits RFC 5545 recurrences (rrule) into each location's opening hours, in the location's
// IANA time zone; it is idempotent (key: assignment + occurrence), so a re-run never duplicates a slot.
import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { TASK_STATUSES } from '../workflow/statuses.ts';
import { listInput, listOutput, ZExpectedVersion, ZId, ZInputDate, ZInputIsoDate, ZVersion } from './common.ts';

export const ZSlot = z.object({
  id: z.number(),
  version: ZVersion,
  assignmentId: z.number(),
  projectId: z.number(),
  locationId: z.number(),
  taskId: z.number(),
  taskStatus: z.enum(TASK_STATUSES),
  startsAt: z.date(),
  endsAt: z.date(),
  /** Set for generated slots: the occurrence (local date) it was generated for. */
  occurrence: z.string().nullable(),
});
export type TSlot = z.infer<typeof ZSlot>;

export const SLOT_SORT_KEYS = ['startsAt'] as const;
export const ZListSlotsInput = listInput(SLOT_SORT_KEYS, {
  /** Changed at or after this instant (incremental sync of the business API). */
  updatedSince: ZInputDate.optional(),
  projectId: ZId.optional(),
  assignmentId: ZId.optional(),
  from: ZInputDate.optional(),
  to: ZInputDate.optional(),
});
export type TListSlotsInput = z.infer<typeof ZListSlotsInput>;
export const ZSlotList = listOutput(ZSlot);

const endsAfterStart = (v: { startsAt?: Date; endsAt?: Date }) => !v.startsAt || !v.endsAt || v.endsAt > v.startsAt;
const endsMessage = { message: msg('slots.endAfterStart'), path: ['endsAt'] };

export const ZCreateSlotInput = z
  .object({ assignmentId: ZId, startsAt: ZInputDate, endsAt: ZInputDate })
  .refine(endsAfterStart, endsMessage);
export type TCreateSlotInput = z.infer<typeof ZCreateSlotInput>;

/** Only a slot whose task is still `scheduled` can move or be deleted. */
export const ZUpdateSlotInput = z
  .object({ id: ZId, version: ZExpectedVersion, startsAt: ZInputDate.optional(), endsAt: ZInputDate.optional() })
  .refine(endsAfterStart, endsMessage);
export type TUpdateSlotInput = z.infer<typeof ZUpdateSlotInput>;

export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

/**
 * How visits recur over the project's period (or [from, to]):
 * - `weekly`: on `byWeekday` every `interval` weeks;
 * - `spread`: each assignment's `plannedVisits` spread evenly over the period;
 * - `rrule`: an RFC 5545 RRULE string (e.g. `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH`).
 * Each occurrence is a local date; the visit takes `durationMinutes` inside the location's opening
 * hours that day (from `preferredTime` or the opening), skipped or moved to the next open day when closed.
 */
export const ZRecurrence = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('weekly'),
    byWeekday: z.array(z.enum(WEEKDAY_CODES)).min(1, msg('slots.weekdayRequired')),
    interval: z.number().int().min(1).max(52).default(1),
  }),
  z.object({ kind: z.literal('spread') }),
  z.object({ kind: z.literal('rrule'), rule: z.string().trim().min(1, msg('slots.ruleRequired')).max(500) }),
]);
export type TRecurrence = z.infer<typeof ZRecurrence>;

export const ZTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, msg('time.format'));

export const ZGenerateSlotsInput = z.object({
  projectId: ZId,
  /** Only these assignments (default: all of the project). */
  assignmentIds: z.array(ZId).max(10_000).optional(),
  recurrence: ZRecurrence,
  from: ZInputIsoDate.optional(),
  to: ZInputIsoDate.optional(),
  durationMinutes: z.number().int().min(15, msg('slots.visitMin')).max(720, msg('slots.visitMax')).default(120),
  preferredTime: ZTime.optional(),
  /** Cap per assignment (default: each assignment's plannedVisits when > 0). */
  maxPerAssignment: z.number().int().min(1).max(366).optional(),
  /** Compute and return the slots without saving them. */
  dryRun: z.boolean().default(false),
});
export type TGenerateSlotsInput = z.infer<typeof ZGenerateSlotsInput>;

export const ZGenerateSlotsResult = z.object({
  created: z.number(),
  /** Occurrences that already had a slot (idempotent re-run). */
  existing: z.number(),
  /** Occurrences dropped: location closed that day with no open day left in the period. */
  skipped: z.number(),
  /** Occurrences left out because their visit would already have ended (a period that starts in the past). */
  ended: z.number(),
  /** Occurrences left out because their visit would already have begun, though not ended (its check-in could only be late). */
  started: z.number(),
  /** With dryRun: the slots it would create (at most 2,000). */
  preview: z.array(
    z.object({ assignmentId: z.number(), startsAt: z.date(), endsAt: z.date(), occurrence: z.string() }),
  ),
});
export type TGenerateSlotsResult = z.infer<typeof ZGenerateSlotsResult>;
