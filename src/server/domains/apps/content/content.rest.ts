// REST (spec section 7): /api/pages/datatable, faq, help-center, help-center/article, profile, profile/header.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { getHelpArticle, getHelpCenter, getProfileHeader, getProfileTab, listFaq, listSalesRows } from './content.service.ts';

export const pagesRest: FastifyPluginAsyncZod = async (app) => {
  app.get('/pages/datatable', { schema: { response: { 200: z.array(ZSalesRow) } } }, async (request) => listSalesRows(request));

  app.get('/pages/faq', { schema: { querystring: ZFaqInput, response: { 200: z.array(ZFaqGroup) } } }, async (request) =>
    listFaq(request, request.query),
  );

  app.get('/pages/help-center', { schema: { response: { 200: ZHelpCenter } } }, async (request) => getHelpCenter(request));

  const article = { querystring: ZHelpArticleInput, response: { 200: ZHelpArticle } };
  app.get('/pages/help-center/article', { schema: article }, async (request) => getHelpArticle(request, request.query));

  app.get('/pages/profile', { schema: { querystring: ZProfileInput, response: { 200: ZProfileTab } } }, async (request) =>
    getProfileTab(request, request.query.tab),
  );

  app.get('/pages/profile/header', { schema: { response: { 200: ZProfileHeader } } }, async (request) => getProfileHeader(request));
};
