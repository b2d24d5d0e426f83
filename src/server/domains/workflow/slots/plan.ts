// Slot planning, pure (no database): which local dates a recurrence gives over a period, and where each
// visit fits in a location's opening hours, converted to UTC in the location's time zone.
//
// - Dates are calendar dates (`YYYY-MM-DD`); the rrule package walks them in UTC, where no DST exists,
//   so a rule never gains or loses a day; the local wall time is applied afterwards (zoned-time.ts).
// - The occurrence (the recurrence's date) is the slot's idempotency key per assignment: a visit moved
//   off a closed day keeps its occurrence, so a re-run finds it again.
// - A day the location is closed (or has no interval long enough) moves the visit to the next open day
//   of the period that no other occurrence of the plan uses; with none, the visit is skipped and counted.
// - A location with no opening hours at all (none entered yet) is treated as open every day.
import rrule from 'rrule';
import { type ErrorKey, type ErrorValues, formatMessage } from '../../../../shared/errors/messages.ts';
import type { TOpeningHours } from '../../../../shared/schemas/locations.ts';
import type { TRecurrence } from '../../../../shared/schemas/slots.ts';
import { zonedToUtc } from '../../../../shared/time/wall-clock.ts';

const { RRule } = rrule;

const DAY = 86_400_000;
const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
/** Most occurrences one recurrence may give over a period (ten years of days). */
const MAX_OCCURRENCES = 3660;

/** A plan that cannot be made: the input field at fault, and why (a key of the errors catalogue). */
export class PlanError extends Error {
  readonly field: string;
  readonly key: ErrorKey;
  readonly values: ErrorValues;
  constructor(field: string, key: ErrorKey, values: ErrorValues = {}) {
    super(formatMessage(key, values));
    this.field = field;
    this.key = key;
    this.values = values;
  }
}

const toMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const toDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => toDate(toMs(date) + days * DAY);
export const daysBetween = (from: string, to: string) => Math.round((toMs(to) - toMs(from)) / DAY);
const weekdayOf = (date: string) => WEEKDAY_KEYS[(new Date(toMs(date)).getUTCDay() + 6) % 7];

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

const BYDAY = {
  MO: RRule.MO,
  TU: RRule.TU,
  WE: RRule.WE,
  TH: RRule.TH,
  FR: RRule.FR,
  SA: RRule.SA,
  SU: RRule.SU,
} as const;

/**
 * The local dates a `weekly` or `rrule` recurrence gives in [from, to] (inclusive), ascending.
 * An RRULE string may not set DTSTART (the period is the start) and must be daily or coarser.
 */
export function recurrenceDates(
  recurrence: Exclude<TRecurrence, { kind: 'spread' }>,
  from: string,
  to: string,
): string[] {
  const dtstart = new Date(toMs(from));
  const end = new Date(toMs(to) + DAY - 1000);
  let rule: InstanceType<typeof RRule>;
  if (recurrence.kind === 'weekly') {
    rule = new RRule({
      freq: RRule.WEEKLY,
      interval: recurrence.interval,
      byweekday: recurrence.byWeekday.map((d) => BYDAY[d]),
      dtstart,
      until: end,
    });
  } else {
    const text = recurrence.rule.replace(/^RRULE:/i, '').trim();
    if (/(^|;)\s*(DTSTART|TZID)\s*=/i.test(text) || /\n/.test(text))
      throw new PlanError('recurrence.rule', 'slots.ruleOnly');
    let options: Partial<ConstructorParameters<typeof RRule>[0]>;
    try {
      options = RRule.parseString(text);
    } catch (error) {
      throw new PlanError('recurrence.rule', 'slots.invalidRule', { reason: (error as Error).message });
    }
    if (options.freq === undefined || options.freq === null)
      throw new PlanError('recurrence.rule', 'slots.ruleNeedsFrequency');
    if (options.freq > RRule.DAILY) throw new PlanError('recurrence.rule', 'slots.ruleDaily');
    if (options.byhour != null || options.byminute != null || options.bysecond != null) {
      throw new PlanError('recurrence.rule', 'slots.ruleDaysOnly');
    }
    const until = options.until && options.until < end ? options.until : end;
    try {
      rule = new RRule({ ...options, dtstart, until });
    } catch (error) {
      throw new PlanError('recurrence.rule', 'slots.invalidRule', { reason: (error as Error).message });
    }
  }
  const dates = rule.all((_d, i) => i < MAX_OCCURRENCES).map((d) => toDate(d.getTime() - (d.getTime() % DAY)));
  return [...new Set(dates)].filter((d) => d >= from && d <= to);
}

/** `n` dates spread evenly over [from, to]: the middle of each of n equal parts (at most one a day). */
export function spreadDates(n: number, from: string, to: string): string[] {
  const days = daysBetween(from, to) + 1;
  const count = Math.min(n, days);
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(addDays(from, Math.floor(((2 * i + 1) * days) / (2 * count))));
  return out;
}

export interface PlanLocation {
  openingHours: TOpeningHours;
  timeZone: string;
}

export interface PlanAssignment {
  id: number;
  plannedVisits: number;
  location: PlanLocation;
}

export interface PlanOptions {
  recurrence: TRecurrence;
  from: string;
  to: string;
  durationMinutes: number;
  preferredTime?: string;
  maxPerAssignment?: number;
}

export interface PlannedSlot {
  assignmentId: number;
  occurrence: string;
  startsAt: Date;
  endsAt: Date;
}

/** The start (minutes after midnight) of a visit that day, or null when it does not fit. */
export function fitInDay(hours: TOpeningHours, date: string, duration: number, preferred?: string): number | null {
  const allClosed = WEEKDAY_KEYS.every((d) => !hours[d]?.length);
  if (allClosed) {
    // No hours entered: any day, at the preferred time (09:00 by default), within the day.
    return Math.max(0, Math.min(preferred ? minutes(preferred) : 9 * 60, 24 * 60 - duration));
  }
  const intervals = [...(hours[weekdayOf(date)] ?? [])].sort((a, b) => a.open.localeCompare(b.open));
  const want = preferred ? minutes(preferred) : null;
  if (want !== null) {
    for (const iv of intervals) {
      const start = Math.max(want, minutes(iv.open));
      if (start + duration <= minutes(iv.close)) return start;
    }
  }
  // The preferred time fits nowhere (or none): the first interval long enough, from its opening.
  for (const iv of intervals) if (minutes(iv.open) + duration <= minutes(iv.close)) return minutes(iv.open);
  return null;
}

/** Occurrence dates for one assignment, before fitting. */
function occurrencesFor(assignment: PlanAssignment, options: PlanOptions, shared: string[] | null): string[] {
  if (options.recurrence.kind === 'spread') {
    const n = options.maxPerAssignment ?? assignment.plannedVisits;
    return n > 0 ? spreadDates(n, options.from, options.to) : [];
  }
  const cap = options.maxPerAssignment ?? (assignment.plannedVisits > 0 ? assignment.plannedVisits : Infinity);
  return shared!.slice(0, cap);
}

/**
 * Every visit of the assignments over the period, fitted into opening hours and converted to UTC.
 * `skipped`: occurrences with no open day left for them.
 */
export function planSlots(
  assignments: readonly PlanAssignment[],
  options: PlanOptions,
): { slots: PlannedSlot[]; skipped: number } {
  if (options.to < options.from) throw new PlanError('to', 'slots.periodReversed');
  const shared =
    options.recurrence.kind === 'spread' ? null : recurrenceDates(options.recurrence, options.from, options.to);
  const durationMs = options.durationMinutes * 60_000;
  const slots: PlannedSlot[] = [];
  let skipped = 0;
  for (const assignment of assignments) {
    const occurrences = occurrencesFor(assignment, options, shared);
    const planned = new Set(occurrences);
    const used = new Set<string>();
    for (const occurrence of occurrences) {
      let day = occurrence;
      let start: number | null = null;
      while (day <= options.to) {
        if (!used.has(day) && (day === occurrence || !planned.has(day))) {
          start = fitInDay(assignment.location.openingHours, day, options.durationMinutes, options.preferredTime);
          if (start !== null) break;
        }
        // Closed (or taken): the next day, unless it is another occurrence's own day.
        day = addDays(day, 1);
        if (planned.has(day)) break;
      }
      if (start === null) {
        skipped++;
        continue;
      }
      used.add(day);
      const startsAt = zonedToUtc(day, clock(start), assignment.location.timeZone);
      slots.push({
        assignmentId: assignment.id,
        occurrence,
        startsAt,
        endsAt: new Date(startsAt.getTime() + durationMs),
      });
    }
  }
  return { slots, skipped };
}
