// Browser flows of /apps/logistics/dashboard and /apps/logistics/fleet as admin@demo.com: the
// dashboard's figures and vehicles table match the API; picking a vehicle in the fleet list highlights it
// on the map and shows its route progress; in Arabic each overview figure sits under its own label, the
// places name their countries in Arabic and, on a phone, every destination keeps its label (the chart turns
// on its side); axe in dark Arabic.
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

  it('in Arabic: each figure under its label (1440 px), countries in Arabic, every destination labelled on a phone', async () => {
    const summary = await api<TLogisticsSummary>('/apps/logistics/summary');
    const { vehicles } = await api<{ vehicles: TVehicle[] }>('/apps/logistics/vehicles?sortBy=location&orderBy=asc');
    const arabic = new Intl.DisplayNames(['ar'], { type: 'region' });
    const english = new Intl.DisplayNames(['en'], { type: 'region' });
    const codes = [...Array(26 * 26).keys()].map((i) => String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26)));
    const inArabic = (name: string) => arabic.of(codes.find((c) => english.of(c) === name)!)!;
    for (const [language, width] of [
      ['ar', 1440],
      ['en', 1440],
      ['ar', 390],
    ] as const) {
      const { context, page: p } = await b.newPage({ viewport: { width, height: 900 } });
      p.setDefaultTimeout(20_000);
      await b.signIn(p, 'admin@demo.com', 'admin');
      await context.addCookies([{ name: 'od-language', value: language, url: b.baseUrl }]);
      await p.goto('/apps/logistics/dashboard');
      await p.locator('[data-status] dd').first().waitFor();
      const label = `${language} ${width}px`;

      // The label and the number of a figure start at the same edge: the right in Arabic, the left in English.
      const edges = await p.locator('[data-testid="status-counts"] [data-status]').evaluateAll((cells) =>
        cells.map((cell) => {
          const textBox = (el: Element) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            return range.getBoundingClientRect();
          };
          const [dt, dd] = [textBox(cell.querySelector('dt')!), textBox(cell.querySelector('dd')!)];
          return { status: cell.getAttribute('data-status'), start: [dt.left, dd.left, dt.right, dd.right] };
        }),
      );
      expect(edges).toHaveLength(summary.byStatus.length);
      for (const { status, start } of edges) {
        const [dtLeft, ddLeft, dtRight, ddRight] = start;
        if (language === 'ar') expect(Math.abs(dtRight - ddRight), `${status}, ${label}`).toBeLessThan(2);
        else expect(Math.abs(dtLeft - ddLeft), `${status}, ${label}`).toBeLessThan(2);
      }

      // The vehicles table: places with their country in the page's language.
      const first = vehicles[0];
      const row = p.locator(`tbody tr[data-vehicle="${first.location}"]`);
      await row.waitFor();
      const places = await row.locator('td').evaluateAll((tds) => tds.slice(0, 2).map((td) => td.textContent));
      expect(places, label).toEqual(
        language === 'ar'
          ? [`${first.startCity}، ${inArabic(first.startCountry)}`, `${first.endCity}، ${inArabic(first.endCountry)}`]
          : [`${first.startCity}, ${first.startCountry}`, `${first.endCity}, ${first.endCountry}`],
      );

      if (width === 390) {
        // Every destination has its label, whole and apart from the others: down the side of the chart.
        const figure = p.getByRole('figure', { name: /الشحنات حسب بلد الوجهة/ });
        const sideLabels = figure.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
        await expect
          .poll(() => sideLabels.allTextContents())
          .toEqual(summary.shipments.map((s) => inArabic(s.country)));
        const boxes = await sideLabels.evaluateAll((texts) =>
          texts.map((t) => {
            const r = t.getBoundingClientRect();
            return { text: t.textContent ?? '', top: r.top, bottom: r.bottom, left: r.left, right: r.right };
          }),
        );
        const frame = (await figure.boundingBox())!;
        for (const [i, box] of boxes.entries()) {
          expect(box.left, box.text).toBeGreaterThanOrEqual(frame.x);
          expect(box.right, box.text).toBeLessThanOrEqual(frame.x + frame.width);
          if (i > 0)
            expect(box.top, `${box.text} under ${boxes[i - 1].text}`).toBeGreaterThanOrEqual(boxes[i - 1].bottom);
        }
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }
      await context.close();
    }
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
