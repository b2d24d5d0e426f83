// /dashboards/analytics: the sales cards equal GET /api/apps/ecommerce/sales's figures (and
// follow the period), the projects table shows what GET /api/dashboard/analytics/projects answers for
// the same search, sort and page; no serious axe finding in dark Arabic at 390 px nor light at 1440 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../../../server/testing/app.ts';
import type { TAnalyticsProject } from '../../../shared/schemas/analytics.ts';
import type { TShopSales } from '../../../shared/schemas/ecommerce.ts';
import { axeAudit } from '../../testing/axe.ts';
import { signedInPage } from '../../testing/browser.ts';

const USER = 'admin@demo.com';
const { b, page } = await signedInPage(USER, DEMO_PASSWORDS[USER]);
const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en');

async function api<T>(url: string): Promise<T> {
  const res = await b.request({ method: 'GET', url, as: USER });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

/** The ids of the projects GET /api/dashboard/analytics/projects answers for `query` (5 a page). */
async function projectIds(query: string): Promise<number[]> {
  const body = await api<{ projects: TAnalyticsProject[] }>(
    `/api/dashboard/analytics/projects?itemsPerPage=5&${query}`,
  );
  return body.projects.map((p) => p.id);
}

/** The project ids the table shows, once they are `expected` (the table follows the server's answer). */
async function expectRows(p: Page, expected: number[]) {
  const table = p.getByTestId('projects');
  await p
    .waitForFunction(
      (want) =>
        JSON.stringify(
          [...document.querySelectorAll('[data-testid="projects"] tbody tr')].map((r) =>
            Number(r.getAttribute('data-project')),
          ),
        ) === want,
      JSON.stringify(expected),
    )
    .catch(() => undefined);
  const shown = await table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-project'))));
  expect(shown).toEqual(expected);
}

describe('analytics dashboard', { timeout: 180_000 }, () => {
  it('shows the API sales figures for the period, the weekly table, and the projects by search, sort and page', async () => {
    const twelve = await api<TShopSales>('/api/apps/ecommerce/sales?weeks=12');
    expect(twelve.current.orders).toBeGreaterThan(0);

    await page.goto('/dashboards/analytics');
    await page.getByRole('heading', { level: 1, name: 'Analytics dashboard' }).waitFor();
    const figure = (name: string) => page.locator(`[data-figure="${name}"]`).textContent();
    expect(await figure('revenue')).toBe(money.format(twelve.current.revenue));
    expect(await figure('orders')).toBe(count.format(twelve.current.orders));
    expect(await figure('averageOrder')).toBe(money.format(twelve.current.averageOrder));

    const weeks = page.getByRole('figure', { name: 'Revenue and orders by week' });
    await weeks.getByText('Show the data as a table').click();
    const rows = weeks.locator('tbody tr');
    expect(await rows.count()).toBe(12);
    const last = twelve.byWeek.at(-1)!;
    expect(await rows.last().locator('td').first().textContent()).toBe(money.format(last.revenue));
    expect(await rows.last().locator('td').nth(1).textContent()).toBe(count.format(last.orders));

    // Another period: the cards follow the server's figures for it.
    const four = await api<TShopSales>('/api/apps/ecommerce/sales?weeks=4');
    await page.getByRole('combobox', { name: 'Period' }).selectOption('4');
    await page.waitForFunction(
      (want) => document.querySelector('[data-figure="orders"]')?.textContent === want,
      count.format(four.current.orders),
    );
    expect(await figure('revenue')).toBe(money.format(four.current.revenue));
    await page.getByRole('figure', { name: 'Orders by day of the week' }).waitFor();
    await page.getByRole('figure', { name: 'Sales by payment method' }).waitFor();
    await page.getByRole('figure', { name: 'Orders by payment state' }).waitFor();

    // Projects: sorted by name, 5 a page, then page 2, then by progress descending, then a search.
    await expectRows(page, await projectIds('sortBy=project&orderBy=asc&page=1'));
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expectRows(page, await projectIds('sortBy=project&orderBy=asc&page=2'));
    await page.getByText(/^Page 2 of 2 · 7 projects$/).waitFor();
    await page.getByRole('button', { name: 'Progress', exact: true }).click();
    await expectRows(page, await projectIds('sortBy=progress&orderBy=asc&page=1'));
    await page.getByRole('button', { name: 'Progress', exact: true }).click();
    await expectRows(page, await projectIds('sortBy=progress&orderBy=desc&page=1'));
    expect(await page.getByRole('columnheader', { name: 'Progress' }).getAttribute('aria-sort')).toBe('descending');
    const all = await api<{ projects: TAnalyticsProject[] }>('/api/dashboard/analytics/projects?itemsPerPage=-1');
    const q = all.projects[0].leader.split(' ')[0];
    await page.getByRole('searchbox', { name: 'Search projects' }).fill(q);
    const found = await projectIds(`q=${encodeURIComponent(q)}&sortBy=progress&orderBy=desc&page=1`);
    expect(found.length).toBeGreaterThan(0);
    await expectRows(page, found);
    await page.getByRole('searchbox', { name: 'Search projects' }).fill('no such project zz');
    await page.getByText('No project matches “no such project zz”.').waitFor();
  });

  for (const [label, viewport, language, theme, h1] of [
    ['dark Arabic on a 390 px phone', { width: 390, height: 844 }, 'ar', 'dark', 'لوحة التحليلات'],
    ['light English at 1440 px', { width: 1440, height: 900 }, 'en', 'light', 'Analytics dashboard'],
  ] as const) {
    it(`has no serious axe finding in ${label}, and no sideways scroll`, async () => {
      const { context, page: p } = await b.newPage({ viewport });
      await b.signIn(p, USER, DEMO_PASSWORDS[USER]);
      await context.addCookies([
        { name: 'od-language', value: language, url: b.baseUrl },
        { name: 'od-theme', value: theme, url: b.baseUrl },
      ]);
      await p.goto('/dashboards/analytics');
      await p.getByRole('heading', { level: 1, name: h1 }).waitFor();
      await p.locator('[data-figure="revenue"]').waitFor();
      await p.locator('[data-testid="projects"] tbody tr').first().waitFor();
      expect(await p.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      expect(await axeAudit(p, `analytics dashboard ${theme} ${language}`)).toEqual([]);
      expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await context.close();
    });
  }
});
