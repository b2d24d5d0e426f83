// Browser-test harness: the real app on a random port over a fresh database, driven by
// playwright-core in Debian's Chromium (never a downloaded browser).
import net, { type AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach } from 'vitest';
import { setupTestApp, type TestApp } from './app.ts';
import { launchChromium } from './chromium.ts';

/** Resolves once no drawing of the server is left in the page (the app runs it, or it was never drawn). */
async function appHasTakenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-drawn'), null, { polling: 50 });
}

/**
 * `page.goto` and `page.reload` resolve, as a person waits for a page to be ready, once the app runs it:
 * a page the server drew (the list pages, a phone's pages) is first replaced by the app. A caller that
 * waits for less than the load event (`waitUntil: 'domcontentloaded'` or `'commit'`, as the drawn pages'
 * own tests do) gets the page as it is, drawing included.
 */
function readyWithTheApp(page: Page): void {
  const waitsForLoad = (opts?: { waitUntil?: string }) =>
    !opts?.waitUntil || opts.waitUntil === 'load' || opts.waitUntil === 'networkidle';
  const goto = page.goto.bind(page);
  page.goto = async (url, opts) => {
    const response = await goto(url, opts);
    if (waitsForLoad(opts)) await appHasTakenOver(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (opts) => {
    const response = await reload(opts);
    if (waitsForLoad(opts)) await appHasTakenOver(page);
    return response;
  };
}

export interface BrowserHarness extends TestApp {
  baseUrl: string;
  browser: Browser;
  /**
   * A fresh context (own cookies) and page. Service workers are blocked unless `serviceWorkers: 'allow'`:
   * the app's worker would precache the field app (~250 files) in the background of every test's context.
   */
  newPage(opts?: {
    viewport?: { width: number; height: number };
    /** The browser's time zone (default: the machine's). */
    timezoneId?: string;
    serviceWorkers?: 'allow' | 'block';
    /** The browser's user agent (a phone's: the server draws the inspector's pages for it). */
    userAgent?: string;
  }): Promise<{ context: BrowserContext; page: Page }>;
  /** Sign in through the login form and wait for the landing page. */
  signIn(page: Page, email: string, password: string): Promise<void>;
  /**
   * Sign in through the API (the answer's session cookies land in the page's context, as the form's do)
   * and open `path`: for a test of that page, not of signing in (the form and the landing page cost a
   * second per test).
   */
  signInAt(page: Page, email: string, password: string, path: string): Promise<void>;
}

/** A TCP port free right now on the loopback interface (for a PUBLIC_URL chosen before the app listens). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function setupBrowser(env: Record<string, string> = {}): Promise<BrowserHarness> {
  const t = await setupTestApp({ CLIENT_DIST: 'dist/client', ...env });
  // A PUBLIC_URL on localhost (WebAuthn wants a host name, not an address) is where the app listens.
  const named = env.PUBLIC_URL ? new URL(env.PUBLIC_URL) : null;
  await t.app.listen({ port: named?.hostname === 'localhost' ? Number(named.port) : 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const browser = await launchChromium();
  afterAll(async () => {
    await browser.close();
  });
  // A failed test leaves its pages open: print where each one is, what it shows and what it logged, so a
  // failure seen only in CI can be read from CI's output. The error's message carries the short form (the
  // end of the log, the open dialog or the main region), since CI's output keeps only its last lines.
  const logs = new WeakMap<Page, string[]>();
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    const short: string[] = [];
    for (const context of browser.contexts())
      for (const page of context.pages()) {
        const snapshot = (selector: string) =>
          page
            .locator(selector)
            .first()
            .ariaSnapshot({ timeout: 2_000 })
            .catch((e: Error) => `(no snapshot: ${e.message.split('\n')[0]})`);
        const log = logs.get(page) ?? [];
        console.error(`[browser] ${page.url()}\n${log.join('\n')}\n${await snapshot('body')}`);
        const focus = (await page.locator('[role=dialog], [role=alertdialog], dialog[open]').count()) > 0;
        const main = (await page.locator('main').count()) > 0;
        const shown = await snapshot(
          focus ? '[role=dialog], [role=alertdialog], dialog[open]' : main ? 'main' : 'body',
        );
        short.push(`[browser] ${page.url()}`, ...log.slice(-8), ...shown.split('\n').slice(0, 40));
      }
    const error = ctx.task.result.errors?.[0];
    if (error && short.length) error.message += `\n${short.join('\n')}`;
  });
  const baseUrl = named?.hostname === 'localhost' ? named.origin : `http://127.0.0.1:${port}`;
  return {
    ...t,
    baseUrl,
    browser,
    async newPage(opts = {}) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: opts.viewport ?? { width: 1280, height: 800 },
        ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
        ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
        serviceWorkers: opts.serviceWorkers ?? 'block',
      });
      // A wait that never ends fails on its own, naming what it waited for, before the test's 30 s run out.
      context.setDefaultTimeout(20_000);
      context.on('page', readyWithTheApp);
      const page = await context.newPage();
      const log: string[] = [];
      logs.set(page, log);
      page.on('pageerror', (error) => log.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        // Chromium's notes on Permissions-Policy features it does not know are noise.
        if (message.text().startsWith('Error with Permissions-Policy header')) return;
        if (message.type() === 'error' || message.type() === 'warning')
          log.push(`${message.type()}: ${message.text()}`);
      });
      page.on('requestfailed', (request) =>
        log.push(`requestfailed: ${request.url()} ${request.failure()?.errorText}`),
      );
      page.on('response', (response) => {
        if (response.status() >= 400)
          log.push(`response: ${response.status()} ${response.request().method()} ${response.url()}`);
      });
      return { context, page };
    },
    async signIn(page, email, password) {
      await page.goto('/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      // The landing page, loaded afresh, may come drawn by the server: ready once the app has taken it
      // over (a shortcut pressed on the drawing would find no app to hear it).
      await appHasTakenOver(page);
    },
    async signInAt(page, email, password, path) {
      const res = await page.request.post('/api/auth/login', { data: { email, password } });
      if (!res.ok()) throw new Error(`sign-in of ${email} failed: ${res.status()} ${await res.text()}`);
      await page.goto(path);
    },
  };
}
