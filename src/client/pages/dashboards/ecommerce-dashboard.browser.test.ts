// /dashboards/ecommerce: the figures shown equal GET /api/apps/ecommerce/dashboard's; the charts
// carry their data tables; no serious axe finding in dark Arabic on a 390 px phone.
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../../../server/testing/app.ts';
import type { TShopDashboard } from '../../../shared/schemas/ecommerce.ts';
import { axeAudit } from '../../testing/axe.ts';
import { signedInPage } from '../../testing/browser.ts';

const { b, page } = await signedInPage('admin@demo.com', DEMO_PASSWORDS['admin@demo.com']);
const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });
/** A `YYYY-MM` month as the page names it in `language` ("Nov 2026", "nov. 2026"). */
const monthName = (language: string, month: string) =>
  new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
const count = new Intl.NumberFormat('en');

describe('e-commerce dashboard', { timeout: 120_000 }, () => {
  it('shows the API figures, the top products and the charts with their tables', async () => {
    const res = await b.request({ method: 'GET', url: '/api/apps/ecommerce/dashboard', as: 'admin@demo.com' });
    expect(res.statusCode).toBe(200);
    const api = res.json<TShopDashboard>();
    expect(api.orders).toBeGreaterThan(0);

    await page.goto('/dashboards/ecommerce');
    await page.getByRole('heading', { level: 1, name: 'E-commerce dashboard' }).waitFor();
    const figure = (name: string) => page.locator(`[data-figure="${name}"]`).textContent();
    expect(await figure('revenue')).toBe(money.format(api.revenue));
    expect(await figure('orders')).toBe(count.format(api.orders));
    expect(await figure('averageOrder')).toBe(money.format(api.averageOrder));
    expect(await figure('customers')).toBe(count.format(api.customers));
    for (const p of api.topProducts) expect(await figure(`product-${p.id}`)).toBe(money.format(p.value));

    const months = page.getByRole('figure', { name: 'Revenue and orders by month' });
    await months.getByText('Show the data as a table').click();
    const rows = months.locator('tbody tr');
    expect(await rows.count()).toBe(12);
    const last = api.byMonth.at(-1)!;
    expect(await rows.last().locator('th').textContent()).toBe(monthName('en', last.month));
    expect(await rows.last().locator('td').first().textContent()).toBe(money.format(last.revenue));
    await page.getByRole('figure', { name: 'Orders by status' }).waitFor();
  });

  it('names the months in the page’s language, under the chart and in its table (en, fr, de, ar)', async () => {
    const res = await b.request({ method: 'GET', url: '/api/apps/ecommerce/dashboard', as: 'admin@demo.com' });
    const api = res.json<TShopDashboard>();
    const { context, page: p } = await b.newPage({ viewport: { width: 1440, height: 900 } });
    await b.signIn(p, 'admin@demo.com', DEMO_PASSWORDS['admin@demo.com']);
    for (const language of ['en', 'fr', 'de', 'ar']) {
      await context.addCookies([{ name: 'od-language', value: language, url: b.baseUrl }]);
      await p.goto('/dashboards/ecommerce');
      const figure = p.locator('figure').first();
      const labels = figure.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
      await labels.first().waitFor();
      // The browser's own names (its ICU), e.g. "déc. 2025", "ديسمبر ٢٠٢٥".
      const names = await p.evaluate(
        ({ language, months }) =>
          months.map((m) =>
            new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(
              new Date(`${m}-01T00:00:00Z`),
            ),
          ),
        { language, months: api.byMonth.map((m) => m.month) },
      );
      const squeeze = (s: string) => s.replace(/\s+/g, '');
      // Each label may stand on two lines (its words in tspans).
      await expect
        .poll(async () => (await labels.allTextContents()).map(squeeze), { timeout: 15_000 })
        .toEqual(names.map(squeeze));
      expect(await figure.locator('tbody th').allTextContents(), language).toEqual(names);
      expect(names.some((n) => /\d{4}-\d{2}/.test(n))).toBe(false);
    }
    await context.close();
  });

  it('has no serious axe finding in dark Arabic on a phone', async () => {
    const { context, page: p } = await b.newPage({ viewport: { width: 390, height: 844 } });
    await b.signIn(p, 'admin@demo.com', DEMO_PASSWORDS['admin@demo.com']);
    await context.addCookies([
      { name: 'od-language', value: 'ar', url: b.baseUrl },
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
    ]);
    await p.goto('/dashboards/ecommerce');
    await p.getByRole('heading', { level: 1, name: 'لوحة التجارة الإلكترونية' }).waitFor();
    await p.locator('[data-figure="revenue"]').waitFor();
    expect(await p.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await axeAudit(p, 'ecommerce dashboard dark ar')).toEqual([]);
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await context.close();
  });
});
