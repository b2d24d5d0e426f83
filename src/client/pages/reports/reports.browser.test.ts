// /reports in the browser: the analyst picks a report kind, saves it as a shared report, reloads and
// finds it, opens it (filters back from the server) and follows a number to its tasks; then the same
// page in dark Arabic (right to left) has no serious or critical axe finding and fits a 390 px phone.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { axeAudit } from '../../testing/axe.ts';
import { setupClientBrowser } from '../../testing/browser.ts';

const b = await setupClientBrowser();
const NAME = 'Monday location ranking';
const pageErrors: string[] = [];
const pages: Page[] = [];

async function signedIn(
  cookies: Record<string, string> = {},
  viewport?: { width: number; height: number },
): Promise<Page> {
  const { context, page } = await b.newPage(viewport ? { viewport } : {});
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) pageErrors.push(m.text());
  });
  await b.signIn(page, 'analyst@demo.com', 'analyst');
  await context.addCookies(
    Object.entries({ 'od-language': 'en', ...cookies }).map(([name, value]) => ({ name, value, url: b.baseUrl })),
  );
  pages.push(page);
  return page;
}

afterEach(() => {
  expect(pageErrors).toEqual([]);
});
afterAll(async () => {
  for (const page of pages) await page.context().close();
});

describe('/reports', { timeout: 120_000 }, () => {
  it('saves a report, finds it after a reload, opens it and drills down to its tasks', async () => {
    // A retry starts from the same empty list as the first run.
    const analyst = await b.caller('analyst@demo.com');
    for (const report of (await analyst.reports.list({})).items.filter((r) => r.name === NAME))
      await analyst.reports.delete({ id: report.id });
    const page = await signedIn();
    await page.goto('/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await page.getByText('No saved reports yet.', { exact: false }).waitFor();
    // The default kind shows its totals and the monthly trend with its data table.
    await page.getByRole('figure', { name: /Monthly trend/ }).waitFor();

    await page.getByLabel('Report', { exact: true }).selectOption('location_ranking');
    await page.waitForURL(/kind=location_ranking/);
    await page.getByRole('columnheader', { name: 'Rank' }).waitFor();
    await page.getByLabel('Report name').fill(NAME);
    await page.getByLabel('Share with my organisation').check();
    await page.getByRole('button', { name: 'Save report' }).click();
    await page.getByRole('button', { name: new RegExp(NAME) }).waitFor();
    await page.waitForURL(/report=\d+/);

    await page.goto('/reports');
    await page.reload();
    const saved = page.getByRole('button', { name: new RegExp(NAME) });
    await saved.waitFor();
    await expect.poll(() => saved.textContent()).toContain('Shared');
    await saved.click();
    await page.waitForURL(/kind=location_ranking/);
    await page.getByRole('heading', { level: 2, name: NAME }).waitFor();
    expect(await saved.getAttribute('aria-current')).toBe('true');

    // The first location's approved count opens /tasks filtered to those tasks (the ranking's table,
    // once it has replaced the previous kind's).
    const ranking = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'Rank' }) })
      .first();
    const drill = ranking.locator('tbody tr').first().getByRole('link');
    await drill.waitFor();
    const href = await drill.getAttribute('href');
    expect(href).toMatch(/^\/tasks\?status=approved&locationId=\d+$/);
    await drill.click();
    await page.waitForURL(/\/tasks\?status=approved&locationId=/);
  });

  it('has no serious axe finding in dark Arabic and fits a phone', async () => {
    const page = await signedIn({ 'od-language': 'ar', 'od-theme': 'dark' }, { width: 390, height: 844 });
    await page.goto('/reports?kind=team_performance');
    await page.getByRole('heading', { level: 1, name: 'التقارير' }).waitFor();
    await page.getByRole('table').last().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByText('عرض البيانات كجدول').click();
    expect(await axeAudit(page, '/reports dark rtl phone')).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);
  });
});
