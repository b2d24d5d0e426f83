// Reads of the pages' demo content: the sales datatable (listed with search, status, sort and paging in
// SQL, and its CSV rows), the FAQ (searchable), the help center and its articles, and the sample user
// profile. Each caller reads their customer's copy (the platform's for the superadmin), made on first
// use. Any caller who may read DemoApp; FORBIDDEN otherwise.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import {
  type TFaqGroup,
  type TFaqInput,
  type THelpArticle,
  type THelpArticleInput,
  type THelpCenter,
  type TListSalesInput,
  type TProfileConnectionCard,
  type TProfileHeader,
  type TProfileInput,
  type TProfileTabData,
  type TSalesListRow,
  type TSalesRow,
  ZHelpCenter,
  ZProfileHeader,
  ZProfileTab,
} from '../../../../shared/schemas/pages.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { defineListing, equalsFilter, likeContains, listSource, scopedListingReads } from '../../../lib/list/index.ts';
import { copiedColumns, copySampleRows, openTenantCopy, type TenantCopy } from '../provision/demo-provision.service.ts';
import { FaqGroup, FaqQuestion, HelpArticle, HelpCategory, PageContent, SalesRow } from './content.entity.ts';

/**
 * Copies the pages' samples to demo tenant `tenant`: sales rows, FAQ groups and their questions, help
 * categories and their articles (children pointing at the copied parents), and the page content.
 */
export async function copySampleContent(em: EntityManager, tenant: number): Promise<void> {
  await copySampleRows(em, 'sales_rows', tenant, copiedColumns(em, SalesRow));
  const groups = await copySampleRows(em, 'faq_groups', tenant, copiedColumns(em, FaqGroup));
  await copySampleRows(em, 'faq_questions', tenant, copiedColumns(em, FaqQuestion), {
    column: 'group_id',
    ids: groups,
  });
  const categories = await copySampleRows(em, 'help_categories', tenant, copiedColumns(em, HelpCategory));
  await copySampleRows(em, 'help_articles', tenant, copiedColumns(em, HelpArticle), {
    column: 'category_id',
    ids: categories,
  });
  await copySampleRows(em, 'page_contents', tenant, copiedColumns(em, PageContent));
}

/** Authorizes reading DemoApp (FORBIDDEN otherwise) and opens the caller's copy of the pages' content (made on first use). */
export function openContent(ctx: ServiceContext): Promise<TenantCopy> {
  return openTenantCopy(ctx, 'read', 'content', copySampleContent);
}

/** The sales rows of demo tenant `tenant`, as a list source: searched by product, brand and buyer. */
function salesSource(k: ReturnType<typeof db>, tenant: number) {
  const from = k.selectFrom('sales_rows as s').where('s.tenant_id', '=', tenant);
  return listSource(from, {
    id: 's.id',
    select: (qb) =>
      qb.select((e) => [
        's.id',
        's.product_id as productId',
        's.product_name as productName',
        's.slug',
        's.brand',
        's.category',
        e.cast<number>('s.price', 'float8').as('price'),
        's.image',
        's.has_free_shipping as hasFreeShipping',
        's.rating',
        's.description',
        sql<string>`to_char(${e.ref('s.sold_on')}, 'YYYY-MM-DD')`.as('date'),
        's.buyer_name as buyerName',
        's.buyer_avatar as buyerAvatar',
        e.cast<number>('s.payment_total', 'float8').as('total'),
        's.received_payment_status as receivedPaymentStatus',
        e.cast<number>('s.paid_amount', 'float8').as('paidAmount'),
        's.payment_status as status',
      ]),
    search: ['s.product_name', 's.brand', 's.buyer_name'],
    sorts: {
      product: sql<string>`lower(${sql.ref('s.product_name')}) collate "C"`,
      date: 's.sold_on',
      buyer: sql<string>`lower(${sql.ref('s.buyer_name')}) collate "C"`,
      total: 's.payment_total',
      status: 's.payment_status',
    },
  });
}

type SalesDbRow = Awaited<ReturnType<ReturnType<ReturnType<typeof salesSource>['select']>['execute']>>[number];

function toSalesRow(r: SalesDbRow): TSalesListRow {
  return {
    id: r.id,
    product: {
      id: r.productId,
      name: r.productName,
      slug: r.slug,
      brand: r.brand,
      category: r.category,
      price: r.price,
      image: r.image,
      hasFreeShipping: r.hasFreeShipping,
      rating: r.rating,
      description: r.description,
    },
    date: r.date,
    buyer: { name: r.buyerName, avatar: r.buyerAvatar },
    payment: {
      total: r.total,
      receivedPaymentStatus: r.receivedPaymentStatus,
      paidAmount: r.paidAmount,
      status: r.status,
    },
  };
}

/** Every sales row, oldest first (the demo API's GET /api/pages/datatable). */
export async function listSalesRows(ctx: ServiceContext): Promise<TSalesRow[]> {
  const { tenant } = await openContent(ctx);
  const source = salesSource(db(ctx.em), tenant);
  const rows = await source.select(source.from).orderBy('s.sold_on').orderBy('s.id').execute();
  return rows.map((r) => {
    const { id: _id, ...row } = toSalesRow(r);
    return row;
  });
}

/** The sales rows of demo tenant `tenant`'s copy. */
export const salesListing = (tenant: number) =>
  defineListing({ source: (k) => salesSource(k, tenant), map: toSalesRow });

/**
 * The datatable list: filtered by payment status, searched, sorted and paged in SQL (sold date, then id,
 * by default); or every match, for the CSV.
 */
export const { list: listSales, iterate: iterateSales } = scopedListingReads(
  salesListing,
  async (ctx, input: TListSalesInput) => {
    const { tenant } = await openContent(ctx);
    return { em: ctx.em, scope: tenant, where: [equalsFilter('s.payment_status', input.status)] };
  },
  'date',
);

/** FAQ groups in page order with the questions whose text contains `q` (any case); empty groups dropped. */
export async function listFaq(ctx: ServiceContext, input: TFaqInput): Promise<TFaqGroup[]> {
  const { tenant } = await openContent(ctx);
  const q = input.q?.trim();
  let query = db(ctx.em)
    .selectFrom('faq_groups as g')
    .innerJoin('faq_questions as f', 'f.group_id', 'g.id')
    .where('g.tenant_id', '=', tenant)
    .select(['g.id as groupId', 'g.title', 'g.icon', 'g.subtitle', 'f.question', 'f.answer'])
    .orderBy('g.position')
    .orderBy('f.position');
  if (q) query = query.where('f.question', 'ilike', likeContains(q));
  const rows = await query.execute();
  const groups = new Map<number, TFaqGroup>();
  for (const row of rows) {
    let group = groups.get(row.groupId);
    if (!group) {
      group = { faqTitle: row.title, faqIcon: row.icon, faqSubtitle: row.subtitle, faqs: [] };
      groups.set(row.groupId, group);
    }
    group.faqs.push({ question: row.question, answer: row.answer });
  }
  return [...groups.values()];
}

/** The stored page content `key` of demo tenant `tenant`'s copy (NOT_FOUND naming it otherwise); the caller has opened the copy. */
export async function pageContent(em: EntityManager, tenant: number, key: string): Promise<unknown> {
  const row = await em.findOne(PageContent, { key, tenant });
  if (!row) throw new AppError('NOT_FOUND', 'pages.noContent', { key });
  return row.data;
}

/** The help center: categories with their articles, the popular articles and the keep-learning links. */
export async function getHelpCenter(ctx: ServiceContext): Promise<THelpCenter> {
  const { tenant } = await openContent(ctx);
  const rows = await db(ctx.em)
    .selectFrom('help_categories as c')
    .innerJoin('help_articles as a', 'a.category_id', 'c.id')
    .where('c.tenant_id', '=', tenant)
    .select([
      'c.slug as categorySlug',
      'c.title as categoryTitle',
      'c.icon as categoryIcon',
      'a.slug',
      'a.title',
      'a.subtitle',
      'a.icon',
      'a.popular_rank as popularRank',
    ])
    .orderBy('c.position')
    .orderBy('a.position')
    .execute();
  const categories = new Map<string, THelpCenter['allArticles'][number]>();
  for (const row of rows) {
    let category = categories.get(row.categorySlug);
    if (!category) {
      category = { slug: row.categorySlug, title: row.categoryTitle, icon: row.categoryIcon, articles: [] };
      categories.set(row.categorySlug, category);
    }
    category.articles.push({ slug: row.slug, title: row.title });
  }
  const popularArticles = rows
    .flatMap((row) => (row.popularRank === null ? [] : [{ ...row, popularRank: row.popularRank }]))
    .sort((a, b) => a.popularRank - b.popularRank)
    .map((row) => ({ slug: row.slug, title: row.title, subtitle: row.subtitle, icon: row.icon }));
  const keepLearning = ZHelpCenter.shape.keepLearning.parse(
    await pageContent(ctx.em, tenant, 'help-center.keep-learning'),
  );
  return { allArticles: [...categories.values()], popularArticles, keepLearning };
}

/** One help article (the first popular one when no slug is given), with its category's other articles. NOT_FOUND for an unknown slug. */
export async function getHelpArticle(ctx: ServiceContext, input: THelpArticleInput): Promise<THelpArticle> {
  const { tenant } = await openContent(ctx);
  const article = input.slug
    ? await ctx.em.findOne(HelpArticle, { slug: input.slug, tenant }, { populate: ['category'] })
    : (
        await ctx.em.find(
          HelpArticle,
          { popularRank: { $ne: null }, tenant },
          { populate: ['category'], orderBy: { popularRank: 'asc' }, limit: 1 },
        )
      )[0];
  if (!article) throw new AppError('NOT_FOUND', 'pages.noArticle');
  const related = await ctx.em.find(
    HelpArticle,
    { category: article.category.id, tenant, id: { $ne: article.id } },
    { orderBy: { position: 'asc' }, fields: ['slug', 'title'] },
  );
  return {
    slug: article.slug,
    title: article.title,
    subtitle: article.subtitle,
    category: { slug: article.category.slug, title: article.category.title },
    lastUpdated: article.updatedAt,
    content: article.content,
    related: related.map((r) => ({ slug: r.slug, title: r.title })),
  };
}

/** The sample profile's section for `tab`; on `connections`, each card as the caller connected to it. */
export async function getProfileTab(ctx: ServiceContext, input: TProfileInput): Promise<TProfileTabData> {
  const { ctx: authed, tenant } = await openContent(ctx);
  const { tab } = input;
  const data = ZProfileTab.parse(await pageContent(ctx.em, tenant, `profile.${tab}`));
  if (tab !== 'connections') return data;
  return withOwnConnections(authed, data as TProfileConnectionCard[]);
}

/** The connection cards with the caller's own answers (profile_connections) in place of the sample's. */
async function withOwnConnections(
  ctx: AuthedContext,
  cards: TProfileConnectionCard[],
): Promise<TProfileConnectionCard[]> {
  const rows = await db(ctx.em)
    .selectFrom('profile_connections')
    .select(['name', 'connected'])
    .where('owner_id', '=', ctx.user.id)
    .execute();
  const own = new Map(rows.map((r) => [r.name, r.connected]));
  return cards.map((card) => (own.has(card.name) ? { ...card, isConnected: own.get(card.name)! } : card));
}

/** The sample profile's header. */
export async function getProfileHeader(ctx: ServiceContext): Promise<TProfileHeader> {
  const { tenant } = await openContent(ctx);
  return ZProfileHeader.parse(await pageContent(ctx.em, tenant, 'profile.header'));
}
