// Browser flows of the business pages as superadmin@demo.com (customers, licenses), what read-only
// roles see (no create or edit controls), and the pages in Arabic (translated, right to left).
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../../../server/testing/app.ts';
import { signedInPage } from '../../testing/browser.ts';
import { confirm, dataRows, dialog, notice, row, rowAction, search } from '../../testing/list-pages.ts';

const { b, page } = await signedInPage('superadmin@demo.com', 'superadmin');

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('business pages as superadmin', { timeout: 90_000 }, () => {
  it('customers: create, edit, delete; a customer with licenses is refused with a reason', async () => {
    await page.goto('/business/customers');
    for (const [code, name] of [
      ['TSTCO', 'Test Company'],
      ['TSTDEL', 'Short Lived'],
    ]) {
      await page.getByRole('button', { name: 'New customer' }).click();
      const create = dialog(page, 'New customer');
      await create.getByLabel('Code').fill(code);
      await create.getByLabel('Name').fill(name);
      await create.getByLabel('Country').fill('fr');
      await create.getByText('France').waitFor();
      await create.getByRole('button', { name: 'Save' }).click();
      await notice(page, `“${name}” saved.`);
    }
    await search(page, 'TST');
    await row(page, 'Test Company').getByText('No active license').waitFor();
    await rowAction(page, 'Test Company', 'Edit');
    const edit = dialog(page, 'Edit Test Company');
    await edit.getByLabel('City').fill('Nantes');
    expect(await edit.getByLabel('Time zone').inputValue()).toBe('Europe/Paris');
    await edit.getByLabel('Time zone').selectOption('America/New_York');
    await edit.getByRole('button', { name: 'Save' }).click();
    await row(page, 'Test Company').getByText('Nantes').waitFor();
    await rowAction(page, 'Test Company', 'Edit');
    const again = dialog(page, 'Edit Test Company');
    expect(await again.getByLabel('Time zone').inputValue()).toBe('America/New_York');
    await again.getByRole('button', { name: 'Cancel' }).click();

    await rowAction(page, 'Short Lived', 'Delete');
    await confirm(page, 'Delete');
    await notice(page, '“Short Lived” deleted.');
    await row(page, 'Short Lived').waitFor({ state: 'detached' });
  });

  it('licenses: a scheduled license is edited and deleted; an active one is revoked with a reason', async () => {
    await page.goto('/business/customers?q=TSTCO');
    await rowAction(page, 'Test Company', 'View licenses');
    await page.waitForURL((url) => url.pathname === '/business/licenses' && url.searchParams.has('customerId'));
    await page.getByText('No licenses').waitFor();

    // The toolbar's button (the empty state offers the same action a second time).
    await page.getByRole('button', { name: 'New license' }).first().click();
    const create = dialog(page, 'New license');
    expect(await create.getByLabel('Customer').locator('option:checked').textContent()).toBe('Test Company (TSTCO)');
    await create.getByLabel('Plan').selectOption('company');
    await create.getByLabel('Seats').fill('5');
    await create.getByLabel('Starts').fill(day(30));
    await create.getByLabel('Expires').fill(day(20));
    await create.getByRole('button', { name: 'Save' }).click();
    await create.getByText('The license must expire after it starts').waitFor();
    await create.getByLabel('Expires').fill(day(400));
    await create.getByRole('button', { name: 'Save' }).click();
    await notice(page, /saved/);
    const scheduled = row(page, 'Scheduled');
    await scheduled.waitFor();
    const key = (await scheduled.locator('td[data-col="key"]').textContent())!;
    await rowAction(page, key, 'Edit');
    await dialog(page, `Edit license ${key}`).getByLabel('Seats').fill('8');
    await dialog(page, `Edit license ${key}`).getByRole('button', { name: 'Save' }).click();
    await row(page, key).locator('td', { hasText: /^8$/ }).waitFor();
    await rowAction(page, key, 'Delete');
    await confirm(page, 'Delete');
    await notice(page, `“${key}” deleted.`);

    await page.getByRole('button', { name: 'New license' }).click();
    await create.getByLabel('Seats').fill('3');
    await create.getByRole('button', { name: 'Save' }).click();
    const active = row(page, 'Active');
    await active.waitFor();
    const activeKey = (await active.locator('td[data-col="key"]').textContent())!;
    // A started license is history: delete is unavailable (with the reason), revoke instead.
    await page.getByRole('button', { name: `Actions for ${activeKey}` }).click();
    expect(await page.getByRole('menuitem', { name: 'Delete' }).getAttribute('aria-disabled')).toBe('true');
    await page
      .getByRole('menu')
      .getByText('A license that has started is kept as history: revoke it instead.')
      .waitFor();
    await page.getByRole('menuitem', { name: 'Revoke' }).click();
    const revoke = dialog(page, `Revoke license ${activeKey}?`);
    await revoke.getByLabel('Reason').fill('no');
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await revoke.getByText('Give a reason (at least 3 characters)').waitFor();
    await revoke.getByLabel('Reason').fill('Contract ended early');
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await notice(page, `License ${activeKey} revoked.`);
    await row(page, activeKey).getByText('Revoked').waitFor();

    await page.goto('/business/customers?q=TSTCO');
    await rowAction(page, 'Test Company', 'Delete');
    await confirm(page, 'Delete');
    await page
      .getByRole('status')
      .filter({ hasText: /cannot be deleted/ })
      .waitFor();
    await row(page, 'Test Company').waitFor();
  });
});

describe('management pages as superadmin', { timeout: 60_000 }, () => {
  it('creates a direction for a chosen customer and narrows lists by customer', async () => {
    await page.goto('/management/directions');
    await page.getByRole('button', { name: 'New direction' }).click();
    const create = dialog(page, 'New direction');
    await create.getByLabel('Code').fill('T-SA');
    await create.getByLabel('Name').fill('Operator Direction');
    await create.getByRole('button', { name: 'Save' }).click();
    await create.locator('[id$="validationMessage"]').filter({ hasText: 'Choose a customer' }).waitFor();
    await create.getByLabel('Customer').selectOption({ label: 'Northwind Stores (NWS)' });
    await create.getByRole('button', { name: 'Save' }).click();
    await notice(page, '“Operator Direction” saved.');

    await page.getByRole('combobox', { name: 'Customer' }).selectOption({ label: 'Northwind Stores (NWS)' });
    await page.waitForURL((url) => url.searchParams.has('customerId'));
    await row(page, 'Operator Direction').waitFor();
    await page.getByRole('combobox', { name: 'Customer' }).selectOption({ label: 'Acme Retail Group (ACME)' });
    await row(page, 'Operator Direction').waitFor({ state: 'detached' });
    await dataRows(page).first().waitFor();
  });
});

describe('what other roles see', { timeout: 60_000 }, () => {
  async function signedIn(email: string) {
    const { context, page: p } = await b.newPage();
    p.setDefaultTimeout(10_000);
    await b.signIn(p, email, DEMO_PASSWORDS[email]);
    return { context, page: p };
  }

  it('a read-only analyst sees the management lists without create, edit or row actions', async () => {
    const { context, page: p } = await signedIn('analyst@demo.com');
    for (const [path, create] of [
      ['/management/directions', 'New direction'],
      ['/management/sub-directions', 'New sub-direction'],
      ['/management/classes', 'New class'],
      ['/management/location-setting', 'New location'],
      ['/management/schemes', 'New scheme'],
      ['/management/teams', 'New team'],
      ['/management/users', 'Invite user'],
    ]) {
      await p.goto(path);
      await dataRows(p).first().waitFor();
      const rows = await dataRows(p).count();
      expect(await p.getByRole('button', { name: create }).count(), path).toBe(0);
      // Schemes keep one action for readers: open the (read-only) scheme.
      expect(await p.getByRole('button', { name: /^Actions for / }).count(), path).toBe(
        path === '/management/schemes' ? rows : 0,
      );
    }
    // Enter on a row opens nothing to edit.
    await p.goto('/management/directions');
    await dataRows(p).first().focus();
    await p.keyboard.press('Enter');
    expect(await p.getByRole('dialog').count()).toBe(0);
    // Customers are not the analyst's to read at all.
    await p.goto('/business/customers');
    await p.waitForURL((url) => url.pathname === '/not-authorized');
    await context.close();
  });

  it('an admin reads their own customer and license but cannot change them', async () => {
    const { context, page: p } = await signedIn('admin@demo.com');
    await p.goto('/business/customers');
    await row(p, 'ACME').waitFor();
    expect(await dataRows(p).count()).toBe(1);
    expect(await p.getByRole('button', { name: 'New customer' }).count()).toBe(0);
    await p.goto('/business/licenses');
    await p
      .getByRole('region', { name: 'Current license' })
      .getByText(/seats used/)
      .waitFor();
    expect(await p.getByRole('button', { name: 'New license' }).count()).toBe(0);
    expect(await p.getByRole('button', { name: /^Actions for / }).count()).toBe(0);
    await context.close();
  });

  it('shows the pages in Arabic, right to left', async () => {
    const { context, page: p } = await signedIn('admin@demo.com');
    await context.addCookies([{ name: 'od-language', value: 'ar', url: b.baseUrl }]);
    await p.goto('/management/directions');
    await p.getByRole('heading', { level: 1, name: 'المديريات' }).waitFor();
    expect(await p.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await p.getByRole('button', { name: 'مديرية جديدة' }).click();
    await p.getByRole('dialog').getByRole('button', { name: 'حفظ' }).click();
    await p.getByRole('dialog').getByText('الرمز مطلوب').waitFor();
    await context.close();
  });
});
