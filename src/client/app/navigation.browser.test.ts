// Navigation that does not blank: the previous page stays on screen, under a progress bar
// and with the menu already on the next item, until the next page's chunk and first query are in; hovering or focusing a link starts both before
// the click; the error pages keep the shell for a signed-in user.
import type { Page, Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../../server/testing/app.ts';
import { setupClientBrowser } from '../testing/browser.ts';

const b = await setupClientBrowser();

async function signedIn(email: string) {
  const { context, page } = await b.newPage();
  page.setDefaultTimeout(10_000);
  await b.signIn(page, email, DEMO_PASSWORDS[email]);
  return { context, page };
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const heading = (page: Page) => page.locator('main h1');
/** A data row of the list (loading, empty and skeleton rows carry no row key). */
const dataRows = (page: Page) => page.locator('main table tbody tr[data-row-key]');

/** The page's chunk or its list query, recognised in a request URL. */
const isChunk = (name: string) => (request: Request) => new URL(request.url()).pathname.startsWith(`/assets/${name}-`);
const isQuery = (procedure: string) => (request: Request) => {
  const url = new URL(request.url());
  return url.pathname.startsWith('/trpc/') && decodeURIComponent(url.pathname).slice(6).split(',').includes(procedure);
};

/**
 * Records, at every DOM change and frame, what `<main>` shows: the heading of a page, or nothing but a
 * loading placeholder (no heading). `frames()` answers the headings seen, in order, with `null` for a
 * frame without one.
 */
async function watchMain(page: Page): Promise<() => Promise<(string | null)[]>> {
  await page.evaluate(() => {
    const seen: (string | null)[] = [];
    const note = () => {
      const text = document.querySelector('main h1')?.textContent ?? null;
      if (seen[seen.length - 1] !== text) seen.push(text);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    const frame = () => {
      note();
      requestAnimationFrame(frame);
    };
    frame();
    (window as unknown as { __headings: (string | null)[] }).__headings = seen;
  });
  return () => page.evaluate(() => (window as unknown as { __headings: (string | null)[] }).__headings);
}

describe('navigation between pages', () => {
  it('keeps the previous list on screen, with a progress bar, until the next list has its rows', async () => {
    const { context, page } = await signedIn('admin@demo.com');
    await page.goto('/management/directions');
    await dataRows(page).first().waitFor();
    expect(await heading(page).textContent()).toBe('Directions');

    // Hold the next page's list query until the test lets it go, to look at the screen meanwhile.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith('/trpc/') && decodeURIComponent(url.pathname).includes('locations.list'),
      async (route: Route) => {
        await held;
        await route.continue();
      },
    );
    const frames = await watchMain(page);

    const next = mainNav(page).getByRole('link', { name: 'Location settings' });
    await next.click();
    await page.waitForURL((url) => url.pathname === '/management/location-setting');
    await page.getByRole('progressbar', { name: 'Loading…' }).waitFor();
    // The URL and the menu moved on; the content still shows the directions with their rows.
    await expect.poll(() => next.getAttribute('aria-current')).toBe('page');
    expect(await heading(page).textContent()).toBe('Directions');
    expect(await dataRows(page).count()).toBeGreaterThan(0);
    expect(await page.locator('main [role="status"]').filter({ hasText: 'Loading…' }).count()).toBe(0);

    release();
    await expect.poll(() => heading(page).textContent()).toBe('Location settings');
    await dataRows(page).first().waitFor();
    await page.getByRole('progressbar').waitFor({ state: 'detached' });
    // Not one frame without a page heading in between: the content never blanked to a spinner.
    expect(await frames()).toEqual(['Directions', 'Location settings']);
    await context.close();
  });

  it('starts the page chunk and the list query of a link on hover, and uses them on click', async () => {
    const { context, page } = await signedIn('admin@demo.com');
    await page.goto('/management/directions');
    await dataRows(page).first().waitFor();

    const chunk = page.waitForRequest(isChunk('TeamsPage'));
    const query = page.waitForRequest(isQuery('teams.list'));
    await mainNav(page).getByRole('link', { name: 'Teams' }).hover();
    await Promise.all([chunk, query]);
    expect(new URL(page.url()).pathname).toBe('/management/directions');
    // Let the preloaded answer land before the click.
    await (await query).response();

    const again: string[] = [];
    page.on('request', (request) => {
      if (isQuery('teams.list')(request)) again.push(request.url());
    });
    await mainNav(page).getByRole('link', { name: 'Teams' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Teams');
    await dataRows(page).first().waitFor();
    // The page showed the rows fetched on hover, without asking again.
    expect(again).toEqual([]);
    await context.close();
  });

  it('starts a link’s page on keyboard focus too', async () => {
    const { context, page } = await signedIn('admin@demo.com');
    await page.goto('/management/directions');
    await dataRows(page).first().waitFor();
    const query = page.waitForRequest(isQuery('classes.list'));
    await mainNav(page).getByRole('link', { name: 'Classes' }).focus();
    await query;
    expect(new URL(page.url()).pathname).toBe('/management/directions');
    await context.close();
  });
});

describe('error pages', () => {
  it('keep the shell and its navigation for a signed-in user', async () => {
    const { context, page } = await signedIn('admin@demo.com');
    for (const [path, title] of [
      ['/no/such/page', 'Page not found'],
      ['/pages/misc/not-found/oops', 'Page not found'],
      ['/not-authorized', 'You are not authorized!'],
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { name: title }).waitFor();
      await mainNav(page).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    }
    // The way on: a menu link leaves the error page for a real one.
    await mainNav(page).getByRole('link', { name: 'Directions', exact: true }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Directions');
    await context.close();
  });

  it('stay on the blank layout for a visitor', async () => {
    const { context, page } = await b.newPage();
    for (const [path, title] of [
      ['/no/such/page', 'Page not found'],
      ['/not-authorized', 'You are not authorized!'],
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { name: title }).waitFor();
      expect(await mainNav(page).count()).toBe(0);
    }
    await context.close();
  });
});
