// /pages/pricing: the four plans with their monthly prices, the annual switch (by keyboard,
// kept in the URL: a year is ten months), the comparison table, links only to pages that exist; the
// page is in the menu and the profile menu; axe finds nothing serious in light English at 1440 px and
// dark Arabic at 390 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeAudit } from '../../testing/axe.ts';
import { setupClientBrowser } from '../../testing/browser.ts';

const b = await setupClientBrowser();

const prices = (page: Page) =>
  page
    .getByTestId(/^plan-/)
    .getByTestId('price')
    .allInnerTexts();
const billed = (page: Page) =>
  page
    .getByTestId(/^plan-/)
    .getByTestId('billed')
    .allInnerTexts();
/** "€29" in English, whatever the space Intl puts. */
const euros = (n: number) => `€${n}`;

describe('the pricing page', { timeout: 120_000 }, () => {
  it('shows the plans monthly and annually, keeps the period in the URL, and links only to real pages', async () => {
    const { context, page } = await b.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(15_000);
    await b.signIn(page, 'admin@demo.com', 'admin');

    // In the profile menu.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Pricing' }).click();
    await page.waitForURL('**/pages/pricing');
    await page.getByRole('heading', { level: 1, name: 'Plans and pricing' }).waitFor();

    expect(await page.getByRole('list', { name: 'Plans' }).getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      'Basic',
      'Team',
      'Company',
      'Enterprise',
    ]);
    expect(await prices(page)).toEqual(['Free', euros(29), euros(79), euros(199)]);
    expect(await billed(page)).toEqual([
      'Free, with no time limit',
      'Billed every month',
      'Billed every month',
      'Billed every month',
    ]);

    // The annual switch by keyboard: a radio group, the arrow moves and selects.
    const monthly = page.getByRole('radio', { name: 'Monthly' });
    expect(await monthly.isChecked()).toBe(true);
    await monthly.focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.searchParams.get('billing') === 'annual');
    expect(await page.getByRole('radio', { name: 'Annual' }).isChecked()).toBe(true);
    // Ten months a year: 290 / 12 ≈ 24, 790 / 12 ≈ 66, 1990 / 12 ≈ 166.
    await expect.poll(() => prices(page)).toEqual(['Free', euros(24), euros(66), euros(166)]);
    expect(await billed(page)).toEqual([
      'Free, with no time limit',
      `Billed ${euros(290)} a year`,
      `Billed ${euros(790)} a year`,
      `Billed ${`€1,990`} a year`,
    ]);
    await page.reload();
    expect(await page.getByRole('radio', { name: 'Annual' }).isChecked()).toBe(true);
    await expect.poll(() => prices(page)).toEqual(['Free', euros(24), euros(66), euros(166)]);

    // The comparison: a row per feature, a column per plan.
    const table = page.getByTestId('pricing-compare');
    expect(await table.locator('thead th').allInnerTexts()).toEqual([
      'Feature',
      'Basic',
      'Team',
      'Company',
      'Enterprise',
    ]);
    expect(await table.locator('tbody tr').filter({ hasText: 'Users' }).locator('td').allInnerTexts()).toEqual([
      '1',
      '5',
      '25',
      'Unlimited',
    ]);
    expect(await table.locator('tbody tr').filter({ hasText: 'Single sign-on' }).locator('td').allInnerTexts()).toEqual(
      ['Not included', 'Not included', 'Not included', 'Included'],
    );

    // Every link on the page leads to a page that renders (no "Page not found").
    const hrefs = await page
      .locator('main a[href^="/"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
    expect(hrefs).toEqual(['/pages/faq', '/pages/help-center']);
    await page.getByRole('link', { name: 'Read the FAQ' }).click();
    await page.waitForURL('**/pages/faq');
    await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();

    // The side menu lists it under Pages.
    expect(await page.locator('nav a[href="/pages/pricing"]').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('finds no serious or critical accessibility issue, in light English at 1440 px and dark Arabic at 390 px', async () => {
    for (const [theme, language, width] of [
      ['light', 'en', 1440],
      ['dark', 'ar', 390],
    ] as const) {
      const { context, page } = await b.newPage({ viewport: { width, height: 844 } });
      page.setDefaultTimeout(15_000);
      await b.signIn(page, 'admin@demo.com', 'admin');
      await context.addCookies([
        { name: 'od-theme', value: theme, url: b.baseUrl },
        { name: 'od-language', value: language, url: b.baseUrl },
      ]);
      await page.goto('/pages/pricing?billing=annual');
      await page.getByTestId('pricing-compare').waitFor();
      if (language === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await page.waitForLoadState('networkidle');
      expect(await axeAudit(page, `/pages/pricing ${theme} ${language} ${width}px`)).toEqual([]);
      if (width === 390)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await context.close();
    }
  });
});
