// The default layout in the browser: overlay navigation below 976 px and the restore above it, the
// horizontal-layout rules, collapsed and semi-dark navigation, content width, navbar and footer types,
// and the scroll-to-top button.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../../server/testing/app.ts';
import { setupClientBrowser } from '../testing/browser.ts';

const b = await setupClientBrowser();

async function open(opts: { cookies?: Record<string, string>; width?: number; height?: number; email?: string } = {}) {
  const { context, page } = await b.newPage({ viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 } });
  const cookies = Object.entries(opts.cookies ?? {}).map(([name, value]) => ({ name, value, url: b.baseUrl }));
  if (cookies.length) await context.addCookies(cookies);
  const email = opts.email ?? 'admin@demo.com';
  await b.signIn(page, email, DEMO_PASSWORDS[email]);
  await page.getByRole('button', { name: 'User menu' }).or(page.getByRole('main')).first().waitFor();
  return { context, page };
}

async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const customizer = (page: Page) => page.getByRole('dialog', { name: 'Theme customizer' });
const style = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

async function openCustomizer(page: Page) {
  await page.getByRole('button', { name: 'Open customizer' }).click();
  await customizer(page).waitFor();
}

describe('overlay navigation below 976 px', () => {
  it('hides the menu behind "Open navigation", closes it on Escape and on navigation, and docks it again above', async () => {
    const { context, page } = await open({ width: 900 });
    expect(await mainNav(page).count()).toBe(0);
    const opener = page.getByRole('button', { name: 'Open navigation' });
    await opener.click();
    await mainNav(page).waitFor();
    expect(
      await page.getByRole('button', { name: 'Close navigation' }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => mainNav(page).count()).toBe(0);
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await opener.click();
    await mainNav(page).getByRole('link', { name: 'Access Control' }).click();
    await page.waitForURL((url) => url.pathname === '/access-control');
    await expect.poll(() => mainNav(page).count()).toBe(0);
    await expect.poll(() => page.title()).toBe('Access Control · Opsdesk');

    await page.setViewportSize({ width: 1280, height: 800 });
    await mainNav(page).waitFor();
    expect(await opener.count()).toBe(0);
    await context.close();
  });

  it('forces a horizontal layout to vertical below the breakpoint and restores it above, keeping the stored choice', async () => {
    const { context, page } = await open({ cookies: { 'od-appContentLayoutNav': 'horizontal' } });
    const nav = mainNav(page);
    await nav.getByRole('button', { name: 'Management' }).waitFor();
    const wide = await nav.boundingBox();
    expect(wide!.width).toBeGreaterThan(wide!.height);

    await page.setViewportSize({ width: 800, height: 800 });
    await expect.poll(() => nav.count()).toBe(0);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const overlay = await nav.boundingBox();
    expect(overlay!.height).toBeGreaterThan(overlay!.width);
    await page.keyboard.press('Escape');
    expect(await cookie(context, 'od-appContentLayoutNav')).toBe('horizontal');

    await page.setViewportSize({ width: 1280, height: 800 });
    await nav.getByRole('button', { name: 'Management' }).waitFor();
    expect(await cookie(context, 'od-appContentLayoutNav')).toBe('horizontal');
    await context.close();
  });
});

describe('horizontal layout', () => {
  it('turns a hidden navbar into a sticky one and un-collapses the vertical nav when chosen in the customizer', async () => {
    const { context, page } = await open({
      cookies: { 'od-navbarType': 'hidden', 'od-isVerticalNavCollapsed': 'true' },
    });
    expect(await page.getByRole('button', { name: 'User menu' }).count()).toBe(0);
    await openCustomizer(page);
    await customizer(page).getByRole('button', { name: 'Horizontal', exact: true }).click();
    await expect.poll(() => cookie(context, 'od-appContentLayoutNav')).toBe('horizontal');
    expect(await cookie(context, 'od-navbarType')).toBe('sticky');
    expect(await cookie(context, 'od-isVerticalNavCollapsed')).toBe('false');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect(await style(page, 'header', 'position')).toBe('sticky');
    await mainNav(page).getByRole('button', { name: 'Business' }).waitFor();
    await context.close();
  });

  it('opens a section 6 px below its button, closes on Escape with focus back, and navigates from it', async () => {
    const { context, page } = await open({ cookies: { 'od-appContentLayoutNav': 'horizontal' } });
    const button = mainNav(page).getByRole('button', { name: 'Misc' });
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const link = mainNav(page).getByRole('link', { name: 'Access Control' });
    await link.waitFor();
    const gap =
      (await link.locator('xpath=ancestor::div[@id][1]').boundingBox())!.y -
      ((await button.boundingBox())!.y + (await button.boundingBox())!.height);
    expect(Math.round(gap)).toBe(6);
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await button.click();
    await link.click();
    await page.waitForURL((url) => url.pathname === '/access-control');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });
});

describe('vertical navigation options', () => {
  it('collapses to icons, opens while hovered, and the toggle expands it again', async () => {
    const { context, page } = await open({ cookies: { 'od-isVerticalNavCollapsed': 'true' } });
    const panel = page.locator('[data-semi-dark]').first();
    await expect.poll(async () => Math.round((await panel.boundingBox())!.width)).toBeLessThan(100);
    await mainNav(page).getByRole('link', { name: 'Access Control' }).waitFor({ state: 'attached' });
    await panel.hover();
    await expect.poll(async () => Math.round((await panel.boundingBox())!.width)).toBeGreaterThan(200);
    await page.getByRole('button', { name: 'Collapse navigation' }).click();
    await expect.poll(() => cookie(context, 'od-isVerticalNavCollapsed')).toBe('false');
    await page.mouse.move(900, 400);
    await expect.poll(async () => Math.round((await panel.boundingBox())!.width)).toBeGreaterThan(200);
    await context.close();
  });

  it('is semi-dark in the light theme by default, and not when switched off', async () => {
    const { context, page } = await open();
    const navPanel = page.locator('[data-semi-dark]');
    await navPanel.waitFor();
    expect(await navPanel.getAttribute('data-color-mode')).toBe('dark');
    await openCustomizer(page);
    await customizer(page).getByRole('button', { name: 'Semi-dark menu' }).click();
    await expect.poll(() => cookie(context, 'od-isVerticalNavSemiDark')).toBe('false');
    expect(await navPanel.count()).toBe(0);
    await context.close();
  });
});

describe('content width, navbar and footer types', () => {
  it('boxes the content at 1440 px or lets it fill the width', async () => {
    const boxed = await open({ width: 1920 });
    const inner = (page: Page) =>
      page
        .locator('main > div')
        .first()
        .evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.round(await inner(boxed.page))).toBe(1440);
    await boxed.context.close();
    const fluid = await open({ width: 1920, cookies: { 'od-appContentWidth': 'fluid' } });
    expect(await inner(fluid.page)).toBeGreaterThan(1500);
    await fluid.context.close();
  });

  it('renders the navbar sticky, static or not at all, and the footer likewise', async () => {
    for (const type of ['sticky', 'static', 'hidden']) {
      const { context, page } = await open({ cookies: { 'od-navbarType': type, 'od-footerType': type } });
      await page.getByRole('main').waitFor();
      expect(await page.getByRole('banner').count()).toBe(type === 'hidden' ? 0 : 1);
      expect(await page.getByRole('contentinfo').count()).toBe(type === 'hidden' ? 0 : 1);
      if (type !== 'hidden') {
        expect(await style(page, 'header', 'position')).toBe(type);
        expect(await style(page, 'footer', 'position')).toBe(type);
        await page
          .getByRole('contentinfo')
          .getByText(/© \d{4} Opsdesk/)
          .waitFor();
      }
      await context.close();
    }
  });

  it('keeps the navbar below the breakpoint even when hidden, so the overlay can be opened', async () => {
    const { context, page } = await open({ width: 800, cookies: { 'od-navbarType': 'hidden' } });
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    await context.close();
  });
});

describe('scroll to top', () => {
  it('appears only past 200 px and scrolls smoothly back to the top', async () => {
    const { context, page } = await open({ height: 320 });
    await page.goto('/access-control');
    await page.getByRole('heading', { name: 'Access control', level: 1 }).waitFor();
    const button = page.getByRole('button', { name: 'Scroll to top' });
    expect(await button.count()).toBe(0);
    // Where the page is two frames after the scroll (the button reads it at the next frame); not an exact
    // 150, which a late change of layout above the viewport may shift by a few pixels (scroll anchoring).
    const scrollTo = (top: number) =>
      page.evaluate(
        (top) =>
          new Promise<number>((resolve) => {
            window.scrollTo({ top, behavior: 'instant' });
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY)));
          }),
        top,
      );
    const below = await scrollTo(150);
    expect(below).toBeGreaterThan(100);
    expect(below).toBeLessThanOrEqual(200);
    expect(await button.count()).toBe(0);
    expect(await scrollTo(300)).toBeGreaterThan(200);
    await button.waitFor();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => button.count()).toBe(0);
    await context.close();
  });

  it('on a phone, neither floating button covers the footer text, static or sticky', { timeout: 90_000 }, async () => {
    const { context, page } = await open({ width: 390, height: 844 });
    for (const footerType of ['static', 'sticky']) {
      for (const language of ['en', 'ar']) {
        await context.addCookies(
          Object.entries({ 'od-footerType': footerType, 'od-language': language }).map(([name, value]) => ({
            name,
            value,
            url: b.baseUrl,
          })),
        );
        await page.goto('/management/location-setting');
        await page.locator('[data-list-body]:not([aria-busy])').waitFor();
        // At the very end of the page, with the floating button shown (scroll to top; on phones the
        // customizer opens from the menu, not from a floating gear).
        const atEndWithButtons = () =>
          page.evaluate(() => {
            window.scrollTo({ top: document.scrollingElement!.scrollHeight, behavior: 'instant' });
            const end = Math.ceil(window.scrollY + window.innerHeight) >= document.scrollingElement!.scrollHeight;
            return (
              end &&
              [...document.querySelectorAll('button')].filter((el) => getComputedStyle(el).position === 'fixed').length
            );
          });
        await expect.poll(atEndWithButtons, { timeout: 10_000 }).toBe(1);
        const overlaps = await page.evaluate(() => {
          const floating = [...document.querySelectorAll('button')].filter(
            (el) => getComputedStyle(el).position === 'fixed',
          );
          const texts = [...document.querySelectorAll('footer *')].filter(
            (el) => el.children.length === 0 && el.textContent.trim(),
          );
          const hit = (a: DOMRect, c: DOMRect) =>
            a.left < c.right && c.left < a.right && a.top < c.bottom && c.top < a.bottom;
          return floating.flatMap((f) =>
            texts
              .filter((t) => hit(f.getBoundingClientRect(), t.getBoundingClientRect()))
              .map((t) => `${f.className} over "${t.textContent}"`),
          );
        });
        expect(overlaps, `${footerType} ${language}`).toEqual([]);
      }
    }
    await context.close();
  });
});
