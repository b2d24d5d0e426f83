// A shop customer's overview counts the orders its list shows (those placed with the e-mail): never
// "Orders 14" above "No orders with this e-mail".
import { describe, expect, it } from 'vitest';
import { signedInPage } from '../../../testing/browser.ts';
import { dataRows, settled } from '../../../testing/list-pages.ts';

const { page } = await signedInPage('admin@demo.com', 'admin');

describe('a shop customer', { timeout: 120_000 }, () => {
  it('counts in its overview the orders listed below it', async () => {
    for (const row of [0, 1, 2]) {
      await page.goto('/apps/ecommerce/customer/list?sortBy=totalSpent&orderBy=desc');
      await settled(page);
      await dataRows(page).nth(row).click();
      await page.getByRole('heading', { name: 'Orders placed with this e-mail' }).waitFor();
      await settled(page);
      const empty = await page.getByText('No orders with this e-mail').isVisible();
      const range = await page
        .getByText(/\d+-\d+ of \d+/)
        .first()
        .textContent()
        .catch(() => null);
      const listed = empty ? 0 : Number(/of (\d+)/.exec(range ?? '')?.[1]);
      const fact = page.locator('dt', { hasText: /^Orders$/ }).locator('xpath=following-sibling::dd[1]');
      await expect.poll(async () => Number((await fact.innerText()).replace(/\D/g, ''))).toBe(listed);
    }
  });
});
