// The installable field app on a phone: Chromium finds nothing missing to install it, the service worker
// controls the page after one visit, /tasks reloads with no network into the app (not the browser's
// error page) with its user kept, no API answer lands in Cache Storage, and a new version is announced
// but held while changes wait to be sent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../server/testing/chromium.ts';
import { axeAudit } from '../testing/axe.ts';
import { CLIENT_DIST, setupClientBrowser } from '../testing/browser.ts';

// A copy of the build, so a test can publish a "new version" of the worker without touching the real one.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-pwa-'));
fs.cpSync(CLIENT_DIST, dist, { recursive: true });
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const b = await setupClientBrowser({ CLIENT_DIST: dist });
const PHONE = { width: 390, height: 844 };

/** Signed in as the demo inspector on a phone, the page controlled by the service worker. */
async function inspector(
  opened: { context: BrowserContext; page: Page } | null = null,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = opened ?? (await b.newPage({ viewport: PHONE, serviceWorkers: 'allow' }));
  page.setDefaultTimeout(20_000);
  await b.signIn(page, 'qualitycontrol@demo.com', 'qualitycontrol');
  await page.waitForURL((url) => url.pathname === '/tasks');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return { context, page };
}

/** Every URL in the origin's Cache Storage. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
  });
}

describe('the installable field app', { timeout: 120_000 }, () => {
  it('is installable and controlled by its service worker after one visit', async () => {
    // A profile of its own: Chromium installs nothing from an incognito context (what newContext makes).
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-pwa-profile-'));
    const persistent = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      baseURL: b.baseUrl,
      viewport: PHONE,
    });
    const { context, page } = await inspector({ context: persistent, page: await persistent.newPage() });
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  });

  it('reloads /tasks offline into the app, signed in, with no API answer in Cache Storage', async () => {
    const { context, page } = await inspector();
    // What a phone holds once the worker installed: the shell, the perform page, the strings of every language.
    const cached = await cachedUrls(page);
    expect(cached.some((url) => url.includes('/index.html'))).toBe(true);
    const viteManifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    for (const key of [
      'pages/tasks/PerformTaskPage.tsx',
      'i18n/locales/ar/perform.json',
      'i18n/locales/fr/common.json',
    ])
      expect(cached.some((url) => url.endsWith(`/${viteManifest[key].file}`))).toBe(true);

    await context.setOffline(true);
    const reached = await page.evaluate(() =>
      fetch('/trpc/auth.me').then(
        () => 'answered',
        () => 'failed',
      ),
    );
    expect(reached).toBe('failed');
    await page.reload();
    // The app's shell, still signed in (the userData cookie): not the browser's "No internet" page, not /login.
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    await page.getByRole('heading', { name: 'Tasks', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/tasks');
    expect(await axeAudit(page, 'tasks offline')).toEqual([]);

    expect((await cachedUrls(page)).filter((url) => /\/(trpc|api)(\/|$)/.test(new URL(url).pathname))).toEqual([]);
    await context.setOffline(false);
    await context.close();
  });

  it('announces a new version, held while changes wait to be sent, and applies it on request', async () => {
    const { context, page } = await inspector();
    // The queue's report (offline/pending.ts setPendingCount), as the window event it travels by: two
    // changes wait, told before the prompt's code has loaded.
    const setPending = (n: number) =>
      page.evaluate((count) => window.dispatchEvent(new CustomEvent('opsdesk:pending', { detail: count })), n);
    await setPending(2);

    // A new build of the worker is published; the open page finds it.
    fs.appendFileSync(path.join(dist, 'sw.js'), '\n// the next version\n');
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const prompt = page.getByRole('region', { name: 'New version' });
    await prompt.getByText('A new version of Opsdesk is ready').waitFor();
    await prompt.getByText('once your 2 unsent changes have been sent').waitFor();
    expect(await prompt.getByRole('button', { name: 'Reload to update' }).count()).toBe(0);
    expect(await axeAudit(page, 'update held')).toEqual([]);
    // Held: the new worker still waits behind the one controlling the page.
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);

    await setPending(0);
    await prompt.getByRole('button', { name: 'Reload to update' }).waitFor();
    await prompt.getByRole('button', { name: 'Reload to update' }).click();
    await page.waitForEvent('load');
    await page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return !!registration?.active && !registration.waiting && navigator.serviceWorker.controller !== null;
    });
    await page.getByRole('heading', { name: 'Tasks', exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'New version' }).count()).toBe(0);
    await context.close();
  });
});
