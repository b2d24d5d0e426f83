// Writes to the shop's products: save (create or update) and delete. Callers who may manage DemoApp.
import { sql } from 'kysely';
import type { TByIdInput } from '../../../../shared/schemas/common.ts';
import type { TProductDetail, TSaveProductInput } from '../../../../shared/schemas/ecommerce.ts';
import { db as kyselyOf } from '../../../db/kysely.ts';
import { notFound } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { staleRecord } from '../../../lib/records.ts';
import { EcommerceProduct } from './ecommerce.entity.ts';
import { openShop } from './ecommerce.shop.ts';
import { requireCategory } from './ecommerce-categories.listing.ts';
import { getProduct } from './ecommerce-products.listing.ts';

/**
 * Create (no `id`) or update a product; needs manage on DemoApp (FORBIDDEN otherwise). The category
 * must be one of the shop's (BAD_REQUEST); a product outside the caller's shop is NOT_FOUND. With
 * `version`, a product changed since the caller read it is CONFLICT; the update is one conditional
 * statement (race-free).
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
  if (input.id === undefined) {
    const row = await db
      .insertInto('ecommerce_products')
      .values({ ...fields, tenant_id: shop.tenant, version: 1, created_at: sql<Date>`now()` })
      .returning('id')
      .executeTakeFirstOrThrow();
    return getProduct(shop.ctx, { id: row.id });
  }

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
    throw exists ? staleRecord('Product') : notFound('Product');
  }
  return getProduct(shop.ctx, { id: row.id });
}

/** Delete one product; needs manage on DemoApp (FORBIDDEN otherwise); NOT_FOUND when the shop has none with that id. */
export async function deleteProduct(ctx: ServiceContext, input: TByIdInput): Promise<void> {
  const shop = await openShop(ctx, 'manage');
  const removed = await shop.ctx.em.nativeDelete(EcommerceProduct, { id: input.id, tenant: shop.tenant });
  if (removed === 0) throw notFound('Product');
}
