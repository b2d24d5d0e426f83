// List reads on Kysely (MikroORM's typed integration, see db/kysely.ts), filtered, sorted, counted and
// paged in SQL. Import them from here:
// - source.ts: what a list reads (`listSource`) and the SQL building blocks;
// - run-list.ts: one page and the total of a source (one-pass counts, kept counts, deferred joins read
//   from the nearer end);
// - listing.ts: a domain's listing (`defineListing`) and its page, single-row and by-id reads;
//   grouped.ts: a sort by a related record's name, read group by group;
// - agenda.ts: agenda paging; iterate.ts: every row in batches (CSV exports);
// - reads.ts: the authorized `list`/`iterate` pair of a listing;
// - values.ts: column filters, counts per id, timestamps, page counts.
export { type AgendaSplit, listAgendaPage } from './agenda.ts';
export type { GroupedSort } from './grouped.ts';
export { iterateListing } from './iterate.ts';
export {
  defineListing,
  type ListArgs,
  type Listing,
  type ListingFilter,
  listById,
  listOne,
  listPage,
} from './listing.ts';
export { listingReads, scopedListingReads } from './reads.ts';
export { keptRowCount, type RunListOptions, runList } from './run-list.ts';
export {
  ALL_CAP,
  type Filter,
  type ListPage,
  type ListQuery,
  type ListSource,
  likeContains,
  listSource,
  type SortDirection,
  type Term,
} from './source.ts';
export { countsById, enrichWithCount, equalsFilter, pageCount, toDate, toDateOrNull } from './values.ts';
