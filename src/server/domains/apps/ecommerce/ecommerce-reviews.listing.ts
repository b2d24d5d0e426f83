// Reads of the shop's product reviews: the list (searched, filtered, sorted and paged in SQL) and its
// CSV rows. Any caller who may read DemoApp.
import { expressionBuilder, type Kysely } from 'kysely';
import type { TListReviewsInput, TReviewRow } from '../../../../shared/schemas/ecommerce.ts';
import type { DB } from '../../../db/kysely.ts';
import { defineListing, equalsFilter, listSource, scopedListingReads } from '../../../lib/list/index.ts';
import { openShop, textSort } from './ecommerce.shop.ts';

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

/** The reviews of demo tenant `tenant`'s shop. */
export const reviewListing = (tenant: number) =>
  defineListing({ source: (db) => reviewSource(db, tenant), map: (r): TReviewRow => r });

/** Reviews matching q (product, reviewer, email, head or text) and status ("All" = any); sorted and paged (or every match). */
export const { list: listReviews, iterate: iterateReviews } = scopedListingReads(
  reviewListing,
  async (ctx, input: TListReviewsInput) => {
    const shop = await openShop(ctx);
    const status = input.status === 'All' ? undefined : input.status;
    return { em: shop.ctx.em, scope: shop.tenant, where: [equalsFilter('r.status', status)] };
  },
);
