// The help center, three views of apps.pages.helpCenter / article (GET /api/pages/help-center,
// /api/pages/help-center/article): the landing (/pages/help-center: popular articles, every category,
// keep learning), a category (/pages/help-center/:category) and an article
// (/pages/help-center/:category/:article, its HTML sanitised, with the category's other articles).
import {
  ChecklistIcon,
  CommentDiscussionIcon,
  GraphIcon,
  type Icon,
  MegaphoneIcon,
  MortarBoardIcon,
  QuestionIcon,
  RocketIcon,
  ShieldLockIcon,
} from '@primer/octicons-react';
import { Heading, Text } from '@primer/react';
import DOMPurify from 'dompurify';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import type { THelpCenter } from '../../../shared/schemas/pages.ts';
import { PageLoading } from '../../components/PageLoading/PageLoading.tsx';
import { QueryError } from '../../components/QueryError/index.ts';
import { useFormatters } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import classes from './HelpCenter.module.css';

const ICONS: Record<string, Icon> = {
  rocket: RocketIcon,
  checklist: ChecklistIcon,
  'shield-lock': ShieldLockIcon,
  graph: GraphIcon,
  megaphone: MegaphoneIcon,
  'mortar-board': MortarBoardIcon,
  'comment-discussion': CommentDiscussionIcon,
};
const iconOf = (name: string) => ICONS[name] ?? QuestionIcon;

const BASE = '/pages/help-center';
const categoryPath = (category: string) => `${BASE}/${encodeURIComponent(category)}`;
const articlePath = (category: string, article: string) => `${categoryPath(category)}/${encodeURIComponent(article)}`;
/** Categories on the landing show this many articles, then a link to all of them. */
const LANDING_ARTICLES = 3;

export default function HelpCenterPage() {
  const params = useParams<{ category?: string; article?: string }>();
  if (params.category && params.article) return <ArticleView category={params.category} slug={params.article} />;
  return (
    <HelpCenterData>
      {(data) => (params.category ? <CategoryView data={data} slug={params.category} /> : <Landing data={data} />)}
    </HelpCenterData>
  );
}

function LoadError({ query }: { query: { error: { message: string } | null; refetch: () => unknown } }) {
  const { t } = useTranslation('pages');
  return <QueryError title={t('loadError.title')} error={query.error} onRetry={query.refetch} />;
}

function HelpCenterData({ children }: { children: (data: THelpCenter) => ReactNode }) {
  const help = trpc.apps.pages.helpCenter.useQuery();
  if (help.isPending) return <PageLoading />;
  if (help.isError) return <LoadError query={help} />;
  return <>{children(help.data)}</>;
}

function Crumbs({ items }: { items: { label: string; href?: string }[] }) {
  const { t } = useTranslation('pages');
  return (
    <nav aria-label={t('help.breadcrumb')}>
      <ol className={classes.crumbs}>
        {items.map((item) => (
          <li key={item.label}>
            {item.href ? (
              <Link href={item.href} className={classes.link}>
                {item.label}
              </Link>
            ) : (
              <span aria-current="page">{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function Landing({ data }: { data: THelpCenter }) {
  const { t } = useTranslation('pages');
  const categoryOf = (slug: string) => data.allArticles.find((c) => c.articles.some((a) => a.slug === slug));
  return (
    <div className={classes.page}>
      <section className={classes.hero}>
        <Heading as="h1" className={classes.title}>
          {t('help.title')}
        </Heading>
        <Text as="p" className={classes.muted}>
          {t('help.subtitle')}
        </Text>
      </section>

      {data.popularArticles.length > 0 && (
        <section aria-labelledby="help-popular" className={classes.section}>
          <h2 id="help-popular" className={classes.sectionTitle}>
            {t('help.popular')}
          </h2>
          <ul className={classes.grid} data-testid="help-popular">
            {data.popularArticles.map((a) => {
              const ArticleIcon = iconOf(a.icon);
              const category = categoryOf(a.slug);
              return (
                <li key={a.slug} className={classes.card}>
                  <ArticleIcon size={24} className={classes.icon} />
                  <h3 className={classes.cardTitle}>
                    {category ? (
                      <Link href={articlePath(category.slug, a.slug)} className={classes.link}>
                        {a.title}
                      </Link>
                    ) : (
                      a.title
                    )}
                  </h3>
                  <p className={classes.muted}>{a.subtitle}</p>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      <section aria-labelledby="help-categories" className={classes.section}>
        <h2 id="help-categories" className={classes.sectionTitle}>
          {t('help.categories')}
        </h2>
        {data.allArticles.length === 0 ? (
          <p className={classes.muted}>{t('help.empty')}</p>
        ) : (
          <ul className={classes.grid} data-testid="help-categories">
            {data.allArticles.map((c) => {
              const CategoryIcon = iconOf(c.icon);
              return (
                <li key={c.slug} className={classes.card} data-testid="help-category">
                  <div className={classes.cardHead}>
                    <CategoryIcon size={20} className={classes.icon} />
                    <h3 className={classes.cardTitle}>{c.title}</h3>
                  </div>
                  <ul className={classes.links}>
                    {c.articles.slice(0, LANDING_ARTICLES).map((a) => (
                      <li key={a.slug}>
                        <Link href={articlePath(c.slug, a.slug)} className={classes.link}>
                          {a.title}
                        </Link>
                      </li>
                    ))}
                  </ul>
                  <Link
                    href={categoryPath(c.slug)}
                    className={classes.link}
                    aria-label={t('help.seeAllIn', { count: c.articles.length, category: c.title })}
                  >
                    {t('help.seeAll', { count: c.articles.length })}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {data.keepLearning.length > 0 && (
        <section aria-labelledby="help-learning" className={classes.section}>
          <h2 id="help-learning" className={classes.sectionTitle}>
            {t('help.keepLearning')}
          </h2>
          <ul className={classes.grid}>
            {data.keepLearning.map((k) => {
              const LearnIcon = iconOf(k.icon);
              return (
                <li key={k.title} className={classes.card}>
                  <LearnIcon size={24} className={classes.icon} />
                  <h3 className={classes.cardTitle}>{k.title}</h3>
                  <p className={classes.muted}>{k.subtitle}</p>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}

function NotFound({ message }: { message: string }) {
  const { t } = useTranslation('pages');
  return (
    <section className={classes.card} role="status">
      <h2 className={classes.cardTitle}>{message}</h2>
      <div>
        <Link href={BASE} className={classes.link}>
          {t('help.back')}
        </Link>
      </div>
    </section>
  );
}

function CategoryView({ data, slug }: { data: THelpCenter; slug: string }) {
  const { t } = useTranslation('pages');
  const category = data.allArticles.find((c) => c.slug === slug);
  return (
    <div className={classes.page}>
      <Crumbs
        items={[{ label: t('help.title'), href: BASE }, { label: category?.title ?? t('help.unknownCategory') }]}
      />
      {!category ? (
        <>
          <Heading as="h1" className={classes.title}>
            {t('help.unknownCategory')}
          </Heading>
          <NotFound message={t('help.noCategory')} />
        </>
      ) : (
        <section className={classes.card}>
          <div className={classes.cardHead}>
            {(() => {
              const CategoryIcon = iconOf(category.icon);
              return <CategoryIcon size={24} className={classes.icon} />;
            })()}
            <Heading as="h1" className={classes.title}>
              {category.title}
            </Heading>
          </div>
          <p className={classes.muted}>{t('help.articleCount', { count: category.articles.length })}</p>
          <ul className={classes.links} data-testid="help-category-articles">
            {category.articles.map((a) => (
              <li key={a.slug}>
                <Link href={articlePath(category.slug, a.slug)} className={classes.link}>
                  {a.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * The article's HTML made safe (DOMPurify), its headings at level 2 under the page's title (the
 * stored content uses any level), so the page's outline has no gap.
 */
function articleHtml(content: string): string {
  const fragment = DOMPurify.sanitize(content, { RETURN_DOM_FRAGMENT: true });
  for (const heading of Array.from(fragment.querySelectorAll('h1, h3, h4, h5, h6'))) {
    const h2 = document.createElement('h2');
    h2.append(...Array.from(heading.childNodes));
    heading.replaceWith(h2);
  }
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}

function ArticleView({ category, slug }: { category: string; slug: string }) {
  const { t } = useTranslation('pages');
  const fmt = useFormatters();
  const [, navigate] = useLocation();
  const article = trpc.apps.pages.article.useQuery(
    { slug },
    { retry: (count, error) => error.data?.code !== 'NOT_FOUND' && count < 1 },
  );
  const html = useMemo(() => (article.data ? articleHtml(article.data.content) : ''), [article.data]);
  const actual = article.data?.category.slug;
  useEffect(() => {
    // An article reached under another category's path: its own path, without a history entry.
    if (actual && actual !== category) navigate(articlePath(actual, slug), { replace: true });
  }, [actual, category, slug, navigate]);

  if (article.isPending) return <PageLoading />;
  if (article.isError) {
    return article.error.data?.code === 'NOT_FOUND' ? (
      <div className={classes.page}>
        <Crumbs items={[{ label: t('help.title'), href: BASE }, { label: t('help.unknownArticle') }]} />
        <Heading as="h1" className={classes.title}>
          {t('help.unknownArticle')}
        </Heading>
        <NotFound message={t('help.noArticle')} />
      </div>
    ) : (
      <LoadError query={article} />
    );
  }
  const a = article.data;
  return (
    <div className={classes.page}>
      <Crumbs
        items={[
          { label: t('help.title'), href: BASE },
          { label: a.category.title, href: categoryPath(a.category.slug) },
          { label: a.title },
        ]}
      />
      <div className={classes.articleLayout}>
        <article className={classes.card}>
          <Heading as="h1" className={classes.title}>
            {a.title}
          </Heading>
          <p className={classes.muted}>{a.subtitle}</p>
          <p className={classes.muted}>{t('help.updated', { date: fmt.date(a.lastUpdated) })}</p>
          <div
            className={classes.content}
            dir="auto"
            data-testid="help-article-content"
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </article>
        {a.related.length > 0 && (
          <aside className={classes.card} aria-labelledby="help-related">
            <h2 id="help-related" className={classes.cardTitle}>
              {t('help.related', { category: a.category.title })}
            </h2>
            <ul className={classes.links} data-testid="help-related">
              {a.related.map((r) => (
                <li key={r.slug}>
                  <Link href={articlePath(a.category.slug, r.slug)} className={classes.link}>
                    {r.title}
                  </Link>
                </li>
              ))}
            </ul>
          </aside>
        )}
      </div>
    </div>
  );
}
