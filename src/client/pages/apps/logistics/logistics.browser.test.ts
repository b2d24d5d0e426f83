// Browser flows of /apps/logistics/dashboard and /apps/logistics/fleet as admin@demo.com: the
// dashboard's figures and vehicles table match the API; picking a vehicle in the fleet list highlights it
// on the map and shows its route progress; axe in dark Arabic.
import { describe, expect, it } from 'vitest';
import type { TLogisticsSummary, TVehicle } from '../../../../shared/schemas/logistics.ts';
import { axeAudit } from '../../../testing/axe.ts';
import { signedInPage } from '../../../testing/browser.ts';

const { b, page } = await signedInPage('admin@demo.com', 'admin');

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${b.baseUrl}/api${path}`, {
    headers: { authorization: `Bearer ${await b.token('admin@demo.com')}` },
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

describe('logistics as admin', { timeout: 120_000 }, () => {
  it('dashboard: status counts, performance and the sorted vehicles table match the API', async () => {
    const summary = await api<TLogisticsSummary>('/apps/logistics/summary');
    await page.goto('/apps/logistics/dashboard');
    await page.getByRole('heading', { name: `Vehicle overview (${summary.totalVehicles} vehicles)` }).waitFor();
    for (const { status, count } of summary.byStatus) {
      expect(await page.locator(`[data-status="${status}"] dd`).textContent(), status).toBe(String(count));
    }
    const perf = page.getByTestId('performance');
    await perf.getByText(`${summary.performance.averageProgress} %`).first().waitFor();
    await page.getByRole('figure', { name: /Shipments by destination country/ }).waitFor();
    const first = summary.shipments[0];
    await page
      .getByRole('figure', { name: /Shipments by destination country/ })
      .getByText('Show the data as a table')
      .click();
    await page.getByRole('row', { name: new RegExp(`^${first.country} ${first.shipments} `) }).waitFor();

    const byProgress = await api<{ vehicles: TVehicle[] }>('/apps/logistics/vehicles?sortBy=progress&orderBy=desc');
    await page.getByRole('button', { name: 'Progress' }).click();
    await page.getByRole('button', { name: 'Progress' }).click();
    await page.locator('th[aria-sort="descending"]').getByText('Progress').waitFor();
    const rows = page.locator('tbody tr[data-vehicle]');
    await page
      .locator(`tbody tr[data-vehicle]`)
      .first()
      .and(page.locator(`[data-vehicle="${byProgress.vehicles[0].location}"]`))
      .waitFor();
    expect(await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-vehicle'))))).toEqual(
      byProgress.vehicles.map((v) => v.location),
    );
    await page.getByText('Page 1 of 3 · 25 vehicles').waitFor();
  });

  it('fleet: picking a vehicle in the list highlights it on the map with its route progress', async () => {
    const { vehicles } = await api<{ vehicles: TVehicle[] }>(
      '/apps/logistics/vehicles?itemsPerPage=-1&sortBy=location',
    );
    await page.goto('/apps/logistics/fleet');
    const list = page.getByRole('list', { name: 'Vehicles' });
    await list.getByRole('button').first().waitFor();
    expect(await list.getByRole('button').count()).toBe(vehicles.length);
    expect(await page.locator('[data-testid="fleet-map"] circle[data-marker]').count()).toBe(vehicles.length);
    const v = vehicles[3];
    const pick = list.getByRole('button', { name: new RegExp(`VOL-${v.location}`) });
    await pick.click();
    expect(await pick.getAttribute('aria-pressed')).toBe('true');
    await page.locator(`circle[data-marker="${v.location}"][data-selected]`).waitFor();
    await page.locator(`path[data-route="${v.location}"][data-selected]`).waitFor();
    expect(await page.locator('circle[data-selected]').count()).toBe(1);
    expect(await page.getByTestId('selected-progress').textContent()).toBe(`${v.progress} % of the route done`);
    await page
      .getByTestId('vehicle-details')
      .getByText(`From ${v.startCity}, ${v.startCountry} to ${v.endCity}, ${v.endCountry}`)
      .waitFor();
    await page.getByRole('img', { name: `Map of the fleet, VOL-${v.location} highlighted` }).waitFor();
    // Keyboard: arrow down moves to the next vehicle, Enter picks it.
    await pick.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.locator(`circle[data-marker="${vehicles[4].location}"][data-selected]`).waitFor();
  });

  it('axe finds no serious issue on the dashboard and the fleet (dark, Arabic)', async () => {
    await page.context().addCookies([
      { name: 'od-language', value: 'ar', url: b.baseUrl },
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
    ]);
    await page.goto('/apps/logistics/dashboard');
    await page.getByRole('heading', { name: 'لوحة الخدمات اللوجستية' }).waitFor();
    await page.locator('tbody tr[data-vehicle]').first().waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    const serious = await axeAudit(page, 'logistics dashboard (ar, dark)');
    await page.goto('/apps/logistics/fleet');
    await page.getByRole('list', { name: 'المركبات' }).getByRole('button').first().click();
    await page.locator('circle[data-selected]').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    serious.push(...(await axeAudit(page, 'fleet (ar, dark)')));
    expect(serious).toEqual([]);
  });
});
