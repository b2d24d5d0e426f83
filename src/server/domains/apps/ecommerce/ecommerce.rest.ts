// REST (spec sections 7 and 8): /api/apps/ecommerce/{products,orders,customers,reviews,referrals}.
// Missing products, reviews and customers answer 404 with an empty body; deleting an order is always 204.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  ECOMMERCE_CUSTOMER_SORT_KEYS,
  ORDER_SORT_KEYS,
  PRODUCT_CATEGORIES,
  PRODUCT_SORT_KEYS,
  PRODUCT_STATUSES,
  REFERRAL_SORT_KEYS,
  REVIEW_SORT_KEYS,
  REVIEW_STATUS_FILTERS,
} from '../../../../shared/schemas/ecommerce.ts';
import { AppError } from '../../../lib/app-error.ts';
import { queryBoolean, queryEnum } from '../../../rest/legacy.ts';
import { legacyListQuery, pathId } from '../../../rest/params.ts';
import * as shop from './ecommerce.service.ts';

type Query = Record<string, unknown>;
type Params = { id: string };

/** Runs `action`; a NOT_FOUND (or an id that cannot exist) becomes 404 with an empty body. */
async function orEmpty404(reply: FastifyReply, id: number | undefined, action: (id: number) => Promise<unknown>) {
  if (id === undefined) return reply.code(404).send();
  try {
    return await action(id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return reply.code(404).send();
    throw error;
  }
}

export const ecommerceRest: FastifyPluginAsync = async (app) => {
  app.get('/apps/ecommerce/products', async (request) => {
    const query = request.query as Query;
    const { items, total } = await shop.listProducts(request, {
      ...legacyListQuery(query, PRODUCT_SORT_KEYS),
      category: queryEnum(query.category, PRODUCT_CATEGORIES, 'category'),
      status: queryEnum(query.status, PRODUCT_STATUSES, 'status'),
      stock: queryBoolean(query.stock, 'stock'),
    });
    return { products: items, total };
  });

  app.delete<{ Params: Params }>('/apps/ecommerce/products/:id', (request, reply) =>
    orEmpty404(reply, pathId(request.params.id), async (id) => {
      await shop.deleteProduct(request, { id });
      return reply.code(204).send();
    }),
  );

  app.get('/apps/ecommerce/orders', async (request) => {
    const { items, total } = await shop.listOrders(request, legacyListQuery(request.query as Query, ORDER_SORT_KEYS));
    return { orders: items, total };
  });

  app.delete<{ Params: Params }>('/apps/ecommerce/orders/:id', async (request, reply) => {
    const id = pathId(request.params.id);
    if (id !== undefined) await shop.deleteOrder(request, { id });
    return reply.code(204).send();
  });

  app.get('/apps/ecommerce/customers', async (request) => {
    const { items, total } = await shop.listEcommerceCustomers(
      request,
      legacyListQuery(request.query as Query, ECOMMERCE_CUSTOMER_SORT_KEYS),
    );
    return { customers: items, total };
  });

  app.get<{ Params: Params }>('/apps/ecommerce/customers/:id', (request, reply) =>
    orEmpty404(reply, pathId(request.params.id), (customerId) => shop.getEcommerceCustomer(request, { customerId })),
  );

  app.get('/apps/ecommerce/reviews', async (request) => {
    const query = request.query as Query;
    const { items, total } = await shop.listReviews(request, {
      ...legacyListQuery(query, REVIEW_SORT_KEYS),
      status: queryEnum(query.status, REVIEW_STATUS_FILTERS, 'status'),
    });
    return { reviews: items, total };
  });

  app.delete<{ Params: Params }>('/apps/ecommerce/reviews/:id', (request, reply) =>
    orEmpty404(reply, pathId(request.params.id), async (id) => {
      await shop.deleteReview(request, { id });
      return reply.code(204).send();
    }),
  );

  app.get('/apps/ecommerce/referrals', async (request) => {
    const { items, total } = await shop.listReferrals(request, legacyListQuery(request.query as Query, REFERRAL_SORT_KEYS));
    return { referrals: items, total };
  });
};
