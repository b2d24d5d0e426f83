import {
  ZRecordSearchInput,
  ZRecordSearchResult,
  ZSearchInput,
  ZSearchResult,
} from '../../../../shared/schemas/search.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { searchRecords } from './records.service.ts';
import { searchPages } from './search.service.ts';

export const searchRouter = router({
  query: authedProcedure
    .input(ZSearchInput.prefault({}))
    .output(ZSearchResult)
    .query(({ ctx, input }) => searchPages(ctx, input)),
});

/** `search.records`: the caller's records by name, grouped by type (the navbar's Ctrl+K). */
export const recordSearchRouter = router({
  records: authedProcedure
    .input(ZRecordSearchInput)
    .output(ZRecordSearchResult)
    .query(({ ctx, input }) => searchRecords(ctx, input)),
});
