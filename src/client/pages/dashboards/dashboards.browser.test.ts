// Role dashboards in the browser: every role lands on /dashboards/crm and sees its own
// dashboard (quality control sees the designed "no dashboard" state that sends to its tasks); a number
// opens the list behind it; the analyst and floor manager dashboards in dark Arabic on a phone have no
// serious axe finding.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { axeAudit } from '../../testing/axe.ts';
import { setupClientBrowser } from '../../testing/browser.ts';

const b = await setupClientBrowser();
const pageErrors: string[] = [];
const pages: Page[] = [];

async function signedIn(
  role: string,
  cookies: Record<string, string> = {},
  viewport?: { width: number; height: number },
): Promise<Page> {
  const { context, page } = await b.newPage(viewport ? { viewport } : {});
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) pageErrors.push(m.text());
  });
  await b.signIn(page, `${role}@demo.com`, role);
  await context.addCookies(
    Object.entries({ 'od-language': 'en', ...cookies }).map(([name, value]) => ({ name, value, url: b.baseUrl })),
  );
  pages.push(page);
  return page;
}

afterEach(() => {
  expect(pageErrors).toEqual([]);
});
afterAll(async () => {
  for (const page of pages) await page.context().close();
});

const LANDING: [string, string, string][] = [
  ['admin', 'Administration dashboard', 'Users by role'],
  ['businessadmin', 'Administration dashboard', 'Projects by status'],
  ['floormanager', 'Floor manager dashboard', 'Workload per inspector'],
  ['teamleader', 'Team leader dashboard', 'Reviews waiting'],
  ['businessuser', 'Business dashboard', 'Project progress'],
  ['analyst', 'Analyst dashboard', 'Weakest questions'],
  ['qualitycontrol', 'Dashboard', 'Open my tasks'],
];

describe('/dashboards/crm', { timeout: 240_000 }, () => {
  it('shows each role its own dashboard', async () => {
    for (const [role, title, part] of LANDING) {
      const page = await signedIn(role);
      await page.goto('/dashboards/crm');
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      await page.getByText(part, { exact: true }).first().waitFor();
      await page.context().close();
    }
  });

  it('opens the list behind a number', async () => {
    const page = await signedIn('analyst');
    await page.goto('/dashboards/crm');
    const waiting = page.getByRole('link', { name: /^Waiting for review: .* — open the list$/ });
    await waiting.waitFor();
    expect(await waiting.getAttribute('href')).toBe('/tasks?status=submitted');
    await waiting.click();
    await page.waitForURL(/\/tasks\?status=submitted$/);
    const admin = await signedIn('admin');
    await admin.goto('/dashboards/crmAdmin');
    const approved = admin.getByRole('link', { name: /^Approved: .* — open the list$/ });
    await approved.click();
    await admin.waitForURL(/\/tasks\?status=approved$/);
  });

  it('has no serious axe finding in dark Arabic and fits a phone', async () => {
    const page = await signedIn('analyst', { 'od-language': 'ar', 'od-theme': 'dark' }, { width: 390, height: 844 });
    await page.goto('/dashboards/crmAnalyst');
    await page.getByRole('heading', { level: 1, name: 'لوحة المحلل' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'الأسئلة الأضعف' }).waitFor();
    await page.locator('[role="status"][aria-busy="true"]').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await axeAudit(page, '/dashboards/crmAnalyst dark rtl phone')).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);
  });

  it('shows the floor manager the open and overdue corrective actions; no serious axe finding in dark Arabic on a phone', async () => {
    const page = await signedIn(
      'floormanager',
      { 'od-language': 'ar', 'od-theme': 'dark' },
      { width: 390, height: 844 },
    );
    await page.goto('/dashboards/crmFloorManager');
    await page.getByRole('heading', { level: 1, name: 'لوحة مدير الطابق' }).waitFor();
    const card = page.getByRole('region', { name: 'الإجراءات التصحيحية' });
    await card.getByText('الإجراءات المفتوحة', { exact: true }).waitFor();
    await card.getByText('الإجراءات المتأخرة', { exact: true }).waitFor();
    await page.locator('[role="status"][aria-busy="true"]').waitFor({ state: 'detached' });
    expect(await axeAudit(page, '/dashboards/crmFloorManager dark rtl phone')).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);
  });

  it('reads like the other pages: headings of one size, value axes from zero, labelled figures, each chart titled once, Primer controls', async () => {
    const sizes: Record<string, string> = {};
    const axes: Record<string, string[]> = {};
    for (const [language, theme, width] of [
      ['en', 'light', 1440],
      ['ar', 'dark', 390],
    ] as const) {
      const page = await signedIn('admin', { 'od-language': language, 'od-theme': theme }, { width, height: 900 });
      for (const path of ['/tasks', '/dashboards/crm', '/dashboards/ecommerce', '/dashboards/analytics']) {
        await page.goto(path);
        const h1 = page.getByRole('heading', { level: 1 }).first();
        await h1.waitFor();
        sizes[`${path} ${language}`] = await h1.evaluate((el) => getComputedStyle(el).fontSize);
        if (path.startsWith('/dashboards/') && path !== '/dashboards/crm') {
          // Each value axis of each chart has a 0 tick (bars and counts drawn from an automatic minimum
          // exaggerate small differences).
          await page.locator('.recharts-responsive-container').first().waitFor();
          await page.waitForFunction(() =>
            [...document.querySelectorAll('.recharts-responsive-container')].every(
              (chart) =>
                chart.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').length > 0,
            ),
          );
          axes[`${path} ${language}`] = await page
            // recharts draws each axis's tick labels in a layer of their own, one group per axis.
            .locator('.recharts-yAxis-tick-labels')
            .evaluateAll((all) =>
              all
                .map((axis, i) => {
                  const ticks = [...axis.querySelectorAll('.recharts-cartesian-axis-tick-value')].map((t) =>
                    (t.textContent ?? '').replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660)),
                  );
                  return ticks.includes('0') ? '' : `axis ${i}: ${ticks.join(' ')}`;
                })
                .filter(Boolean),
            );
        }
      }
      // The analytics period is Primer's Select, like every other select of the product.
      const period = page.getByRole('combobox').first();
      expect(
        await period.evaluate((el) => !!el.closest('[data-component="Select"]') || el.dataset.component === 'Select'),
      ).toBe(true);
    }
    const reference = sizes['/tasks en'];
    expect(sizes).toEqual(
      Object.fromEntries(Object.keys(sizes).map((k) => [k, k.endsWith(' ar') ? sizes['/tasks ar'] : reference])),
    );
    expect(Object.values(axes).flat()).toEqual([]);

    // The business user's direction figures say what each number is, and no chart repeats its card's title.
    const page = await signedIn('businessuser');
    await page.goto('/dashboards/crm');
    const directions = page.getByRole('region', { name: 'Score by direction' });
    const figure = directions.locator('dd').first();
    await figure.waitFor();
    expect(await figure.textContent()).toMatch(/^\d+ approved · average score \d+(\.\d)?$/);
    // The administrator may open every role's dashboard.
    const admin = await signedIn('admin');
    for (const path of ['/dashboards/crmBusinessUser', '/dashboards/crmAnalyst', '/dashboards/crmFloorManager']) {
      await admin.goto(path);
      await admin.locator('figure').first().waitFor();
      await admin.locator('[role="status"][aria-busy="true"]').waitFor({ state: 'detached' });
      const twice = await admin.locator('section:has(> h2)').evaluateAll((cards) =>
        cards.flatMap((card) => {
          const title = card.querySelector('h2')?.textContent?.trim() ?? '';
          return [...card.querySelectorAll('figcaption *, figcaption')]
            .filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent?.trim() === title))
            .filter((el) => el.getBoundingClientRect().width > 2)
            .map(() => title);
        }),
      );
      expect(twice, path).toEqual([]);
    }
  });
});
