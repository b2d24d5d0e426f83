// Pages demo content, read from PostgreSQL: sales datatable, FAQ (searchable), help center and articles,
// and the sample user profile. Any role that may read DemoApp; FORBIDDEN otherwise.
import {
  ZHelpCenter,
  ZProfileHeader,
  ZProfileTab,
  type TFaqGroup,
  type TFaqInput,
  type THelpArticle,
  type THelpArticleInput,
  type THelpCenter,
  type TProfileHeader,
  type TProfileTab,
  type TProfileTabData,
  type TSalesRow,
} from '../../../../shared/schemas/pages.ts';
import { AppError } from '../../../lib/app-error.ts';
import { authorize } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { execSql, likeContains, raw, sql } from '../../../lib/sql-list.ts';
import { HelpArticle, PageContent } from './content.entity.ts';

interface SalesRowRecord {
  productId: number;
  productName: string;
  slug: string;
  brand: string;
  category: string;
  price: number;
  image: string;
  hasFreeShipping: boolean;
  rating: number;
  description: string;
  date: string;
  buyerName: string;
  buyerAvatar: string;
  total: number;
  receivedPaymentStatus: TSalesRow['payment']['receivedPaymentStatus'];
  paidAmount: number;
  status: TSalesRow['payment']['status'];
}

/** Every sales row, oldest first. */
export async function listSalesRows(ctx: ServiceContext): Promise<TSalesRow[]> {
  authorize(ctx, 'read', 'DemoApp');
  const rows = await execSql<SalesRowRecord>(
    ctx.em,
    sql`select product_id as "productId", product_name as "productName", slug, brand, category, price::float8 as price, image,
               has_free_shipping as "hasFreeShipping", rating, description, to_char(sold_on, 'YYYY-MM-DD') as date,
               buyer_name as "buyerName", buyer_avatar as "buyerAvatar", payment_total::float8 as total,
               received_payment_status as "receivedPaymentStatus", paid_amount::float8 as "paidAmount", payment_status as status
          from sales_rows order by sold_on, id`,
  );
  return rows.map((r) => ({
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
    payment: { total: r.total, receivedPaymentStatus: r.receivedPaymentStatus, paidAmount: r.paidAmount, status: r.status },
  }));
}

/** FAQ groups in page order with the questions whose text contains `q` (any case); empty groups dropped. */
export async function listFaq(ctx: ServiceContext, input: TFaqInput): Promise<TFaqGroup[]> {
  authorize(ctx, 'read', 'DemoApp');
  const q = input.q?.trim();
  const rows = await execSql<{ groupId: number; title: string; icon: string; subtitle: string; question: string; answer: string }>(
    ctx.em,
    sql`select g.id as "groupId", g.title, g.icon, g.subtitle, f.question, f.answer
          from faq_groups g join faq_questions f on f.group_id = g.id
         ${q ? sql`where f.question ilike ${likeContains(q)}` : raw('')}
         order by g.position, f.position`,
  );
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

async function pageContent(ctx: ServiceContext, key: string): Promise<unknown> {
  const row = await ctx.em.findOne(PageContent, { key });
  if (!row) throw new AppError('NOT_FOUND', `No page content named ${key}`);
  return row.data;
}

/** The help center: categories with their articles, the popular articles and the keep-learning links. */
export async function getHelpCenter(ctx: ServiceContext): Promise<THelpCenter> {
  authorize(ctx, 'read', 'DemoApp');
  const rows = await execSql<{ categorySlug: string; categoryTitle: string; categoryIcon: string; slug: string; title: string; subtitle: string; icon: string; popularRank: number | null }>(
    ctx.em,
    sql`select c.slug as "categorySlug", c.title as "categoryTitle", c.icon as "categoryIcon",
               a.slug, a.title, a.subtitle, a.icon, a.popular_rank as "popularRank"
          from help_categories c join help_articles a on a.category_id = c.id
         order by c.position, a.position`,
  );
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
    .filter((row) => row.popularRank !== null)
    .sort((a, b) => a.popularRank! - b.popularRank!)
    .map((row) => ({ slug: row.slug, title: row.title, subtitle: row.subtitle, icon: row.icon }));
  const keepLearning = ZHelpCenter.shape.keepLearning.parse(await pageContent(ctx, 'help-center.keep-learning'));
  return { allArticles: [...categories.values()], popularArticles, keepLearning };
}

/** One help article (the first popular one when no slug is given), with its category's other articles. NOT_FOUND for an unknown slug. */
export async function getHelpArticle(ctx: ServiceContext, input: THelpArticleInput): Promise<THelpArticle> {
  authorize(ctx, 'read', 'DemoApp');
  const article = input.slug
    ? await ctx.em.findOne(HelpArticle, { slug: input.slug }, { populate: ['category'] })
    : (await ctx.em.find(HelpArticle, { popularRank: { $ne: null } }, { populate: ['category'], orderBy: { popularRank: 'asc' }, limit: 1 }))[0];
  if (!article) throw new AppError('NOT_FOUND', 'No article found with this slug');
  const related = await ctx.em.find(
    HelpArticle,
    { category: article.category.id, id: { $ne: article.id } },
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

/** The sample profile's section for `tab`. */
export async function getProfileTab(ctx: ServiceContext, tab: TProfileTab): Promise<TProfileTabData> {
  authorize(ctx, 'read', 'DemoApp');
  return ZProfileTab.parse(await pageContent(ctx, `profile.${tab}`));
}

/** The sample profile's header. */
export async function getProfileHeader(ctx: ServiceContext): Promise<TProfileHeader> {
  authorize(ctx, 'read', 'DemoApp');
  return ZProfileHeader.parse(await pageContent(ctx, 'profile.header'));
}
