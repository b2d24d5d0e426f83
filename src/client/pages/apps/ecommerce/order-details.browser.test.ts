// An order's details page shows what was ordered (lines with quantity, unit price and amount; subtotal,
// shipping, tax and the order's total), where it goes and who pays, and a history that ends at the
// order's status; an order not paid is not offered a dispatch. On a 390 px phone in Arabic nothing
// leaves the page (the customer's e-mail breaks inside its card). The orders list shows every status
// badge whole at 1440 px in each language.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../../../../server/testing/app.ts';
import { PAYMENT, type TOrderDetail } from '../../../../shared/schemas/ecommerce.ts';
import { type AxeFinding, axeAudit } from '../../../testing/axe.ts';
import { setupClientBrowser } from '../../../testing/browser.ts';
import { settled } from '../../../testing/list-pages.ts';

const ADMIN = 'admin@demo.com';
const b = await setupClientBrowser();
const api = (await b.caller(ADMIN)).apps.ecommerce;
const orders = (await api.orders.list({ itemsPerPage: -1 })).items;
const details = await Promise.all(orders.map((o) => api.orders.byNumber({ order: o.order })));

async function signedIn(viewport: { width: number; height: number }, language: string) {
  const { context, page } = await b.newPage({ viewport });
  page.setDefaultTimeout(10_000);
  await b.signIn(page, ADMIN, DEMO_PASSWORDS[ADMIN]);
  await context.addCookies([{ name: 'od-language', value: language, url: b.baseUrl }]);
  afterAll(() => context.close());
  return page;
}

const desktop = await signedIn({ width: 1440, height: 900 }, 'en');
const phone = await signedIn({ width: 390, height: 844 }, 'ar');

/** "$1,234.50" as the page writes amounts in English. */
const usd = (n: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(n);

async function openOrder(page: Page, order: TOrderDetail) {
  await page.goto(`/apps/ecommerce/order/details/${order.order}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.locator('table').first().waitFor();
}

describe('an order’s details page', { timeout: 180_000 }, () => {
  it('lists the lines with quantity, unit price and amount, then subtotal, shipping, tax and total; both addresses', async () => {
    const order =
      details.find((o) => o.lines.length >= 3 && o.shipping > 0) ?? details.find((o) => o.lines.length >= 3)!;
    await openOrder(desktop, order);
    const items = desktop.getByRole('region', { name: 'Items' });
    const table = items.getByRole('table', { name: 'Items' });
    expect(await table.locator('thead th').allInnerTexts()).toEqual(['Product', 'Quantity', 'Unit price', 'Amount']);
    const lines = table.locator('tbody tr');
    expect(await lines.count()).toBe(order.lines.length);
    for (const [i, line] of order.lines.entries()) {
      const cells = await lines.nth(i).locator('th, td').allInnerTexts();
      expect(cells[0]).toContain(line.product);
      expect(cells[0]).toContain(`SKU ${line.sku}`);
      expect(cells.slice(1)).toEqual([String(line.quantity), usd(line.unitPrice), usd(line.total)]);
    }
    const totals = await items.locator('dl').innerText();
    for (const [label, amount] of [
      ['Subtotal', order.subtotal],
      ['Shipping', order.shipping],
      ['Tax', order.tax],
      ['Total', order.spent],
    ] as const)
      expect(totals).toMatch(new RegExp(`${label}\\s+${usd(amount).replace(/[$.]/g, '\\$&')}`));
    expect(order.subtotal + order.shipping + order.tax).toBeCloseTo(order.spent, 2);

    for (const [name, address] of [
      ['Shipping address', order.shippingAddress!],
      ['Billing address', order.billingAddress!],
    ] as const) {
      const text = await desktop.getByRole('region', { name }).locator('address').innerText();
      expect(text.split('\n')).toEqual([
        address.name,
        address.street,
        `${address.postalCode} ${address.city}`,
        new Intl.DisplayNames(['en'], { type: 'region' }).of(address.countryCode.toUpperCase()),
      ]);
    }
  });

  it('tells a history from placing to the order’s status, and offers no dispatch before payment', async () => {
    const delivered = details.find((o) => o.status === 'Delivered')!;
    await openOrder(desktop, delivered);
    const history = desktop.getByRole('region', { name: 'Status history' }).locator('li');
    const steps = await history.locator('span:first-child').allInnerTexts();
    expect(steps[0]).toBe('Order placed');
    expect(steps.at(-1)).toBe('Moved to Delivered');
    expect(steps).toHaveLength(delivered.history.length);
    await desktop.getByText('Delivered is the last status.').waitFor();
    expect(await desktop.getByText(/No status change yet/).count()).toBe(0);

    const failed = details.find((o) => o.status === 'Processing' && o.payment === PAYMENT.failed)!;
    await openOrder(desktop, failed);
    await desktop.getByText('It can be dispatched once paid (payment: Failed).').waitFor();
    expect(await desktop.getByRole('button', { name: 'Mark as Dispatched' }).count()).toBe(0);
    await desktop.getByRole('button', { name: 'Mark as Cancelled' }).waitFor();
    expect(await desktop.getByRole('region', { name: 'Status history' }).locator('li').allInnerTexts()).toHaveLength(1);

    const paid = details.find((o) => o.status === 'Processing' && o.payment === PAYMENT.paid)!;
    await openOrder(desktop, paid);
    await desktop.getByRole('button', { name: 'Mark as Dispatched' }).waitFor();
  });

  it('keeps a long e-mail and the lines inside their cards on a 390 px phone in Arabic, with no axe finding', async () => {
    const longest = [...details].sort((a, z) => z.email.length - a.email.length)[0];
    await openOrder(phone, longest);
    expect(await phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const email = phone.getByText(longest.email, { exact: true });
    await email.waitFor();
    const card = phone.getByRole('region', { name: 'العميل' });
    const [box, frame] = [await email.boundingBox(), await card.boundingBox()];
    expect(box!.x).toBeGreaterThanOrEqual(frame!.x);
    expect(box!.x + box!.width).toBeLessThanOrEqual(frame!.x + frame!.width);
    const items = phone.getByRole('region', { name: 'المنتجات' });
    const table = await items.locator('table').boundingBox();
    const itemsFrame = await items.boundingBox();
    expect(table!.x + table!.width).toBeLessThanOrEqual(itemsFrame!.x + itemsFrame!.width + 0.5);
    // Quantity and unit price fold into the product cell: "2 × 125.28 US$".
    await items.locator('tbody th').first().getByText('×').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const serious: AxeFinding[] = await axeAudit(phone, 'order details 390 ar');
    expect(serious).toEqual([]);
  });
});

describe('the orders list at 1440 px', { timeout: 180_000 }, () => {
  for (const language of ['en', 'fr', 'de', 'ar']) {
    it(`shows every status and payment badge whole (${language})`, async () => {
      await desktop.context().addCookies([{ name: 'od-language', value: language, url: b.baseUrl }]);
      await desktop.goto('/apps/ecommerce/order/list?itemsPerPage=100&sortBy=status&orderBy=asc');
      await settled(desktop);
      const cut = await desktop.evaluate(() =>
        [...document.querySelectorAll('tbody td[data-col="status"], tbody td[data-col="payment"]')].flatMap((td) => {
          // The cell's content box clips what does not fit.
          const clip = td.firstElementChild;
          const badge = clip?.querySelector('span');
          if (!clip || !badge) return [];
          const [b, c] = [badge.getBoundingClientRect(), clip.getBoundingClientRect()];
          const whole =
            badge.scrollWidth <= badge.clientWidth + 1 && b.left >= c.left - 0.5 && b.right <= c.right + 0.5;
          return whole ? [] : [badge.textContent ?? ''];
        }),
      );
      expect(new Set(cut)).toEqual(new Set());
      // Every status is on the page, so each badge was measured.
      const statuses = await desktop.locator('tbody td[data-col="status"]').allInnerTexts();
      expect(new Set(statuses).size).toBe(6);
    });
  }
});
