// At a desktop width (1440 px) a list fits its frame: it never scrolls sideways, and its last data
// column is never covered by the sticky actions column — on every business list and the demo lists
// that carry an actions column, in English (left to right) and Arabic (right to left).
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../../../server/testing/app.ts';
import { setupClientBrowser } from '../../testing/browser.ts';
import { dataRows, settled } from '../../testing/list-pages.ts';

const PAGES: [string, string][] = [
  ['Customers', '/business/customers'],
  ['Licenses', '/business/licenses'],
  ['Users', '/management/users'],
  ['Schemes', '/management/schemes'],
  ['Projects', '/projects'],
  ['Orders', '/apps/ecommerce/order/list'],
  ['Files', '/files'],
  ['Location settings', '/management/location-setting'],
];

const b = await setupClientBrowser();
const { context, page } = await b.newPage({ viewport: { width: 1440, height: 900 } });
page.setDefaultTimeout(15_000);
await b.signIn(page, 'superadmin@demo.com', DEMO_PASSWORDS['superadmin@demo.com']);
afterAll(() => context.close());
// The Files list needs a file to show: a customer's admin uploads one.
{
  const admin = await b.newPage();
  await b.signInAt(admin.page, 'admin@demo.com', DEMO_PASSWORDS['admin@demo.com'], '/files');
  await admin.page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'opening-hours.txt', mimeType: 'text/plain', buffer: Buffer.from('Mon–Sat 8–20\n') });
  await admin.page.getByRole('status').filter({ hasText: 'uploaded' }).first().waitFor();
  await admin.context.close();
}

/** What is wrong with the first row's layout, or an empty list. */
async function layoutFlaws(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const flaws: string[] = [];
    const scroller = document.querySelector('table[data-list-body]')?.parentElement;
    if (!scroller) return ['no table'];
    if (scroller.scrollWidth > scroller.clientWidth + 1)
      flaws.push(`scrolls sideways: ${scroller.scrollWidth} > ${scroller.clientWidth}`);
    const row = document.querySelector('tbody tr[tabindex="0"]');
    const cells = [...(row?.querySelectorAll('td[data-col]') ?? [])] as HTMLElement[];
    const last = cells.at(-1);
    if (!last) return [...flaws, 'no data cell'];
    const box = last.getBoundingClientRect();
    const frame = scroller.getBoundingClientRect();
    if (box.left < frame.left - 1 || box.right > frame.right + 1)
      flaws.push(`last cell ${Math.round(box.left)}–${Math.round(box.right)} outside ${frame.left}–${frame.right}`);
    const actions = row?.querySelector('td:not([data-col]):last-child');
    if (actions) {
      const a = actions.getBoundingClientRect();
      if (a.left < box.right - 1 && a.right > box.left + 1) flaws.push('the actions column overlaps the last cell');
    }
    // Nothing painted over it: the point at its inner edges hits the cell itself.
    for (const x of [box.left + 4, box.right - 4]) {
      const hit = document.elementFromPoint(x, box.top + box.height / 2);
      if (!hit || !last.contains(hit)) flaws.push(`covered at x=${Math.round(x)} by ${hit?.outerHTML.slice(0, 60)}`);
    }
    // Its content is not cut (an ellipsis or a clipped child).
    const content = last.firstElementChild as HTMLElement | null;
    if (content && content.scrollWidth > content.clientWidth + 1)
      flaws.push(`content cut: "${content.textContent}" ${content.scrollWidth} > ${content.clientWidth}`);
    // A date and time column fits the widest one the language writes, not only today's.
    if (content && last.dataset.kind === 'datetime') {
      const format = new Intl.DateTimeFormat(document.documentElement.lang, {
        dateStyle: 'medium',
        timeStyle: 'short',
      });
      const shown = content.textContent;
      let widest = '';
      for (let month = 0; month < 12; month++)
        for (const [day, hour, minute] of [
          [28, 10, 58],
          [30, 22, 48],
          [8, 8, 8],
        ]) {
          content.textContent = format.format(new Date(2026, month, day, hour, minute));
          if (content.scrollWidth > content.clientWidth + 1) widest = content.textContent;
        }
      content.textContent = shown;
      if (widest) flaws.push(`a date would be cut: "${widest}"`);
    }
    return flaws;
  });
}

describe('lists at 1440 px', { timeout: 180_000 }, () => {
  for (const language of ['en', 'ar']) {
    it(`fit without scrolling sideways and show their last column whole (${language})`, async () => {
      await context.addCookies([{ name: 'od-language', value: language, url: b.baseUrl }]);
      const found: Record<string, string[]> = {};
      for (const [name, path] of PAGES) {
        await page.goto(path);
        await settled(page);
        await dataRows(page)
          .first()
          .waitFor({ timeout: 5_000 })
          .catch(() => undefined);
        const flaws = await layoutFlaws(page);
        if (flaws.length) found[name] = flaws;
      }
      expect(found).toEqual({});
    });
  }
});
