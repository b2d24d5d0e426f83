// When something happens at a place, said one way on the client and the server alike: the time is read
// on the place's clock (the location's time zone), written in the reader's language, and the zone is
// named whenever the reader's own clock can read differently — so a visit planned for 15:30 in Paris
// reads "3:30 PM" on the calendar, in the notification, in the e-mail and in the PDF, and a reader in
// New York sees "(Europe/Paris)" beside it.

/** An instant on a place's clock: how server texts carry a time until the reader's language is known. */
export interface ZonedTime {
  /** ISO 8601 instant. */
  at: string;
  /** The IANA zone the time is read in. */
  zone: string;
}

export function isZonedTime(value: unknown): value is ZonedTime {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ZonedTime).at === 'string' &&
    typeof (value as ZonedTime).zone === 'string'
  );
}

export interface ZonedFormatOptions {
  /** The reader's language (BCP 47). */
  language: string;
  /** The place's IANA zone. */
  zone: string;
  /** The reader's zone (the browser's, or the user's chosen one); null or absent: unknown, so the zone is named. */
  readerZone?: string | null;
  /** `date` (no time of day) or `dateTime` (default). */
  style?: 'date' | 'dateTime';
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(language: string, zone: string, style: 'date' | 'dateTime'): Intl.DateTimeFormat {
  const key = `${language}|${zone}|${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      timeZone: zone,
      dateStyle: 'medium',
      ...(style === 'dateTime' ? { timeStyle: 'short' } : {}),
    });
    if (formats.size > 500) formats.clear();
    formats.set(key, format);
  }
  return format;
}

const offsets = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `instant`, in minutes. */
function offsetMinutes(zone: string, instant: Date): number {
  let format = offsets.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    offsets.set(zone, format);
  }
  const parts = format.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((wall - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

const HALF_YEAR = 182 * 24 * 3600_000;

/**
 * Whether a reader in `readerZone` can read a time of `zone` differently from its own clock: the two
 * zones' offsets differ now, or half a year away (one keeps daylight saving time, the other not).
 */
export function zoneCanDiffer(zone: string, readerZone: string | null | undefined, at: Date = new Date()): boolean {
  if (!readerZone) return true;
  if (readerZone === zone) return false;
  return [at, new Date(at.getTime() + HALF_YEAR)].some((t) => offsetMinutes(zone, t) !== offsetMinutes(readerZone, t));
}

/** The zone as it is named beside a time: its IANA name, underscores as spaces. */
export function zoneLabel(zone: string): string {
  return zone.replace(/_/g, ' ');
}

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** "Nov 28, 2026, 3:30 PM", followed by " (Europe/Paris)" when the reader's clock can differ. */
export function formatZoned(value: Date | string | null | undefined, options: ZonedFormatOptions): string {
  if (!value) return '—';
  const at = toDate(value);
  if (Number.isNaN(at.getTime())) return '—';
  const text = formatOf(options.language, options.zone, options.style ?? 'dateTime').format(at);
  return zoneCanDiffer(options.zone, options.readerZone, at) ? `${text} (${zoneLabel(options.zone)})` : text;
}

/**
 * A window from `start` to `end` on the place's clock, the shared parts said once by the language's own
 * range format ("Nov 28, 2026, 3:30 – 5:30 PM"), the zone named as in `formatZoned`.
 */
export function formatZonedRange(
  start: Date | string | null | undefined,
  end: Date | string | null | undefined,
  options: ZonedFormatOptions,
): string {
  if (!start || !end) return formatZoned(start ?? end, options);
  const from = toDate(start);
  const to = toDate(end);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to < from) return formatZoned(from, options);
  const text = formatOf(options.language, options.zone, options.style ?? 'dateTime').formatRange(from, to);
  return zoneCanDiffer(options.zone, options.readerZone, from) ? `${text} (${zoneLabel(options.zone)})` : text;
}

/** The zone this runtime's clock reads (the browser's on the client). */
export function runtimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
