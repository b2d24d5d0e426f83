// REST: /api/apps/ecommerce/{products,orders,customers,reviews,referrals}, the dashboards' figures and
// the list pages' CSV exports.
// Missing products, reviews and customers answer 404 with an empty body; deleting an order is always 204.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  type TCategory,
  type TEcommerceCustomer,
  type TOrder,
  type TProduct,
  type TReferral,
  type TReview,
  ZEcommerceCustomer,
  ZEcommerceCustomerByIdInput,
  ZEcommerceCustomerDetail,
  ZListCategoriesInput,
  ZListEcommerceCustomersInput,
  ZListOrdersInput,
  ZListProductsInput,
  ZListReferralsInput,
  ZListReviewsInput,
  ZOrder,
  ZProduct,
  ZReferral,
  ZReview,
  ZShopDashboard,
  ZShopSales,
  ZShopSalesInput,
} from '../../../../shared/schemas/ecommerce.ts';
import { AppError } from '../../../lib/app-error.ts';
import { registerCsvExport } from '../../../rest/csv-export.ts';
import { LegacyAnswer, restInput } from '../../../rest/input.ts';
import { iterateCategories } from './ecommerce-categories.listing.ts';
import {
  getEcommerceCustomer,
  iterateEcommerceCustomers,
  listEcommerceCustomers,
} from './ecommerce-customers.listing.ts';
import { shopDashboard } from './ecommerce-dashboard.service.ts';
import { iterateOrders, listOrders } from './ecommerce-orders.listing.ts';
import { deleteOrder } from './ecommerce-orders.service.ts';
import { iterateProducts, listProducts } from './ecommerce-products.listing.ts';
import { deleteProduct } from './ecommerce-products.service.ts';
import { iterateReferrals, listReferrals } from './ecommerce-referrals.listing.ts';
import { iterateReviews, listReviews } from './ecommerce-reviews.listing.ts';
import { deleteReview } from './ecommerce-reviews.service.ts';
import { shopSales } from './ecommerce-sales.service.ts';

// The demo API's list envelopes.
const total = z.number().int();
// The demo API's SKUs are numbers; a shop's own SKU with letters ("TSH-RED-XL") stays a string.
const ZProductsReply = z.object({
  products: z.array(ZProduct.extend({ sku: z.union([z.number().int(), z.string()]) })),
  total,
});
const legacySku = (sku: string): number | string => (/^(0|[1-9]\d{0,14})$/.test(sku) ? Number(sku) : sku);
const ZOrdersReply = z.object({ orders: z.array(ZOrder), total });
const ZCustomersReply = z.object({ customers: z.array(ZEcommerceCustomer), total });
const ZReviewsReply = z.object({ reviews: z.array(ZReview), total });
const ZReferralsReply = z.object({ referrals: z.array(ZReferral), total });

const empty404 = () => new LegacyAnswer(404);
/** A NOT_FOUND from the service answers 404 with an empty body too. */
async function orEmpty404<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw empty404();
    throw error;
  }
}

const ZId404 = restInput(ZByIdInput, { invalid: empty404 });

export const ecommerceRest: FastifyPluginAsyncZod = async (app) => {
  // GET /api/export/ecommerce-products.csv?<the product list's filters>: the product list page's CSV.
  registerCsvExport<typeof ZListProductsInput, TProduct>(app, {
    name: 'ecommerce-products',
    input: ZListProductsInput,
    iterate: iterateProducts,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'product', value: (r) => r.productName },
      { header: 'brand', value: (r) => r.productBrand },
      { header: 'category', value: (r) => r.category },
      { header: 'sku', value: (r) => r.sku },
      { header: 'price', value: (r) => r.price.slice(1) },
      { header: 'qty', value: (r) => r.qty },
      { header: 'in_stock', value: (r) => r.stock },
      { header: 'status', value: (r) => r.status },
    ],
  });
  // GET /api/export/ecommerce-categories.csv: the category list page's CSV, with counts and stock value.
  registerCsvExport<typeof ZListCategoriesInput, TCategory>(app, {
    name: 'ecommerce-categories',
    input: ZListCategoriesInput,
    iterate: iterateCategories,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'name', value: (r) => r.name },
      { header: 'description', value: (r) => r.description },
      { header: 'products', value: (r) => r.productCount },
      { header: 'stock_value', value: (r) => r.totalValue },
    ],
  });
  registerCsvExport<typeof ZListOrdersInput, TOrder>(app, {
    name: 'ecommerce-orders',
    input: ZListOrdersInput,
    iterate: iterateOrders,
    columns: [
      { header: 'order', value: (r) => r.order },
      { header: 'date', value: (r) => `${r.date} ${r.time}` },
      { header: 'customer', value: (r) => r.customer },
      { header: 'email', value: (r) => r.email },
      { header: 'payment', value: (r) => r.payment },
      { header: 'status', value: (r) => r.status },
      { header: 'method', value: (r) => r.method },
      { header: 'spent', value: (r) => r.spent },
    ],
  });
  registerCsvExport<typeof ZListEcommerceCustomersInput, TEcommerceCustomer>(app, {
    name: 'ecommerce-customers',
    input: ZListEcommerceCustomersInput,
    iterate: iterateEcommerceCustomers,
    columns: [
      { header: 'customer_id', value: (r) => r.customerId },
      { header: 'customer', value: (r) => r.customer },
      { header: 'email', value: (r) => r.email },
      { header: 'country', value: (r) => r.country },
      { header: 'orders', value: (r) => r.order },
      { header: 'total_spent', value: (r) => r.totalSpent },
    ],
  });
  registerCsvExport<typeof ZListReviewsInput, TReview>(app, {
    name: 'ecommerce-reviews',
    input: ZListReviewsInput,
    iterate: iterateReviews,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'product', value: (r) => r.product },
      { header: 'reviewer', value: (r) => r.reviewer },
      { header: 'email', value: (r) => r.email },
      { header: 'date', value: (r) => r.date },
      { header: 'rating', value: (r) => r.review },
      { header: 'status', value: (r) => r.status },
      { header: 'head', value: (r) => r.head },
    ],
  });
  registerCsvExport<typeof ZListReferralsInput, TReferral>(app, {
    name: 'ecommerce-referrals',
    input: ZListReferralsInput,
    iterate: iterateReferrals,
    columns: [
      { header: 'user', value: (r) => r.user },
      { header: 'email', value: (r) => r.email },
      { header: 'referred_id', value: (r) => r.referredId },
      { header: 'status', value: (r) => r.status },
      { header: 'value', value: (r) => r.value.slice(1) },
      { header: 'earning', value: (r) => r.earning.slice(1) },
    ],
  });

  // GET /api/apps/ecommerce/dashboard: the e-commerce dashboard's figures.
  app.get('/apps/ecommerce/dashboard', { schema: { response: { 200: ZShopDashboard } } }, (request) =>
    shopDashboard(request),
  );
  // GET /api/apps/ecommerce/sales?weeks=12: the analytics dashboard's sales figures.
  app.get(
    '/apps/ecommerce/sales',
    { schema: { querystring: ZShopSalesInput, response: { 200: ZShopSales } } },
    (request) => shopSales(request, request.query),
  );

  app.get(
    '/apps/ecommerce/products',
    { schema: { querystring: ZListProductsInput, response: { 200: ZProductsReply } } },
    async (request) => {
      const { items, total } = await listProducts(request, request.query);
      return { products: items.map((p) => ({ ...p, sku: legacySku(p.sku) })), total };
    },
  );

  app.delete('/apps/ecommerce/products/:id', { schema: { params: ZId404 } }, async (request, reply) => {
    await orEmpty404(deleteProduct(request, request.params));
    return reply.code(204).send();
  });

  app.get(
    '/apps/ecommerce/orders',
    { schema: { querystring: ZListOrdersInput, response: { 200: ZOrdersReply } } },
    async (request) => {
      const { items, total } = await listOrders(request, request.query);
      return { orders: items, total };
    },
  );

  const orderId = { params: restInput(ZByIdInput, { invalid: () => new LegacyAnswer(204) }) };
  app.delete('/apps/ecommerce/orders/:id', { schema: orderId }, async (request, reply) => {
    await deleteOrder(request, request.params);
    return reply.code(204).send();
  });

  const customers = { querystring: ZListEcommerceCustomersInput, response: { 200: ZCustomersReply } };
  app.get('/apps/ecommerce/customers', { schema: customers }, async (request) => {
    const { items, total } = await listEcommerceCustomers(request, request.query);
    return { customers: items, total };
  });

  // The path's id is the customer number (customerId), not the row id.
  const customer = {
    params: restInput(ZEcommerceCustomerByIdInput, {
      read: ({ id }) => ({ customerId: id }),
      invalid: empty404,
      wire: z.object({ id: ZEcommerceCustomerByIdInput.shape.customerId }),
    }),
    response: { 200: ZEcommerceCustomerDetail },
  };
  app.get('/apps/ecommerce/customers/:id', { schema: customer }, async (request) =>
    orEmpty404(getEcommerceCustomer(request, request.params)),
  );

  app.get(
    '/apps/ecommerce/reviews',
    { schema: { querystring: ZListReviewsInput, response: { 200: ZReviewsReply } } },
    async (request) => {
      const { items, total } = await listReviews(request, request.query);
      return { reviews: items, total };
    },
  );

  app.delete('/apps/ecommerce/reviews/:id', { schema: { params: ZId404 } }, async (request, reply) => {
    await orEmpty404(deleteReview(request, request.params));
    return reply.code(204).send();
  });

  const referrals = { querystring: ZListReferralsInput, response: { 200: ZReferralsReply } };
  app.get('/apps/ecommerce/referrals', { schema: referrals }, async (request) => {
    const { items, total } = await listReferrals(request, request.query);
    return { referrals: items, total };
  });
};
