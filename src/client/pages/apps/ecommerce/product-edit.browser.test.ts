// Browser flows of the shop's product form and category list as admin@demo.com (their customer's own
// copy of the shop): a category created, renamed, offered by the product list's filter and refused for
// deletion while a product uses it; a product created with two uploaded images, reordered, saved and
// checked after a reload, then edited (a stale version is a conflict, a vanished category a message on
// its field, leaving with unsaved changes asks); a reader sees the form read-only; axe at 390 px dark ar.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../../../../server/testing/app.ts';
import { type AxeFinding, axeAudit } from '../../../testing/axe.ts';
import { setupClientBrowser } from '../../../testing/browser.ts';
import { confirm, dialog, notice, row, rowAction, settled } from '../../../testing/list-pages.ts';

const b = await setupClientBrowser();

const { context, page } = await b.newPage();
page.setDefaultTimeout(10_000);
await b.signIn(page, 'admin@demo.com', DEMO_PASSWORDS['admin@demo.com']);
afterAll(() => context.close());

const picture = (r: number, g: number, bl: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b: bl } } })
    .png()
    .toBuffer();
const red = await picture(220, 40, 40);
const blue = await picture(40, 60, 220);

/** A tRPC mutation from the page (the session cookie with its XSRF token), as another tab would send it. */
async function mutate(p: Page, procedure: string, input: unknown): Promise<{ status: number; body: unknown }> {
  return p.evaluate(
    async ({ procedure, input }) => {
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.slice('XSRF-TOKEN='.length) ?? '',
      );
      const res = await fetch(`/trpc/${procedure}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        body: JSON.stringify({ json: input }),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    { procedure, input },
  );
}

/** The gallery's image URLs in order. */
const gallery = (p: Page) =>
  p.locator('img[data-image-url]').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('data-image-url')));

const CATEGORY = 'Stationery S4';
const RENAMED = 'Desk supplies S4';
const PRODUCT = 'Walnut pen tray';
let productPath = '';

describe('shop products and categories as admin', { timeout: 180_000 }, () => {
  it('categories: creates one in the drawer and renames it; the list keeps it after a reload; the product filter offers it', async () => {
    await page.goto('/apps/ecommerce/product/category-list');
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    await settled(page);
    await page.getByRole('button', { name: 'Add category' }).first().click();
    const create = dialog(page, 'Add category');
    await create.getByLabel('Category').fill(CATEGORY);
    await create.getByLabel('Description').fill('Paper, pens and trays');
    await create.getByRole('button', { name: 'Save' }).click();
    await notice(page, `“${CATEGORY}” saved.`);
    await rowAction(page, CATEGORY, 'Edit');
    const edit = dialog(page, `Edit ${CATEGORY}`);
    await edit.getByLabel('Category').fill(RENAMED);
    await edit.getByRole('button', { name: 'Save' }).click();
    await notice(page, `“${RENAMED}” saved.`);
    await page.reload();
    await settled(page);
    await row(page, RENAMED).getByText('Paper, pens and trays').waitFor();
    expect(await row(page, CATEGORY).count()).toBe(0);

    await page.goto('/apps/ecommerce/product/list');
    await settled(page);
    // The menu has the shop's product pages now that they exist.
    await page.locator('nav a[href="/apps/ecommerce/product/add"]').waitFor();
    await page.locator('nav a[href="/apps/ecommerce/product/category-list"]').waitFor();
    const options = await page
      .getByRole('combobox', { name: 'Category', exact: true })
      .locator('option')
      .allTextContents();
    expect(options).toContain(RENAMED);
    expect(options).toContain('Shoes');
  });

  it('adds a product with two uploaded images, reorders them, saves, and finds every value after a reload', async () => {
    await page.goto('/apps/ecommerce/product/list');
    await page.getByRole('button', { name: 'Add product' }).first().click();
    await page.waitForURL('**/apps/ecommerce/product/add');
    await page.getByRole('heading', { level: 1, name: 'Add a product' }).waitFor();

    // Nothing filled: the fields say what is missing, by name.
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByRole('textbox', { name: 'Name' }).and(page.locator('[aria-invalid="true"]')).waitFor();

    await page.getByRole('textbox', { name: 'Name' }).fill(PRODUCT);
    await page.getByLabel('Brand').fill('Oakline');
    // A SKU is a shop's own code: letters, digits and dashes ("TSH-BLU-M"); anything else is said on the field.
    await page.getByLabel('SKU').fill('TSH BLU/M');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByText('SKU may contain letters, digits, "-", "_" and "." only').waitFor();
    expect(await page.getByLabel('SKU').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('SKU').fill('TSH-BLU-M');
    await page.getByText('SKU may contain letters, digits, "-", "_" and "." only').waitFor({ state: 'detached' });
    expect(await page.getByLabel('SKU').getAttribute('aria-invalid')).not.toBe('true');
    await page.getByLabel('SKU').fill('DESK-ORG-480113');
    await page.getByLabel('Description').fill('Two trays and a pen rail.');
    await page.getByLabel('Price ($)').fill('39.5');
    await page.getByLabel('Discount (%)').fill('10');
    await page.getByLabel('Quantity').fill('12');
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: RENAMED });
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Scheduled' });

    // Images are chosen with a labelled button, from the keyboard; no raw file input shows its browser's words.
    const rawInputs = await page
      .locator('input[type="file"]')
      .evaluateAll((inputs) => inputs.map((i) => [i.getAttribute('aria-hidden'), i.getBoundingClientRect().width]));
    expect(rawInputs).toEqual([['true', 1]]);
    const picker = page.getByRole('button', { name: 'Add images' });
    expect(await picker.getAttribute('aria-describedby')).toBeTruthy();
    let chooser = page.waitForEvent('filechooser');
    await picker.press('Enter');
    await (await chooser).setFiles([
      { name: 'red.png', mimeType: 'image/png', buffer: red },
      { name: 'blue.png', mimeType: 'image/png', buffer: blue },
    ]);
    await expect.poll(async () => (await gallery(page)).length, { timeout: 20_000 }).toBe(2);

    // A chosen file is listed by name while it uploads, and can be taken back.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/files', async (route) => {
      await held;
      // Taken back, the request is gone by then.
      await route.continue().catch(() => undefined);
    });
    chooser = page.waitForEvent('filechooser');
    await picker.click();
    await (await chooser).setFiles([{ name: 'green.png', mimeType: 'image/png', buffer: await picture(40, 200, 60) }]);
    const upload = page.getByRole('listitem', { name: 'green.png' });
    await upload.getByText('green.png', { exact: true }).waitFor();
    await upload.getByRole('button', { name: 'Cancel the upload of green.png' }).click();
    await upload.waitFor({ state: 'detached' });
    release();
    await page.unroute('**/api/files');
    expect(await gallery(page)).toHaveLength(2);
    const [first, second] = await gallery(page);
    expect(first).toMatch(/^\/api\/files\/\d+\?inline=1$/);
    // Previews are the stored files.
    await expect
      .poll(() =>
        page
          .locator('img[data-image-url]')
          .first()
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBe(64);

    // Reorder with the keyboard: the second image moves up and becomes the cover.
    await page.getByRole('button', { name: 'Move image 2 up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => gallery(page)).toEqual([second, first]);
    // The moved image's other move button keeps the keyboard (its "up" one is disabled at the top).
    await expect
      .poll(() =>
        page.getByRole('button', { name: 'Move image 1 down' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);

    await page.getByRole('button', { name: 'Create product' }).click();
    await page.waitForURL('**/apps/ecommerce/product/list');
    await notice(page, `${PRODUCT} saved`);

    await page.goto(`/apps/ecommerce/product/list?q=${encodeURIComponent(PRODUCT)}`);
    await settled(page);
    await row(page, PRODUCT).click();
    await page.waitForURL((url) => url.pathname.startsWith('/apps/ecommerce/product/edit/'));
    productPath = new URL(page.url()).pathname;
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Edit ${PRODUCT}` }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(PRODUCT);
    expect(await page.getByLabel('Brand').inputValue()).toBe('Oakline');
    expect(await page.getByLabel('SKU').inputValue()).toBe('DESK-ORG-480113');
    expect(await page.getByLabel('Description').inputValue()).toBe('Two trays and a pen rail.');
    expect(await page.getByLabel('Price ($)').inputValue()).toBe('39.5');
    expect(await page.getByLabel('Discount (%)').inputValue()).toBe('10');
    expect(await page.getByLabel('Quantity').inputValue()).toBe('12');
    expect(await page.getByRole('combobox', { name: 'Category' }).inputValue()).toBe(RENAMED);
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('Scheduled');
    expect(await gallery(page)).toEqual([second, first]);
  });

  it('edits it: leaving asks first, a stale version is a conflict, a vanished category is named on its field', async () => {
    await page.goto(productPath);
    await page.getByRole('heading', { level: 1, name: `Edit ${PRODUCT}` }).waitFor();
    await page.getByLabel('Quantity').fill('7');
    await page.getByRole('link', { name: 'Back to products' }).click();
    await page
      .getByRole('alertdialog', { name: 'Discard changes?' })
      .getByRole('button', { name: 'Keep editing' })
      .click();
    expect(new URL(page.url()).pathname).toBe(productPath);

    // Someone else saves the product meanwhile: saving says so, and Overwrite is the person's choice.
    const id = Number(productPath.split('/').pop());
    const read = await page.evaluate(
      async (id) =>
        (await (
          await fetch(
            `/trpc/apps.ecommerce.products.byId?input=${encodeURIComponent(JSON.stringify({ json: { id } }))}`,
          )
        ).json()) as unknown,
      id,
    );
    const other = (read as { result: { data: { json: Record<string, unknown> } } }).result.data.json;
    const { status } = await mutate(page, 'apps.ecommerce.products.save', { ...other, price: 41 });
    expect(status).toBe(200);
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.getByText('Someone else changed this record').waitFor();
    expect(new URL(page.url()).pathname).toBe(productPath);
    await page.getByRole('button', { name: 'Overwrite' }).click();
    await page.waitForURL('**/apps/ecommerce/product/list');

    // A category deleted while the form is open: the server's message lands on the Category field.
    await page.goto(productPath);
    await page.getByRole('heading', { level: 1, name: `Edit ${PRODUCT}` }).waitFor();
    expect(await page.getByLabel('Quantity').inputValue()).toBe('7');
    const temp = await mutate(page, 'apps.ecommerce.categories.save', { name: 'Short-lived S4' });
    const tempId = (temp.body as { result: { data: { json: { id: number } } } }).result.data.json.id;
    await page.reload();
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Short-lived S4' });
    expect((await mutate(page, 'apps.ecommerce.categories.delete', { id: tempId })).status).toBe(200);
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.getByText(/category must be one of the shop's categories/).waitFor();
    expect(await page.getByRole('combobox', { name: 'Category' }).getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: RENAMED });
    await page.getByRole('button', { name: 'Remove image 1' }).click();
    expect(await gallery(page)).toHaveLength(1);
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.waitForURL('**/apps/ecommerce/product/list');
    await page.goto(productPath);
    await page.getByRole('heading', { level: 1, name: `Edit ${PRODUCT}` }).waitFor();
    expect(await gallery(page)).toHaveLength(1);
  });

  it('refuses to delete a category its products use, with the server’s message; an unused one is deleted', async () => {
    await page.goto('/apps/ecommerce/product/category-list');
    await settled(page);
    await row(page, RENAMED).getByText('1', { exact: true }).waitFor();
    await rowAction(page, RENAMED, 'Delete');
    await confirm(page, 'Delete');
    await page
      .getByText(`The category "${RENAMED}" is used by 1 product; move them to another category first`)
      .waitFor();
    await page.reload();
    await settled(page);
    await row(page, RENAMED).waitFor();

    await page.getByRole('button', { name: 'Add category' }).first().click();
    await dialog(page, 'Add category').getByLabel('Category').fill('Unused S4');
    await dialog(page, 'Add category').getByRole('button', { name: 'Save' }).click();
    await notice(page, '“Unused S4” saved.');
    await rowAction(page, 'Unused S4', 'Delete');
    await confirm(page, 'Delete');
    await notice(page, '“Unused S4” deleted.');
    await page.reload();
    await settled(page);
    expect(await row(page, 'Unused S4').count()).toBe(0);
  });

  it('shows a reader the product read-only, keeps the add page from them, and refuses the client role', async () => {
    const reader = await b.newPage();
    reader.page.setDefaultTimeout(10_000);
    await b.signInAt(reader.page, 'analyst@demo.com', DEMO_PASSWORDS['analyst@demo.com'], productPath);
    await reader.page.getByText('only a shop manager can change it').first().waitFor();
    expect(await reader.page.getByRole('button', { name: 'Save product' }).count()).toBe(0);
    expect(await reader.page.getByRole('textbox', { name: 'Name' }).isDisabled()).toBe(true);
    await reader.page.goto('/apps/ecommerce/product/list');
    await settled(reader.page);
    expect(await reader.page.getByRole('button', { name: 'Add product' }).count()).toBe(0);
    // The analyst's menu lists what analysts work with (no demo apps): the add page is not offered there.
    await reader.page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await reader.page.locator('nav a[href="/apps/ecommerce/product/add"]').count()).toBe(0);
    await reader.page.goto('/apps/ecommerce/product/category-list');
    await settled(reader.page);
    expect(await reader.page.getByRole('button', { name: 'Add category' }).count()).toBe(0);
    await reader.page.goto('/apps/ecommerce/product/add');
    await reader.page.waitForURL((url) => url.pathname === '/not-authorized');
    await reader.context.close();
    const client = await b.newPage();
    client.page.setDefaultTimeout(10_000);
    await b.signInAt(
      client.page,
      'client@demo.com',
      DEMO_PASSWORDS['client@demo.com'],
      '/apps/ecommerce/product/category-list',
    );
    await client.page.waitForURL((url) => url.pathname === '/not-authorized');
    await client.context.close();
  });

  it('starts a new product out of stock at quantity 0; In stock follows the quantity until set; in stock at 0 is refused on its field', async () => {
    const own = await b.newPage();
    const p = own.page;
    p.setDefaultTimeout(10_000);
    await b.signInAt(p, 'admin@demo.com', DEMO_PASSWORDS['admin@demo.com'], '/apps/ecommerce/product/add');
    await p.getByRole('heading', { level: 1, name: 'Add a product' }).waitFor();
    const quantity = p.getByLabel('Quantity');
    const inStock = p.getByRole('checkbox', { name: 'In stock' });
    expect(await quantity.inputValue()).toBe('0');
    expect(await inStock.isChecked()).toBe(false);
    expect(await inStock.getAttribute('aria-describedby')).toBeTruthy();
    await p.getByText('Follows the quantity until you change it; a product with quantity 0 is not in stock.').waitFor();

    await quantity.fill('5');
    await expect.poll(() => inStock.isChecked()).toBe(true);
    await quantity.fill('0');
    await expect.poll(() => inStock.isChecked()).toBe(false);
    // Set by the person, it stays as they left it.
    await inStock.check();
    await quantity.fill('3');
    await quantity.fill('0');
    expect(await inStock.isChecked()).toBe(true);

    // In stock with nothing to sell: said on the field, nothing sent.
    await p.getByRole('textbox', { name: 'Name' }).fill('Empty shelf S5');
    await p.getByLabel('SKU').fill('SHELF-S5');
    await p.getByLabel('Price ($)').fill('12');
    await p.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Shoes' });
    let sent = 0;
    p.on('request', (request) => {
      if (request.url().includes('apps.ecommerce.products.save')) sent++;
    });
    await p.getByRole('button', { name: 'Create product' }).click();
    await p.getByText('A product with quantity 0 cannot be in stock').waitFor();
    expect(await inStock.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toBe(0);
    // The server says the same on the same field (HTTP 400), for a script that skips the form.
    const refused = await mutate(p, 'apps.ecommerce.products.save', {
      productName: 'Empty shelf S5',
      category: 'Shoes',
      stock: true,
      sku: 'SHELF-S5',
      price: 12,
      qty: 0,
      status: 'Published',
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('"stock":["A product with quantity 0 cannot be in stock"]');
    await own.context.close();
  });

  it('has no serious or critical axe finding on the product form and category list at 390 px in dark Arabic', async () => {
    const phone = await b.newPage({ viewport: { width: 390, height: 844 } });
    phone.page.setDefaultTimeout(10_000);
    await b.signIn(phone.page, 'admin@demo.com', DEMO_PASSWORDS['admin@demo.com']);
    await phone.context.addCookies([
      { name: 'od-language', value: 'ar', url: b.baseUrl },
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
    ]);
    const serious: AxeFinding[] = [];
    await phone.page.goto(productPath);
    await phone.page.getByRole('heading', { level: 1 }).first().waitFor();
    await phone.page.locator('img[data-image-url]').first().waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    serious.push(...(await axeAudit(phone.page, 'product edit 390 dark ar')));
    await phone.page.goto('/apps/ecommerce/product/add');
    await phone.page.getByRole('heading', { level: 1 }).first().waitFor();
    serious.push(...(await axeAudit(phone.page, 'product add 390 dark ar')));
    await phone.page.goto('/apps/ecommerce/product/category-list');
    await phone.page.getByRole('heading', { level: 1 }).first().waitFor();
    await settled(phone.page);
    serious.push(...(await axeAudit(phone.page, 'category list 390 dark ar')));
    expect(serious).toEqual([]);
    await phone.context.close();
  });
});
