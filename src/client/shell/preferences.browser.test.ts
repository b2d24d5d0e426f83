// UI preferences in the browser: the od- cookies with their defaults,
// theme (light, dark, system following the device), skin, primary colour, language and right-to-left,
// each through the UI and through the cookies, surviving a reload; and the customizer's reset.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupClientBrowser } from '../testing/browser.ts';

const b = await setupClientBrowser();

async function cookies(context: BrowserContext): Promise<Record<string, string>> {
  return Object.fromEntries(
    (await context.cookies()).filter((c) => c.name.startsWith('od-')).map((c) => [c.name, c.value]),
  );
}
const html = (page: Page, attribute: string) => page.locator('html').getAttribute(attribute);
const bodyClass = (page: Page) => page.locator('body').getAttribute('class');
const customizer = (page: Page) => page.getByRole('dialog', { name: 'Theme customizer' });

async function withCookies(values: Record<string, string>, path = '/login') {
  const { context, page } = await b.newPage();
  await context.addCookies(Object.entries(values).map(([name, value]) => ({ name, value, url: b.baseUrl })));
  await page.goto(path);
  await page.locator('main').first().waitFor();
  await live(page);
  return { context, page };
}

/** The app runs (the server's drawing of a sign-in page replaced): what it writes is written. */
function live(page: Page) {
  return page.locator('#root:not([data-drawn])').waitFor({ state: 'attached' });
}

describe('defaults', () => {
  it('writes every preference cookie with the defaults as plain strings', async () => {
    const { context, page } = await b.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await live(page);
    expect(await cookies(context)).toEqual({
      'od-color-scheme': 'light',
      'od-theme': 'light',
      'od-skin': 'default',
      'od-isVerticalNavSemiDark': 'true',
      'od-isNavbarBlurEnabled': 'true',
      'od-isVerticalNavCollapsed': 'false',
      'od-appContentWidth': 'boxed',
      'od-appContentLayoutNav': 'vertical',
      'od-navbarType': 'sticky',
      'od-footerType': 'static',
      'od-horizontalNavType': 'sticky',
      'od-language': 'en',
      'od-lightThemePrimaryColor': '#7367F0',
      'od-darkThemePrimaryColor': '#7367F0',
    });
    expect(await html(page, 'lang')).toBe('en');
    expect(await html(page, 'dir')).toBe('ltr');
    expect(await html(page, 'data-theme')).toBe('light');
    expect(await bodyClass(page)).toContain('skin--default');
    await context.close();
  });

  it('ignores invalid cookie values and falls back to the defaults', async () => {
    const { context, page } = await withCookies({ 'od-theme': 'purple', 'od-language': 'xx', 'od-skin': '1' });
    expect(await html(page, 'data-theme')).toBe('light');
    expect(await html(page, 'lang')).toBe('en');
    expect(await bodyClass(page)).toContain('skin--default');
    await context.close();
  });
});

describe('theme', () => {
  it('switches through the navbar theme switcher and survives a reload', async () => {
    const { context, page } = await b.newPage();
    await b.signIn(page, 'admin@demo.com', 'admin');
    const switcher = page.getByRole('button', { name: /^Theme/ });
    await page.getByRole('button', { name: 'Theme: Light', exact: true }).waitFor();
    await switcher.click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect.poll(() => html(page, 'data-theme')).toBe('dark');
    expect((await cookies(context))['od-theme']).toBe('dark');
    await page.reload();
    await page.getByRole('button', { name: 'Theme: Dark' }).waitFor();
    expect(await html(page, 'data-theme')).toBe('dark');
    // Primer's colour tokens follow.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(246, 248, 250)');
    await context.close();
  });

  it('follows the device with "system", and records the device scheme in od-color-scheme', async () => {
    const { context, page } = await withCookies({ 'od-theme': 'system' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => html(page, 'data-theme')).toBe('dark');
    expect((await cookies(context))['od-color-scheme']).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => html(page, 'data-theme')).toBe('light');
    expect((await cookies(context))['od-color-scheme']).toBe('light');
    await context.close();
  });

  it('takes the theme from the od-theme cookie', async () => {
    const { context, page } = await withCookies({ 'od-theme': 'dark' });
    expect(await html(page, 'data-theme')).toBe('dark');
    expect(await html(page, 'data-color-mode')).toBe('dark');
    await context.close();
  });
});

describe('skin and primary colour', () => {
  it('switches the skin in the customizer and from the cookie', async () => {
    const { context, page } = await b.newPage();
    await b.signIn(page, 'admin@demo.com', 'admin');
    await page.getByRole('button', { name: 'Open customizer' }).click();
    await customizer(page).getByRole('button', { name: 'Bordered', exact: true }).click();
    await expect.poll(() => bodyClass(page)).toContain('skin--bordered');
    expect(await bodyClass(page)).not.toContain('skin--default');
    expect((await cookies(context))['od-skin']).toBe('bordered');
    await context.close();

    const fromCookie = await withCookies({ 'od-skin': 'bordered' });
    expect(await bodyClass(fromCookie.page)).toContain('skin--bordered');
    await fromCookie.context.close();
  });

  it('maps the primary colour onto Primer’s accent tokens, per theme', async () => {
    const { context, page } = await withCookies({
      'od-lightThemePrimaryColor': '#0D9394',
      'od-darkThemePrimaryColor': '#2B76B9',
    });
    const accent = () =>
      page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--bgColor-accent-emphasis').trim(),
      );
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--od-primary'))).toBe('#0D9394');
    expect(await accent()).toBe('#0D9394');
    await context.close();

    const dark = await withCookies({ 'od-theme': 'dark', 'od-darkThemePrimaryColor': '#2B76B9' });
    expect(await dark.page.evaluate(() => document.documentElement.style.getPropertyValue('--od-primary'))).toBe(
      '#2B76B9',
    );
    await dark.context.close();

    const chosen = await b.newPage();
    await b.signIn(chosen.page, 'admin@demo.com', 'admin');
    await chosen.page.getByRole('button', { name: 'Open customizer' }).click();
    await customizer(chosen.page).getByRole('radio', { name: 'Colour #C2307B' }).first().check();
    await expect.poll(async () => (await cookies(chosen.context))['od-lightThemePrimaryColor']).toBe('#C2307B');
    await chosen.context.close();
  });

  it('resets every preference to the defaults', async () => {
    const { context, page } = await b.newPage();
    await b.signIn(page, 'admin@demo.com', 'admin');
    await context.addCookies(
      Object.entries({
        'od-theme': 'dark',
        'od-skin': 'bordered',
        'od-appContentWidth': 'fluid',
        'od-language': 'de',
        'od-footerType': 'hidden',
      }).map(([name, value]) => ({ name, value, url: b.baseUrl })),
    );
    await page.reload();
    await page.getByRole('button', { name: 'Anpassung öffnen' }).click();
    await page.getByRole('dialog', { name: 'Theme anpassen' }).getByRole('button', { name: 'Zurücksetzen' }).click();
    await expect.poll(async () => (await cookies(context))['od-theme']).toBe('light');
    expect(await cookies(context)).toMatchObject({
      'od-skin': 'default',
      'od-appContentWidth': 'boxed',
      'od-language': 'en',
      'od-footerType': 'static',
    });
    await customizer(page).waitFor();
    expect(await html(page, 'lang')).toBe('en');
    await context.close();
  });
});

describe('language and direction', () => {
  it('switches the language from the navbar, translating the shell, and keeps it after a reload', async () => {
    const { context, page } = await b.newPage();
    await b.signIn(page, 'admin@demo.com', 'admin');
    await page.getByRole('button', { name: /^Language/ }).click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    await expect.poll(() => html(page, 'lang')).toBe('fr');
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: "Contrôle d'accès" })
      .waitFor();
    await page.getByRole('button', { name: 'Menu utilisateur' }).waitFor();
    expect((await cookies(context))['od-language']).toBe('fr');
    expect(await html(page, 'dir')).toBe('ltr');
    await page.reload();
    await page.getByRole('button', { name: 'Menu utilisateur' }).waitFor();
    expect(await html(page, 'lang')).toBe('fr');
    await context.close();
  });

  it('turns Arabic right to left, mirroring the layout, from the cookie and from the customizer', async () => {
    const { context, page } = await b.newPage();
    await context.addCookies([{ name: 'od-language', value: 'ar', url: b.baseUrl }]);
    await page.goto('/login');
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).waitFor();
    expect(await html(page, 'dir')).toBe('rtl');
    expect(await html(page, 'lang')).toBe('ar');
    await page.getByLabel('البريد الإلكتروني').fill('admin@demo.com');
    await page.getByLabel('كلمة المرور').fill('admin');
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    const nav = page.getByRole('navigation', { name: 'التنقل الرئيسي' });
    await nav.waitFor();
    const box = await nav.boundingBox();
    expect(box!.x).toBeGreaterThan(640);
    const main = await page.getByRole('main').boundingBox();
    expect(main!.x).toBeLessThan(box!.x);

    await page.getByRole('button', { name: 'فتح أداة التخصيص' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'English', exact: true }).click();
    await expect.poll(() => html(page, 'dir')).toBe('ltr');
    expect(await html(page, 'lang')).toBe('en');
    const ltr = await page.getByRole('navigation', { name: 'Main navigation' }).boundingBox();
    expect(ltr!.x).toBe(0);
    await context.close();
  });

  it('lets the direction be chosen against the language and forgets it when the language changes', async () => {
    const { context, page } = await b.newPage();
    await b.signIn(page, 'admin@demo.com', 'admin');
    await page.getByRole('button', { name: 'Open customizer' }).click();
    await customizer(page).getByRole('button', { name: 'Right to left', exact: true }).click();
    await expect.poll(() => html(page, 'dir')).toBe('rtl');
    expect(await html(page, 'lang')).toBe('en');
    await page.reload();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect(await html(page, 'dir')).toBe('rtl');
    await page.getByRole('button', { name: 'Open customizer' }).click();
    await customizer(page).getByRole('button', { name: 'Deutsch', exact: true }).click();
    await expect.poll(() => html(page, 'dir')).toBe('ltr');
    await context.close();
  });
});
