// Browser flows of the management pages as admin@demo.com: create, edit, archive/restore and delete
// on each page (keyboard where it matters), server field errors on the fields, and list state in the URL.
import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signedInPage } from '../../testing/browser.ts';
import {
  confirm,
  dataRows,
  dialog,
  filter,
  notice,
  row,
  rowAction,
  search,
  settled,
} from '../../testing/list-pages.ts';

const { page } = await signedInPage('admin@demo.com', 'admin');

describe('management pages as admin', { timeout: 90_000 }, () => {
  it('directions: client and server field errors, create, keyboard edit, archive, restore, delete', async () => {
    await page.goto('/management/directions');
    await page.getByRole('button', { name: 'New direction' }).click();
    const create = dialog(page, 'New direction');
    await create.getByRole('button', { name: 'Save' }).click();
    await create.getByText('Code is required').waitFor();
    await create.getByText('Name is required').waitFor();
    // Focus moved to the first invalid field.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('code');
    await create.getByLabel('Code').fill('T-NORTH');
    await create.getByLabel('Name').fill('Test North');
    await create.getByRole('button', { name: 'Save' }).click();
    await notice(page, '“Test North” saved.');
    await create.waitFor({ state: 'detached' });

    // The same code again: the server's CONFLICT lands on the code field.
    await page.getByRole('button', { name: 'New direction' }).click();
    await create.getByLabel('Code').fill('T-NORTH');
    await create.getByLabel('Name').fill('Duplicate');
    await create.getByRole('button', { name: 'Save' }).click();
    const codeError = create.locator('[id$="-validationMessage"]').first();
    await codeError.waitFor();
    expect(await create.getByLabel('Code').getAttribute('aria-invalid')).toBe('true');
    await create.getByRole('button', { name: 'Cancel' }).click();

    await search(page, 'T-NORTH');
    await row(page, 'Test North').focus();
    await page.keyboard.press('Enter');
    const edit = dialog(page, 'Edit Test North');
    await edit.getByLabel('Name').fill('Test North Region');
    await edit.getByRole('button', { name: 'Save' }).click();
    await notice(page, '“Test North Region” saved.');
    await row(page, 'Test North Region').waitFor();

    await rowAction(page, 'Test North Region', 'Archive');
    await confirm(page, 'Archive');
    await notice(page, /archived/);
    await row(page, 'Test North Region').waitFor({ state: 'detached' });
    await filter(page, 'Archived records', 'Archived only');
    await row(page, 'Test North Region').getByText('Archived').waitFor();
    await rowAction(page, 'Test North Region', 'Restore');
    await notice(page, '“Test North Region” restored.');
    await row(page, 'Test North Region').waitFor({ state: 'detached' });
    await filter(page, 'Archived records', 'Hide archived');

    await rowAction(page, 'Test North Region', 'Delete');
    await confirm(page, 'Delete');
    await notice(page, '“Test North Region” deleted.');
    await row(page, 'Test North Region').waitFor({ state: 'detached' });
  });

  it('sub-directions: create in a direction, edit, archive, restore, delete', async () => {
    await page.goto('/management/sub-directions');
    await page.getByRole('button', { name: 'New sub-direction' }).click();
    const create = dialog(page, 'New sub-direction');
    await create.getByLabel('Direction').selectOption({ index: 1 });
    await create.getByLabel('Code').fill('T-SUB');
    await create.getByLabel('Name').fill('Test Area');
    await create.getByRole('button', { name: 'Save' }).click();
    await notice(page, '“Test Area” saved.');
    await search(page, 'T-SUB');
    await rowAction(page, 'Test Area', 'Edit');
    const edit = dialog(page, 'Edit Test Area');
    await edit.getByLabel('Description').fill('Created by the browser test');
    await edit.getByRole('button', { name: 'Save' }).click();
    await row(page, 'Created by the browser test').waitFor();
    await rowAction(page, 'Test Area', 'Archive');
    await confirm(page, 'Archive');
    await row(page, 'Test Area').waitFor({ state: 'detached' });
    await filter(page, 'Archived records', 'Include archived');
    await rowAction(page, 'Test Area', 'Restore');
    await notice(page, '“Test Area” restored.');
    await rowAction(page, 'Test Area', 'Delete');
    await confirm(page, 'Delete');
    await notice(page, '“Test Area” deleted.');
  });

  it('location classes: create with a color, edit, delete', async () => {
    await page.goto('/management/classes');
    await page.getByRole('button', { name: 'New class' }).click();
    const create = dialog(page, 'New class');
    await create.getByLabel('Name').fill('Test kiosk');
    await create.getByRole('textbox', { name: /^Color/ }).fill('#12ab34');
    await create.getByRole('button', { name: 'Save' }).click();
    await notice(page, '“Test kiosk” saved.');
    await search(page, 'Test kiosk');
    await row(page, 'Test kiosk').getByText('#12ab34').waitFor();
    await rowAction(page, 'Test kiosk', 'Edit');
    const edit = dialog(page, 'Edit Test kiosk');
    await edit.getByRole('textbox', { name: /^Color/ }).fill('not a color');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('Color must be a hex color such as #1f883d').waitFor();
    await edit.getByRole('textbox', { name: /^Color/ }).fill('#0055aa');
    await edit.getByRole('button', { name: 'Save' }).click();
    await row(page, 'Test kiosk').getByText('#0055aa').waitFor();
    await rowAction(page, 'Test kiosk', 'Delete');
    await confirm(page, 'Delete');
    await notice(page, '“Test kiosk” deleted.');
  });

  it('location settings: create with coordinates, geofence and opening hours; edit; archive; restore', async () => {
    await page.goto('/management/location-setting');
    await page.getByRole('button', { name: 'New location' }).click();
    const create = dialog(page, 'New location');
    await create.getByLabel('Code').fill('T-LOC-1');
    await create.getByLabel('Name').fill('Test Store');
    await create.getByLabel('Sub-direction').selectOption({ index: 1 });
    await create.getByLabel('City').fill('Lyon');
    await create.getByLabel('Latitude').fill('45.764');
    await create.getByRole('button', { name: 'Save' }).click();
    await create.getByText('Give both latitude and longitude, or neither').waitFor();
    await create.getByLabel('Longitude').fill('4.8357');
    await create.getByLabel('Radius (m)').fill('150');
    const monday = create.getByRole('group', { name: 'Monday' });
    await monday.getByRole('button', { name: 'Add opening hours on Monday' }).click();
    await create.getByRole('button', { name: 'Copy Monday to Tuesday–Friday' }).click();
    await create.getByRole('group', { name: 'Friday' }).getByLabel('Friday: closes at (interval 1)').fill('20:00');
    expect(await create.getByLabel('Time zone').inputValue()).toBe(''); // the customer's
    await create.getByLabel('Time zone').selectOption('Asia/Tokyo');
    await create.getByRole('button', { name: 'Save' }).click();
    await notice(page, '“Test Store” saved.');

    await search(page, 'T-LOC-1');
    await row(page, 'Test Store').getByText('150 m radius').waitFor();
    await rowAction(page, 'Test Store', 'Edit');
    const edit = dialog(page, 'Edit Test Store');
    expect(await edit.getByLabel('Friday: closes at (interval 1)').inputValue()).toBe('20:00');
    expect(await edit.getByLabel('Tuesday: opens at (interval 1)').inputValue()).toBe('08:00');
    expect(await edit.getByLabel('Time zone').inputValue()).toBe('Asia/Tokyo');
    await edit.getByLabel('Radius (m)').fill('5');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('Geofence radius must be at least 10 m').waitFor();
    await edit.getByLabel('Radius (m)').fill('250');
    await edit.getByRole('button', { name: 'Save' }).click();
    await row(page, 'Test Store').getByText('250 m radius').waitFor();

    await rowAction(page, 'Test Store', 'Archive');
    await confirm(page, 'Archive');
    await row(page, 'Test Store').waitFor({ state: 'detached' });
    await filter(page, 'Archived records', 'Archived only');
    await rowAction(page, 'Test Store', 'Restore');
    await notice(page, '“Test Store” restored.');
  });

  it('teams: create with a member, edit membership, archive, restore, delete', async () => {
    await page.goto('/management/teams');
    await page.getByRole('button', { name: 'New team' }).click();
    const create = dialog(page, 'New team');
    await create.getByLabel('Name').fill('Test Night Team');
    await create.getByRole('button', { name: 'Add or remove members' }).click();
    await page.getByPlaceholder('Search by name or e-mail').fill('qualitycontrol@demo');
    const member = page.getByRole('option').filter({ hasText: 'qualitycontrol@demo.com' });
    await member.click();
    // Close the picker only once the choice is taken (Escape then closes the panel, not the dialog).
    await expect.poll(() => member.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Escape');
    await create.getByRole('listitem').filter({ hasText: 'qualitycontrol@demo.com' }).waitFor();
    await create.getByRole('button', { name: 'Save' }).click();
    await notice(page, '“Test Night Team” saved.');
    await search(page, 'Test Night');
    expect(await row(page, 'Test Night Team').locator('td[data-col="memberCount"]').textContent()).toBe('1');

    // A team with members cannot be deleted: Delete is unavailable, with the reason.
    await page.getByRole('button', { name: 'Actions for Test Night Team', exact: true }).click();
    expect(await page.getByRole('menuitem', { name: 'Delete', exact: true }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await page.getByRole('menu').getByText('Has 1 member: remove them first, or archive the team.').waitFor();
    await page.keyboard.press('Escape');

    await rowAction(page, 'Test Night Team', 'Edit');
    const edit = dialog(page, 'Edit Test Night Team');
    await edit
      .getByRole('button', { name: /^Remove / })
      .first()
      .click();
    await edit.getByText('Nobody yet.').waitFor();
    await edit.getByRole('button', { name: 'Save' }).click();
    await notice(page, '“Test Night Team” saved.');
    // (The first save's toast may still show: wait for the list itself.)
    await expect.poll(() => row(page, 'Test Night Team').locator('td[data-col="memberCount"]').textContent()).toBe('0');

    await rowAction(page, 'Test Night Team', 'Archive');
    await confirm(page, 'Archive');
    await row(page, 'Test Night Team').waitFor({ state: 'detached' });
    await filter(page, 'Archived records', 'Archived only');
    await rowAction(page, 'Test Night Team', 'Restore');
    await notice(page, '“Test Night Team” restored.');
    await filter(page, 'Archived records', 'Hide archived');
    await rowAction(page, 'Test Night Team', 'Delete');
    await confirm(page, 'Delete');
    await notice(page, '“Test Night Team” deleted.');
  });

  it("teams: the floor manager is tagged as the team's floor manager, not as its leader", async () => {
    await page.goto('/management/teams');
    await search(page, 'Lyon field');
    await rowAction(page, 'Lyon field team', 'Edit');
    const edit = dialog(page, 'Edit Lyon field team');
    const members = edit.getByRole('listitem');
    await members.filter({ hasText: 'floormanager@demo.com' }).getByText("The team's floor manager").waitFor();
    await members.filter({ hasText: 'teamleader@demo.com' }).getByText("The team's leader").waitFor();
    expect(await edit.getByText('Team lead', { exact: true }).count()).toBe(0);
    await edit.getByRole('button', { name: 'Cancel' }).click();
  });

  it('users: invite with role and team, deactivate, activate, reset the password, edit, delete', async () => {
    await page.goto('/management/users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const create = dialog(page, 'Invite user');
    await create.getByLabel('Full name').fill('Test Inspector');
    await create.getByRole('textbox', { name: /^E-mail/ }).fill('not-an-email');
    await create.getByLabel('Role').selectOption('qualitycontrol');
    await create.getByLabel('Team').selectOption({ index: 1 });
    await create.getByRole('button', { name: 'Send invitation' }).click();
    await create.getByText('Enter a valid email address').waitFor();
    await create.getByRole('textbox', { name: /^E-mail/ }).fill('test.inspector@acme.example');
    await create.getByRole('button', { name: 'Send invitation' }).click();
    await notice(page, 'Invitation sent to test.inspector@acme.example.');

    // An invited account reads "Invited" until its e-mail link is used (it may sign in once it chose a password).
    await search(page, 'test.inspector');
    await row(page, 'Test Inspector').getByText('Invited', { exact: true }).waitFor();
    expect(await row(page, 'Test Inspector').getByText('Active', { exact: true }).count()).toBe(0);
    await rowAction(page, 'Test Inspector', 'Deactivate');
    await confirm(page, 'Deactivate');
    await notice(page, 'Test Inspector deactivated.');
    await row(page, 'Test Inspector').getByText('Inactive').waitFor();
    await rowAction(page, 'Test Inspector', 'Activate');
    await notice(page, 'Test Inspector activated.');

    await rowAction(page, 'Test Inspector', 'Reset password');
    const reset = dialog(page, 'Reset the password of Test Inspector');
    await reset.getByLabel('Set a new password').check();
    await reset.locator('input[type=password]').fill('short');
    await reset.getByRole('button', { name: 'Set password' }).click();
    await reset.getByText('Password must be at least 8 characters').waitFor();
    await reset.locator('input[type=password]').fill('Quartz-lantern-58');
    await reset.getByRole('button', { name: 'Set password' }).click();
    await notice(page, 'The password of Test Inspector was changed.');

    await rowAction(page, 'Test Inspector', 'Edit');
    const edit = dialog(page, 'Edit Test Inspector');
    await edit.getByLabel('Role').selectOption('analyst');
    await edit.getByRole('button', { name: 'Save' }).click();
    await row(page, 'Test Inspector').getByText('Analyst').waitFor();

    await rowAction(page, 'Test Inspector', 'Delete');
    await confirm(page, 'Delete');
    await notice(page, '“Test Inspector” deleted.');
  });

  it('keeps search, filters, sort and page size in the URL across a reload', async () => {
    await page.goto('/management/location-setting');
    await page.getByRole('combobox', { name: 'Items per page' }).selectOption('5');
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await filter(page, 'Activity', 'Active only');
    await page.waitForURL(
      (url) => url.searchParams.get('orderBy') === 'desc' && url.searchParams.get('active') === 'true',
    );
    await settled(page);
    await dataRows(page).nth(4).waitFor();
    const before = await dataRows(page).allTextContents();
    const url = page.url();

    await page.reload();
    await settled(page);
    await dataRows(page).nth(4).waitFor();
    expect(page.url()).toBe(url);
    expect(await dataRows(page).allTextContents()).toEqual(before);
    expect(await dataRows(page).count()).toBe(5);
    expect(await page.getByRole('combobox', { name: 'Activity' }).inputValue()).toBe('true');
    expect(await page.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');
    await page.getByRole('button', { name: 'Next Page' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    await settled(page);

    // The CSV export holds every row matching the filter, not just this page.
    const total = Number((await page.getByText(/^\d+-\d+ of \d+$/).textContent())!.split(' of ')[1]);
    expect(total).toBeGreaterThan(5);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const csv = await fs.readFile(await download.path(), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(total + 1);
  });
});
