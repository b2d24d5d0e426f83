// Reads of the shop's categories: the list with product counts and stock value (searched, sorted and
// paged in SQL) and its CSV rows, one category, and the check that a category name is the shop's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { expressionBuilder, type Kysely, sql } from 'kysely';
import type { TCategory, TListCategoriesInput } from '../../../../shared/schemas/ecommerce.ts';
import type { DB } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import { defineListing, listById, listSource, scopedListingReads } from '../../../lib/list/index.ts';
import { openShop, textSort } from './ecommerce.shop.ts';

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

/** The categories of demo tenant `tenant`'s shop. */
export const categoryListing = (tenant: number) =>
  defineListing({ source: (db) => categorySource(db, tenant), map: (r): TCategory => r });

/** The shop's categories with product counts and stock value; searched, sorted and paged (or every one, for the CSV). */
export const { list: listCategories, iterate: iterateCategories } = scopedListingReads(
  categoryListing,
  async (ctx, _input: TListCategoriesInput) => {
    const shop = await openShop(ctx);
    return { em: shop.ctx.em, scope: shop.tenant, where: [] };
  },
);

/** Category `id` of demo tenant `tenant`'s shop as listed; NOT_FOUND otherwise. The caller has opened the shop. */
export function categoryById(em: EntityManager, tenant: number, id: number): Promise<TCategory> {
  return listById(em, categoryListing(tenant), id, [], 'Category');
}

/** BAD_REQUEST on `category` unless demo tenant `tenant`'s shop has a category of that name. */
export async function requireCategory(db: Kysely<DB>, tenant: number, name: string): Promise<void> {
  const found = await db
    .selectFrom('ecommerce_categories')
    .select('id')
    .where('tenant_id', '=', tenant)
    .where('name', '=', name)
    .executeTakeFirst();
  if (!found) {
    throw new AppError('BAD_REQUEST', 'shop.unknownCategory', { name }, { category: 'shop.unknownCategory' });
  }
}
