// Accessibility of the shell and the auth pages: axe-core (WCAG 2.x A/AA rules) in the real browser,
// in light, dark and right-to-left, with menus, panels and dialogs open. No serious or critical findings.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type AxeFinding, axeAudit } from '../testing/axe.ts';
import { setupClientBrowser } from '../testing/browser.ts';

const b = await setupClientBrowser();

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

describe('axe: auth and message pages', () => {
  for (const path of [
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password?token=not-a-real-token',
    '/no/such/page',
    '/not-authorized',
  ]) {
    it(`finds no serious or critical issue on ${path}`, async () => {
      const { context, page } = await b.newPage();
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await settle(page);
      expect(await axeAudit(page, path)).toEqual([]);
      await context.close();
    });
  }

  it('finds no serious or critical issue on the login page in dark and in Arabic, with an error shown', async () => {
    const { context, page } = await b.newPage();
    await context.addCookies([
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
      { name: 'od-language', value: 'ar', url: b.baseUrl },
    ]);
    await page.goto('/login');
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    await page.getByText('البريد الإلكتروني مطلوب').waitFor();
    await settle(page);
    expect(await axeAudit(page, '/login dark rtl')).toEqual([]);
    await context.close();
  });
});

describe('axe: the shell', () => {
  it('finds no serious or critical issue in the default layout, with each navbar panel open', async () => {
    const { context, page } = await b.newPage();
    await b.signIn(page, 'admin@demo.com', 'admin');
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await settle(page);
    const found: AxeFinding[] = [];
    found.push(...(await axeAudit(page, 'shell vertical light')));

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    found.push(...(await axeAudit(page, 'shell user menu')));
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('dialog', { name: 'Notifications' }).getByRole('listitem').first().waitFor();
    found.push(...(await axeAudit(page, 'shell notifications')));
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'Shortcuts' }).click();
    await page.getByRole('dialog', { name: 'Shortcuts' }).waitFor();
    found.push(...(await axeAudit(page, 'shell shortcuts')));
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: 'Search' }).getByRole('option').first().waitFor();
    found.push(...(await axeAudit(page, 'shell search')));
    await page.keyboard.type('an');
    await page.getByRole('dialog', { name: 'Search' }).getByRole('group', { name: 'People' }).waitFor();
    found.push(...(await axeAudit(page, 'shell search records')));
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'Open customizer' }).click();
    await page.getByRole('dialog', { name: 'Theme customizer' }).waitFor();
    found.push(...(await axeAudit(page, 'shell customizer')));
    await page.getByRole('button', { name: 'Done' }).click();

    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    found.push(...(await axeAudit(page, 'shell keyboard shortcuts')));
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.goto('/access-control');
    await page.getByRole('heading', { name: 'Business', level: 2 }).waitFor();
    await settle(page);
    found.push(...(await axeAudit(page, 'access-control')));
    expect(found).toEqual([]);
    await context.close();
  }, 90_000);

  it('finds no serious or critical issue in dark, horizontal, collapsed and right-to-left variants', async () => {
    const variants: [string, Record<string, string>, { width: number; height: number }][] = [
      ['dark vertical', { 'od-theme': 'dark' }, { width: 1280, height: 800 }],
      [
        'horizontal bordered',
        { 'od-appContentLayoutNav': 'horizontal', 'od-skin': 'bordered' },
        { width: 1280, height: 800 },
      ],
      ['collapsed', { 'od-isVerticalNavCollapsed': 'true' }, { width: 1280, height: 800 }],
      ['arabic rtl dark', { 'od-language': 'ar', 'od-theme': 'dark' }, { width: 1280, height: 800 }],
    ];
    const found: AxeFinding[] = [];
    for (const [label, cookies, viewport] of variants) {
      const { context, page } = await b.newPage({ viewport });
      await b.signIn(page, 'admin@demo.com', 'admin');
      await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: b.baseUrl })));
      await page.reload();
      await page.getByRole('main').waitFor();
      await settle(page);
      found.push(...(await axeAudit(page, `shell ${label}`)));
      if (label === 'arabic rtl dark') {
        await page.getByRole('button', { name: 'قائمة المستخدم' }).click();
        await page.getByRole('menuitemradio', { name: 'Français' }).waitFor();
        found.push(...(await axeAudit(page, 'shell user menu rtl dark')));
        await page.keyboard.press('Escape');
      }
      if (label === 'horizontal bordered') {
        await page.getByRole('navigation').getByRole('button', { name: 'Management' }).click();
        found.push(...(await axeAudit(page, 'shell horizontal dropdown')));
      }
      await context.close();
    }
    expect(found).toEqual([]);
  }, 90_000);

  it('finds no serious or critical issue with the overlay navigation open below 976 px', async () => {
    const { context, page } = await b.newPage({ viewport: { width: 800, height: 900 } });
    await b.signIn(page, 'qualitycontrol@demo.com', 'qualitycontrol');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await settle(page);
    expect(await axeAudit(page, 'shell overlay nav')).toEqual([]);
    await context.close();
  });
});
