// Shared zod pieces: ids, paging, sorting and the list envelope used by every domain.
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants/http.ts';

export const ZId = z.coerce.number().int().positive().max(2_147_483_647);
export const ZByIdInput = z.object({ id: ZId });

/**
 * A record's optimistic-lock version, as read (every record output has it). Sent with an update, a
 * record changed since is refused (CONFLICT); omitted (scripts), the last write wins.
 */
export const ZVersion = z.number().int().positive().max(2_147_483_647);
export const ZExpectedVersion = ZVersion.optional();
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
      message: `itemsPerPage must be -1 (all) or between 1 and ${MAX_PAGE_SIZE}`,
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

const HTTP_URL_MESSAGE = 'Must be a web address starting with http:// or https://';

/**
 * A stored link: an absolute http(s) URL (trimmed). Other schemes (`javascript:`, `data:`, `file:`…)
 * are refused, so a stored value can never run script when rendered as a link or an image.
 */
export function zHttpUrl(max = 2000) {
  return z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
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
    .max(max, `Must be at most ${max} characters`)
    .refine(
      (value) => /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/.test(value) || zHttpUrl(max).safeParse(value).success,
      { message: 'Must be an http(s) address or a PNG, JPEG, GIF or WebP data URL' },
    );
}
