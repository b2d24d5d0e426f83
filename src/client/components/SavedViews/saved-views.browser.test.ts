// Saved views in the browser: ACME's admin saves a filtered locations list as a view, reloads, applies
// it, shares it; another ACME user sees and applies it; NWS's admin does not see it.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AxeFinding, axeAudit } from '../../testing/axe.ts';
import { setupClientBrowser } from '../../testing/browser.ts';
import { dataRows, dialog, notice, row, search, settled } from '../../testing/list-pages.ts';

const b = await setupClientBrowser();
const LIST = '/management/location-setting';
const VIEW = 'Saved sample site';

async function signedIn(email: string, password: string): Promise<Page> {
  const { page } = await b.newPage();
  page.setDefaultTimeout(10_000);
  // Anything the app reports as an error, but the refused requests the flows provoke on purpose.
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) pageErrors.push(m.text());
  });
  await b.signIn(page, email, password);
  return page;
}

async function openViews(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Views', exact: true }).click();
  await page.getByRole('menu').waitFor();
}

const pages: Page[] = [];
const pageErrors: string[] = [];
let sample: { code: string; name: string };

beforeAll(async () => {
  const admin = await b.caller('admin@demo.com');
  const [first] = (await admin.locations.list({ sortBy: 'code', itemsPerPage: 1 })).items;
  sample = { code: first.code, name: first.name };
});
afterEach(() => {
  expect(pageErrors).toEqual([]);
});
afterAll(async () => {
  for (const page of pages) await page.context().close();
});

describe('saved views of the locations list', { timeout: 90_000 }, () => {
  it('admin saves a filtered list, reloads, applies it and shares it', async () => {
    const page = await signedIn('admin@demo.com', 'admin');
    pages.push(page);
    await page.goto(LIST);
    await search(page, sample.code);
    await settled(page);
    await row(page, sample.name).waitFor();

    await openViews(page);
    await page.getByRole('menuitem', { name: /No saved views yet/ }).waitFor();
    await page.getByRole('menuitem', { name: 'Save current view…' }).click();
    const save = dialog(page, 'Save current view');
    await save.getByRole('button', { name: 'Save view' }).click();
    await save.getByText('Name is required').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await save.getByLabel('Name').fill(VIEW);
    await save.getByRole('button', { name: 'Save view' }).click();
    await notice(page, `View “${VIEW}” saved.`);
    await save.waitFor({ state: 'detached' });

    // The same name again: the server's CONFLICT lands on the name field.
    await openViews(page);
    await page.getByRole('menuitem', { name: 'Save current view…' }).click();
    await save.getByLabel('Name').fill(VIEW);
    await save.getByRole('button', { name: 'Save view' }).click();
    await save.getByText('You already have a view with this name for this list').waitFor();
    expect(await save.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await save.getByRole('button', { name: 'Cancel' }).click();

    // Back to the unfiltered list, reload: the view is still there and brings the filter back.
    await page.goto(LIST);
    await page.reload();
    await settled(page);
    expect(await dataRows(page).count()).toBeGreaterThan(1);
    await openViews(page);
    await page.getByRole('menuitem', { name: new RegExp(VIEW) }).click();
    await page.waitForURL((url) => url.pathname === LIST && url.searchParams.get('q') === sample.code);
    await notice(page, `View “${VIEW}” applied.`);
    await settled(page);
    await row(page, sample.name).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(sample.code);

    // Share it through "Manage views…".
    await openViews(page);
    await page.getByRole('menuitem', { name: 'Manage views…' }).click();
    const manage = dialog(page, 'Saved views');
    await manage.getByRole('button', { name: `Edit view ${VIEW}` }).click();
    const edit = dialog(page, `Edit view “${VIEW}”`);
    await edit.getByLabel('Share with my customer').check();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await manage.getByText('Shared', { exact: true }).waitFor();
    await manage.getByRole('button', { name: 'Close' }).first().click();
    await notice(page, `View “${VIEW}” updated.`);
  });

  it('another ACME user sees the shared view and applies it, without edit rights', async () => {
    const page = await signedIn('analyst@demo.com', 'analyst');
    pages.push(page);
    await page.goto(LIST);
    await settled(page);
    await openViews(page);
    await page
      .getByRole('group', { name: 'Shared with me' })
      .getByRole('menuitem', { name: new RegExp(VIEW) })
      .waitFor();
    await page.getByRole('menuitem', { name: new RegExp(VIEW) }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === sample.code);
    await settled(page);
    await row(page, sample.name).waitFor();

    await openViews(page);
    await page.getByRole('menuitem', { name: 'Manage views…' }).click();
    const manage = dialog(page, 'Saved views');
    await manage.getByText(VIEW).waitFor();
    expect(await manage.getByRole('button', { name: `Edit view ${VIEW}` }).count()).toBe(0);
    expect(await manage.getByRole('button', { name: `Delete view ${VIEW}` }).count()).toBe(0);
  });

  it('has no serious or critical axe finding in the menu and dialogs, in light English and dark Arabic', async () => {
    await (await b.caller('admin@demo.com')).views.create({
      listKey: 'management.locations',
      name: 'Axe check',
      query: 'active=true',
      shared: true,
    });
    const page = await signedIn('admin@demo.com', 'admin');
    pages.push(page);
    const serious: AxeFinding[] = [];
    await page.goto(LIST);
    await settled(page);
    await openViews(page);
    serious.push(...(await axeAudit(page, 'views menu')));
    await page.getByRole('menuitem', { name: 'Save current view…' }).click();
    await dialog(page, 'Save current view').waitFor();
    serious.push(...(await axeAudit(page, 'save view dialog')));
    await page.keyboard.press('Escape');
    await dialog(page, 'Save current view').waitFor({ state: 'detached' });

    await page.context().addCookies([
      { name: 'od-language', value: 'ar', url: b.baseUrl },
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
    ]);
    await page.goto(LIST);
    await settled(page);
    await page.getByRole('button', { name: 'طرق العرض', exact: true }).click();
    await page.getByRole('menu').waitFor();
    serious.push(...(await axeAudit(page, 'views menu (ar, dark)')));
    await page.getByRole('menuitem', { name: 'إدارة طرق العرض…' }).click();
    await dialog(page, 'طرق العرض المحفوظة').waitFor();
    serious.push(...(await axeAudit(page, 'manage views dialog (ar, dark)')));
    expect(serious).toEqual([]);
  });

  it('NWS’s admin does not see it', async () => {
    const page = await signedIn('admin@nws.demo.com', 'admin');
    pages.push(page);
    await page.goto(LIST);
    await settled(page);
    await openViews(page);
    await page.getByRole('menuitem', { name: /No saved views yet/ }).waitFor();
    expect(await page.getByRole('menuitem', { name: new RegExp(VIEW) }).count()).toBe(0);
  });
});
