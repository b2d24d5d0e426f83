// Reads of the shop's products: the list (searched, filtered, sorted and paged in SQL) and its CSV
// rows, the stat cards and one product for the edit page. Any caller who may read DemoApp.
import { expressionBuilder, type Kysely, sql } from 'kysely';
import type { TByIdInput } from '../../../../shared/schemas/common.ts';
import type {
  TListProductsInput,
  TProduct,
  TProductDetail,
  TProductStats,
} from '../../../../shared/schemas/ecommerce.ts';
import { type DB, db as kyselyOf } from '../../../db/kysely.ts';
import { notFound } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { defineListing, equalsFilter, listSource, scopedListingReads } from '../../../lib/list/index.ts';
import { dollars, openShop, textSort } from './ecommerce.shop.ts';
import { requireCategory } from './ecommerce-categories.listing.ts';

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
      sku: textSort(eb.ref('p.sku')),
    },
    // The demo API lists its products reversed: newest first.
    defaultDirection: 'desc',
  });
}

/** The products of demo tenant `tenant`'s shop, priced in dollars. */
export const productListing = (tenant: number) =>
  defineListing({
    source: (db) => productSource(db, tenant),
    map: (r): TProduct => ({ ...r, price: dollars(r.price) }),
  });

/**
 * Products matching q (name or brand), stock, category and status; sorted and paged (`list`), or every
 * match for the CSV (`iterate`). A category the shop does not have is BAD_REQUEST (named), not an empty list.
 */
export const { list: listProducts, iterate: iterateProducts } = scopedListingReads(
  productListing,
  async (ctx, input: TListProductsInput) => {
    const shop = await openShop(ctx);
    const db = kyselyOf(shop.ctx.em);
    if (input.category !== undefined) await requireCategory(db, shop.tenant, input.category);
    return {
      em: shop.ctx.em,
      scope: shop.tenant,
      where: [
        equalsFilter('p.category', input.category),
        equalsFilter('p.status', input.status),
        equalsFilter('p.stock', input.stock),
      ],
    };
  },
);

/** The product stat cards: counts and stock value, one aggregate query. */
export async function productStats(ctx: ServiceContext): Promise<TProductStats> {
  const shop = await openShop(ctx);
  return kyselyOf(shop.ctx.em)
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
  if (!row) throw notFound('Product');
  return row;
}
