// A shop customer's overview counts the orders its list shows (those placed with the e-mail) and sums
// what the paid ones came to: never "Orders 0" beside "Total spent $1,220.24" above "No orders with this
// e-mail", and a cancelled or still pending order is not money spent (the total says it counts paid
// orders only, how many of how many).
import { describe, expect, it } from 'vitest';
import type { TOrder } from '../../../../shared/schemas/ecommerce.ts';
import { signedInPage } from '../../../testing/browser.ts';
import { dataRows, settled } from '../../../testing/list-pages.ts';

const { b, page } = await signedInPage('admin@demo.com', 'admin');

const cents = (text: string) => Number(text.replace(/[^\d]/g, ''));

const fact = (name: string) =>
  page.locator('dt', { hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]');

/** The overview's figures and the orders listed under it, paid or not, on the customer page open. */
async function overviewAndOrders() {
  await page.getByRole('heading', { name: 'Orders placed with this e-mail' }).waitFor();
  await settled(page);
  const empty = await page.getByText('No orders with this e-mail').isVisible();
  const rows = empty
    ? []
    : await page.locator('tbody tr').evaluateAll((trs) =>
        trs.map((tr) => ({
          payment: tr.querySelector('td[data-col="payment"]')?.textContent ?? '',
          spent: tr.querySelector('td[data-col="spent"]')?.textContent ?? '',
        })),
      );
  const paid = rows.filter((r) => r.payment === 'Paid');
  return {
    orders: Number((await fact('Orders').innerText()).replace(/\D/g, '')),
    totalSpent: cents(await fact('Total spent').locator('bdi[dir="ltr"]').innerText()),
    hint: await page.getByTestId('total-spent-hint').innerText(),
    rows,
    paid,
    paidCents: paid.reduce((sum, r) => sum + cents(r.spent), 0),
  };
}

describe('a shop customer', { timeout: 120_000 }, () => {
  it('counts in its overview the orders listed below it and sums the paid ones', async () => {
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
      const seen = await overviewAndOrders();
      expect(seen.orders).toBe(seen.rows.length);
      expect(seen.totalSpent).toBe(seen.paidCents);
      expect(seen.hint).toBe(`Paid orders only: ${seen.paid.length} of ${seen.rows.length}`);
      if (orderBy === 'desc') expect(seen.rows.length).toBeGreaterThan(0);
    }
  });

  it('leaves a cancelled and a pending order out of the total spent, and says so', async () => {
    const res = await b.request({
      method: 'GET',
      url: '/api/apps/ecommerce/orders?itemsPerPage=-1',
      as: 'admin@demo.com',
    });
    expect(res.statusCode).toBe(200);
    const { orders } = res.json<{ orders: TOrder[] }>();
    for (const payment of ['Cancelled', 'Pending'] as const) {
      const code = payment === 'Cancelled' ? 4 : 2;
      const unpaid = orders.find((o) => o.payment === code)!;
      await page.goto(`/apps/ecommerce/order/details/${unpaid.order}`);
      await page.getByRole('link', { name: unpaid.customer, exact: true }).click();
      const seen = await overviewAndOrders();
      expect(
        seen.rows.map((r) => r.payment),
        payment,
      ).toContain(payment);
      expect(seen.orders, payment).toBe(seen.rows.length);
      expect(seen.totalSpent, payment).toBe(seen.paidCents);
      expect(seen.totalSpent, payment).toBeLessThan(seen.rows.reduce((sum, r) => sum + cents(r.spent), 0));
      expect(seen.hint).toBe(`Paid orders only: ${seen.paid.length} of ${seen.rows.length}`);
    }
  });
});
