import { ZSearchInput, ZSearchResult } from '../../../../shared/schemas/search.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { searchPages } from './search.service.ts';

export const searchRouter = router({
  query: authedProcedure
    .input(ZSearchInput.optional())
    .output(ZSearchResult)
    .query(({ ctx, input }) => searchPages(ctx, input ?? {})),
});
