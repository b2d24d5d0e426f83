// Local wall time <-> UTC in an IANA time zone, on the runtime's own time zone database (Intl): no
// library, and the rules are as current as Node's ICU. The server plans visits with it (a local calendar
// date and a local wall time, then converted, so a DST change never moves a 09:00 visit to 08:00 or
// 10:00); the client draws calendars on each place's clock with it.
// A wall time that does not exist (the hour skipped in spring) moves forward by the gap (02:30 -> 03:30);
// one that exists twice (the hour repeated in autumn) takes the first of the two.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's wall clock at `instant` (ms), as if it were UTC: the ms of that local date and time. */
function wallClock(instant: number, zone: string): number {
  const parts = formatter(zone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** The zone's offset from UTC at `instant`, in ms (Paris in summer: +7,200,000). */
function offsetAt(instant: number, zone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClock(whole, zone) - whole;
}

const HOUR = 3600_000;
const cache = new Map<string, number>();

/** `YYYY-MM-DD` + `HH:MM` in `zone` -> the UTC instant. */
export function zonedToUtc(date: string, time: string, zone: string): Date {
  const key = `${zone}|${date}|${time}`;
  const cached = cache.get(key);
  if (cached !== undefined) return new Date(cached);
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // The offsets in force half a day before and after bound the one that applies (one change at most).
  const before = offsetAt(wall - 12 * HOUR, zone);
  const after = offsetAt(wall + 12 * HOUR, zone);
  const candidates = [wall - before, wall - after].filter((t) => t + offsetAt(t, zone) === wall);
  // Both valid: the repeated hour (or no change): the earlier. None: the skipped hour, moved forward.
  const instant = candidates.length ? Math.min(...candidates) : wall - before;
  if (cache.size > 200_000) cache.clear();
  cache.set(key, instant);
  return new Date(instant);
}

/** The local calendar date (`YYYY-MM-DD`) of `instant` in `zone`. */
export function localDateOf(instant: Date, zone: string): string {
  return new Date(wallClock(instant.getTime(), zone)).toISOString().slice(0, 10);
}

/** The local wall time (`HH:MM`) of `instant` in `zone`. */
export function localTimeOf(instant: Date, zone: string): string {
  return new Date(wallClock(instant.getTime(), zone)).toISOString().slice(11, 16);
}

/**
 * `instant` as the floating wall time of `zone` ("2026-11-28T15:30:00"): a calendar set to the UTC zone
 * draws it at the place's own clock, whatever the browser's zone.
 */
export function toWallTime(instant: Date | string, zone: string): string {
  const at = instant instanceof Date ? instant : new Date(instant);
  return new Date(wallClock(at.getTime(), zone)).toISOString().slice(0, 19);
}

/** The inverse of `toWallTime`: a time a UTC calendar drew (dragged to, clicked) read on `zone`'s clock. */
export function fromWallTime(drawn: Date, zone: string): Date {
  const iso = drawn.toISOString();
  return zonedToUtc(iso.slice(0, 10), iso.slice(11, 16), zone);
}
