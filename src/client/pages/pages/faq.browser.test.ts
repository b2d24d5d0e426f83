// /pages/faq: the categories and questions are those of GET /api/pages/faq, the search asks
// the server and survives a reload, no match is said plainly; axe finds nothing serious in light
// English and dark Arabic at 390 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TFaqGroup } from '../../../shared/schemas/pages.ts';
import { axeAudit } from '../../testing/axe.ts';
import { setupClientBrowser } from '../../testing/browser.ts';

const b = await setupClientBrowser();

async function api(page: Page, q = ''): Promise<TFaqGroup[]> {
  const response = await page.request.get(`/api/pages/faq${q ? `?q=${encodeURIComponent(q)}` : ''}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as TFaqGroup[];
}

const categoryNames = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('button')
    .evaluateAll((els) => els.map((el) => el.textContent ?? ''));
const questions = (page: Page) => page.getByTestId('faq-group').locator('summary').allInnerTexts();

describe('the FAQ page', { timeout: 90_000 }, () => {
  it('shows the groups and questions of the API, searches on the server, and keeps the search on reload', async () => {
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(10_000);
    await b.signIn(page, 'admin@demo.com', 'admin');
    const all = await api(page);
    expect(all.length).toBeGreaterThan(1);

    await page.goto('/pages/faq');
    await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
    await page.getByRole('heading', { level: 2, name: all[0].faqTitle }).waitFor();
    expect(await categoryNames(page)).toEqual(
      all.map((g) => `${g.faqTitle}${g.faqs.length} question${g.faqs.length === 1 ? '' : 's'}`),
    );
    expect(await questions(page)).toEqual(all[0].faqs.map((f) => f.question));

    // Another category, and one answer opened.
    const second = all[1];
    await page.getByRole('button', { name: new RegExp(`^${second.faqTitle}`) }).click();
    await page.getByRole('heading', { level: 2, name: second.faqTitle }).waitFor();
    expect(await questions(page)).toEqual(second.faqs.map((f) => f.question));
    await page.getByText(second.faqs[0].question).click();
    await page.getByText(second.faqs[0].answer).waitFor();

    // The search is the server's: the same groups and questions as the API's answer for it.
    const word = 'delivery';
    const found = await api(page, word);
    expect(found.length).toBeGreaterThan(0);
    await page.getByRole('searchbox', { name: 'Search the questions' }).fill(word);
    await page.waitForURL((url) => url.searchParams.get('q') === word);
    await expect
      .poll(() => categoryNames(page))
      .toEqual(found.map((g) => `${g.faqTitle}${g.faqs.length} question${g.faqs.length === 1 ? '' : 's'}`));
    await page.reload();
    expect(await page.getByRole('searchbox', { name: 'Search the questions' }).inputValue()).toBe(word);
    await expect.poll(() => questions(page)).toEqual(found[0].faqs.map((f) => f.question));

    await page.getByRole('searchbox', { name: 'Search the questions' }).fill('no-such-question-here');
    await page.getByRole('heading', { name: 'No question matches “no-such-question-here”' }).waitFor();
    await page.getByRole('button', { name: 'Clear the search' }).first().click();
    await expect.poll(() => categoryNames(page)).toHaveLength(all.length);
    await context.close();
  });

  it('says when the questions could not be loaded, and "Try again" loads them', async () => {
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(15_000);
    await b.signIn(page, 'admin@demo.com', 'admin');
    let failing = true;
    await page.route('**/trpc/*apps.pages.faq*', (route) =>
      failing ? route.abort('connectionrefused') : route.fallback(),
    );
    await page.goto('/pages/faq');
    const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
    await alert.waitFor();
    expect(await page.getByTestId('faq-group').count()).toBe(0);
    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('faq-group').waitFor();
    expect(await alert.count()).toBe(0);
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
      await page.goto('/pages/faq');
      await page.getByTestId('faq-group').waitFor();
      await page.locator('summary').first().click();
      await page.waitForLoadState('networkidle');
      expect(await axeAudit(page, `/pages/faq ${theme} ${language} ${width}px`)).toEqual([]);
      await context.close();
    }
  });
});
