// Browser flows of the e-commerce pages as admin@demo.com (their customer's own copy of the shop): each
// change is checked after a reload. Then what a reader (analyst) sees, the client role refused, and axe
// on every page in dark Arabic.
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../../../../server/testing/app.ts';
import { type AxeFinding, axeAudit } from '../../../testing/axe.ts';
import { signedInPage } from '../../../testing/browser.ts';
import { confirm, dataRows, notice, settled } from '../../../testing/list-pages.ts';

const { b, page } = await signedInPage('admin@demo.com', DEMO_PASSWORDS['admin@demo.com']);

async function signedIn(email: string) {
  const { context, page: p } = await b.newPage();
  p.setDefaultTimeout(10_000);
  await b.signIn(p, email, DEMO_PASSWORDS[email]);
  return { context, page: p };
}

const PAGES = [
  '/apps/ecommerce/product/list',
  '/apps/ecommerce/order/list',
  '/apps/ecommerce/customer/list',
  '/apps/ecommerce/manage-review',
  '/apps/ecommerce/referrals',
  '/apps/ecommerce/settings',
];

describe('e-commerce pages as admin', { timeout: 120_000 }, () => {
  it('products: stat cards and filters from the URL; a deleted product is gone after a reload', async () => {
    await page.goto('/apps/ecommerce/product/list?category=Shoes');
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.getByRole('region', { name: 'Product figures' }).getByText('Stock value').waitFor();
    await settled(page);
    const rows = await dataRows(page).count();
    expect(rows).toBeGreaterThan(0);
    for (let i = 0; i < rows; i++)
      expect(await dataRows(page).nth(i).locator('td[data-col="category"]').textContent()).toBe('Shoes');
    const first = dataRows(page).first();
    const key = await first.getAttribute('data-row-key');
    const name = (await first.locator('td[data-col="product"] bdi').first().textContent())!;
    await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    await confirm(page, 'Delete');
    await notice(page, /deleted/);
    await page.reload();
    await settled(page);
    expect(await page.locator(`tbody tr[data-row-key="${key}"]`).count()).toBe(0);
  });

  it('orders: a row opens its details; a status move is kept with its history after a reload', async () => {
    // Status sorted descending: "Ready to Pickup" orders come first, and they move to Delivered.
    await page.goto('/apps/ecommerce/order/list?sortBy=status&orderBy=desc');
    await settled(page);
    await dataRows(page).first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/apps/ecommerce/order/details/'));
    await page.getByRole('button', { name: 'Mark as Delivered' }).click();
    await notice(page, /is now Delivered/);
    await page.reload();
    await page.getByRole('region', { name: 'Status history' }).getByText('Moved to Delivered').waitFor();
    expect(await page.getByRole('button', { name: /^Mark as/ }).count()).toBe(0);
    await page.getByText('Delivered is the last status.').waitFor();
  });

  it('orders at 1440 px: every customer’s name is whole, and the date and payment method are not cut (en, fr, de, ar)', async () => {
    const { context, page: p } = await b.newPage({ viewport: { width: 1440, height: 900 } });
    p.setDefaultTimeout(15_000);
    await b.signIn(p, 'admin@demo.com', DEMO_PASSWORDS['admin@demo.com']);
    const cut: string[] = [];
    for (const language of ['en', 'fr', 'de', 'ar']) {
      await context.addCookies([{ name: 'od-language', value: language, url: b.baseUrl }]);
      await p.goto('/apps/ecommerce/order/list');
      await settled(p);
      await dataRows(p).first().waitFor();
      cut.push(
        ...(await p.evaluate((lang) => {
          const found: string[] = [];
          const scroller = document.querySelector('table[data-list-body]')?.parentElement;
          if (scroller && scroller.scrollWidth > scroller.clientWidth + 1) found.push(`${lang}: scrolls sideways`);
          for (const tr of document.querySelectorAll('tbody tr[tabindex="0"]')) {
            const lines = [
              ...tr.querySelectorAll('td[data-col="customers"] bdi:not([data-detail])'),
              ...tr.querySelectorAll('td[data-col="date"] span > span, td[data-col="method"] span > span'),
            ] as HTMLElement[];
            for (const line of lines)
              if (line.scrollWidth > line.clientWidth + 1) found.push(`${lang}: "${line.textContent}" cut`);
          }
          return found;
        }, language)),
      );
    }
    expect(cut).toEqual([]);
    await context.close();
  });

  it('customers: a row opens the customer with overview, address and orders; an unknown number says so', async () => {
    await page.goto('/apps/ecommerce/customer/list?sortBy=totalSpent&orderBy=desc');
    await settled(page);
    const name = (await dataRows(page).first().locator('td[data-col="customer"] bdi').first().textContent())!;
    await dataRows(page).first().click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('region', { name: 'Overview' }).waitFor();
    await page.getByRole('region', { name: 'Address and contact' }).waitFor();
    await page.getByRole('heading', { name: 'Orders placed with this e-mail' }).waitFor();
    await page.goto('/apps/ecommerce/customer/details/1');
    await page.getByRole('heading', { level: 1, name: 'No customer #1 in this shop' }).waitFor();
  });

  it('reviews: an approved review stays published after a reload', async () => {
    await page.goto('/apps/ecommerce/manage-review?status=Pending');
    await settled(page);
    const first = dataRows(page).first();
    const key = (await first.getAttribute('data-row-key'))!;
    await first.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Approve', exact: true }).click();
    await notice(page, /published/);
    await page.reload();
    await settled(page);
    expect(await page.locator(`tbody tr[data-row-key="${key}"]`).count()).toBe(0);
    await page.goto('/apps/ecommerce/manage-review?status=Published&itemsPerPage=100');
    await settled(page);
    await page.locator(`tbody tr[data-row-key="${key}"]`).waitFor();
  });

  it('referrals: stat cards and the list', async () => {
    await page.goto('/apps/ecommerce/referrals');
    await page.getByRole('region', { name: 'Referral figures' }).getByText('Earnings to pay').waitFor();
    await settled(page);
    expect(await dataRows(page).count()).toBeGreaterThan(0);
  });

  it('settings: a saved store name and shipping rate are there after a reload; a bad e-mail is refused on its field', async () => {
    await page.goto('/apps/ecommerce/settings');
    await page.getByLabel('Store name').fill('Acme outlet');
    await page.getByLabel('Flat rate ($)').fill('7.5');
    await page.getByLabel('Store e-mail').fill('not-an-email');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Enter a valid email address').waitFor();
    await page.getByLabel('Store e-mail').fill('shop@acme.example');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await notice(page, 'Store settings saved');
    await page.reload();
    expect(await page.getByLabel('Store name').inputValue()).toBe('Acme outlet');
    expect(await page.getByLabel('Flat rate ($)').inputValue()).toBe('7.5');
  });

  it('a reader sees the pages read-only; the client role is refused', async () => {
    const reader = await signedIn('analyst@demo.com');
    await reader.page.goto('/apps/ecommerce/settings');
    await reader.page.getByText('only a shop manager can change them').first().waitFor();
    expect(await reader.page.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
    expect(await reader.page.getByLabel('Store name').isDisabled()).toBe(true);
    await reader.page.goto('/apps/ecommerce/product/list');
    await settled(reader.page);
    expect(await reader.page.getByRole('button', { name: /^Actions for / }).count()).toBe(0);
    await reader.context.close();
    const client = await signedIn('client@demo.com');
    await client.page.goto('/apps/ecommerce/product/list');
    await client.page.waitForURL((url) => url.pathname === '/not-authorized');
    await client.context.close();
  });

  it('has no serious or critical axe finding on any shop page in dark Arabic', async () => {
    const { context, page: p } = await signedIn('admin@demo.com');
    await context.addCookies([
      { name: 'od-language', value: 'ar', url: b.baseUrl },
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
    ]);
    const serious: AxeFinding[] = [];
    for (const path of PAGES) {
      await p.goto(path);
      await p.getByRole('heading', { level: 1 }).first().waitFor();
      if (path !== '/apps/ecommerce/settings') await settled(p);
      expect(await p.evaluate(() => document.documentElement.dir)).toBe('rtl');
      serious.push(...(await axeAudit(p, `${path} dark ar`)));
    }
    await p.goto('/apps/ecommerce/order/list');
    await settled(p);
    await dataRows(p).first().click();
    await p.getByRole('heading', { level: 2, name: 'سجل الحالات' }).waitFor();
    serious.push(...(await axeAudit(p, 'order details dark ar')));
    expect(serious).toEqual([]);
    await context.close();
  });
});
