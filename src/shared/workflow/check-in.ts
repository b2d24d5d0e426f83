// When an inspector may check in to a visit, and how a check-in's time reads to reviewers. The server
// refuses a start outside the window; both sides show the same tolerance.

/** A visit may be started from this many minutes before it starts until it ends. */
export const CHECK_IN_EARLY_MINUTES = 30;

/** A check-in this many minutes or more after the visit started is late (flagged to reviewers). */
export const CHECK_IN_LATE_MINUTES = 15;

export const CHECK_IN_TIMINGS = ['early', 'on_time', 'late'] as const;
export type TCheckInTiming = (typeof CHECK_IN_TIMINGS)[number];

/** When the start window of a visit opens. */
export function checkInOpensAt(startsAt: Date): Date {
  return new Date(startsAt.getTime() - CHECK_IN_EARLY_MINUTES * 60_000);
}

/** A check-in before the visit's start is early; one CHECK_IN_LATE_MINUTES or more after it, late. */
export function checkInTiming(startsAt: Date, checkedInAt: Date): TCheckInTiming {
  const delta = checkedInAt.getTime() - startsAt.getTime();
  if (delta < 0) return 'early';
  return delta >= CHECK_IN_LATE_MINUTES * 60_000 ? 'late' : 'on_time';
}
