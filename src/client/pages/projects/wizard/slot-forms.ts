// Form values of the slots step: the recurrence to generate, and one slot's day, time and length.
import { z } from 'zod';
import { ZId, ZInputIsoDate } from '../../../../shared/schemas/common.ts';
import { type TGenerateSlotsInput, type WEEKDAY_CODES, ZTime } from '../../../../shared/schemas/slots.ts';
import { localDateOf, localTimeOf, zonedToUtc } from '../../../../shared/time/wall-clock.ts';

export type Weekday = (typeof WEEKDAY_CODES)[number];

export type RecurrenceValues = {
  kind: 'weekly' | 'spread';
  byWeekday: Weekday[];
  interval: number | null;
  maxPerAssignment: number | null;
  preferredTime: string;
  durationMinutes: number | null;
  from: string;
  to: string;
};

export const DEFAULT_RECURRENCE: RecurrenceValues = {
  kind: 'weekly',
  byWeekday: ['MO', 'TH'],
  interval: 1,
  maxPerAssignment: null,
  preferredTime: '09:00',
  durationMinutes: 120,
  from: '',
  to: '',
};

/** The generate input of the form's values (`dryRun` to preview). */
export function toGenerateInput(projectId: number, v: RecurrenceValues, dryRun: boolean): Partial<TGenerateSlotsInput> {
  return {
    projectId,
    recurrence:
      v.kind === 'weekly'
        ? { kind: 'weekly', byWeekday: v.byWeekday, interval: v.interval ?? (undefined as never) }
        : { kind: 'spread' },
    durationMinutes: v.durationMinutes ?? undefined,
    ...(v.preferredTime ? { preferredTime: v.preferredTime } : {}),
    ...(v.from ? { from: v.from } : {}),
    ...(v.to ? { to: v.to } : {}),
    ...(v.maxPerAssignment ? { maxPerAssignment: v.maxPerAssignment } : {}),
    dryRun,
  };
}

const recurrenceStorage = (projectId: number) => `opsdesk.project.${projectId}.recurrence`;

export function readRecurrence(projectId: number): RecurrenceValues {
  try {
    const raw = window.sessionStorage.getItem(recurrenceStorage(projectId));
    return raw ? { ...DEFAULT_RECURRENCE, ...(JSON.parse(raw) as Partial<RecurrenceValues>) } : DEFAULT_RECURRENCE;
  } catch {
    return DEFAULT_RECURRENCE;
  }
}

export function storeRecurrence(projectId: number, values: RecurrenceValues): void {
  try {
    window.sessionStorage.setItem(recurrenceStorage(projectId), JSON.stringify(values));
  } catch {
    // Storage refused: the values stay while the step is open.
  }
}

/** One slot as its dialog edits it: the assignment (new slots), the local day, start time and length. */
export const ZSlotForm = z.object({
  assignmentId: ZId,
  date: ZInputIsoDate,
  time: ZTime,
  durationMinutes: z
    .number()
    .int()
    .min(15, 'A visit lasts at least 15 minutes')
    .max(720, 'A visit lasts at most 12 hours'),
});
export type SlotFormValues = {
  assignmentId: number | null;
  date: string;
  time: string;
  durationMinutes: number | null;
};

/** The start and end of a slot from its local day, time and length. */
export function slotWindow(
  v: { date: string; time: string; durationMinutes: number },
  zone: string,
): {
  startsAt: Date;
  endsAt: Date;
} {
  const startsAt = zonedToUtc(v.date, v.time, zone);
  return { startsAt, endsAt: new Date(startsAt.getTime() + v.durationMinutes * 60_000) };
}

/** The form values of a slot's window, on its location's clock (`zone`). */
export function windowValues(
  startsAt: Date,
  endsAt: Date,
  zone: string,
): Pick<SlotFormValues, 'date' | 'time' | 'durationMinutes'> {
  return {
    date: localDateOf(startsAt, zone),
    time: localTimeOf(startsAt, zone),
    durationMinutes: Math.max(15, Math.round((endsAt.getTime() - startsAt.getTime()) / 60_000)),
  };
}

/**
 * A server refusal with its field messages moved to the dialog's fields (startsAt → time,
 * endsAt → durationMinutes), so they show where the user can fix them.
 */
export function onSlotFields(error: unknown): unknown {
  const e = error as {
    message?: string;
    data?: { fieldErrors?: Record<string, unknown[]>; fieldIssues?: Record<string, unknown[]> };
  };
  if (!e?.data?.fieldErrors && !e?.data?.fieldIssues) return error;
  const move = <T>(fields: Record<string, T[]> | undefined) => {
    if (!fields) return undefined;
    const moved: Record<string, T[]> = {};
    for (const [key, messages] of Object.entries(fields)) {
      const to = key === 'startsAt' ? 'time' : key === 'endsAt' ? 'durationMinutes' : key;
      moved[to] = [...(moved[to] ?? []), ...messages];
    }
    return moved;
  };
  return {
    message: e.message,
    data: { ...e.data, fieldErrors: move(e.data.fieldErrors), fieldIssues: move(e.data.fieldIssues) },
  };
}
