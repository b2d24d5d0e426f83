// Browser flows of the sales datatable (/tables/data-table): the figures are the API's, sort and
// search live in the URL and survive a reload; axe in dark Arabic.
import { describe, expect, it } from 'vitest';
import type { TSalesRow } from '../../../shared/schemas/pages.ts';
import { axeAudit } from '../../testing/axe.ts';
import { signedInPage } from '../../testing/browser.ts';
import { dataRows, settled } from '../../testing/list-pages.ts';

const { b, page } = await signedInPage('admin@demo.com', 'admin');

describe('sales datatable', { timeout: 120_000 }, () => {
  it('shows the API rows; sort and search survive a reload', async () => {
    const all = (await (await page.request.get('/api/pages/datatable')).json()) as TSalesRow[];
    const top = [...all].sort((a, z) => z.payment.total - a.payment.total)[0];
    await page.goto('/tables/data-table');
    await dataRows(page).first().waitFor();
    await settled(page);
    await page.getByRole('button', { name: 'Total' }).click();
    await page.getByRole('button', { name: 'Total' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('sortBy') === 'total' && url.searchParams.get('orderBy') === 'desc',
    );
    await page.reload();
    await dataRows(page).first().waitFor();
    await settled(page);
    expect(await dataRows(page).first().textContent()).toContain(top.product.name);
    const buyer = all[0].buyer.name;
    await page.getByRole('searchbox').first().fill(buyer);
    await page.waitForURL((url) => url.searchParams.get('q') === buyer);
    await page.reload();
    await settled(page);
    const expected = all.filter((s) =>
      [s.product.name, s.product.brand, s.buyer.name].some((v) => v.toLowerCase().includes(buyer.toLowerCase())),
    );
    expect(await dataRows(page).count()).toBe(Math.min(expected.length, 10));
    expect(await dataRows(page).first().textContent()).toContain(buyer);
  });

  it('axe finds no serious issue (dark, Arabic)', async () => {
    await page.context().addCookies([
      { name: 'od-language', value: 'ar', url: b.baseUrl },
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
    ]);
    await page.goto('/tables/data-table');
    await dataRows(page).first().waitFor();
    await settled(page);
    expect(await axeAudit(page, 'sales datatable (ar, dark)')).toEqual([]);
  });
});
