// /management/audit in the browser: an admin filters the trail by record type and
// action, sees the field changes, opens the record's page from its link; axe in dark Arabic.
import { describe, expect, it } from 'vitest';
import { axeAudit } from '../../testing/axe.ts';
import { signedInPage } from '../../testing/browser.ts';
import { dataRows, filter, settled } from '../../testing/list-pages.ts';

const { b, page } = await signedInPage('admin@demo.com', 'admin');
const admin = await b.caller('admin@demo.com');
const location = (await admin.locations.list({ itemsPerPage: 1 })).items[0];
await admin.locations.update({ id: location.id, name: `${location.name} (audited)` });

describe('/management/audit', { timeout: 120_000 }, () => {
  it('filters by record type and action, shows the field change and opens the record', async () => {
    await page.goto('/management/audit');
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await filter(page, 'Record', 'Location');
    await filter(page, 'Action', 'Updated');
    await page.waitForURL(
      (url) => url.searchParams.get('entityType') === 'Location' && url.searchParams.get('action') === 'update',
    );
    await settled(page);
    const rows = dataRows(page);
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().innerText()).toContain(`Name: ${location.name} → ${location.name} (audited)`);
    await rows
      .first()
      .getByRole('link', { name: `Location · ${location.code}` })
      .click();
    await page.waitForURL(
      (url) => url.pathname === '/management/location-setting' && url.searchParams.get('q') === location.code,
    );
  });

  it('lists newest first and says field names and values in words, not as stored', async () => {
    const other = (await admin.locations.list({ itemsPerPage: 2 })).items[1];
    await admin.locations.update({ id: other.id, geofenceRadiusM: other.geofenceRadiusM + 25 });
    await admin.locations.update({ id: other.id, active: false });
    await page.goto('/management/audit?entityType=Location');
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await settled(page);
    const rows = dataRows(page);
    await expect.poll(() => rows.first().innerText()).toContain('Active: Yes → No');
    await expect
      .poll(() => rows.nth(1).innerText())
      .toContain(`Geofence radius (m): ${other.geofenceRadiusM} → ${other.geofenceRadiusM + 25}`);
    expect(await rows.first().innerText()).not.toContain('active:');
    await admin.locations.update({ id: other.id, active: true });
  });

  it('has no serious accessibility finding in dark Arabic', async () => {
    await page.context().addCookies([
      { name: 'od-language', value: 'ar', url: b.baseUrl },
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
    ]);
    await page.goto('/management/audit');
    await page.getByRole('heading', { name: 'سجل التدقيق' }).waitFor();
    await dataRows(page).first().waitFor();
    await settled(page);
    expect(await axeAudit(page, 'audit (ar, dark)')).toEqual([]);
  });
});
