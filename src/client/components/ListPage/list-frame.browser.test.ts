// Browser checks of the shared list frame: toasts instead of persistent banners, archive
// confirmed with Undo, honest delete, no-match versus empty states, bulk archive, phone cards at 390 px,
// and mixed-direction text in Arabic (computed direction of user content and coordinates).
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage } from '../../testing/browser.ts';
import { dialog, notice, row, rowAction, search, settled } from '../../testing/list-pages.ts';

const { b, page } = await signedInPage('admin@demo.com', 'admin');

/** The toast list (the app's polite live region). */
const toasts = (p: Page) => p.locator('[role="status"][aria-live="polite"] > ol');

async function createDirection(p: Page, code: string, name: string) {
  await p.getByRole('button', { name: 'New direction' }).first().click();
  const create = dialog(p, 'New direction');
  await create.getByLabel('Code').fill(code);
  await create.getByLabel('Name').fill(name);
  await create.getByRole('button', { name: 'Save' }).click();
  await create.waitFor({ state: 'detached' });
}

describe('list frame', { timeout: 120_000 }, () => {
  it('a save is a toast that goes by itself; archive asks, says what happens, and Undo restores', async () => {
    await page.goto('/management/directions');
    await createDirection(page, 'T-TOAST', 'Toast Direction');
    const saved = toasts(page).getByRole('listitem').filter({ hasText: '“Toast Direction” saved.' });
    await saved.waitFor();
    // No full-width banner above the list: the inline area holds refusals only.
    expect(await page.locator('main [role="status"]').filter({ hasText: 'saved' }).count()).toBe(0);
    // It dismisses itself after about five seconds.
    await saved.waitFor({ state: 'detached', timeout: 15_000 });

    await search(page, 'T-TOAST');
    await rowAction(page, 'Toast Direction', 'Archive');
    const ask = page.getByRole('alertdialog', { name: 'Archive “Toast Direction”?' });
    await ask.getByText('hidden from lists and pickers; nothing is deleted').waitFor();
    await ask.getByRole('button', { name: 'Archive', exact: true }).click();
    const archived = toasts(page).getByRole('listitem').filter({ hasText: '“Toast Direction” archived.' });
    await archived.waitFor();
    await row(page, 'Toast Direction').waitFor({ state: 'detached' });

    // F8 reaches the newest toast from the keyboard; Enter on Undo restores.
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Undo');
    await page.keyboard.press('Enter');
    await notice(page, '“Toast Direction” restored.');
    await row(page, 'Toast Direction').waitFor();
    expect(await row(page, 'Toast Direction').getByText('Archived').count()).toBe(0);
    // The server agrees: the record is not archived.
    const caller = await b.caller('admin@demo.com');
    const { items } = await caller.directions.list({ q: 'T-TOAST' });
    expect(items.map((d) => [d.code, d.archivedAt])).toEqual([['T-TOAST', null]]);
  });

  it('delete tells the truth: unavailable with its reason when in use, permanent when it can go', async () => {
    await page.goto('/management/directions?q=NORTH');
    await settled(page);
    await page.getByRole('button', { name: 'Actions for North & Paris region', exact: true }).click();
    const blocked = page.getByRole('menuitem', { name: /^Delete/ });
    expect(await blocked.getAttribute('aria-disabled')).toBe('true');
    // The reason is shown and is the item's description.
    const reason = await blocked.evaluate(
      (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent,
    );
    expect(reason).toBe('Has 3 sub-directions: move or delete them first, or archive the direction.');
    await page.keyboard.press('Escape');

    await page.goto('/management/directions');
    await createDirection(page, 'T-GONE', 'Short Lived Direction');
    await search(page, 'T-GONE');
    await rowAction(page, 'Short Lived Direction', 'Delete');
    const ask = page.getByRole('alertdialog', { name: 'Delete “Short Lived Direction” permanently?' });
    await ask.getByText('It has no sub-directions').waitFor();
    await ask.getByText('this cannot be undone').waitFor();
    expect(await ask.getByText('cannot be deleted').count()).toBe(0);
    await ask.getByRole('button', { name: 'Delete', exact: true }).click();
    await notice(page, '“Short Lived Direction” deleted.');
    // No Undo for a delete the server cannot reverse.
    expect(
      await toasts(page)
        .getByRole('listitem')
        .filter({ hasText: 'deleted' })
        .getByRole('button', { name: 'Undo' })
        .count(),
    ).toBe(0);
  });

  it('a search with no match is not the empty list: it names the query and clears it', async () => {
    await page.goto('/management/directions');
    await search(page, 'zz-no-such-direction');
    await page.getByText('No directions match “zz-no-such-direction”').waitFor();
    expect(await page.getByText('Nothing here yet').count()).toBe(0);
    // The search shows as a chip too.
    await page.getByRole('group', { name: 'Active filters' }).getByText('zz-no-such-direction').waitFor();
    await page.getByRole('button', { name: 'Clear search', exact: true }).click();
    await row(page, 'North & Paris region').waitFor();

    // A filter with no match: the chip removes it.
    await page.goto('/management/directions?active=false');
    await page.getByText('No directions match these filters').waitFor();
    await page.getByRole('button', { name: 'Remove filter Activity: Inactive only' }).click();
    await row(page, 'North & Paris region').waitFor();
    expect(new URL(page.url()).searchParams.get('active')).toBeNull();
  });

  it('table settings: a hidden column and the density stay for the list after a reload', async () => {
    await page.goto('/management/sub-directions');
    await settled(page);
    await page.getByRole('button', { name: 'Table settings' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Updated' }).click();
    await page.getByRole('columnheader', { name: 'Updated' }).waitFor({ state: 'detached' });
    if (!(await page.getByRole('menu').count())) await page.getByRole('button', { name: 'Table settings' }).click();
    await page.getByRole('menuitemradio', { name: 'Compact' }).click();
    await page.keyboard.press('Escape');
    await page.reload();
    await settled(page);
    expect(await page.getByRole('columnheader', { name: 'Updated' }).count()).toBe(0);
    expect(await page.locator('table').getAttribute('data-density')).toBe('compact');
    // Another list keeps its own settings.
    await page.goto('/management/directions');
    await settled(page);
    await page.getByRole('columnheader', { name: 'Updated' }).waitFor();
    expect(await page.locator('table').getAttribute('data-density')).toBe('comfortable');
  });

  it('nothing yet: a customer without directions is invited to create the first one', async () => {
    const root = await b.caller('superadmin@demo.com');
    const customer = await root.customers.create({ code: 'EMPTYCO', name: 'Empty Company' });
    const start = new Date(Date.now() - 86_400_000);
    await root.licenses.create({
      customerId: customer.id,
      plan: 'team',
      seats: 5,
      startsAt: start,
      expiresAt: new Date(start.getTime() + 365 * 86_400_000),
    });
    await root.users.create({
      customerId: customer.id,
      email: 'admin@empty.test',
      fullName: 'Empty Admin',
      role: 'admin',
      password: 'Empty-admin-2026!',
    });
    const { context, page: fresh } = await b.newPage();
    fresh.setDefaultTimeout(10_000);
    await b.signInAt(fresh, 'admin@empty.test', 'Empty-admin-2026!', '/management/directions');
    await fresh.getByText('No directions', { exact: true }).waitFor();
    await fresh.getByText('Nothing here yet: create the first one.').waitFor();
    expect(await fresh.getByText(/match/).count()).toBe(0);
    await fresh.locator('td').getByRole('button', { name: 'New direction' }).click();
    await dialog(fresh, 'New direction').waitFor();
    await context.close();
  });

  it('bulk archive of two selected rows: one confirmation, a summary and Undo', async () => {
    await page.goto('/management/directions');
    await createDirection(page, 'T-BULK-A', 'Bulk Alpha');
    await createDirection(page, 'T-BULK-B', 'Bulk Beta');
    await search(page, 'T-BULK');
    await row(page, 'Bulk Beta').waitFor();
    await page.getByRole('checkbox', { name: 'Select Bulk Alpha' }).check();
    await page.getByRole('checkbox', { name: 'Select Bulk Beta' }).check();
    const bar = page.getByRole('region', { name: 'Actions on the selection' });
    await bar.getByText('2 selected').waitFor();
    // The selection as CSV, as the table shows it (from the columns' export values, not the page).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      bar.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = await fs.readFile(await download.path(), 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Code,Name,Sub-directions,Status,Updated');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(','))).toEqual([
      'T-BULK-A,Bulk Alpha',
      'T-BULK-B,Bulk Beta',
    ]);
    // Copy puts the same cells on the clipboard, tab-separated for a spreadsheet.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: b.baseUrl });
    await bar.getByRole('button', { name: 'Copy', exact: true }).click();
    await toasts(page).getByRole('listitem').filter({ hasText: '2 rows copied to the clipboard' }).waitFor();
    const copied = (await page.evaluate(() => navigator.clipboard.readText())).split('\n');
    expect(copied[0]).toBe('Code\tName\tSub-directions\tStatus\tUpdated');
    expect(copied.slice(1).map((line) => line.split('\t').slice(0, 2).join(','))).toEqual([
      'T-BULK-A,Bulk Alpha',
      'T-BULK-B,Bulk Beta',
    ]);
    await bar.getByRole('button', { name: 'Archive' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Archive 2 records?' });
    await ask.getByRole('button', { name: 'Archive', exact: true }).click();
    const summary = toasts(page).getByRole('listitem').filter({ hasText: '2 records archived.' });
    await summary.waitFor();
    await row(page, 'Bulk Alpha').waitFor({ state: 'detached' });
    await row(page, 'Bulk Beta').waitFor({ state: 'detached' });
    const caller = await b.caller('admin@demo.com');
    const archived = await caller.directions.list({ q: 'T-BULK', archived: 'only' });
    expect(archived.items.map((d) => d.code).sort()).toEqual(['T-BULK-A', 'T-BULK-B']);

    await summary.getByRole('button', { name: 'Undo' }).click();
    await notice(page, '2 records restored.');
    await row(page, 'Bulk Alpha').waitFor();
    await row(page, 'Bulk Beta').waitFor();
  });

  it('phone cards at 390 px: the name is the title, ten cards are compact, and the sort control sorts', async () => {
    const { context, page: phone } = await b.newPage({ viewport: { width: 390, height: 844 } });
    phone.setDefaultTimeout(10_000);
    await b.signInAt(phone, 'admin@demo.com', 'admin', '/management/location-setting');
    const cards = phone.getByRole('list', { name: 'Location settings' }).getByRole('listitem');
    await cards.nth(9).waitFor();
    expect(await phone.locator('table').count()).toBe(0);

    const caller = await b.caller('admin@demo.com');
    const { items } = await caller.locations.list({ itemsPerPage: 10 });
    const titles = await phone
      .locator('[data-row-key] > div:first-child [data-col="name"] bdi:not([data-detail])')
      .allInnerTexts();
    expect(titles).toEqual(items.map((l) => l.name));
    // The "⋯" menu is in the card's top row, at its inline end.
    const first = cards.first();
    const box = (await first.boundingBox())!;
    const menu = (await first.getByRole('button', { name: `Actions for ${items[0].name}` }).boundingBox())!;
    expect(menu.y - box.y).toBeLessThan(24);
    expect(box.x + box.width - (menu.x + menu.width)).toBeLessThan(24);
    const height = (await phone.getByRole('list', { name: 'Location settings' }).boundingBox())!.height;
    expect(height).toBeLessThan(1400);
    // No customizer button floats over the cards' menus on a phone (it opens from the menu there).
    expect(await phone.getByRole('button', { name: 'Open customizer' }).count()).toBe(0);

    await phone.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Name' });
    await phone.waitForURL((url) => url.searchParams.get('sortBy') === 'name');
    await settled(phone);
    const byName = await caller.locations.list({ itemsPerPage: 10, sortBy: 'name', orderBy: 'desc' });
    await phone.getByRole('button', { name: /^Ascending order/ }).click();
    await phone.waitForURL((url) => url.searchParams.get('orderBy') === 'desc');
    await expect
      .poll(() => phone.locator('[data-row-key] [data-col="name"] bdi:not([data-detail])').first().innerText())
      .toBe(byName.items[0].name);

    // Filters live in a sheet behind one "Filters (n)" button.
    await phone.getByRole('button', { name: /^Filters/ }).click();
    const sheet = phone.getByRole('dialog', { name: 'Filters' });
    await sheet.getByRole('combobox', { name: 'Activity' }).selectOption({ label: 'Active only' });
    await sheet.getByRole('button', { name: /^Show results/ }).click();
    await phone.getByRole('button', { name: /^Filters.*1/ }).waitFor();
    await context.close();
  });

  it('Arabic: addresses, names and coordinates keep their own direction inside the right-to-left page', async () => {
    const { context, page: ar } = await b.newPage();
    ar.setDefaultTimeout(10_000);
    await b.signIn(ar, 'admin@demo.com', 'admin');
    await context.addCookies([{ name: 'od-language', value: 'ar', url: b.baseUrl }]);
    await ar.goto('/management/location-setting?itemsPerPage=100');
    await ar.locator('tbody tr[data-row-key]').first().waitFor();
    const direction = (selector: string) =>
      ar
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).direction);
    expect(await ar.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await direction('tbody td[data-col="name"]')).toBe('rtl');
    // A French address ("85 Voie du Havre") and an English/French name: left to right, isolated.
    expect(await direction('tbody td[data-col="name"] bdi[data-detail]')).toBe('ltr');
    expect(await direction('tbody td[data-col="name"] bdi:not([data-detail])')).toBe('ltr');
    // Coordinates, negative ones included, are a left-to-right run.
    const coordinates = ar
      .locator('tbody td[data-col="geofence"] bdi[dir="ltr"]')
      .filter({ hasText: /^-?\d+\.\d{5}, -\d+\.\d{5}$/ });
    expect(await coordinates.count()).toBeGreaterThan(0);
    expect(await coordinates.first().evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    // "-0.58347" reads with its minus sign first: the minus is left of the digits.
    const minusFirst = await coordinates.first().evaluate((el) => {
      const text = el.firstChild as Text;
      const at = text.data.lastIndexOf('-');
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + 1);
      const minus = range.getBoundingClientRect().left;
      range.setStart(text, at + 1);
      range.setEnd(text, at + 2);
      return minus < range.getBoundingClientRect().left;
    });
    expect(minusFirst).toBe(true);
    // Icons keep a gap from their labels on the logical side.
    const gap = await ar
      .getByRole('button', { name: 'موقع جديد' })
      .locator('[data-component="leadingVisual"]')
      .evaluate((el) => getComputedStyle(el).marginInlineEnd);
    expect(parseFloat(gap)).toBeGreaterThan(0);
    // The search box follows the page while empty (placeholder at the right) and what is typed after.
    const searchbox = ar.getByRole('searchbox');
    expect(await searchbox.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await searchbox.fill('85 Voie');
    expect(await searchbox.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    await context.close();
  });

  it('Arabic forms: typed text takes its own direction, numbers and coordinates stay left to right', async () => {
    const { context, page: ar } = await b.newPage();
    ar.setDefaultTimeout(10_000);
    await b.signIn(ar, 'admin@demo.com', 'admin');
    await context.addCookies([{ name: 'od-language', value: 'ar', url: b.baseUrl }]);
    await ar.goto('/management/location-setting?q=BDX-001');
    const bdx = ar.locator('tbody tr[data-row-key]', { hasText: 'BDX-001' });
    await bdx.getByRole('button', { name: /^إجراءات / }).click();
    await ar.getByRole('menuitem', { name: 'تعديل', exact: true }).click();
    const edit = ar.getByRole('dialog');
    const direction = (label: string | RegExp) =>
      edit.getByLabel(label, { exact: true }).evaluate((el) => getComputedStyle(el).direction);
    // The seeded French name and address read left to right inside the right-to-left dialog…
    expect(await ar.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await edit.getByLabel('العنوان', { exact: true }).inputValue()).toMatch(/^\d+ /);
    expect(await direction('العنوان')).toBe('ltr');
    expect(await direction(/^الاسم/)).toBe('ltr');
    // …an Arabic address typed in its place reads right to left, and an emptied field follows the
    // page again (its caret at the right)…
    await edit.getByLabel('العنوان', { exact: true }).fill('٨٥ شارع الميناء');
    expect(await direction('العنوان')).toBe('rtl');
    await edit.getByLabel('العنوان', { exact: true }).fill('Quai 9');
    expect(await direction('العنوان')).toBe('ltr');
    await edit.getByLabel('العنوان', { exact: true }).fill('');
    expect(await direction('العنوان')).toBe('rtl');
    // …and a negative longitude keeps its minus sign first.
    expect(await edit.getByLabel('خط الطول', { exact: true }).inputValue()).toMatch(/^-/);
    expect(await direction('خط الطول')).toBe('ltr');
    await context.close();
  });
});
