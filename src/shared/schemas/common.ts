// Shared zod pieces: ids, paging, sorting and the list envelope used by every domain.
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants/http.ts';
import { msg } from '../errors/validation.ts';

const MAX_ID = 2_147_483_647;

/**
 * A record id. Zero, an empty choice or anything not an id says "Invalid option: …", which forms show
 * as "Choose one of the options" (never "Must be at least 0" for an empty picker).
 */
export const ZId = zRefId(msg('id.invalid'));

/**
 * A required reference a form picks from a list, with the message a person reads when nothing is
 * chosen (`zRefId(msg('subDirection.choose'))`); the server sends the same text for the field.
 */
export function zRefId(message: string) {
  return z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
}
export const ZByIdInput = z.object({ id: ZId });

/**
 * A record's optimistic-lock version, as read (every record output has it). Sent with an update, a
 * record changed since is refused (CONFLICT); omitted (scripts), the last write wins.
 */
export const ZVersion = z.number().int().positive().max(2_147_483_647);
export const ZExpectedVersion = ZVersion.optional();

/**
 * The dates an input may carry: years 1 to 9999. PostgreSQL refuses year 0 (JavaScript's 1 BC, e.g.
 * "0000-01-01") and JavaScript's far ends (±271821) with a 500; no business date is outside this.
 */
export const MIN_DATE = new Date('0001-01-01T00:00:00.000Z');
export const MAX_DATE = new Date('9999-12-31T23:59:59.999Z');
export const DATE_RANGE_MESSAGE = msg('date.range');
export function inDateRange(date: Date): boolean {
  return date.getTime() >= MIN_DATE.getTime() && date.getTime() <= MAX_DATE.getTime();
}
/** A date input (a Date, or a string or number it coerces from) within MIN_DATE..MAX_DATE. */
export const ZInputDate = z.coerce.date().min(MIN_DATE, DATE_RANGE_MESSAGE).max(MAX_DATE, DATE_RANGE_MESSAGE);
/** A YYYY-MM-DD date input within MIN_DATE..MAX_DATE. */
export const ZInputIsoDate = z.iso
  .date({ message: msg('date.isoDate') })
  .refine((value) => value >= '0001-01-01', DATE_RANGE_MESSAGE);
export type TByIdInput = z.infer<typeof ZByIdInput>;

export const ZOrderBy = z.enum(['asc', 'desc']);
export type TOrderBy = z.infer<typeof ZOrderBy>;

/**
 * Paging for tRPC lists: strict, with the spec's defaults. `itemsPerPage: -1` means all rows
 * (capped by services where a table can be huge).
 */
export const ZPaging = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.number().int().min(1).max(1_000_000).default(1),
  itemsPerPage: z
    .number()
    .int()
    .refine((n) => n === -1 || (n >= 1 && n <= MAX_PAGE_SIZE), {
      message: msg('paging.itemsPerPage'),
      params: { max: MAX_PAGE_SIZE },
    })
    .default(DEFAULT_PAGE_SIZE),
  orderBy: ZOrderBy.default('asc'),
});

/** Build a list input with the domain's sort keys and filters. */
export function listInput<const K extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sortKeys: K,
  filters: F,
) {
  return ZPaging.extend({ sortBy: z.enum(sortKeys).optional(), ...filters });
}

export function listOutput<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() });
}

export interface ListResult<T> {
  items: T[];
  total: number;
}

/** Offset and limit for a page; limit undefined means all. */
export function pageWindow(page: number, itemsPerPage: number): { offset: number; limit?: number } {
  if (itemsPerPage === -1) return { offset: 0 };
  return { offset: (page - 1) * itemsPerPage, limit: itemsPerPage };
}

const HTTP_URL_MESSAGE = msg('url.http');

/**
 * A stored link: an absolute http(s) URL (trimmed). Other schemes (`javascript:`, `data:`, `file:`…)
 * are refused, so a stored value can never run script when rendered as a link or an image.
 */
export function zHttpUrl(max = 2000) {
  return z
    .string()
    .trim()
    .max(max, msg('text.max'))
    .pipe(z.url({ protocol: /^https?$/, message: HTTP_URL_MESSAGE }));
}

/**
 * A stored image address: an http(s) URL, or an inline raster image (`data:image/png|jpeg|gif|webp;base64,…`,
 * never SVG, which can carry script). For avatars uploaded as data URLs.
 */
export function zImageUrl(max: number) {
  return z
    .string()
    .trim()
    .max(max, msg('text.max'))
    .refine(
      (value) =>
        /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/.test(value) ||
        zHttpUrl(max).safeParse(value).success,
      { message: msg('url.image') },
    );
}

/** Names already asked (building a formatter to find out costs ~0.1 ms, a refused one more). */
const timeZoneAnswers = new Map<string, boolean>();

/** Whether `zone` is an IANA time zone name this runtime knows (e.g. `Europe/Paris`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  // Names only: no bare offsets ("+01:00"), which newer runtimes also accept but which know no DST.
  if (zone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  let known = timeZoneAnswers.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    // Bounded: the names are a few hundred; made-up ones are forgotten together.
    if (timeZoneAnswers.size >= 2_000) timeZoneAnswers.clear();
    timeZoneAnswers.set(zone, known);
  }
  return known;
}

export const TIME_ZONE_MESSAGE = msg('timeZone.iana');
/** An IANA time zone name (planning converts local visit times to UTC with it). */
export const ZTimeZone = z.string().trim().max(64, TIME_ZONE_MESSAGE).refine(isTimeZone, TIME_ZONE_MESSAGE);

/**
 * A question's key in a scheme (stable across its versions), as answers, corrective actions and files
 * name it. Here rather than with the schemes, so a page that names a question does not build them all.
 */
export const ZQuestionKey = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, msg('schemes.questionKeyChars'));
