// App-bar search: pages of the product grouped by area; a group lists at most 5 matching pages.
import { z } from 'zod';

export const MAX_SEARCH_CHILDREN = 5;

export const ZSearchInput = z.object({ q: z.string().trim().max(100).optional() });
export type TSearchInput = z.infer<typeof ZSearchInput>;

export const ZSearchChild = z.object({ title: z.string(), icon: z.string(), url: z.string() });
export const ZSearchGroup = z.object({ title: z.string(), children: z.array(ZSearchChild) });
export type TSearchGroup = z.infer<typeof ZSearchGroup>;
export const ZSearchResult = z.array(ZSearchGroup);

// Record search (the navbar's Ctrl+K): the caller's own records by name, grouped by type. A type is one
// source in platform/search's records service; adding projects or tasks later is one more source there.
export const RECORD_TYPES = ['people', 'locations', 'schemes', 'teams', 'customers', 'projects', 'tasks'] as const;
export type TRecordType = (typeof RECORD_TYPES)[number];

/** Most records listed per type. */
export const MAX_RECORDS_PER_TYPE = 5;
/** Shorter queries find nothing (a trigram index needs some text to answer from). */
export const MIN_RECORD_QUERY = 2;

export const ZRecordSearchInput = z.object({ q: z.string().trim().max(100) });
export type TRecordSearchInput = z.infer<typeof ZRecordSearchInput>;

/** One record found: what to show and the in-app page that shows it. */
export const ZRecordHit = z.object({
  type: z.enum(RECORD_TYPES),
  id: z.number().int(),
  title: z.string(),
  /** Facts that tell two records apart (an e-mail, a code and city), or ''. */
  subtitle: z.string(),
  /** When the record happens (a task's visit), for the reader to see in their own format; else absent. */
  at: z.date().optional(),
  url: z.string(),
});
export type TRecordHit = z.infer<typeof ZRecordHit>;

/** The records of one type: at most MAX_RECORDS_PER_TYPE, how many match in all, and the list of them all. */
export const ZRecordGroup = z.object({
  type: z.enum(RECORD_TYPES),
  total: z.number().int(),
  items: z.array(ZRecordHit),
  /** The type's list page searched for the same text. */
  listUrl: z.string(),
});
export type TRecordGroup = z.infer<typeof ZRecordGroup>;
export const ZRecordSearchResult = z.array(ZRecordGroup);
