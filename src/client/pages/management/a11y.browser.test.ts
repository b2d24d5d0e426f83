// Accessibility of the business and management pages: axe-core on every list, an open create dialog,
// the scheme editor and its preview, in light and in dark Arabic (right to left). No serious or
// critical findings.
import { describe, expect, it } from 'vitest';
import { axeAudit } from '../../testing/axe.ts';
import { signedInPage } from '../../testing/browser.ts';
import { dataRows, settled } from '../../testing/list-pages.ts';

const { b, page } = await signedInPage('superadmin@demo.com', 'superadmin');

const PAGES: [string, string][] = [
  ['/business/customers', 'New customer'],
  ['/business/licenses', 'New license'],
  ['/management/directions', 'New direction'],
  ['/management/sub-directions', 'New sub-direction'],
  ['/management/classes', 'New class'],
  ['/management/location-setting', 'New location'],
  ['/management/teams', 'New team'],
  ['/management/users', 'Invite user'],
  ['/management/schemes', 'New scheme'],
];

describe('axe on the business pages', { timeout: 120_000 }, () => {
  it('finds no serious or critical issue on the lists and their create dialogs', async () => {
    const serious: unknown[] = [];
    for (const [path, create] of PAGES) {
      await page.goto(path);
      await dataRows(page).first().waitFor();
      await settled(page);
      serious.push(...(await axeAudit(page, path)));
      await page.getByRole('button', { name: create }).click();
      await page.getByRole('dialog', { name: create }).waitFor();
      serious.push(...(await axeAudit(page, `${path} dialog`)));
    }
    expect(serious).toEqual([]);
  });

  it('finds no serious or critical issue in the scheme editor, its preview, and in dark Arabic', async () => {
    await page.goto('/management/schemes');
    await dataRows(page).first().click();
    await page.getByRole('button', { name: /^1\. / }).first().click();
    const serious = await axeAudit(page, 'scheme editor');
    await page.getByRole('button', { name: 'Preview' }).click();
    serious.push(...(await axeAudit(page, 'scheme preview')));

    await page.context().addCookies([
      { name: 'od-language', value: 'ar', url: b.baseUrl },
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
    ]);
    await page.goto('/management/location-setting');
    await dataRows(page).first().waitFor();
    await settled(page);
    serious.push(...(await axeAudit(page, 'locations (ar, dark)')));
    await page.getByRole('button', { name: 'موقع جديد' }).click();
    await page.getByRole('dialog').waitFor();
    serious.push(...(await axeAudit(page, 'location dialog (ar, dark)')));
    expect(serious).toEqual([]);
  });
});
