// Routing in the browser: the index redirect per role, the guard's rules, not-found and aliases,
// returning after sign-in, and scrolling on navigation (hash target with a 60 px offset, else the top).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { User } from '../../server/domains/organization/users/user.entity.ts';
import { revokeUserSessions } from '../../server/domains/platform/auth/auth.service.ts';
import { DEMO_PASSWORDS } from '../../server/testing/app.ts';
import { setupClientBrowser } from '../testing/browser.ts';
import { ROLE_LANDING } from '../testing/landing.ts';
import { pageExists, routeByName } from './routes.tsx';

const b = await setupClientBrowser();

async function signedIn(email: string, viewport?: { width: number; height: number }) {
  const { context, page } = await b.newPage(viewport ? { viewport } : {});
  await b.signIn(page, email, DEMO_PASSWORDS[email]);
  return { context, page };
}

describe('index redirect', () => {
  for (const [email, landing] of Object.entries(ROLE_LANDING)) {
    it(`sends ${email.split('@')[0]} from / to ${landing}, and keeps them off login, register and forgot-password`, async () => {
      const { context, page } = await signedIn(email);
      for (const path of ['/', '/login', '/register', '/forgot-password']) {
        await page.goto(path);
        await page.waitForURL((url) => url.pathname === landing);
      }
      await expect(page.getByRole('navigation', { name: 'Main navigation' }).waitFor()).resolves.toBeUndefined();
      await context.close();
    });
  }

  it('sends a signed-out visitor of a guarded page to /login with the query kept, and back after sign-in', async () => {
    const { context, page } = await b.newPage();
    await page.goto('/access-control?tab=rules');
    await page.waitForURL((url) => url.pathname === '/login');
    const search = new URL(page.url()).searchParams;
    expect(search.get('tab')).toBe('rules');
    expect(search.get('redirect')).toBe('/access-control');
    await page.getByLabel('Email').fill('analyst@demo.com');
    await page.getByLabel('Password').fill('analyst');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/access-control' && url.search === '?tab=rules');
    await context.close();
  });

  it('lets a signed-out visitor see public pages', async () => {
    const { context, page } = await b.newPage();
    await page.goto('/not-authorized');
    await page.getByRole('heading', { name: 'You are not authorized!' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/not-authorized');
    await context.close();
  });
});

describe('first render', () => {
  // A Suspense fallback shown first costs a cold load React's reveal throttle (up to 300 ms): the first
  // render waits for what it shows (app/loadable.tsx, preload.ts firstRenderReady).
  it('shows the login form and a signed-in list page without a loading fallback first', async () => {
    const probe = () => {
      const seen: string[] = [];
      (window as unknown as { __fallbacks: string[] }).__fallbacks = seen;
      new MutationObserver(() => {
        const status = document.querySelector('[data-variant][role="status"]');
        if (status && !seen.includes(status.getAttribute('data-full-screen') ? 'full' : 'page'))
          seen.push(status.getAttribute('data-full-screen') ? 'full' : 'page');
      }).observe(document, { subtree: true, childList: true });
    };
    const { context, page } = await b.newPage();
    await context.addInitScript(probe);
    await page.goto('/login');
    await page.getByLabel('Email').waitFor();
    // The app has replaced the server's drawing of the page: its first render is the one probed.
    await page.locator('#root:not([data-drawn])').waitFor({ state: 'attached' });
    expect(await page.evaluate(() => (window as unknown as { __fallbacks: string[] }).__fallbacks)).toEqual([]);
    await b.signInAt(page, 'admin@demo.com', DEMO_PASSWORDS['admin@demo.com'], '/management/location-setting');
    await page.locator('main table tbody tr[data-row-key]').first().waitFor();
    // The shell renders at once; only the page's own skeleton may show while its files arrive.
    expect(await page.evaluate(() => (window as unknown as { __fallbacks: string[] }).__fallbacks)).not.toContain(
      'full',
    );
    await context.close();
  });
});

describe('guards', () => {
  it('refuses the client the demo apps and business pages with /not-authorized', async () => {
    const { context, page } = await signedIn('client@demo.com');
    await page.goto('/tasks');
    await page.waitForURL((url) => url.pathname === '/not-authorized');
    await page.getByRole('heading', { name: 'You are not authorized!' }).waitFor();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((url) => url.pathname === '/access-control');
    await context.close();
  });

  it('decides before the page asks anything: a refused page sends no read (none answered 403), on first load and on a link', {
    timeout: 180_000,
  }, async () => {
    const refused: [string, string[]][] = [
      [
        'client@demo.com',
        [
          '/apps/invoice/list',
          '/apps/permissions',
          '/apps/user/list',
          '/apps/user/view/1',
          '/dashboards/crmAdmin',
          '/dashboards/crmAnalyst',
          '/dashboards/crmBusinessUser',
          '/dashboards/crmFloorManager',
          '/dashboards/crmTeamLeader',
        ],
      ],
      ['qualitycontrol@demo.com', ['/business/customers', '/management/audit', '/dashboards/crmAdmin']],
      ['teamleader@demo.com', ['/dashboards/crmAdmin', '/management/mail']],
      ['admin@demo.com', ['/management/mail']],
    ];
    const forbidden: string[] = [];
    for (const [email, paths] of refused) {
      const { context, page } = await signedIn(email, { width: 390, height: 844 });
      page.on('response', (r) => {
        if (r.status() === 403) forbidden.push(`${email} ${new URL(page.url()).pathname}: ${r.url().split('?')[0]}`);
      });
      for (const path of paths) {
        await page.goto(path);
        await page.waitForURL((url) => url.pathname === '/not-authorized');
        await page.waitForLoadState('networkidle');
      }
      // In the app: a link to a refused page preloads nothing of it either (hover, then click).
      await page.evaluate((href) => {
        const a = document.createElement('a');
        a.href = href;
        a.textContent = 'Refused page';
        document.querySelector('main')?.append(a);
      }, paths[0]);
      await page.getByRole('link', { name: 'Refused page' }).hover();
      await page.waitForTimeout(300);
      await page.waitForLoadState('networkidle');
      await context.close();
    }
    expect(forbidden).toEqual([]);
  });

  it('shows the access-control page: what the role may do in each area, in plain words', async () => {
    const area = (page: Page, name: string) =>
      page.locator('section li').filter({ has: page.getByText(name, { exact: true }) });
    const { context, page } = await signedIn('client@demo.com');
    await page.getByRole('heading', { name: 'Access control', level: 1 }).waitFor();
    await page.getByText('You are signed in as Clara Jensen (Client), in customer ACME.').waitFor();
    expect(await area(page, 'This overview').textContent()).toContain('View');
    expect(await area(page, 'Customers').textContent()).toContain('No access');
    await context.close();

    const qc = await signedIn('qualitycontrol@demo.com');
    await qc.page.goto('/access-control');
    await qc.page.getByText(/\(Quality control inspector\)/).waitFor();
    expect(await area(qc.page, 'Users').textContent()).toContain('View · only you');
    expect(await area(qc.page, 'Teams').textContent()).toContain('View · your teams');
    expect(await area(qc.page, 'Schemes').getByRole('link', { name: 'Schemes' }).getAttribute('href')).toBe(
      '/management/schemes',
    );
    await qc.context.close();

    const admin = await signedIn('superadmin@demo.com');
    await admin.page.goto('/access-control');
    await admin.page
      .getByText('You are signed in as Sofia Operator (Platform operator), across every customer.')
      .waitFor();
    expect(await area(admin.page, 'Users').textContent()).toContain('Delete');
    await admin.context.close();
  });

  it('treats a revoked session as signed out even with its userData cookie left', async () => {
    const { context, page } = await signedIn('businessadmin@demo.com');
    const em = b.orm.em.fork();
    const user = await em.findOneOrFail(User, { email: 'businessadmin@demo.com' });
    const seen = b.app.sessionCache.generation;
    await revokeUserSessions(em, user.id);
    // The process forgets the session it keeps when the revocation's NOTIFY arrives, milliseconds after the
    // commit: a page asked for before that could still be answered from memory.
    await expect.poll(() => b.app.sessionCache.generation).toBeGreaterThan(seen);
    expect((await context.cookies()).some((c) => c.name === 'userData')).toBe(true);
    await page.goto('/access-control');
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'userData')).toBe(false);
    await context.close();
  });
});

describe('not found', () => {
  it('answers unknown paths, /pages/misc/not-found/{error} and the not-authorized alias (in the shell when signed in)', async () => {
    const { context, page } = await signedIn('admin@demo.com');
    for (const path of ['/no/such/page', '/pages/misc/not-found/oops']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    }
    await page.goto('/pages/misc/not-authorized');
    await page.getByRole('heading', { name: 'You are not authorized!' }).waitFor();
    await context.close();
  });

  it('shows not-found for a route whose page is not built yet', async (ctx) => {
    const missing = ['apps-email', 'apps-chat', 'reports', 'files', 'projects', 'dashboards-analytics']
      .map((name) => routeByName(name)!)
      .find((route) => !pageExists(route));
    if (!missing) return ctx.skip();
    const { context, page } = await signedIn('superadmin@demo.com');
    await page.goto(missing.path);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });
});

describe('scrolling on navigation', () => {
  it('scrolls to a hash target 60 px below the top, and to the top on the next page', async () => {
    const { context, page } = await signedIn('admin@demo.com', { width: 1280, height: 320 });
    await page.goto('/access-control#acl-workspace');
    await page.locator('#acl-workspace').waitFor();
    const offset = () => page.evaluate(() => document.getElementById('acl-workspace')!.getBoundingClientRect().top);
    await expect.poll(async () => Math.abs((await offset()) - 60) <= 1, { timeout: 5000 }).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // The landing is built: the navigation offers it as Dashboards › CRM, not "Home".
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const crm = nav.getByRole('link', { name: 'CRM' });
    if (!(await crm.isVisible())) await nav.getByRole('button', { name: 'Dashboards' }).click();
    await crm.click();
    await page.waitForURL((url) => url.pathname === '/dashboards/crm');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });
});
