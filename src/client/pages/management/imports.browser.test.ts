// Imports in the browser: an admin uploads a CSV of locations from the list's Import action, reads the
// preview (counts and an error by line and column), imports the valid rows, follows the progress to the
// result, then finds the import on Management → Imports.
import { describe, expect, it } from 'vitest';
import { signedInPage } from '../../testing/browser.ts';

const { b, page } = await signedInPage('admin@demo.com', 'admin');
const admin = await b.caller('admin@demo.com');
const sub = (await admin.subDirections.list({ itemsPerPage: 1 })).items[0];

describe('importing locations', { timeout: 120_000 }, () => {
  it('walks upload → preview → run → result', async () => {
    await page.goto('/management/location-setting');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import locations' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'shops.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `code;name;subDirection;city\nBRW-1;Browser shop;${sub.code};Lyon\nBRW-2;;${sub.code};Paris\n`,
      ),
    });
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByText('2 rows read from shops.csv.').waitFor();
    const errors = dialog.getByRole('table', { name: '1 error' });
    await expect.poll(() => errors.innerText()).toContain('name');
    const run = dialog.getByRole('button', { name: 'Import', exact: true });
    expect(await run.isDisabled()).toBe(true);
    await dialog.getByLabel('Import only the valid rows (the others are listed in a file)').check();
    await run.click();
    await dialog.getByText('Imported', { exact: true }).waitFor({ timeout: 30_000 });
    await dialog.getByRole('link', { name: /refused row/ }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect
      .poll(async () => (await admin.locations.list({ q: 'BRW-' })).items.map((l) => l.code))
      .toEqual(['BRW-1']);

    await page.goto('/management/imports');
    await page.getByRole('heading', { name: 'Imports' }).waitFor();
    const table = page.getByRole('table', { name: 'Imports' });
    await expect.poll(() => table.innerText()).toContain('shops.csv');
  });
});
