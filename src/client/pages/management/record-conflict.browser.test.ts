// A record changed by someone else while its edit dialog is open (optimistic versions): the save is
// refused and the dialog offers Overwrite (its values win) and Reload (the other session's values).
// The other session is a tRPC caller of the same app. Axe on the dialog with its warning, in light
// English and in dark Arabic.
import { describe, expect, it } from 'vitest';
import { axeAudit } from '../../testing/axe.ts';
import { signedInPage } from '../../testing/browser.ts';
import { confirm, dialog, notice, row, rowAction, search } from '../../testing/list-pages.ts';

const { b, page } = await signedInPage('admin@demo.com', 'admin');
const other = await b.caller('admin@demo.com');

const STALE = 'Someone else changed this record';

describe('a record changed by someone else while its dialog is open', { timeout: 90_000 }, () => {
  it('Overwrite saves the dialog’s values over the other session’s', async () => {
    const direction = await other.directions.create({ code: 'T-RACE-1', name: 'Race One', description: 'Before' });
    await page.goto('/management/directions');
    await search(page, 'T-RACE-1');
    await rowAction(page, 'Race One', 'Edit');
    const edit = dialog(page, 'Edit Race One');
    await edit.getByLabel('Description').fill('From the dialog');

    await other.directions.update({
      id: direction.id,
      version: direction.version,
      description: 'From the other session',
    });
    await edit.getByRole('button', { name: 'Save' }).click();

    const banner = edit.getByRole('region', { name: STALE });
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Overwrite', exact: true }).waitFor();
    await banner.getByRole('button', { name: 'Reload', exact: true }).waitFor();
    // Nothing was saved and the dialog stays open with the edit.
    expect(await edit.getByLabel('Description').inputValue()).toBe('From the dialog');
    expect(await axeAudit(page, 'stale record dialog')).toEqual([]);

    await banner.getByRole('button', { name: 'Overwrite', exact: true }).click();
    await notice(page, '“Race One” saved.');
    await edit.waitFor({ state: 'detached' });
    await row(page, 'Race One').getByText('From the dialog').waitFor();
    expect((await other.directions.byId({ id: direction.id })).description).toBe('From the dialog');
  });

  it('Reload, once confirmed, shows the other session’s values in the dialog; a save then succeeds', async () => {
    const direction = await other.directions.create({ code: 'T-RACE-2', name: 'Race Two', description: 'Before' });
    await page.goto('/management/directions');
    await search(page, 'T-RACE-2');
    await rowAction(page, 'Race Two', 'Edit');
    const edit = dialog(page, 'Edit Race Two');
    await edit.getByLabel('Description').fill('From the dialog');

    await other.directions.update({
      id: direction.id,
      version: direction.version,
      description: 'From the other session',
    });
    await edit.getByRole('button', { name: 'Save' }).click();
    const banner = edit.getByRole('region', { name: STALE });
    await banner.getByRole('button', { name: 'Reload', exact: true }).click();
    await confirm(page, 'Reload');

    await banner.waitFor({ state: 'detached' });
    await expect.poll(() => edit.getByLabel('Description').inputValue()).toBe('From the other session');
    // The reloaded form carries the new version: its save goes through.
    await edit.getByLabel('Name').fill('Race Two Renamed');
    await edit.getByRole('button', { name: 'Save' }).click();
    await notice(page, '“Race Two Renamed” saved.');
    const saved = await other.directions.byId({ id: direction.id });
    expect([saved.name, saved.description]).toEqual(['Race Two Renamed', 'From the other session']);
  });

  it('team members added in the dialog and by the other session meanwhile are all kept', async () => {
    const analyst = (await other.users.list({ q: 'analyst@demo.com' })).items[0];
    const team = await other.teams.create({ name: 'Race Team' });
    await page.goto('/management/teams');
    await search(page, 'Race Team');
    await rowAction(page, 'Race Team', 'Edit');
    const edit = dialog(page, 'Edit Race Team');
    await edit.getByRole('button', { name: 'Add or remove members' }).click();
    await page.getByPlaceholder('Search by name or e-mail').fill('qualitycontrol@demo');
    await page.getByRole('option').filter({ hasText: 'qualitycontrol@demo.com' }).click();
    await page.keyboard.press('Escape');
    await edit.getByRole('listitem').filter({ hasText: 'qualitycontrol@demo.com' }).waitFor();

    await other.teams.addMembers({ id: team.id, userIds: [analyst.id] });
    await edit.getByRole('button', { name: 'Save' }).click();
    await notice(page, '“Race Team” saved.');
    const members = (await other.teams.byId({ id: team.id })).members.map((m) => m.email).sort();
    expect(members).toEqual(['analyst@demo.com', 'qualitycontrol@demo.com']);
  });

  it('the warning in dark Arabic has no serious accessibility issue', async () => {
    const direction = await other.directions.create({ code: 'T-RACE-3', name: 'Race Three' });
    const { context, page: ar } = await b.newPage();
    ar.setDefaultTimeout(10_000);
    await b.signIn(ar, 'admin@demo.com', 'admin');
    await context.addCookies([
      { name: 'od-language', value: 'ar', url: b.baseUrl },
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
    ]);
    await ar.goto('/management/directions?q=T-RACE-3');
    await row(ar, 'Race Three').focus();
    await ar.keyboard.press('Enter');
    const edit = ar.getByRole('dialog');
    await edit.getByRole('textbox').nth(1).fill('Race Three (ar)');
    await other.directions.update({
      id: direction.id,
      version: direction.version,
      description: 'From the other session',
    });
    await edit.getByRole('button', { name: 'حفظ' }).click();
    await edit.getByRole('region', { name: 'قام شخص آخر بتعديل هذا السجل' }).waitFor();
    expect(await axeAudit(ar, 'stale record dialog (ar, dark)')).toEqual([]);
    await context.close();
  });
});
