// Writes to the shop's product reviews: approve or send back, and delete. Callers who may manage DemoApp.
import { sql } from 'kysely';
import type { TByIdInput } from '../../../../shared/schemas/common.ts';
import type { TReviewWritten, TSetReviewStatusInput } from '../../../../shared/schemas/ecommerce.ts';
import { db as kyselyOf } from '../../../db/kysely.ts';
import { notFound } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { staleRecord } from '../../../lib/records.ts';
import { EcommerceReview } from './ecommerce.entity.ts';
import { openShop } from './ecommerce.shop.ts';

/** Delete one review; needs manage on DemoApp (FORBIDDEN otherwise); NOT_FOUND when the shop has none with that id. */
export async function deleteReview(ctx: ServiceContext, input: TByIdInput): Promise<void> {
  const shop = await openShop(ctx, 'manage');
  const removed = await shop.ctx.em.nativeDelete(EcommerceReview, { id: input.id, tenant: shop.tenant });
  if (removed === 0) throw notFound('Review');
}

/**
 * Approve (Published) or send back (Pending) a review; needs manage on DemoApp (FORBIDDEN otherwise),
 * NOT_FOUND outside the caller's shop. With `version`, a review changed since the caller read it is
 * CONFLICT; the write is one conditional UPDATE (race-free).
 */
export async function setReviewStatus(ctx: ServiceContext, input: TSetReviewStatusInput): Promise<TReviewWritten> {
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
  throw exists ? staleRecord('Review') : notFound('Review');
}
