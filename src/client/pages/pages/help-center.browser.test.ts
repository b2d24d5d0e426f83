// The help center: the landing's popular articles and categories are those of
// GET /api/pages/help-center, a category lists all its articles, an article shows the API's title,
// content and related articles, an unknown one says so; axe finds nothing serious in light English and
// dark Arabic at 390 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { THelpArticle, THelpCenter } from '../../../shared/schemas/pages.ts';
import { axeAudit } from '../../testing/axe.ts';
import { setupClientBrowser } from '../../testing/browser.ts';

const b = await setupClientBrowser();

async function get<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

describe('the help center', { timeout: 90_000 }, () => {
  it('shows the API’s categories and articles on the landing, a category and an article', async () => {
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(10_000);
    await b.signIn(page, 'admin@demo.com', 'admin');
    const help = await get<THelpCenter>(page, '/api/pages/help-center');
    expect(help.allArticles.length).toBeGreaterThan(0);

    await page.goto('/pages/help-center');
    await page.getByRole('heading', { level: 1, name: 'Help center' }).waitFor();
    expect(await page.getByTestId('help-popular').getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(
      help.popularArticles.map((a) => a.title),
    );
    expect(await page.getByTestId('help-category').getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(
      help.allArticles.map((c) => c.title),
    );

    // A category: every one of its articles.
    const category = help.allArticles.reduce((most, c) => (c.articles.length > most.articles.length ? c : most));
    await page.getByRole('link', { name: `See all ${category.articles.length} articles in ${category.title}` }).click();
    await page.waitForURL(`**/pages/help-center/${category.slug}`);
    await page.getByRole('heading', { level: 1, name: category.title }).waitFor();
    expect(await page.getByTestId('help-category-articles').getByRole('link').allInnerTexts()).toEqual(
      category.articles.map((a) => a.title),
    );

    // An article: its title, its content and the other articles of the category.
    const chosen = category.articles[1];
    const article = await get<THelpArticle>(page, `/api/pages/help-center/article?slug=${chosen.slug}`);
    await page.getByRole('link', { name: chosen.title }).click();
    await page.waitForURL(`**/pages/help-center/${category.slug}/${chosen.slug}`);
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    const text = (html: string) =>
      page.evaluate((h) => {
        const div = document.createElement('div');
        div.innerHTML = h;
        return div.textContent;
      }, html);
    expect(await page.getByTestId('help-article-content').textContent()).toBe(await text(article.content));
    expect(await page.getByTestId('help-related').getByRole('link').allInnerTexts()).toEqual(
      article.related.map((r) => r.title),
    );

    // The breadcrumb goes back to the category; a reload keeps the article.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: category.title }).click();
    await page.getByRole('heading', { level: 1, name: category.title }).waitFor();

    await page.goto(`/pages/help-center/${category.slug}/no-such-article`);
    await page.getByRole('heading', { level: 1, name: 'Article not found' }).waitFor();
    await page.goto('/pages/help-center/no-such-category');
    await page.getByRole('heading', { level: 1, name: 'Unknown category' }).waitFor();
    await context.close();
  });

  it('finds no serious or critical accessibility issue, in light English and dark Arabic at 390 px', async () => {
    for (const [theme, language, width] of [
      ['light', 'en', 1280],
      ['dark', 'ar', 390],
    ] as const) {
      const { context, page } = await b.newPage({ viewport: { width, height: 844 } });
      page.setDefaultTimeout(10_000);
      await b.signIn(page, 'admin@demo.com', 'admin');
      await context.addCookies([
        { name: 'od-theme', value: theme, url: b.baseUrl },
        { name: 'od-language', value: language, url: b.baseUrl },
      ]);
      const help = await get<THelpCenter>(page, '/api/pages/help-center');
      const category = help.allArticles[0];
      for (const path of [
        '/pages/help-center',
        `/pages/help-center/${category.slug}`,
        `/pages/help-center/${category.slug}/${category.articles[0].slug}`,
      ]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(await axeAudit(page, `${path} ${theme} ${language} ${width}px`)).toEqual([]);
      }
      await context.close();
    }
  });
});
