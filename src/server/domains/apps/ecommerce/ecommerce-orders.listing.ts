// Reads of the shop's orders: the list (searched, sorted and paged in SQL) and its CSV rows, one shop
// customer's orders, and one order with its status history. Any caller who may read DemoApp.
import { expressionBuilder, type Kysely, sql } from 'kysely';
import type {
  TListCustomerOrdersInput,
  TListOrdersInput,
  TOrder,
  TOrderByNumberInput,
  TOrderDetail,
} from '../../../../shared/schemas/ecommerce.ts';
import { type DB, db as kyselyOf } from '../../../db/kysely.ts';
import { notFound } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import {
  defineListing,
  equalsFilter,
  keptRowCount,
  listSource,
  scopedListingReads,
  toDate,
} from '../../../lib/list/index.ts';
import { openShop, textSort } from './ecommerce.shop.ts';
import { getEcommerceCustomer } from './ecommerce-customers.listing.ts';

/** Orders as listed; the total of the unfiltered list is the kept row count. */
export function orderSource(db: Kysely<DB>, tenant: number) {
  const from = db.selectFrom('ecommerce_orders as o').where('o.tenant_id', '=', tenant);
  const eb = expressionBuilder(from);
  return listSource(from, {
    id: 'o.id',
    select: (qb) =>
      qb.select([
        'o.id',
        'o.order_number as order',
        'o.customer',
        'o.email',
        'o.avatar',
        'o.payment',
        'o.status',
        eb.cast<number>('o.spent', 'float8').as('spent'),
        'o.method',
        'o.ordered_at as orderedAt',
        'o.method_number as methodNumber',
      ]),
    search: ['o.customer', 'o.email', eb.cast<string>('o.order_number', 'text')],
    countAll: keptRowCount('ecommerce_orders', tenant),
    sorts: {
      order: 'o.order_number',
      customers: textSort(eb.ref('o.customer')),
      date: 'o.ordered_at',
      status: textSort(eb.ref('o.status')),
      spent: 'o.spent',
    },
  });
}

/** An order row with its time of ordering as UTC date and time. */
function orderRow<R extends { orderedAt: Date | string }>({ orderedAt, ...row }: R) {
  const iso = toDate(orderedAt).toISOString();
  return { ...row, date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** The orders of demo tenant `tenant`'s shop. */
export const orderListing = (tenant: number) =>
  defineListing({ source: (db) => orderSource(db, tenant), map: (r): TOrder => orderRow(r) });

/** Orders matching q (customer, email or order number), sorted and paged (or every match, for the CSV). */
export const { list: listOrders, iterate: iterateOrders } = scopedListingReads(
  orderListing,
  async (ctx, _input: TListOrdersInput) => {
    const shop = await openShop(ctx);
    return { em: shop.ctx.em, scope: shop.tenant, where: [] };
  },
);

/** The orders of one shop customer (placed with their e-mail), sorted and paged; NOT_FOUND for an unknown customer. */
export const { list: listCustomerOrders } = scopedListingReads(
  orderListing,
  async (ctx, input: TListCustomerOrdersInput) => {
    const customer = await getEcommerceCustomer(ctx, { customerId: input.customerId });
    const shop = await openShop(ctx);
    return { em: shop.ctx.em, scope: shop.tenant, where: [equalsFilter('o.email', customer.email)] };
  },
);

/**
 * One order by its number, with its version, its shop customer (by e-mail), its lines with their
 * totals, shipping, tax and addresses, and its status history, oldest first; NOT_FOUND when the
 * caller's shop has no such order.
 */
export async function getOrder(ctx: ServiceContext, input: TOrderByNumberInput): Promise<TOrderDetail> {
  const shop = await openShop(ctx);
  const db = kyselyOf(shop.ctx.em);
  const source = orderSource(db, shop.tenant);
  const eb = expressionBuilder(source.from);
  const row = await source
    .select(source.from)
    .select([
      'o.version',
      'o.ordered_at as orderedAt',
      eb.cast<number>('o.shipping', 'float8').as('shipping'),
      eb.cast<number>('o.tax', 'float8').as('tax'),
      'o.shipping_address as shippingAddress',
      'o.billing_address as billingAddress',
    ])
    .where('o.order_number', '=', input.order)
    .executeTakeFirst();
  if (!row) throw notFound('Order');
  const [customer, history, lines] = await Promise.all([
    db
      .selectFrom('ecommerce_customers')
      .select('customer_id')
      .where('tenant_id', '=', shop.tenant)
      .where('email', '=', row.email)
      .executeTakeFirst(),
    db
      .selectFrom('ecommerce_order_events')
      .select(['id', 'from_status as from', 'to_status as to', 'by_name as by', 'created_at as at'])
      .where('order_id', '=', row.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('ecommerce_order_lines as l')
      .select((line) => [
        'l.position',
        'l.product_name as product',
        'l.sku',
        line.cast<number>('l.unit_price', 'float8').as('unitPrice'),
        'l.quantity',
        sql<number>`(l.unit_price * l.quantity)::float8`.as('total'),
      ])
      .where('l.order_id', '=', row.id)
      .orderBy('l.position')
      .execute(),
  ]);
  const subtotalCents = lines.reduce((sum, line) => sum + Math.round(line.total * 100), 0);
  return {
    ...orderRow(row),
    customerId: customer?.customer_id ?? null,
    history: history.map((h) => ({ ...h, at: toDate(h.at) })),
    lines,
    subtotal: subtotalCents / 100,
  };
}
