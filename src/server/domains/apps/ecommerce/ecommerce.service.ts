// E-commerce demo app: products, reviews, referrals, orders and shop customers. Every list is searched,
// filtered, sorted and paged in SQL (lib/sql-list.ts). Reading needs `read DemoApp`; deleting `manage DemoApp`.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ListResult } from '../../../../shared/schemas/common.ts';
import type {
  TEcommerceCustomer,
  TEcommerceCustomerByIdInput,
  TEcommerceCustomerDetail,
  TEcommerceCustomerSortKey,
  TListEcommerceCustomersInput,
  TListOrdersInput,
  TListProductsInput,
  TListReferralsInput,
  TListReviewsInput,
  TOrder,
  TOrderSortKey,
  TProduct,
  TProductSortKey,
  TReferral,
  TReferralSortKey,
  TReview,
  TReviewSortKey,
} from '../../../../shared/schemas/ecommerce.ts';
import type { TByIdInput } from '../../../../shared/schemas/common.ts';
import { AppError } from '../../../lib/app-error.ts';
import { authorize } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { equalsFilter, execSql, keptRowCount, listQueryOf, runList, selectColumns, sql, tableOf, type ListSource, type Sql } from '../../../lib/sql-list.ts';
import {
  EcommerceCustomer,
  EcommerceOrder,
  EcommerceProduct,
  EcommerceReferral,
  EcommerceReview,
} from './ecommerce.entity.ts';

/** Amounts are shown with their currency sign, e.g. "$249.99". */
export function dollars(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** The flag emoji of a two-letter country code ("fr" -> 🇫🇷). */
export function countryFlag(code: string): string {
  if (!/^[a-z]{2}$/i.test(code)) return '';
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** Case-insensitive, byte-ordered text sort (the migration indexes the same expression). */
const textSort = (column: Sql) => sql`lower(${column}) collate "C"`;

/* ------------------------------------------------------------------ products */

type ProductRow = Omit<TProduct, 'price'> & { price: number };

export function productSource(em: EntityManager): ListSource<TProductSortKey> {
  const t = tableOf(em, EcommerceProduct, 'p');
  return {
    from: t.from,
    id: t.col('id'),
    select: {
      id: t.col('id'),
      productName: t.col('productName'),
      productBrand: t.col('productBrand'),
      category: t.col('category'),
      stock: t.col('stock'),
      sku: t.col('sku'),
      price: sql`${t.col('price')}::float8`,
      qty: t.col('qty'),
      status: t.col('status'),
      image: t.col('image'),
    },
    search: [t.col('productName'), t.col('productBrand')],
    sorts: {
      product: textSort(t.col('productName')),
      category: textSort(t.col('category')),
      status: textSort(t.col('status')),
      price: t.col('price'),
      qty: t.col('qty'),
      sku: t.col('sku'),
    },
    // The spec's list is reversed before sorting: newest first.
    defaultDirection: 'desc',
  };
}

/** Products matching q (name or brand), stock, category and status; sorted and paged. */
export async function listProducts(ctx: ServiceContext, input: TListProductsInput): Promise<ListResult<TProduct>> {
  authorize(ctx, 'read', 'DemoApp');
  const t = tableOf(ctx.em, EcommerceProduct, 'p');
  const { rows, total } = await runList<ProductRow, TProductSortKey>(ctx.em, productSource(ctx.em), {
    ...listQueryOf(input),
    where: [
      equalsFilter(t.col('category'), input.category),
      equalsFilter(t.col('status'), input.status),
      equalsFilter(t.col('stock'), input.stock),
    ],
  });
  return { items: rows.map((r) => ({ ...r, price: dollars(r.price) })), total };
}

/** Delete one product; NOT_FOUND when there is none with that id. */
export async function deleteProduct(ctx: ServiceContext, input: TByIdInput): Promise<void> {
  authorize(ctx, 'manage', 'DemoApp');
  const removed = await ctx.em.nativeDelete(EcommerceProduct, { id: input.id });
  if (removed === 0) throw new AppError('NOT_FOUND', 'Product not found');
}

/* ------------------------------------------------------------------ reviews */

export function reviewSource(em: EntityManager): ListSource<TReviewSortKey> {
  const t = tableOf(em, EcommerceReview, 'r');
  return {
    from: t.from,
    id: t.col('id'),
    select: {
      id: t.col('id'),
      product: t.col('product'),
      companyName: t.col('companyName'),
      productImage: t.col('productImage'),
      reviewer: t.col('reviewer'),
      email: t.col('email'),
      avatar: t.col('avatar'),
      date: sql`${t.col('date')}::text`,
      status: t.col('status'),
      review: sql`${t.col('rating')}::int`,
      head: t.col('head'),
      para: t.col('para'),
    },
    search: [t.col('product'), t.col('reviewer'), t.col('email'), t.col('head'), t.col('para')],
    sorts: {
      product: textSort(t.col('product')),
      reviewer: textSort(t.col('reviewer')),
      date: t.col('date'),
      status: textSort(t.col('status')),
    },
  };
}

/** Reviews matching q (product, reviewer, email, head or text) and status ("All" = any); sorted and paged. */
export async function listReviews(ctx: ServiceContext, input: TListReviewsInput): Promise<ListResult<TReview>> {
  authorize(ctx, 'read', 'DemoApp');
  const t = tableOf(ctx.em, EcommerceReview, 'r');
  const status = input.status === 'All' ? undefined : input.status;
  const { rows, total } = await runList<TReview, TReviewSortKey>(ctx.em, reviewSource(ctx.em), {
    ...listQueryOf(input),
    where: [equalsFilter(t.col('status'), status)],
  });
  return { items: rows, total };
}

/** Delete one review; NOT_FOUND when there is none with that id. */
export async function deleteReview(ctx: ServiceContext, input: TByIdInput): Promise<void> {
  authorize(ctx, 'manage', 'DemoApp');
  const removed = await ctx.em.nativeDelete(EcommerceReview, { id: input.id });
  if (removed === 0) throw new AppError('NOT_FOUND', 'Review not found');
}

/* ------------------------------------------------------------------ referrals */

type ReferralRow = Omit<TReferral, 'value' | 'earning'> & { value: number; earning: number };

export function referralSource(em: EntityManager): ListSource<TReferralSortKey> {
  const t = tableOf(em, EcommerceReferral, 'f');
  return {
    from: t.from,
    id: t.col('id'),
    select: {
      id: t.col('id'),
      user: t.col('user'),
      email: t.col('email'),
      avatar: t.col('avatar'),
      referredId: t.col('referredId'),
      status: t.col('status'),
      value: sql`${t.col('value')}::float8`,
      earning: sql`${t.col('earning')}::float8`,
    },
    sorts: {
      users: textSort(t.col('user')),
      'referred-id': t.col('referredId'),
      earning: t.col('earning'),
      value: t.col('value'),
      status: textSort(t.col('status')),
    },
  };
}

/** Referrals, sorted and paged. */
export async function listReferrals(ctx: ServiceContext, input: TListReferralsInput): Promise<ListResult<TReferral>> {
  authorize(ctx, 'read', 'DemoApp');
  const { rows, total } = await runList<ReferralRow, TReferralSortKey>(ctx.em, referralSource(ctx.em), listQueryOf(input));
  return { items: rows.map((r) => ({ ...r, value: dollars(r.value), earning: dollars(r.earning) })), total };
}

/* ------------------------------------------------------------------ orders */

type OrderRow = Omit<TOrder, 'date' | 'time'> & { orderedAt: Date };

export function orderSource(em: EntityManager): ListSource<TOrderSortKey> {
  const t = tableOf(em, EcommerceOrder, 'o');
  return {
    from: t.from,
    id: t.col('id'),
    select: {
      id: t.col('id'),
      order: t.col('orderNumber'),
      customer: t.col('customer'),
      email: t.col('email'),
      avatar: t.col('avatar'),
      payment: sql`${t.col('payment')}::int`,
      status: t.col('status'),
      spent: sql`${t.col('spent')}::float8`,
      method: t.col('method'),
      orderedAt: t.col('orderedAt'),
      methodNumber: sql`${t.col('methodNumber')}::int`,
    },
    search: [t.col('customer'), t.col('email'), sql`${t.col('orderNumber')}::text`],
    countAll: keptRowCount(t),
    sorts: {
      order: t.col('orderNumber'),
      customers: textSort(t.col('customer')),
      date: t.col('orderedAt'),
      status: textSort(t.col('status')),
      spent: t.col('spent'),
    },
  };
}

function toOrder({ orderedAt, ...row }: OrderRow): TOrder {
  const iso = new Date(orderedAt).toISOString();
  return { ...row, date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Orders matching q (customer, email or order number), sorted and paged. */
export async function listOrders(ctx: ServiceContext, input: TListOrdersInput): Promise<ListResult<TOrder>> {
  authorize(ctx, 'read', 'DemoApp');
  const { rows, total } = await runList<OrderRow, TOrderSortKey>(ctx.em, orderSource(ctx.em), listQueryOf(input));
  return { items: rows.map(toOrder), total };
}

/** Delete an order if it exists (deleting a missing order is not an error). */
export async function deleteOrder(ctx: ServiceContext, input: TByIdInput): Promise<{ deleted: boolean }> {
  authorize(ctx, 'manage', 'DemoApp');
  const removed = await ctx.em.nativeDelete(EcommerceOrder, { id: input.id });
  return { deleted: removed > 0 };
}

/* ------------------------------------------------------------------ shop customers */

type CustomerRow = Omit<TEcommerceCustomer, 'countryFlag'>;

function customerColumns(em: EntityManager) {
  const t = tableOf(em, EcommerceCustomer, 'c');
  const select = {
    id: t.col('id'),
    customer: t.col('customer'),
    customerId: t.col('customerId'),
    email: t.col('email'),
    country: t.col('country'),
    countryCode: t.col('countryCode'),
    order: t.col('orderCount'),
    totalSpent: sql`${t.col('totalSpent')}::float8`,
    avatar: t.col('avatar'),
  };
  return { t, select };
}

export function customerSource(em: EntityManager): ListSource<TEcommerceCustomerSortKey> {
  const { t, select } = customerColumns(em);
  return {
    from: t.from,
    id: t.col('id'),
    select,
    search: [t.col('customer'), t.col('country'), t.col('email')],
    countAll: keptRowCount(t),
    sorts: {
      customer: textSort(t.col('customer')),
      country: textSort(t.col('country')),
      customerId: t.col('customerId'),
      orders: t.col('orderCount'),
      totalSpent: t.col('totalSpent'),
    },
  };
}

const withFlag = <T extends CustomerRow>(row: T): T & { countryFlag: string } => ({ ...row, countryFlag: countryFlag(row.countryCode) });

/** Shop customers matching q (name, country or email), sorted and paged. */
export async function listEcommerceCustomers(
  ctx: ServiceContext,
  input: TListEcommerceCustomersInput,
): Promise<ListResult<TEcommerceCustomer>> {
  authorize(ctx, 'read', 'DemoApp');
  const { rows, total } = await runList<CustomerRow, TEcommerceCustomerSortKey>(ctx.em, customerSource(ctx.em), listQueryOf(input));
  return { items: rows.map(withFlag), total };
}

/** One shop customer by customer number, with status and contact; NOT_FOUND when none has it. */
export async function getEcommerceCustomer(
  ctx: ServiceContext,
  input: TEcommerceCustomerByIdInput,
): Promise<TEcommerceCustomerDetail> {
  authorize(ctx, 'read', 'DemoApp');
  const { t, select } = customerColumns(ctx.em);
  const [row] = await execSql<CustomerRow & { contact: string }>(
    ctx.em,
    sql`select ${selectColumns({ ...select, contact: t.col('contact') })} from ${t.from} where ${t.col('customerId')} = ${input.customerId}`,
  );
  if (!row) throw new AppError('NOT_FOUND', 'Customer not found');
  return { ...withFlag(row), status: 'Active' };
}
