// Browser flows of the invoice pages as admin@demo.com: create an invoice with reordered
// lines, see the server's totals after a reload, edit it, record a payment, send it, print it on A4 and
// Letter (issuer block, amounts in dollars), read it on a 390 px phone (lines stacked),
// filter and delete on the list; a reader sees it read-only; axe in dark Arabic.
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { axeAudit } from '../../../testing/axe.ts';
import { signedInPage } from '../../../testing/browser.ts';
import { confirm, dataRows, dialog, notice, row, rowAction, settled } from '../../../testing/list-pages.ts';

const { b, page } = await signedInPage('admin@demo.com', 'admin');
let created = 0;

const item = (n: number) => page.getByRole('listitem', { name: `Item ${n}`, exact: true });

describe('invoice pages as admin', { timeout: 120_000 }, () => {
  it('add: client, lines added, reordered and removed, discount and tax; the server total survives a reload', async () => {
    await page.goto('/apps/invoice/add');
    await page.getByRole('heading', { name: 'New invoice' }).waitFor();
    await page.getByRole('button', { name: 'Save invoice' }).click();
    await page.getByText('Choose a client').last().waitFor();
    await page.getByRole('searchbox', { name: 'Search clients' }).fill('a');
    const client = page.getByRole('combobox', { name: 'Client' });
    await client.locator('option').nth(1).waitFor({ state: 'attached' });
    await client.selectOption({ index: 1 });
    await item(1).getByLabel('Description').fill('Workshop');
    await item(1).getByLabel('Quantity').fill('2');
    await item(1).getByLabel('Price').fill('150');
    await page.getByRole('button', { name: 'Add item' }).click();
    await item(2).getByLabel('Description').fill('Travel');
    await item(2).getByLabel('Price').fill('40.5');
    await page.getByRole('button', { name: 'Add item' }).click();
    await item(3).getByLabel('Description').fill('Scrap');
    await page.getByRole('button', { name: 'Remove item 3' }).click();
    await page.getByRole('button', { name: 'Move item 2 up' }).click();
    expect(await item(1).getByLabel('Description').inputValue()).toBe('Travel');
    await page.getByLabel('Discount').fill('20.5');
    await page.getByLabel('Tax (%)').fill('10');
    await page.getByLabel('Note').fill('Paid within 30 days, please.');
    // (300 + 40.5 - 20.5) * 1.1 = 352
    expect(await page.getByTestId('invoice-total').textContent()).toBe('$352.00');
    await page.getByRole('button', { name: 'Save invoice' }).click();
    await page.waitForURL(/\/apps\/invoice\/preview\/\d+$/);
    created = Number(new URL(page.url()).pathname.split('/').pop());
    await page.reload();
    await page.getByTestId('invoice-total').filter({ hasText: '$352.00' }).waitFor();
    const lines = page.locator('[data-invoice-sheet] tbody tr');
    expect(await lines.allTextContents()).toEqual(['Travel1$40.50$40.50', 'Workshop2$150.00$300.00']);
    await page.getByText('Paid within 30 days, please.').waitFor();
  });

  it('edit, record a payment and send; each change is there after a reload', async () => {
    await page.goto(`/apps/invoice/edit/${created}`);
    await item(2).getByLabel('Quantity').fill('3');
    await page.getByRole('button', { name: 'Save invoice' }).click();
    await page.waitForURL(`**/apps/invoice/preview/${created}`);
    // (450 + 40.5 - 20.5) * 1.1 = 517
    await page.getByTestId('invoice-total').filter({ hasText: '$517.00' }).waitFor();

    await page.getByRole('button', { name: 'Record payment' }).click();
    const pay = dialog(page, `Record a payment on invoice #${created}`);
    await pay.getByLabel('Amount').fill('17');
    await pay.getByLabel('Method').selectOption('Card');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await notice(page, 'Payment of $17.00 recorded.');
    await page.reload();
    await page.getByTestId('invoice-balance').filter({ hasText: '$500.00' }).waitFor();
    await page.locator('[data-invoice-sheet]').getByText('Partial payment').waitFor();

    await page.getByRole('button', { name: 'Send' }).click();
    const send = dialog(page, `Send invoice #${created}`);
    await send.getByLabel('To').fill('accounts@client.example');
    await send.getByRole('button', { name: 'Send' }).click();
    await notice(page, `Invoice #${created} sent to accounts@client.example.`);
    await page.reload();
    await page.getByText(/^Last sent /).waitFor();
  });

  it('prints only the sheet, within the page width, on A4 and Letter', async () => {
    await page.emulateMedia({ media: 'print' });
    const fits = await page.evaluate(() => {
      const sheet = document.querySelector<HTMLElement>('[data-invoice-sheet]')!;
      const nav = document.querySelector('nav');
      return {
        overflow: sheet.scrollWidth - sheet.clientWidth,
        navShown: nav ? getComputedStyle(nav).display : 'none',
      };
    });
    expect(fits).toEqual({ overflow: 0, navShown: 'none' });
    for (const format of ['A4', 'Letter'] as const) {
      const pdf = await page.pdf({ format, printBackground: true });
      const { totalPages, text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
      expect(totalPages, format).toBe(1);
      expect(text).toContain(`Invoice #${created}`);
      // The issuer block and the currency on the amounts.
      expect(text).toContain('$517.00');
      expect(text).toContain('From');
      expect(text).toContain('Acme Retail Group');
      expect(text).toContain('12 quai Perrache');
      expect(text).toContain('Lyon, France');
      expect(text).not.toContain('Record payment');
      expect(text).not.toContain('All invoices');
    }
    await page.emulateMedia({ media: null });
  });

  it('on a 390 px phone the preview stacks its lines: descriptions read across, nothing wider than the page (en, ar; light, dark)', async () => {
    const { context, page: phone } = await b.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await b.signIn(phone, 'admin@demo.com', 'admin');
      for (const [language, theme] of [
        ['en', 'light'],
        ['ar', 'dark'],
      ] as const) {
        await context.addCookies([
          { name: 'od-language', value: language, url: b.baseUrl },
          { name: 'od-theme', value: theme, url: b.baseUrl },
        ]);
        await phone.goto(`/apps/invoice/preview/${created}`);
        await phone.locator('[data-invoice-sheet] tbody tr').first().waitFor();
        const shape = await phone.evaluate(() => {
          const sheet = document.querySelector<HTMLElement>('[data-invoice-sheet]')!;
          const cells = [...sheet.querySelectorAll<HTMLElement>('tbody tr td:first-child')];
          return {
            page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
            sheet: sheet.scrollWidth - sheet.clientWidth,
            // The narrowest description cell: with four table columns it was ~40 px (2–3 letters a line).
            narrowest: Math.min(...cells.map((c) => c.getBoundingClientRect().width)),
            sheetWidth: sheet.getBoundingClientRect().width,
          };
        });
        expect(shape.page, language).toBeLessThanOrEqual(0);
        expect(shape.sheet, language).toBeLessThanOrEqual(0);
        expect(shape.narrowest, language).toBeGreaterThan(shape.sheetWidth * 0.7);
        // Each figure of a stacked line says what it is.
        const price = phone.locator('[data-invoice-sheet] tbody tr').first().locator('td').nth(2);
        expect(await price.evaluate((td) => getComputedStyle(td, '::before').content), language).toBe(
          language === 'en' ? '"Price"' : '"السعر"',
        );
        await phone.getByTestId('invoice-issuer').getByText('Acme Retail Group').waitFor();
      }
    } finally {
      await context.close();
    }
  });

  it('list: filters by status and dates in the URL, then deletes the invoice for good', async () => {
    await page.goto(`/apps/invoice/list?q=${created}`);
    await row(page, `#${created}`).waitFor();
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'Partial payment' });
    await page.waitForURL((url) => url.searchParams.get('status') === 'Partial Payment');
    await row(page, `#${created}`).waitFor();
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('Issued from').fill(today);
    await page.waitForURL((url) => url.searchParams.get('issuedFrom') === today);
    await settled(page);
    await row(page, `#${created}`).waitFor();
    await page.reload();
    await row(page, `#${created}`).waitFor();
    await rowAction(page, `Invoice #${created}`, 'Delete');
    await confirm(page, 'Delete');
    await notice(page, `“Invoice #${created}” deleted.`);
    await page.reload();
    await settled(page);
    expect(await dataRows(page).count()).toBe(0);
  });
});

describe('invoice pages as a reader and in dark Arabic', { timeout: 120_000 }, () => {
  it('a team leader reads the list and an invoice, with no way to change them', async () => {
    const { context, page: reader } = await b.newPage();
    try {
      await b.signInAt(reader, 'teamleader@demo.com', 'teamleader', '/apps/invoice/list');
      await dataRows(reader).first().waitFor();
      expect(await reader.getByRole('button', { name: 'New invoice' }).count()).toBe(0);
      await dataRows(reader).first().press('Enter');
      await reader.waitForURL(/\/apps\/invoice\/preview\/\d+$/);
      await reader.locator('[data-invoice-sheet]').waitFor();
      expect(await reader.getByRole('button', { name: 'Record payment' }).count()).toBe(0);
      await reader.goto('/apps/invoice/add');
      await reader.waitForURL('**/not-authorized');
    } finally {
      await context.close();
    }
  });

  it('axe finds no serious issue on the list, the editor and the preview (dark, Arabic)', async () => {
    await page.context().addCookies([
      { name: 'od-language', value: 'ar', url: b.baseUrl },
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
    ]);
    await page.goto('/apps/invoice/list');
    await dataRows(page).first().waitFor();
    await settled(page);
    const serious = await axeAudit(page, 'invoice list (ar, dark)');
    await page.goto('/apps/invoice/edit/4990');
    await page.getByRole('heading', { name: 'تعديل الفاتورة رقم 4990' }).waitFor();
    serious.push(...(await axeAudit(page, 'invoice editor (ar, dark)')));
    await page.goto('/apps/invoice/preview/4990');
    await page.locator('[data-invoice-sheet]').waitFor();
    serious.push(...(await axeAudit(page, 'invoice preview (ar, dark)')));
    expect(serious).toEqual([]);
  });
});
