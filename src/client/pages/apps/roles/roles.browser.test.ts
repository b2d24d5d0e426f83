// Browser flows of /apps/roles and /apps/permissions as admin@demo.com: a role's card opens
// the abilities the server enforces; a permission is added, edited and deleted, each change still
// there after a reload; a reader sees the permissions read-only; axe in dark Arabic.
import { describe, expect, it } from 'vitest';
import { axeAudit } from '../../../testing/axe.ts';
import { signedInPage } from '../../../testing/browser.ts';
import { confirm, dataRows, dialog, notice, row, rowAction, search, settled } from '../../../testing/list-pages.ts';

const { b, page } = await signedInPage('admin@demo.com', 'admin');

describe('roles and permissions as admin', { timeout: 120_000 }, () => {
  it('roles: every role is a card with its user count; a card shows the enforced abilities', async () => {
    await page.goto('/apps/roles');
    const cards = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
    await cards.first().waitFor();
    expect(await cards.count()).toBe(9);
    await cards
      .filter({ hasText: 'Administrator' })
      .getByText(/\d+ users?/)
      .waitFor();
    await page.getByRole('button', { name: 'View the abilities of Administrator' }).click();
    const abilities = dialog(page, 'What a Administrator may do');
    await abilities.getByRole('row', { name: /manage Demo apps All records/ }).waitFor();
    await abilities.getByRole('row', { name: /manage Users Their customer's/ }).waitFor();
  });

  it('permissions: add, edit and delete; each change survives a reload', async () => {
    await page.goto('/apps/permissions');
    await dataRows(page).first().waitFor();
    await page.getByRole('button', { name: 'New permission' }).click();
    const create = dialog(page, 'New permission');
    await create.getByLabel('Name').fill('Approve Refunds');
    await create.getByLabel('Business admin').check();
    await create.getByLabel('Analyst').check();
    await create.getByRole('button', { name: 'Save' }).click();
    await notice(page, /saved/);
    await search(page, 'Approve');
    await page.reload();
    await row(page, 'Approve Refunds').getByText('Analyst').waitFor();

    await rowAction(page, 'Approve Refunds', 'Edit');
    const edit = dialog(page, 'Edit Approve Refunds');
    await edit.getByLabel('Name').fill('Approve Large Refunds');
    await edit.getByLabel('Analyst').uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await notice(page, /saved/);
    await page.reload();
    await row(page, 'Approve Large Refunds').waitFor();
    expect(await row(page, 'Approve Large Refunds').getByText('Analyst').count()).toBe(0);

    await rowAction(page, 'Approve Large Refunds', 'Delete');
    await confirm(page, 'Delete');
    await notice(page, '“Approve Large Refunds” deleted.');
    await page.reload();
    await settled(page);
    expect(await row(page, 'Approve Large Refunds').count()).toBe(0);
  });

  it('permissions and the users demo app name the roles as the roles page does (en, ar), in their lists, forms and filters', async () => {
    for (const [language, roleHeader] of [
      ['en', 'Role'],
      ['ar', 'الدور'],
    ]) {
      await page.context().addCookies([{ name: 'od-language', value: language, url: b.baseUrl }]);
      await page.goto('/apps/roles');
      const titles = page.getByRole('listitem').getByRole('heading', { level: 2 });
      await titles.first().waitFor();
      const roles = await titles.allInnerTexts();
      expect(roles).toHaveLength(9);
      const unknown = (names: string[]) => names.filter((name) => !roles.includes(name));

      await page.goto('/apps/permissions');
      await dataRows(page).first().waitFor();
      await settled(page);
      const assigned = await dataRows(page).locator('td span > span').allInnerTexts();
      expect(assigned.length).toBeGreaterThan(9);
      expect(unknown(assigned), language).toEqual([]);
      if (language === 'en') {
        await rowAction(page, 'Management', 'Edit');
        const boxes = await dialog(page, 'Edit Management')
          .getByRole('checkbox')
          .evaluateAll((all) => all.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? ''));
        expect(boxes).toEqual(roles);
        await page.keyboard.press('Escape');
      }

      await page.goto('/apps/user/list');
      await dataRows(page).first().waitFor();
      await settled(page);
      const options = page.locator('select:has(option[value="qualitycontrol"])').first().locator('option');
      expect((await options.allInnerTexts()).slice(1), language).toEqual(roles);
      const column = await page
        .locator('thead th')
        .evaluateAll((all, name) => all.findIndex((th) => th.textContent?.trim() === name), roleHeader);
      expect(column).toBeGreaterThan(0);
      const shown = await dataRows(page).evaluateAll(
        (rows, i) => rows.map((r) => r.children[i]?.textContent?.trim() ?? ''),
        column,
      );
      expect(shown.length).toBeGreaterThan(0);
      expect(unknown(shown), language).toEqual([]);
      const first = shown[0];
      await dataRows(page).first().click();
      await page.waitForURL(/\/apps\/user\/view\//);
      await page.locator('header p').getByText(first).waitFor();
    }
    await page.context().addCookies([{ name: 'od-language', value: 'en', url: b.baseUrl }]);
  });
});

describe('roles and permissions as a reader and in dark Arabic', { timeout: 120_000 }, () => {
  it('a team leader reads the permissions with no add, edit or delete', async () => {
    const { context, page: reader } = await b.newPage();
    try {
      await b.signInAt(reader, 'teamleader@demo.com', 'teamleader', '/apps/permissions');
      await dataRows(reader).first().waitFor();
      expect(await reader.getByRole('button', { name: 'New permission' }).count()).toBe(0);
      expect(await reader.getByRole('button', { name: /^Actions for / }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('the client role is refused every roles, permissions and demo-app page', async () => {
    const { context, page: client } = await b.newPage();
    try {
      await b.signIn(client, 'client@demo.com', 'client');
      for (const path of [
        '/apps/roles',
        '/apps/permissions',
        '/apps/invoice/list',
        '/apps/invoice/preview/4987',
        '/apps/invoice/edit/4987',
        '/apps/invoice/add',
      ]) {
        await client.goto(path);
        await client.waitForURL((url) => url.pathname === '/not-authorized');
      }
    } finally {
      await context.close();
    }
  });

  it('axe finds no serious issue on the roles, their abilities and the permissions (dark, Arabic)', async () => {
    await page.context().addCookies([
      { name: 'od-language', value: 'ar', url: b.baseUrl },
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
    ]);
    await page.goto('/apps/roles');
    await page.getByRole('heading', { name: 'الأدوار' }).waitFor();
    await page
      .getByRole('button', { name: /^عرض صلاحيات/ })
      .first()
      .waitFor();
    const serious = await axeAudit(page, 'roles (ar, dark)');
    await page
      .getByRole('button', { name: /^عرض صلاحيات/ })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    serious.push(...(await axeAudit(page, 'role abilities (ar, dark)')));
    await page.goto('/apps/permissions');
    await dataRows(page).first().waitFor();
    await settled(page);
    serious.push(...(await axeAudit(page, 'permissions (ar, dark)')));
    expect(serious).toEqual([]);
  });
});
