// The public sign-in pages, and the inspector's pages on a phone, come drawn by the server
// (src/server/plugins/drawn-pages.ts): a phone paints the page from the HTML and its stylesheets before
// the app's JavaScript has arrived, in the visitor's language and theme; what the visitor types and
// submits meanwhile is carried over when the app replaces the drawing (app/drawn-page.ts), which looks
// the same as the live page; a signed-in drawing's answers fill the app's cache.
import type { Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { axeAudit } from '../testing/axe.ts';
import { setupClientBrowser } from '../testing/browser.ts';

const b = await setupClientBrowser();
const PHONE = { width: 390, height: 844 };

/** Holds the app's entry script (what the boot script starts) until `release` is called (the page's load event waits for it). */
async function holdApp(page: Page): Promise<{ release: () => Promise<void>; asked: () => boolean }> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => (released ? route.continue() : held.push(route)));
  return {
    asked: () => held.length > 0,
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

/** Pixels of two same-sized screenshots that differ (any channel by more than 16 of 255), as a share. */
async function difference(a: Buffer, c: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, c].map((png) => sharp(png).raw().toBuffer({ resolveWithObject: true })));
  const channels = x.info.channels;
  let differing = 0;
  for (let i = 0; i < x.data.length; i += channels) {
    for (let k = 0; k < channels; k++)
      if (Math.abs(x.data[i + k] - y.data[i + k]) > 16) {
        differing++;
        break;
      }
  }
  return differing / (x.data.length / channels);
}

describe('the sign-in pages drawn by the server', { timeout: 120_000 }, () => {
  it('paints the sign-in form before the JavaScript, accessible, and the app replaces it unchanged', async () => {
    const { context, page } = await b.newPage({ viewport: PHONE });
    page.setDefaultTimeout(20_000);
    const app = await holdApp(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    // Drawn: the form is there and named while the app's entry has not run.
    await page.getByRole('heading', { name: 'Welcome to Opsdesk', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).waitFor();
    await expect.poll(app.asked).toBe(true);
    expect(await page.locator('#root[data-drawn]').count()).toBe(1);
    expect(await axeAudit(page, 'login drawn by the server 390px')).toEqual([]);
    const drawn = await page.screenshot({ caret: 'hide', animations: 'disabled' });

    await app.release();
    await page.locator('#root:not([data-drawn])').waitFor({ state: 'attached' });
    await page.getByRole('heading', { name: 'Welcome to Opsdesk', level: 1 }).waitFor();
    const live = await page.screenshot({ caret: 'hide', animations: 'disabled' });
    // The same page: at most a few anti-aliased pixels apart (a focus ring or a font hinted otherwise).
    expect(await difference(drawn, live)).toBeLessThan(0.005);
    await context.close();
  });

  it('keeps what was typed and the Login pressed before the app ran, and signs in', async () => {
    const { context, page } = await b.newPage({ viewport: PHONE });
    page.setDefaultTimeout(20_000);
    const app = await holdApp(page);
    await page.goto('/login?redirect=%2Ftasks', { waitUntil: 'domcontentloaded' });
    await page.getByRole('textbox', { name: 'Email' }).fill('qualitycontrol@demo.com');
    await page.getByLabel('Password').fill('qualitycontrol');
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // Held while the app is not there: no navigation, no password in the address bar.
    expect(new URL(page.url()).search).toBe('?redirect=%2Ftasks');
    await app.release();
    // The app submits it as the visitor did, remembered (a cookie that outlives the browser).
    await page.waitForURL((url) => url.pathname === '/tasks');
    const session = (await context.cookies()).find((cookie) => cookie.name === 'accessToken');
    expect(session?.expires).toBeGreaterThan(Date.now() / 1000);
    await context.close();
  });

  it('presses again a button pressed before the app ran (the passkey sign-in)', async () => {
    const { context, page } = await b.newPage({ viewport: PHONE });
    page.setDefaultTimeout(20_000);
    // No authenticator on this device: the browser refuses at once, which the live page says.
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const app = await holdApp(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    expect(await page.locator('#root[data-drawn-click]').count()).toBe(1);
    const asked = page.waitForRequest((request) => request.url().includes('auth.passkeyOptions'));
    await app.release();
    await asked;
    await context.close();
  });

  it('carries over the focus and a half-typed address', async () => {
    const { context, page } = await b.newPage({ viewport: PHONE });
    page.setDefaultTimeout(20_000);
    const app = await holdApp(page);
    await page.goto('/forgot-password', { waitUntil: 'domcontentloaded' });
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.fill('sam@acme');
    await app.release();
    await page.locator('#root:not([data-drawn])').waitFor({ state: 'attached' });
    await expect(email.inputValue()).resolves.toBe('sam@acme');
    await expect.poll(() => email.evaluate((field) => field === document.activeElement)).toBe(true);
    await page.keyboard.type('.example');
    await expect(email.inputValue()).resolves.toBe('sam@acme.example');
    await context.close();
  });

  it('draws in the visitor language, direction and theme', async () => {
    const { context, page } = await b.newPage({ viewport: PHONE });
    await context.addCookies([
      { name: 'od-language', value: 'ar', url: b.baseUrl },
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
    ]);
    const app = await holdApp(page);
    await page.goto('/register', { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(
      await page.evaluate(() => ({
        lang: document.documentElement.lang,
        dir: document.documentElement.dir,
        theme: document.documentElement.dataset.theme,
        mode: document.querySelector('[data-color-mode]')?.getAttribute('data-color-mode'),
      })),
    ).toEqual({ lang: 'ar', dir: 'rtl', theme: 'dark', mode: 'dark' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/[\u0600-\u06ff]/);
    expect(await axeAudit(page, 'register drawn by the server, ar dark 390px')).toEqual([]);
    await app.release();
    await context.close();
  });

  it('draws nothing for a signed-in visitor', async () => {
    const { context, page } = await b.newPage({ viewport: PHONE });
    await b.signIn(page, 'admin@demo.com', 'admin');
    const html = await (await context.request.get('/login')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('/boot.js');
    await context.close();
  });
});

/** A phone's browser, as it announces itself (the server draws the inspector's pages for it). */
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Mobile Safari/537.36';

/** Signs `page`'s context in through the API (no page of the app opened yet). */
async function signInByApi(page: Page, email: string, password: string): Promise<void> {
  const res = await page.context().request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(201);
}

/**
 * A page signed in through the API that keeps its errors and the requests of one list (`ofTheList`, on
 * the decoded URL of a tRPC request).
 */
async function watchedPage(
  options: Parameters<typeof b.newPage>[0],
  email: string,
  password: string,
  ofTheList: (url: string) => boolean,
) {
  const { context, page } = await b.newPage(options);
  page.setDefaultTimeout(20_000);
  await signInByApi(page, email, password);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  const listAsks: string[] = [];
  page.on('request', (request) => {
    const url = decodeURIComponent(request.url());
    if (url.includes('/trpc/') && ofTheList(url)) listAsks.push(url);
  });
  return { context, page, errors, listAsks };
}

describe("the inspector's pages drawn by the server on a phone", { timeout: 120_000 }, () => {
  it("paints /tasks with the inspector's own tasks before the JavaScript; the app takes the answers along, asks nothing again, and shows the same cards", async () => {
    // The page's own list (page 1 of 10); the offline agent's day lists are another input.
    const { context, page, errors, listAsks } = await watchedPage(
      { viewport: PHONE, userAgent: PHONE_UA },
      'qualitycontrol@demo.com',
      'qualitycontrol',
      (url) => url.includes('tasks.list') && url.includes('"itemsPerPage":10'),
    );
    const stylesheets: string[] = [];
    page.on(
      'request',
      (request) => request.resourceType() === 'stylesheet' && stylesheets.push(new URL(request.url()).pathname),
    );
    const app = await holdApp(page);
    await page.goto('/tasks', { waitUntil: 'domcontentloaded' });
    // Drawn: the shell, the heading and the cards with their labelled actions, while the app has not run.
    await page.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor();
    const drawnCards = await page.getByRole('link', { name: /^Start visit: / }).count();
    expect(drawnCards).toBeGreaterThan(0);
    await expect.poll(app.asked).toBe(true);
    expect(await page.locator('#root[data-drawn]').count()).toBe(1);
    expect(await axeAudit(page, 'tasks drawn by the server 390px')).toEqual([]);

    await app.release();
    await page.locator('#root:not([data-drawn])').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: /Filters/ }).waitFor();
    expect(await page.getByRole('link', { name: /^Start visit: / }).count()).toBe(drawnCards);
    // The list came with the page: the app did not ask it again.
    await page.waitForLoadState('networkidle');
    expect(listAsks).toEqual([]);
    // Its stylesheets came inline, and the app's loader took them as loaded: none was fetched.
    const inlined = await page.evaluate(() =>
      [...document.querySelectorAll('link[type="text/x-inlined-css"]')].map((link) => link.getAttribute('href')),
    );
    expect(inlined.length).toBeGreaterThan(3);
    expect(stylesheets.filter((href) => inlined.includes(href))).toEqual([]);
    // The list's input came with the drawing too: zod, which builds it from the URL, did not load (it
    // marks the page with its registry when it does).
    const zodLoaded = () => page.evaluate(() => '__zod_globalRegistry' in globalThis);
    expect(await zodLoaded()).toBe(false);
    // A search typed then builds the input (zod loads) and asks the list with it.
    const searched = page.waitForRequest((request) => decodeURIComponent(request.url()).includes('"q":"zzz-none"'));
    await page.getByRole('button', { name: /Filters/ }).click();
    await page.getByRole('searchbox').fill('zzz-none');
    await searched;
    expect(await zodLoaded()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('paints the perform page with its task and check-in before the JavaScript', async () => {
    const { context, page } = await b.newPage({ viewport: PHONE, userAgent: PHONE_UA });
    page.setDefaultTimeout(20_000);
    await signInByApi(page, 'qualitycontrol@demo.com', 'qualitycontrol');
    // The first visit the inspector may perform, read from their drawn task list.
    const list = await (await context.request.get('/tasks')).text();
    const perform = /href="(\/tasks\/perform_task\/\d+\/\d+)"/.exec(list)?.[1];
    expect(perform).toBeTruthy();
    const app = await holdApp(page);
    await page.goto(perform as string, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: 'Check in' }).waitFor();
    expect(await page.locator('#root[data-drawn]').count()).toBe(1);
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    await app.release();
    await page.locator('#root:not([data-drawn])').waitFor({ state: 'attached' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    await context.close();
  });

  it('draws the perform page on a phone only, no page the visitor may not open, and never keeps one for another visitor', async () => {
    const { context, page } = await b.newPage({ viewport: PHONE });
    await signInByApi(page, 'qualitycontrol@demo.com', 'qualitycontrol');
    const list = await (await context.request.get('/tasks', { headers: { 'user-agent': PHONE_UA } })).text();
    const perform = /href="(\/tasks\/perform_task\/\d+\/\d+)"/.exec(list)?.[1] as string;
    expect(perform).toBeTruthy();
    expect(await (await context.request.get(perform)).text()).toContain('<div id="root"></div>');
    // A list the inspector may not read (the audit log) is not drawn: the app's guard answers it.
    expect(await (await context.request.get('/management/audit')).text()).toContain('<div id="root"></div>');
    // A list page is drawn on any device, with the visitor's own rows: an answer no shared cache may keep.
    const drawn = await context.request.get('/tasks');
    expect(await drawn.text()).toContain('id="od-drawn-state"');
    expect(drawn.headers()['cache-control']).toBe('private, no-store');
    await context.close();
  });
});

describe('the list pages drawn by the server on a computer', { timeout: 120_000 }, () => {
  it('paints the rows of a list before the JavaScript, fitted to the page; the app takes the answers along and shows the same rows', async () => {
    const { context, page, errors, listAsks } = await watchedPage(
      { viewport: { width: 1440, height: 900 } },
      'admin@demo.com',
      'admin',
      (url) => url.includes('locations.list'),
    );
    const app = await holdApp(page);
    await page.goto('/management/location-setting', { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: 'Location settings', level: 1 }).waitFor();
    const rows = page.locator('main table tbody tr[data-row-key]');
    const drawnRows = await rows.allTextContents();
    expect(drawnRows).toHaveLength(10);
    await expect.poll(app.asked).toBe(true);
    expect(await page.locator('#root[data-drawn]').count()).toBe(1);
    // Every column in view: the table is no wider than its scroller (no column starts out of sight).
    const overflow = await page
      .locator('[data-list-body]')
      .evaluate((table) => table.scrollWidth - (table.parentElement as HTMLElement).clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    // Drawn as loaded, not as still fetching (assistive technology would announce a busy list).
    expect(await page.locator('[data-list-body][aria-busy]').count()).toBe(0);
    expect(await axeAudit(page, 'location settings drawn by the server 1440px')).toEqual([]);

    await app.release();
    await page.locator('#root:not([data-drawn])').waitFor({ state: 'attached' });
    await page.locator('[data-list-body]:not([aria-busy])').waitFor();
    expect(await rows.allTextContents()).toEqual(drawnRows);
    await page.waitForLoadState('networkidle');
    expect(listAsks).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
