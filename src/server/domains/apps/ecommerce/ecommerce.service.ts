// E-commerce demo app: products, reviews, referrals, orders and shop customers. Every list is searched,
// filtered, sorted and paged in SQL (lib/list.ts). Reading needs `read DemoApp`; deleting `manage DemoApp`.
// Each customer (the platform, for the superadmin) works on its own copy of the shop (made on first use):
// every source and write is confined to the caller's demo tenant; another one's rows are NOT_FOUND.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Expression, expressionBuilder, type Kysely, sql } from 'kysely';
import type { Action } from '../../../../shared/abilities/index.ts';
import type { ListResult, TByIdInput } from '../../../../shared/schemas/common.ts';
import type {
  TCategory,
  TEcommerceCustomer,
  TEcommerceCustomerByIdInput,
  TEcommerceCustomerDetail,
  TListCategoriesInput,
  TListCustomerOrdersInput,
  TListEcommerceCustomersInput,
  TListOrdersInput,
  TListProductsInput,
  TListReferralsInput,
  TListReviewsInput,
  TOrder,
  TOrderByNumberInput,
  TOrderDetail,
  TProduct,
  TProductDetail,
  TProductStats,
  TReferral,
  TReferralStats,
  TReviewRow,
  TSaveCategoryInput,
  TSaveProductInput,
  TSetOrderStatusInput,
  TSetReviewStatusInput,
  TShopSettings,
  TUpdateShopSettingsInput,
} from '../../../../shared/schemas/ecommerce.ts';
import { DEFAULT_SHOP_SETTINGS, ORDER_STATUS_NEXT, ZShopSettingsFields } from '../../../../shared/schemas/ecommerce.ts';
import { type DB, db as kyselyOf } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { equalsFilter, keptRowCount, listSource, runList, toDate } from '../../../lib/list.ts';
import { staleRecord } from '../../../lib/records.ts';
import { copiedColumns, copySampleRows, openTenantCopy, type TenantCopy } from '../provision/demo-provision.service.ts';
import {
  EcommerceCategory,
  EcommerceCustomer,
  EcommerceOrder,
  EcommerceProduct,
  EcommerceReferral,
  EcommerceReview,
} from './ecommerce.entity.ts';

const SHOP_TABLES = [
  [EcommerceCategory, 'ecommerce_categories'],
  [EcommerceProduct, 'ecommerce_products'],
  [EcommerceReview, 'ecommerce_reviews'],
  [EcommerceReferral, 'ecommerce_referrals'],
  [EcommerceOrder, 'ecommerce_orders'],
  [EcommerceCustomer, 'ecommerce_customers'],
] as const;

/** Copies the sample shop to demo tenant `tenant`. */
export async function copySampleShop(em: EntityManager, tenant: number): Promise<void> {
  for (const [entity, table] of SHOP_TABLES) await copySampleRows(em, table, tenant, copiedColumns(em, entity));
}

/** Authorizes `action` on DemoApp; the caller's copy of the shop (made on first use). */
export function openShop(ctx: ServiceContext, action: Action = 'read'): Promise<TenantCopy> {
  return openTenantCopy(ctx, action, 'shop', copySampleShop);
}

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
const textSort = (column: Expression<string>) => sql<string>`lower(${column}) collate "C"`;

/* ------------------------------------------------------------------ products */

/** Products as listed (price still a number). */
export function productSource(db: Kysely<DB>, tenant: number) {
  const from = db.selectFrom('ecommerce_products as p').where('p.tenant_id', '=', tenant);
  const eb = expressionBuilder(from);
  return listSource(from, {
    id: 'p.id',
    select: (qb) =>
      qb.select([
        'p.id',
        'p.product_name as productName',
        'p.product_brand as productBrand',
        'p.category',
        'p.stock',
        'p.sku',
        eb.cast<number>('p.price', 'float8').as('price'),
        'p.qty',
        'p.status',
        'p.image',
      ]),
    search: ['p.product_name', 'p.product_brand'],
    sorts: {
      product: textSort(eb.ref('p.product_name')),
      category: textSort(eb.ref('p.category')),
      status: textSort(eb.ref('p.status')),
      price: 'p.price',
      qty: 'p.qty',
      sku: 'p.sku',
    },
    // The spec's list is reversed before sorting: newest first.
    defaultDirection: 'desc',
  });
}

/** Products matching q (name or brand), stock, category and status; sorted and paged. */
export async function listProducts(ctx: ServiceContext, input: TListProductsInput): Promise<ListResult<TProduct>> {
  const shop = await openShop(ctx);
  // A category the shop does not have is bad input (named), not an empty list.
  if (input.category !== undefined) await requireCategory(kyselyOf(shop.ctx.em), shop.tenant, input.category);
  const { rows, total } = await runList(productSource(kyselyOf(shop.ctx.em), shop.tenant), {
    ...input,
    where: [
      equalsFilter('p.category', input.category),
      equalsFilter('p.status', input.status),
      equalsFilter('p.stock', input.stock),
    ],
  });
  return { items: rows.map((r) => ({ ...r, price: dollars(r.price) })), total };
}

/** A CSV export's rows: every row matching the list's input, read 500 at a time (each page in SQL). */
function everyPage<I extends { page: number; itemsPerPage: number }, T>(
  list: (ctx: ServiceContext, input: I) => Promise<ListResult<T>>,
) {
  return async function* (ctx: ServiceContext, input: I): AsyncGenerator<T[]> {
    for (let page = 1; ; page++) {
      const { items } = await list(ctx, { ...input, page, itemsPerPage: 500 });
      if (items.length) yield items;
      if (items.length < 500) return;
    }
  };
}

export const iterateProducts = everyPage(listProducts);

/** The product stat cards: counts and stock value, one aggregate query. */
export async function productStats(ctx: ServiceContext): Promise<TProductStats> {
  const shop = await openShop(ctx);
  const row = await kyselyOf(shop.ctx.em)
    .selectFrom('ecommerce_products as p')
    .where('p.tenant_id', '=', shop.tenant)
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) filter (where p.status = 'Published'))::int`.as('published'),
      sql<number>`(count(*) filter (where p.stock))::int`.as('inStock'),
      sql<number>`(count(*) filter (where not p.stock))::int`.as('outOfStock'),
      sql<number>`coalesce(sum(p.price * p.qty), 0)::float8`.as('stockValue'),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

/** Delete one product; NOT_FOUND when there is none with that id. */
export async function deleteProduct(ctx: ServiceContext, input: TByIdInput): Promise<void> {
  const shop = await openShop(ctx, 'manage');
  const removed = await shop.ctx.em.nativeDelete(EcommerceProduct, { id: input.id, tenant: shop.tenant });
  if (removed === 0) throw new AppError('NOT_FOUND', 'Product not found');
}

/** One product with its version, for the edit page; NOT_FOUND outside the caller's shop. */
export async function getProduct(ctx: ServiceContext, input: TByIdInput): Promise<TProductDetail> {
  const shop = await openShop(ctx);
  const eb = expressionBuilder<DB, 'ecommerce_products'>();
  const row = await kyselyOf(shop.ctx.em)
    .selectFrom('ecommerce_products')
    .where('tenant_id', '=', shop.tenant)
    .where('id', '=', input.id)
    .select([
      'id',
      'product_name as productName',
      'product_brand as productBrand',
      'category',
      'description',
      'stock',
      'sku',
      eb.cast<number>('price', 'float8').as('price'),
      'discount',
      'qty',
      'status',
      'image',
      'images',
      'version',
    ])
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Product not found');
  return row;
}

/** BAD_REQUEST on `category` unless the caller's shop has a category of that name. */
async function requireCategory(db: Kysely<DB>, tenant: number, name: string): Promise<void> {
  const found = await db
    .selectFrom('ecommerce_categories')
    .select('id')
    .where('tenant_id', '=', tenant)
    .where('name', '=', name)
    .executeTakeFirst();
  if (!found) {
    const message = `category must be one of the shop's categories; there is none named "${name}"`;
    throw new AppError('BAD_REQUEST', message, { category: [message] });
  }
}

/**
 * Create (no `id`) or update a product. The category must be one of the shop's. With `version`, a product
 * changed since the caller read it is CONFLICT; the update is one conditional statement (race-free).
 */
export async function saveProduct(ctx: ServiceContext, input: TSaveProductInput): Promise<TProductDetail> {
  const shop = await openShop(ctx, 'manage');
  const db = kyselyOf(shop.ctx.em);
  await requireCategory(db, shop.tenant, input.category);
  const fields = {
    product_name: input.productName,
    product_brand: input.productBrand,
    category: input.category,
    description: input.description,
    stock: input.stock,
    sku: input.sku,
    price: input.price,
    discount: input.discount,
    qty: input.qty,
    status: input.status,
    image: input.images[0] ?? input.image,
    images: input.images,
    updated_at: sql<Date>`now()`,
  };
  let id: number;
  if (input.id === undefined) {
    const row = await db
      .insertInto('ecommerce_products')
      .values({ ...fields, tenant_id: shop.tenant, version: 1, created_at: sql<Date>`now()` })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } else {
    let update = db
      .updateTable('ecommerce_products')
      .set({ ...fields, version: sql<number>`version + 1` })
      .where('id', '=', input.id)
      .where('tenant_id', '=', shop.tenant);
    if (input.version !== undefined) update = update.where('version', '=', input.version);
    const row = await update.returning('id').executeTakeFirst();
    if (!row) {
      const exists = await db
        .selectFrom('ecommerce_products')
        .select('id')
        .where('id', '=', input.id)
        .where('tenant_id', '=', shop.tenant)
        .executeTakeFirst();
      if (!exists) throw new AppError('NOT_FOUND', 'Product not found');
      throw staleRecord('Product');
    }
    id = row.id;
  }
  return getProduct(shop.ctx, { id });
}

/* ------------------------------------------------------------------ categories */

export function categorySource(db: Kysely<DB>, tenant: number) {
  // Counts and totals are one grouped join (ecommerce_products_tenant_id_category_index).
  const totals = db
    .selectFrom('ecommerce_products')
    .where('tenant_id', '=', tenant)
    .groupBy('category')
    .select(['category', sql<number>`count(*)::int`.as('n'), sql<number>`sum(price * qty)::float8`.as('value')]);
  const from = db
    .selectFrom('ecommerce_categories as c')
    .leftJoin(totals.as('t'), 't.category', 'c.name')
    .where('c.tenant_id', '=', tenant);
  const eb = expressionBuilder(from);
  return listSource(from, {
    id: 'c.id',
    select: (qb) =>
      qb.select([
        'c.id',
        'c.name',
        'c.description',
        'c.version',
        sql<number>`coalesce(t.n, 0)`.as('productCount'),
        sql<number>`coalesce(t.value, 0)`.as('totalValue'),
      ]),
    search: ['c.name'],
    sorts: {
      name: textSort(eb.ref('c.name')),
      products: sql<number>`coalesce(t.n, 0)`,
      value: sql<number>`coalesce(t.value, 0)`,
    },
  });
}

/** The shop's categories with product counts and stock value; searched, sorted and paged in SQL. */
export async function listCategories(ctx: ServiceContext, input: TListCategoriesInput): Promise<ListResult<TCategory>> {
  const shop = await openShop(ctx);
  const { rows, total } = await runList(categorySource(kyselyOf(shop.ctx.em), shop.tenant), { ...input, where: [] });
  return { items: rows, total };
}

export const iterateCategories = everyPage(listCategories);

async function categoryById(db: Kysely<DB>, tenant: number, id: number): Promise<TCategory> {
  const { rows } = await runList(categorySource(db, tenant), {
    page: 1,
    itemsPerPage: 1,
    where: [sql<boolean>`c.id = ${id}`],
  });
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', 'Category not found');
  return row;
}

function nameTaken(name: string): AppError {
  const message = `A category named "${name}" already exists`;
  return new AppError('CONFLICT', message, { name: [message] });
}

/**
 * Create (no `id`) or rename / describe a category. A name another category of the shop has is CONFLICT
 * on `name`; a rename renames the category on its products in the same transaction. With `version`, a
 * category changed since the caller read it is CONFLICT.
 */
export async function saveCategory(ctx: ServiceContext, input: TSaveCategoryInput): Promise<TCategory> {
  const shop = await openShop(ctx, 'manage');
  return shop.ctx.em.transactional(async (em) => {
    const db = kyselyOf(em);
    const clash = await db
      .selectFrom('ecommerce_categories')
      .select('id')
      .where('tenant_id', '=', shop.tenant)
      .where('name', '=', input.name)
      .$if(input.id !== undefined, (qb) => qb.where('id', '<>', input.id!))
      .executeTakeFirst();
    if (clash) throw nameTaken(input.name);
    if (input.id === undefined) {
      const row = await db
        .insertInto('ecommerce_categories')
        .values({
          tenant_id: shop.tenant,
          name: input.name,
          description: input.description,
          version: 1,
          created_at: sql<Date>`now()`,
          updated_at: sql<Date>`now()`,
        })
        .onConflict((oc) => oc.columns(['tenant_id', 'name']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) throw nameTaken(input.name);
      return categoryById(db, shop.tenant, row.id);
    }
    const current = await db
      .selectFrom('ecommerce_categories')
      .select(['name', 'version'])
      .where('id', '=', input.id)
      .where('tenant_id', '=', shop.tenant)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new AppError('NOT_FOUND', 'Category not found');
    if (input.version !== undefined && current.version !== input.version) throw staleRecord('Category');
    await db
      .updateTable('ecommerce_categories')
      .set({
        name: input.name,
        description: input.description,
        version: current.version + 1,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', input.id)
      .execute();
    if (current.name !== input.name) {
      await db
        .updateTable('ecommerce_products')
        .set({ category: input.name, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
        .where('tenant_id', '=', shop.tenant)
        .where('category', '=', current.name)
        .execute();
    }
    return categoryById(db, shop.tenant, input.id);
  });
}

/** Delete a category; CONFLICT naming it and its product count while products use it. */
export async function deleteCategory(ctx: ServiceContext, input: TByIdInput): Promise<{ deleted: boolean }> {
  const shop = await openShop(ctx, 'manage');
  return shop.ctx.em.transactional(async (em) => {
    const db = kyselyOf(em);
    const category = await db
      .selectFrom('ecommerce_categories')
      .select(['name'])
      .where('id', '=', input.id)
      .where('tenant_id', '=', shop.tenant)
      .forUpdate()
      .executeTakeFirst();
    if (!category) throw new AppError('NOT_FOUND', 'Category not found');
    const { n } = await db
      .selectFrom('ecommerce_products')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('tenant_id', '=', shop.tenant)
      .where('category', '=', category.name)
      .executeTakeFirstOrThrow();
    if (n > 0) {
      const message = `The category "${category.name}" is used by ${n} product${n === 1 ? '' : 's'}; move them to another category first`;
      throw new AppError('CONFLICT', message, { category: [message] });
    }
    await db.deleteFrom('ecommerce_categories').where('id', '=', input.id).execute();
    return { deleted: true };
  });
}

/* ------------------------------------------------------------------ reviews */

export function reviewSource(db: Kysely<DB>, tenant: number) {
  const from = db.selectFrom('ecommerce_reviews as r').where('r.tenant_id', '=', tenant);
  const eb = expressionBuilder(from);
  return listSource(from, {
    id: 'r.id',
    select: (qb) =>
      qb.select([
        'r.id',
        'r.product',
        'r.company_name as companyName',
        'r.product_image as productImage',
        'r.reviewer',
        'r.email',
        'r.avatar',
        eb.cast<string>('r.date', 'text').as('date'),
        'r.status',
        'r.rating as review',
        'r.head',
        'r.para',
        'r.version',
      ]),
    search: ['r.product', 'r.reviewer', 'r.email', 'r.head', 'r.para'],
    sorts: {
      product: textSort(eb.ref('r.product')),
      reviewer: textSort(eb.ref('r.reviewer')),
      date: 'r.date',
      status: textSort(eb.ref('r.status')),
    },
  });
}

/** Reviews matching q (product, reviewer, email, head or text) and status ("All" = any); sorted and paged. */
export async function listReviews(ctx: ServiceContext, input: TListReviewsInput): Promise<ListResult<TReviewRow>> {
  const shop = await openShop(ctx);
  const status = input.status === 'All' ? undefined : input.status;
  const { rows, total } = await runList(reviewSource(kyselyOf(shop.ctx.em), shop.tenant), {
    ...input,
    where: [equalsFilter('r.status', status)],
  });
  return { items: rows, total };
}

export const iterateReviews = everyPage(listReviews);

/** Delete one review; NOT_FOUND when there is none with that id. */
export async function deleteReview(ctx: ServiceContext, input: TByIdInput): Promise<void> {
  const shop = await openShop(ctx, 'manage');
  const removed = await shop.ctx.em.nativeDelete(EcommerceReview, { id: input.id, tenant: shop.tenant });
  if (removed === 0) throw new AppError('NOT_FOUND', 'Review not found');
}

/**
 * Approve (Published) or send back (Pending) a review. With `version`, a review changed since the
 * caller read it is CONFLICT; the write is one conditional UPDATE (race-free).
 */
export async function setReviewStatus(ctx: ServiceContext, input: TSetReviewStatusInput) {
  const shop = await openShop(ctx, 'manage');
  const db = kyselyOf(shop.ctx.em);
  let update = db
    .updateTable('ecommerce_reviews')
    .set({ status: input.status, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
    .where('id', '=', input.id)
    .where('tenant_id', '=', shop.tenant);
  if (input.version !== undefined) update = update.where('version', '=', input.version);
  const row = await update.returning(['id', 'status', 'version']).executeTakeFirst();
  if (row) return row;
  const exists = await db
    .selectFrom('ecommerce_reviews')
    .select('id')
    .where('id', '=', input.id)
    .where('tenant_id', '=', shop.tenant)
    .executeTakeFirst();
  throw exists ? staleRecord('Review') : new AppError('NOT_FOUND', 'Review not found');
}

/* ------------------------------------------------------------------ referrals */

export function referralSource(db: Kysely<DB>, tenant: number) {
  const from = db.selectFrom('ecommerce_referrals as f').where('f.tenant_id', '=', tenant);
  const eb = expressionBuilder(from);
  return listSource(from, {
    id: 'f.id',
    select: (qb) =>
      qb.select([
        'f.id',
        'f.user',
        'f.email',
        'f.avatar',
        'f.referred_id as referredId',
        'f.status',
        eb.cast<number>('f.value', 'float8').as('value'),
        eb.cast<number>('f.earning', 'float8').as('earning'),
      ]),
    sorts: {
      users: textSort(eb.ref('f.user')),
      'referred-id': 'f.referred_id',
      earning: 'f.earning',
      value: 'f.value',
      status: textSort(eb.ref('f.status')),
    },
  });
}

/** Referrals, sorted and paged. */
export async function listReferrals(ctx: ServiceContext, input: TListReferralsInput): Promise<ListResult<TReferral>> {
  const shop = await openShop(ctx);
  const { rows, total } = await runList(referralSource(kyselyOf(shop.ctx.em), shop.tenant), input);
  return { items: rows.map((r) => ({ ...r, value: dollars(r.value), earning: dollars(r.earning) })), total };
}

export const iterateReferrals = everyPage(listReferrals);

/** The referral stat cards, one aggregate query. */
export async function referralStats(ctx: ServiceContext): Promise<TReferralStats> {
  const shop = await openShop(ctx);
  return kyselyOf(shop.ctx.em)
    .selectFrom('ecommerce_referrals as f')
    .where('f.tenant_id', '=', shop.tenant)
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) filter (where f.status = 'Paid'))::int`.as('paid'),
      sql<number>`(count(*) filter (where f.status = 'Unpaid'))::int`.as('unpaid'),
      sql<number>`(count(*) filter (where f.status = 'Rejected'))::int`.as('rejected'),
      sql<number>`coalesce(sum(f.earning) filter (where f.status <> 'Rejected'), 0)::float8`.as('earnings'),
      sql<number>`coalesce(sum(f.earning) filter (where f.status = 'Unpaid'), 0)::float8`.as('unpaidEarnings'),
      sql<number>`coalesce(sum(f.value), 0)::float8`.as('value'),
    ])
    .executeTakeFirstOrThrow();
}

/* ------------------------------------------------------------------ orders */

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

/** Orders matching q (customer, email or order number), sorted and paged. */
export async function listOrders(ctx: ServiceContext, input: TListOrdersInput): Promise<ListResult<TOrder>> {
  const shop = await openShop(ctx);
  const { rows, total } = await runList(orderSource(kyselyOf(shop.ctx.em), shop.tenant), input);
  return { items: rows.map(orderRow), total };
}

export const iterateOrders = everyPage(listOrders);

/** The orders of one shop customer (placed with their e-mail), sorted and paged. */
export async function listCustomerOrders(
  ctx: ServiceContext,
  input: TListCustomerOrdersInput,
): Promise<ListResult<TOrder>> {
  const customer = await getEcommerceCustomer(ctx, { customerId: input.customerId });
  const shop = await openShop(ctx);
  const { rows, total } = await runList(orderSource(kyselyOf(shop.ctx.em), shop.tenant), {
    ...input,
    where: [equalsFilter('o.email', customer.email)],
  });
  return { items: rows.map(orderRow), total };
}

function orderRow<R extends { orderedAt: Date | string }>({ orderedAt, ...row }: R) {
  const iso = toDate(orderedAt).toISOString();
  return { ...row, date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/**
 * One order by its number, with its version, its shop customer (by e-mail) and its status history,
 * oldest first; NOT_FOUND when the caller's shop has no such order.
 */
export async function getOrder(ctx: ServiceContext, input: TOrderByNumberInput): Promise<TOrderDetail> {
  const shop = await openShop(ctx);
  const db = kyselyOf(shop.ctx.em);
  const source = orderSource(db, shop.tenant);
  const row = await source
    .select(source.from)
    .select(['o.version', 'o.ordered_at as orderedAt'])
    .where('o.order_number', '=', input.order)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Order not found');
  const [customer, history] = await Promise.all([
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
      .orderBy('id')
      .execute(),
  ]);
  return {
    ...orderRow(row),
    customerId: customer?.customer_id ?? null,
    history: history.map((h) => ({ ...h, at: toDate(h.at) })),
  };
}

/**
 * Move an order to its next status (ORDER_STATUS_NEXT), kept in its history with who moved it. A move
 * the order's status does not allow is BAD_REQUEST on `status`; with `version`, an order changed since
 * the caller read it is CONFLICT. The row is locked for the move, so two moves never both apply.
 */
export async function setOrderStatus(ctx: ServiceContext, input: TSetOrderStatusInput): Promise<TOrderDetail> {
  const shop = await openShop(ctx, 'manage');
  const moved = await shop.ctx.em.transactional(async (em) => {
    const db = kyselyOf(em);
    const order = await db
      .selectFrom('ecommerce_orders')
      .select(['id', 'order_number', 'status', 'version'])
      .where('id', '=', input.id)
      .where('tenant_id', '=', shop.tenant)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    if (input.version !== undefined && order.version !== input.version) throw staleRecord('Order');
    if (!ORDER_STATUS_NEXT[order.status].includes(input.status)) {
      const message = `An order that is ${order.status} cannot move to ${input.status}`;
      throw new AppError('BAD_REQUEST', message, { status: [message] });
    }
    await db
      .updateTable('ecommerce_orders')
      .set({ status: input.status, version: order.version + 1, updated_at: sql<Date>`now()` })
      .where('id', '=', order.id)
      .execute();
    await db
      .insertInto('ecommerce_order_events')
      .values({
        order_id: order.id,
        from_status: order.status,
        to_status: input.status,
        by_name: shop.ctx.user.fullName,
        created_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .execute();
    return order.order_number;
  });
  return getOrder(ctx, { order: moved });
}

/** Delete an order if it exists (deleting a missing order is not an error). */
export async function deleteOrder(ctx: ServiceContext, input: TByIdInput): Promise<{ deleted: boolean }> {
  const shop = await openShop(ctx, 'manage');
  const removed = await shop.ctx.em.nativeDelete(EcommerceOrder, { id: input.id, tenant: shop.tenant });
  return { deleted: removed > 0 };
}

/* ------------------------------------------------------------------ shop customers */

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

/** Shop customers matching q (name, country or email), sorted and paged. */
export async function listEcommerceCustomers(
  ctx: ServiceContext,
  input: TListEcommerceCustomersInput,
): Promise<ListResult<TEcommerceCustomer>> {
  const shop = await openShop(ctx);
  const { rows, total } = await runList(customerSource(kyselyOf(shop.ctx.em), shop.tenant), input);
  return { items: rows.map(withFlag), total };
}

export const iterateEcommerceCustomers = everyPage(listEcommerceCustomers);

/** One shop customer by customer number, with status and contact; NOT_FOUND when none has it. */
export async function getEcommerceCustomer(
  ctx: ServiceContext,
  input: TEcommerceCustomerByIdInput,
): Promise<TEcommerceCustomerDetail> {
  const shop = await openShop(ctx);
  const { from, columns } = shopCustomers(kyselyOf(shop.ctx.em), shop.tenant);
  const row = await from
    .select([...columns, 'c.contact'])
    .where('c.customer_id', '=', input.customerId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Customer not found');
  return { ...withFlag(row), status: 'Active' };
}

/* ------------------------------------------------------------------ store settings */

/** The caller's store settings (the defaults, version 0, until first saved). */
export async function getShopSettings(ctx: ServiceContext): Promise<TShopSettings> {
  const shop = await openShop(ctx);
  const row = await kyselyOf(shop.ctx.em)
    .selectFrom('ecommerce_settings')
    .select(['data', 'version'])
    .where('tenant_id', '=', shop.tenant)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_SHOP_SETTINGS, version: 0 };
  // Stored settings were validated on write; fields added since take their defaults.
  const data = row.data as Partial<TShopSettings>;
  const merged = Object.fromEntries(
    Object.entries(DEFAULT_SHOP_SETTINGS).map(([key, defaults]) => [
      key,
      { ...defaults, ...(data[key as keyof typeof data] as object | undefined) },
    ]),
  ) as typeof DEFAULT_SHOP_SETTINGS;
  return { ...merged, version: row.version };
}

/**
 * Save the caller's store settings. With `version` (0 = the defaults were read), settings saved by
 * someone else since are CONFLICT; the write is one conditional statement (race-free).
 */
export async function updateShopSettings(ctx: ServiceContext, input: TUpdateShopSettingsInput): Promise<TShopSettings> {
  const shop = await openShop(ctx, 'manage');
  const { version, ...fields } = input;
  const data = ZShopSettingsFields.parse(fields);
  const db = kyselyOf(shop.ctx.em);
  const json = sql<TShopSettings>`${JSON.stringify(data)}::jsonb`;
  let written: { version: number } | undefined;
  if (version === 0) {
    written = await db
      .insertInto('ecommerce_settings')
      .values({
        tenant_id: shop.tenant,
        data: json,
        version: 1,
        created_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .onConflict((oc) => oc.column('tenant_id').doNothing())
      .returning('version')
      .executeTakeFirst();
  } else if (version === undefined) {
    written = await db
      .insertInto('ecommerce_settings')
      .values({
        tenant_id: shop.tenant,
        data: json,
        version: 1,
        created_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .onConflict((oc) =>
        oc.column('tenant_id').doUpdateSet({
          data: json,
          version: sql<number>`ecommerce_settings.version + 1`,
          updated_at: sql<Date>`now()`,
        }),
      )
      .returning('version')
      .executeTakeFirst();
  } else {
    written = await db
      .updateTable('ecommerce_settings')
      .set({ data: json, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
      .where('tenant_id', '=', shop.tenant)
      .where('version', '=', version)
      .returning('version')
      .executeTakeFirst();
  }
  if (!written) throw staleRecord('Store settings');
  return { ...data, version: written.version };
}
