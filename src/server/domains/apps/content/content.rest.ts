// REST: /api/pages/datatable (+ /api/pages/sales and /api/export/sales.csv for the list page), faq,
// help-center, help-center/article, profile, profile/header (+ PUT profile/connections).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type TSalesListRow,
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
import { registerCsvExport } from '../../../rest/csv-export.ts';
import {
  getHelpArticle,
  getHelpCenter,
  getProfileHeader,
  getProfileTab,
  iterateSales,
  listFaq,
  listSales,
  listSalesRows,
} from './content.listing.ts';
import { setProfileConnection } from './content.service.ts';

export const pagesRest: FastifyPluginAsyncZod = async (app) => {
  app.get('/pages/datatable', { schema: { response: { 200: ZSalesRows } } }, async (request) => listSalesRows(request));

  // The datatable page's list (sorted, searched, paged in SQL) and its CSV of every matching row.
  app.get(
    '/pages/sales',
    { schema: { querystring: ZListSalesInput, response: { 200: ZSalesList } } },
    async (request) => listSales(request, request.query),
  );
  registerCsvExport<typeof ZListSalesInput, TSalesListRow>(app, {
    name: 'sales',
    input: ZListSalesInput,
    iterate: iterateSales,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'product', value: (r) => r.product.name },
      { header: 'brand', value: (r) => r.product.brand },
      { header: 'category', value: (r) => r.product.category },
      { header: 'date', value: (r) => r.date },
      { header: 'buyer', value: (r) => r.buyer.name },
      { header: 'total', value: (r) => r.payment.total },
      { header: 'paid', value: (r) => r.payment.paidAmount },
      { header: 'received', value: (r) => r.payment.receivedPaymentStatus },
      { header: 'status', value: (r) => r.payment.status },
    ],
  });

  app.get('/pages/faq', { schema: { querystring: ZFaqInput, response: { 200: ZFaqGroups } } }, async (request) =>
    listFaq(request, request.query),
  );

  app.get('/pages/help-center', { schema: { response: { 200: ZHelpCenter } } }, async (request) =>
    getHelpCenter(request),
  );

  const article = { querystring: ZHelpArticleInput, response: { 200: ZHelpArticle } };
  app.get('/pages/help-center/article', { schema: article }, async (request) => getHelpArticle(request, request.query));

  app.get(
    '/pages/profile',
    { schema: { querystring: ZProfileInput, response: { 200: ZProfileTab } } },
    async (request) => getProfileTab(request, request.query),
  );

  app.get('/pages/profile/header', { schema: { response: { 200: ZProfileHeader } } }, async (request) =>
    getProfileHeader(request),
  );

  // Beyond the demo API: the caller connects to or disconnects from a card of the connections tab.
  app.put(
    '/pages/profile/connections',
    { schema: { body: ZSetProfileConnectionInput, response: { 200: ZProfileConnectionCard } } },
    async (request) => setProfileConnection(request, request.body),
  );
};
