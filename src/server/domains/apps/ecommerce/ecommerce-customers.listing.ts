// Reads of the shop's customers: the list (searched, sorted and paged in SQL) and its CSV rows, and
// one customer by customer number. Any caller who may read DemoApp; shop customers are not written.
// A customer's order count is the orders placed with their e-mail in the same shop, their total spent
// what those orders paid (payment Paid; a cancelled, pending or failed order adds nothing): kept in their
// row by a trigger on the orders (the list sorts on them), summed afresh for one customer.
import { expressionBuilder, type Kysely, sql } from 'kysely';
import type {
  TEcommerceCustomer,
  TEcommerceCustomerByIdInput,
  TEcommerceCustomerDetail,
  TListEcommerceCustomersInput,
} from '../../../../shared/schemas/ecommerce.ts';
import { PAYMENT } from '../../../../shared/schemas/ecommerce.ts';
import { type DB, db as kyselyOf } from '../../../db/kysely.ts';
import { notFound } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { defineListing, keptRowCount, listSource, scopedListingReads } from '../../../lib/list/index.ts';
import { countryFlag, openShop, textSort } from './ecommerce.shop.ts';

function shopCustomers(db: Kysely<DB>, tenant: number) {
  const from = db.selectFrom('ecommerce_customers as c').where('c.tenant_id', '=', tenant);
  const eb = expressionBuilder(from);
  const columns = [
    'c.id',
    'c.customer',
    'c.customer_id as customerId',
    'c.email',
    'c.country',
    'c.country_code as countryCode',
    'c.order_count as order',
    eb.cast<number>('c.total_spent', 'float8').as('totalSpent'),
    'c.avatar',
  ] as const;
  return { from, eb, columns };
}

/** Shop customers as listed; the total of the unfiltered list is the kept row count. */
export function customerSource(db: Kysely<DB>, tenant: number) {
  const { from, eb, columns } = shopCustomers(db, tenant);
  return listSource(from, {
    id: 'c.id',
    select: (qb) => qb.select(columns),
    search: ['c.customer', 'c.country', 'c.email'],
    countAll: keptRowCount('ecommerce_customers', tenant),
    sorts: {
      customer: textSort(eb.ref('c.customer')),
      country: textSort(eb.ref('c.country')),
      customerId: 'c.customer_id',
      orders: 'c.order_count',
      totalSpent: 'c.total_spent',
    },
  });
}

const withFlag = <T extends { countryCode: string }>(row: T): T & { countryFlag: string } => ({
  ...row,
  countryFlag: countryFlag(row.countryCode),
});

/** The customers of demo tenant `tenant`'s shop, with their country's flag. */
export const customerListing = (tenant: number) =>
  defineListing({ source: (db) => customerSource(db, tenant), map: (r): TEcommerceCustomer => withFlag(r) });

/** Shop customers matching q (name, country or email), sorted and paged (or every match, for the CSV). */
export const { list: listEcommerceCustomers, iterate: iterateEcommerceCustomers } = scopedListingReads(
  customerListing,
  async (ctx, _input: TListEcommerceCustomersInput) => {
    const shop = await openShop(ctx);
    return { em: shop.ctx.em, scope: shop.tenant, where: [] };
  },
);

/**
 * One shop customer by customer number, with status and contact, and their orders summed from those
 * placed with their e-mail (the ones their orders list shows): how many, how many of them are paid, and
 * the total of the paid ones; NOT_FOUND when none has it.
 */
export async function getEcommerceCustomer(
  ctx: ServiceContext,
  input: TEcommerceCustomerByIdInput,
): Promise<TEcommerceCustomerDetail> {
  const shop = await openShop(ctx);
  const { from, columns } = shopCustomers(kyselyOf(shop.ctx.em), shop.tenant);
  const row = await from
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('ecommerce_orders as o')
          .select([
            sql<number>`count(*)::int`.as('orders'),
            sql<number>`(count(*) filter (where o.payment = ${PAYMENT.paid}))::int`.as('paid'),
            sql<number>`coalesce(sum(o.spent) filter (where o.payment = ${PAYMENT.paid}), 0)::float8`.as('spent'),
          ])
          .whereRef('o.email', '=', 'c.email')
          .where('o.tenant_id', '=', shop.tenant)
          .as('placed'),
      (join) => join.onTrue(),
    )
    .select([...columns, 'c.contact', 'placed.orders', 'placed.paid', 'placed.spent'])
    .where('c.customer_id', '=', input.customerId)
    .executeTakeFirst();
  if (!row) throw notFound('Customer');
  const { orders, paid, spent, ...customer } = row;
  return { ...withFlag(customer), order: orders ?? 0, paidOrders: paid ?? 0, totalSpent: spent ?? 0, status: 'Active' };
}
