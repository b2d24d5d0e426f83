// A shop customer's overview counts and sums the orders its list shows (those placed with the e-mail):
// never "Orders 0" beside "Total spent $1,220.24" above "No orders with this e-mail".
import { describe, expect, it } from 'vitest';
import { signedInPage } from '../../../testing/browser.ts';
import { dataRows, settled } from '../../../testing/list-pages.ts';

const { page } = await signedInPage('admin@demo.com', 'admin');

const cents = (text: string) => Number(text.replace(/[^\d]/g, ''));

describe('a shop customer', { timeout: 120_000 }, () => {
  it('counts and sums in its overview the orders listed below it', async () => {
    // The biggest spenders, and the last one (who may have no order at all).
    for (const [row, orderBy] of [
      [0, 'desc'],
      [1, 'desc'],
      [2, 'desc'],
      [0, 'asc'],
    ] as const) {
      await page.goto(`/apps/ecommerce/customer/list?sortBy=totalSpent&orderBy=${orderBy}`);
      await settled(page);
      await dataRows(page).nth(row).click();
      await page.getByRole('heading', { name: 'Orders placed with this e-mail' }).waitFor();
      await settled(page);
      const empty = await page.getByText('No orders with this e-mail').isVisible();
      const spent = empty ? [] : await page.locator('tbody td[data-col="spent"]').allInnerTexts();
      const fact = (name: string) =>
        page.locator('dt', { hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]');
      expect(Number((await fact('Orders').innerText()).replace(/\D/g, ''))).toBe(spent.length);
      expect(cents(await fact('Total spent').innerText())).toBe(spent.reduce((sum, s) => sum + cents(s), 0));
      if (orderBy === 'desc') expect(spent.length).toBeGreaterThan(0);
    }
  });
});
