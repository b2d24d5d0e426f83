// tRPC: apps.pages.* (the pages' demo content) and apps.sales.list, over the same services as REST.
import {
  ZFaqGroups,
  ZFaqInput,
  ZHelpArticle,
  ZHelpArticleInput,
  ZHelpCenter,
  ZListSalesInput,
  ZProfileConnectionCard,
  ZProfileHeader,
  ZProfileInput,
  ZProfileTab,
  ZSalesList,
  ZSalesRows,
  ZSetProfileConnectionInput,
} from '../../../../shared/schemas/pages.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import {
  getHelpArticle,
  getHelpCenter,
  getProfileHeader,
  getProfileTab,
  listFaq,
  listSales,
  listSalesRows,
} from './content.listing.ts';
import { setProfileConnection } from './content.service.ts';

export const pagesRouter = router({
  datatable: authedProcedure.output(ZSalesRows).query(({ ctx }) => listSalesRows(ctx)),
  faq: authedProcedure
    .input(ZFaqInput.prefault({}))
    .output(ZFaqGroups)
    .query(({ ctx, input }) => listFaq(ctx, input)),
  helpCenter: authedProcedure.output(ZHelpCenter).query(({ ctx }) => getHelpCenter(ctx)),
  article: authedProcedure
    .input(ZHelpArticleInput.prefault({}))
    .output(ZHelpArticle)
    .query(({ ctx, input }) => getHelpArticle(ctx, input)),
  profile: authedProcedure
    .input(ZProfileInput.prefault({}))
    .output(ZProfileTab)
    .query(({ ctx, input }) => getProfileTab(ctx, input)),
  profileHeader: authedProcedure.output(ZProfileHeader).query(({ ctx }) => getProfileHeader(ctx)),
  setProfileConnection: authedProcedure
    .input(ZSetProfileConnectionInput)
    .output(ZProfileConnectionCard)
    .mutation(({ ctx, input }) => setProfileConnection(ctx, input)),
});

/** apps.sales: the datatable page's list (/tables/data-table), sorted, searched and paged in SQL. */
export const salesRouter = router({
  list: authedProcedure
    .input(ZListSalesInput.prefault({}))
    .output(ZSalesList)
    .query(({ ctx, input }) => listSales(ctx, input)),
});
