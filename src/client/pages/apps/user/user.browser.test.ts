// Browser flow of the users demo pages as admin@demo.com: add a user in the drawer, edit
// the account and notifications tabs, reload and see the changes, delete; a reader sees them read-only;
// `client` is refused; axe in dark Arabic.
import { describe, expect, it } from 'vitest';
import { axeAudit } from '../../../testing/axe.ts';
import { signedInPage } from '../../../testing/browser.ts';
import { confirm, dataRows, dialog, notice, row, rowAction, settled } from '../../../testing/list-pages.ts';

const { b, page } = await signedInPage('admin@demo.com', 'admin');

describe('users pages as admin', { timeout: 120_000 }, () => {
  it('adds a user in the drawer, edits two tabs, sees them after a reload, then deletes the user', async () => {
    await page.goto('/apps/user/list');
    await page.getByRole('region', { name: 'User statistics' }).waitFor();
    await page.getByRole('button', { name: 'Add user' }).click();
    const add = dialog(page, 'Add user');
    await add.getByLabel('Full name').fill('Ilse Marvik');
    await add.getByLabel('Username').fill('ilse_m');
    await add.getByLabel('Email').fill('not-an-email');
    await add.getByLabel('Contact').fill('+47 22 11 00 99');
    await add.getByLabel('Company').fill('Marvik Lab');
    await add.getByLabel('Country').fill('Norway');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await add.getByText('Enter a valid email address').waitFor();
    await add.getByLabel('Email').fill('ilse@marvik.example');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await notice(page, /Ilse Marvik/);
    await page.goto('/apps/user/list?q=marvik');
    await row(page, 'Ilse Marvik').waitFor();
    await row(page, 'Ilse Marvik').click();
    await page.waitForURL(/\/apps\/user\/view\/\d+$/);
    const viewUrl = page.url();

    await page.getByRole('button', { name: 'Edit account' }).click();
    const account = dialog(page, 'Edit account');
    await account.getByLabel('Company').fill('Marvik Labs AS');
    await account.getByLabel('Status').selectOption({ label: 'Active' });
    await account.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Ilse Marvik saved');

    await page.getByRole('link', { name: 'Notifications' }).click();
    await page.getByRole('button', { name: 'Edit notifications' }).click();
    const notifications = dialog(page, 'Edit notifications');
    await notifications.getByLabel('A new device linked').uncheck();
    await notifications.getByRole('button', { name: 'Save' }).click();
    // The address already names the tab: the dialog closing is what says the change was stored.
    await notifications.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/tab=notifications/);

    await page.reload();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel.getByText('A new device linked').waitFor();
    expect(await panel.locator('div', { hasText: 'A new device linked' }).last().locator('dd').textContent()).toBe(
      'Off',
    );
    await page.goto(viewUrl);
    await page.getByRole('region', { name: 'Account' }).getByText('Marvik Labs AS').waitFor();

    await page.goto('/apps/user/list?q=marvik&status=active');
    await row(page, 'Ilse Marvik').waitFor();
    await rowAction(page, 'Ilse Marvik', 'Delete');
    await confirm(page, 'Delete');
    await notice(page, '“Ilse Marvik” deleted.');
    await page.reload();
    await settled(page);
    expect(await dataRows(page).count()).toBe(0);
  });
});

describe('users pages as a reader, as client and in dark Arabic', { timeout: 120_000 }, () => {
  it('a team leader reads the list and a user with no way to change them; client is refused', async () => {
    const { context, page: reader } = await b.newPage();
    try {
      await b.signInAt(reader, 'teamleader@demo.com', 'teamleader', '/apps/user/list');
      await dataRows(reader).first().waitFor();
      expect(await reader.getByRole('button', { name: 'Add user' }).count()).toBe(0);
      await dataRows(reader).first().press('Enter');
      await reader.waitForURL(/\/apps\/user\/view\/\d+$/);
      await reader.getByRole('region', { name: 'Account' }).waitFor();
      expect(await reader.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    } finally {
      await context.close();
    }
    const { context: clientContext, page: client } = await b.newPage();
    try {
      await b.signInAt(client, 'client@demo.com', 'client', '/apps/user/list');
      await client.waitForURL('**/not-authorized');
    } finally {
      await clientContext.close();
    }
  });

  it('axe finds no serious issue on the list and a user view (dark, Arabic)', async () => {
    await page.context().addCookies([
      { name: 'od-language', value: 'ar', url: b.baseUrl },
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
    ]);
    await page.goto('/apps/user/list');
    await dataRows(page).first().waitFor();
    await settled(page);
    const serious = await axeAudit(page, 'user list (ar, dark)');
    await dataRows(page).first().press('Enter');
    await page.waitForURL(/\/apps\/user\/view\/\d+$/);
    await page.getByRole('region', { name: 'الحساب' }).waitFor();
    serious.push(...(await axeAudit(page, 'user view (ar, dark)')));
    expect(serious).toEqual([]);
  });
});
