import { z } from 'zod';
import {
  ZFaqGroup,
  ZFaqInput,
  ZHelpArticle,
  ZHelpArticleInput,
  ZHelpCenter,
  ZProfileHeader,
  ZProfileInput,
  ZProfileTab,
  ZSalesRow,
} from '../../../../shared/schemas/pages.ts';
import { abilityProcedure, router } from '../../../trpc/init.ts';
import { getHelpArticle, getHelpCenter, getProfileHeader, getProfileTab, listFaq, listSalesRows } from './content.service.ts';

const demo = abilityProcedure('read', 'DemoApp');

export const pagesRouter = router({
  datatable: demo.output(z.array(ZSalesRow)).query(({ ctx }) => listSalesRows(ctx)),
  faq: demo
    .input(ZFaqInput.optional())
    .output(z.array(ZFaqGroup))
    .query(({ ctx, input }) => listFaq(ctx, input ?? {})),
  helpCenter: demo.output(ZHelpCenter).query(({ ctx }) => getHelpCenter(ctx)),
  article: demo
    .input(ZHelpArticleInput.optional())
    .output(ZHelpArticle)
    .query(({ ctx, input }) => getHelpArticle(ctx, input ?? {})),
  profile: demo
    .input(ZProfileInput.optional())
    .output(ZProfileTab)
    .query(({ ctx, input }) => getProfileTab(ctx, ZProfileInput.parse(input ?? {}).tab)),
  profileHeader: demo.output(ZProfileHeader).query(({ ctx }) => getProfileHeader(ctx)),
});
