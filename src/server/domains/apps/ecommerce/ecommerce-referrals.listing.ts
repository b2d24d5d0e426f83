// Reads of the shop's referrals: the list (sorted and paged in SQL) and its CSV rows, and the stat
// cards. Any caller who may read DemoApp; referrals are not written.
import { expressionBuilder, type Kysely, sql } from 'kysely';
import type { TListReferralsInput, TReferral, TReferralStats } from '../../../../shared/schemas/ecommerce.ts';
import { type DB, db as kyselyOf } from '../../../db/kysely.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { defineListing, listSource, scopedListingReads } from '../../../lib/list/index.ts';
import { dollars, openShop, textSort } from './ecommerce.shop.ts';

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

/** The referrals of demo tenant `tenant`'s shop, amounts in dollars. */
export const referralListing = (tenant: number) =>
  defineListing({
    source: (db) => referralSource(db, tenant),
    map: (r): TReferral => ({ ...r, value: dollars(r.value), earning: dollars(r.earning) }),
  });

/** Referrals, sorted and paged (or every one, for the CSV). */
export const { list: listReferrals, iterate: iterateReferrals } = scopedListingReads(
  referralListing,
  async (ctx, _input: TListReferralsInput) => {
    const shop = await openShop(ctx);
    return { em: shop.ctx.em, scope: shop.tenant, where: [] };
  },
);

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
