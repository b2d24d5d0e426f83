import { z } from 'zod';
import {
  ZFaqGroup,
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
  ZSalesRow,
  ZSetProfileConnectionInput,
} from '../../../../shared/schemas/pages.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { listQuery } from '../../../trpc/procedures.ts';
import {
  getHelpArticle,
  getHelpCenter,
  getProfileHeader,
  getProfileTab,
  listFaq,
  listSales,
  listSalesRows,
  setProfileConnection,
} from './content.service.ts';

export const pagesRouter = router({
  datatable: authedProcedure.output(z.array(ZSalesRow)).query(({ ctx }) => listSalesRows(ctx)),
  faq: authedProcedure
    .input(ZFaqInput.optional())
    .output(z.array(ZFaqGroup))
    .query(({ ctx, input }) => listFaq(ctx, input ?? {})),
  helpCenter: authedProcedure.output(ZHelpCenter).query(({ ctx }) => getHelpCenter(ctx)),
  article: authedProcedure
    .input(ZHelpArticleInput.optional())
    .output(ZHelpArticle)
    .query(({ ctx, input }) => getHelpArticle(ctx, input ?? {})),
  profile: authedProcedure
    .input(ZProfileInput.optional())
    .output(ZProfileTab)
    .query(({ ctx, input }) => getProfileTab(ctx, ZProfileInput.parse(input ?? {}).tab)),
  profileHeader: authedProcedure.output(ZProfileHeader).query(({ ctx }) => getProfileHeader(ctx)),
  setProfileConnection: authedProcedure
    .input(ZSetProfileConnectionInput)
    .output(ZProfileConnectionCard)
    .mutation(({ ctx, input }) => setProfileConnection(ctx, input)),
});

/** apps.sales: the datatable page's list (/tables/data-table), sorted, searched and paged in SQL. */
export const salesRouter = router({
  list: listQuery(ZListSalesInput, ZSalesList, listSales),
});
