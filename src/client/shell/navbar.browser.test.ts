// The navbar in the browser: the search (pages in the user's language, records, actions, recent items) by keyboard,
// notifications and their read state, shortcuts, and the profile menu by keyboard and its Logout.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../../server/testing/app.ts';
import { pageExists, routeByName } from '../app/routes.tsx';
import { setupClientBrowser } from '../testing/browser.ts';

const b = await setupClientBrowser();

async function signedIn(email: string) {
  const { context, page } = await b.newPage();
  // A step that waits longer than this has failed: say which step, well inside the test's 30 s.
  page.setDefaultTimeout(10_000);
  await b.signIn(page, email, DEMO_PASSWORDS[email]);
  await page.getByRole('button', { name: 'User menu' }).waitFor();
  return { context, page };
}

/** Signed in as `email`, the shell shown in `language` (the preference cookie, then a reload). */
async function signedInIn(email: string, language: string, userMenu: string) {
  const { context, page } = await signedIn(email);
  await context.addCookies([{ name: 'od-language', value: language, url: b.baseUrl }]);
  await page.reload();
  await page.getByRole('button', { name: userMenu }).waitFor();
  return { context, page };
}

/** Types `query` in the open search dialog and waits until the records have answered too. */
async function search(page: Page, dialog: Locator, input: Locator, query: string) {
  await input.fill(query);
  await expect.poll(() => dialog.getByRole('listbox').getAttribute('aria-busy'), { timeout: 10_000 }).toBe('false');
}

describe('navigation search', () => {
  it('opens with Ctrl+K, moves with the arrow keys, and Enter opens the chosen page', async () => {
    const { context, page } = await signedIn('admin@demo.com');
    await page.goto('/access-control');
    await page.getByRole('heading', { name: 'Access control', level: 1 }).waitFor();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const input = dialog.getByRole('combobox', { name: 'Search pages and records' });
    await input.waitFor();
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await search(page, dialog, input, 'crm');
    const options = dialog.getByRole('option');
    expect(await options.count()).toBeGreaterThanOrEqual(1);
    // The first option is active; the arrow keys move through the list and wrap around.
    const activeId = () => input.getAttribute('aria-activedescendant');
    const first = await activeId();
    expect(await dialog.locator(`[id="${first}"]`).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await activeId()).toBe(first);
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    expect(await activeId()).toBe(first);
    // The page under its menu group, with its path.
    expect(await dialog.locator(`[id="${first}"]`).textContent()).toBe('CRM/dashboards/crm');
    await dialog.getByRole('group', { name: 'Dashboards' }).getByRole('option', { name: /CRM/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboards/crm');
    expect(await dialog.count()).toBe(0);
    await context.close();
  });

  it('opens with "/", lists at most 5 results per group, says when nothing matches, and closes on Escape', async () => {
    const { context, page } = await signedIn('superadmin@demo.com');
    await page.keyboard.press('/');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const input = dialog.getByRole('combobox', { name: 'Search pages and records' });
    await input.waitFor();
    await dialog.getByRole('option').first().waitFor();
    for (const group of await dialog.getByRole('group').all()) {
      expect(await group.getByRole('option').count()).toBeLessThanOrEqual(5);
    }
    await input.fill('Zzzz-Nothing');
    // The text as typed, case kept.
    await dialog.getByText('No results for “Zzzz-Nothing”').waitFor();
    expect(await dialog.getByRole('option').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await context.close();
  });

  it('leaves out pages that are not built yet', async () => {
    const { context, page } = await signedIn('superadmin@demo.com');
    await page.getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('option').first().waitFor();
    const shown = await dialog.getByRole('option').allTextContents();
    for (const [title, name] of [
      ['Email', 'apps-email'],
      ['Chat', 'apps-chat'],
      ['Reports', 'reports'],
      ['Tasks', 'tasks'],
      ['Access Control', 'access-control'],
    ] as const) {
      const listed = shown.some((text) => text.startsWith(title));
      // Tasks shows a placeholder until its page is built: not offered either.
      if (!pageExists(routeByName(name))) expect(listed, title).toBe(false);
    }
    await context.close();
  });

  it('finds a person by name, records first, and Enter opens them in the users list; then offers them as recent', async () => {
    const { context, page } = await signedIn('admin@demo.com');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const input = dialog.getByRole('combobox', { name: 'Search pages and records' });
    await input.fill('Adrien');
    const people = dialog.getByRole('group', { name: 'People' });
    await people.getByRole('option', { name: /Adrien Moreau/ }).waitFor();
    // Records come first: the active (first) option is the person.
    const active = await input.getAttribute('aria-activedescendant');
    expect(await dialog.locator(`[id="${active}"]`).textContent()).toContain('Adrien Moreau');
    expect(await people.getByRole('option').first().textContent()).toContain('admin@demo.com');
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (url) => url.pathname === '/management/users' && url.searchParams.get('q') === 'admin@demo.com',
    );
    await page.getByRole('row', { name: /Adrien Moreau/ }).waitFor();
    expect(await dialog.count()).toBe(0);

    await page.keyboard.press('Control+k');
    const recent = dialog.getByRole('group', { name: 'Recent' });
    await recent.getByRole('option', { name: /Adrien Moreau/ }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await context.close();
  });

  it('keeps a customer to its own people: NWS finds nobody called Adrien', async () => {
    const { context, page } = await signedIn('admin@nws.demo.com');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('combobox', { name: 'Search pages and records' }).fill('Adrien');
    await dialog.getByText('No results for “Adrien”').waitFor();
    await dialog.getByRole('combobox', { name: 'Search pages and records' }).fill('Nina');
    await dialog
      .getByRole('group', { name: 'People' })
      .getByRole('option', { name: /Nina Weber/ })
      .waitFor();
    await context.close();
  });

  it('offers "Invite user" to those who may create users, opening the real create dialog', async () => {
    const { context, page } = await signedIn('admin@demo.com');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('combobox', { name: 'Search pages and records' }).fill('invite');
    await dialog.getByRole('group', { name: 'Actions' }).getByRole('option', { name: 'Invite user' }).click();
    await page.getByRole('dialog', { name: 'Invite user' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/management/users');
    expect(new URL(page.url()).searchParams.has('new')).toBe(false);
    await context.close();

    // An analyst reads users but may not create them: no action.
    const analyst = await signedIn('analyst@demo.com');
    await analyst.page.keyboard.press('Control+k');
    const search = analyst.page.getByRole('dialog', { name: 'Search' });
    await search.getByRole('option').first().waitFor();
    expect(await search.getByRole('group', { name: 'Actions' }).count()).toBe(0);
    await analyst.context.close();
  });
});

describe("navigation search in the user's language", () => {
  it('finds a page by its French name typed without accents, and Enter opens it', async () => {
    const { context, page } = await signedInIn('admin@demo.com', 'fr', 'Menu utilisateur');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Rechercher' });
    const input = dialog.getByRole('combobox', { name: 'Rechercher des pages et des fiches' });
    await search(page, dialog, input, 'parametres du compte');
    const group = dialog.getByRole('group', { name: 'Applications et pages' });
    const active = dialog.locator(`[id="${await input.getAttribute('aria-activedescendant')}"]`);
    expect(await active.textContent()).toBe('Pages › Paramètres du compte/pages/account-settings/account');
    expect(await group.getByRole('option').first().getAttribute('id')).toBe(await active.getAttribute('id'));
    // The English name finds it too.
    await search(page, dialog, input, 'Account settings');
    await group.getByRole('option', { name: /Paramètres du compte/ }).waitFor();
    await search(page, dialog, input, 'PARAMETRES DU COMPTE');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/pages/account-settings/account');
    expect(await dialog.count()).toBe(0);
    await context.close();
  });

  it('finds a page by its German name, umlaut typed or not', async () => {
    const { context, page } = await signedInIn('admin@demo.com', 'de', 'Benutzermenü');
    await page.keyboard.press('/');
    const dialog = page.getByRole('dialog', { name: 'Suchen' });
    const input = dialog.getByRole('combobox', { name: 'Seiten und Datensätze suchen' });
    // Nothing typed: the pages in German, under the menu's German groups.
    await dialog.getByRole('group', { name: 'Verwaltung' }).getByRole('option').first().waitFor();
    for (const query of ['prüfschemata', 'prufschemata']) {
      await search(page, dialog, input, query);
      await dialog
        .getByRole('group', { name: 'Verwaltung' })
        .getByRole('option', { name: /^Prüfschemata/ })
        .waitFor();
    }
    await dialog
      .getByRole('group', { name: 'Verwaltung' })
      .getByRole('option', { name: /Prüfschemata/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/management/schemes');
    await context.close();
  });

  it('offers a client only the pages it may open: no management pages', async () => {
    const { context, page } = await signedInIn('client@demo.com', 'fr', 'Menu utilisateur');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Rechercher' });
    const input = dialog.getByRole('combobox', { name: 'Rechercher des pages et des fiches' });
    await dialog.getByRole('option').first().waitFor();
    expect(await dialog.getByRole('group', { name: 'Gestion' }).count()).toBe(0);
    const paths = async () =>
      (await dialog.getByRole('option').allTextContents()).filter((text) => text.includes('/management'));
    expect(await paths()).toEqual([]);
    for (const query of ['utilisateurs', 'users', 'equipes']) {
      await search(page, dialog, input, query);
      expect(await paths(), query).toEqual([]);
    }
    // The no-result line keeps the text as typed.
    await search(page, dialog, input, 'Équipes Zzz');
    await dialog.getByText('Aucun résultat pour « Équipes Zzz »').waitFor();
    await context.close();
  });

  it('in Arabic, lists the pages right to left with their paths left to right', async () => {
    const { context, page } = await signedInIn('admin@demo.com', 'ar', 'قائمة المستخدم');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'بحث' });
    const input = dialog.getByRole('combobox', { name: 'البحث في الصفحات والسجلات' });
    // Typed without its hamza.
    await search(page, dialog, input, 'اعدادات المواقع');
    const option = dialog.getByRole('option', { name: /إعدادات المواقع/ }).first();
    await option.waitFor();
    expect(await option.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    const path = option.locator('bdi[dir="ltr"]');
    expect(await path.textContent()).toBe('/management/location-setting');
    expect(await path.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    await context.close();
  });
});

describe('notifications', () => {
  it('shows the unread count, marks one read and unread, then all read, and keeps it after a reload', async () => {
    const { context, page } = await signedIn('businessuser@demo.com');
    const bell = page.getByRole('button', { name: 'Notifications, 3 unread' });
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText('3 new').waitFor();
    const markRead = panel.getByRole('button', { name: /^Mark “.+” as read$/ });
    expect(await markRead.count()).toBe(3);
    await markRead.first().click();
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();
    await panel.getByText('2 new').waitFor();
    await panel
      .getByRole('button', { name: /^Mark “.+” as unread$/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Notifications, 3 unread' }).waitFor();
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(await panel.getByRole('button', { name: /^Mark “.+” as read$/ }).count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await context.close();
  });

  it('opens a notification’s page and marks it read', async () => {
    const { context, page } = await signedIn('analyst@demo.com');
    await page.getByRole('button', { name: 'Notifications, 3 unread' }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const unreadItem = panel
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /as read$/ }) })
      .filter({ has: page.getByRole('link') });
    const link = unreadItem.first().getByRole('link');
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForURL((url) => url.pathname === href);
    expect(await panel.count()).toBe(0);
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();
    await context.close();
  });
});

describe('notifications panel', () => {
  it('moves focus into the panel when it opens: the bell\'s tooltip does not cover "Mark all as read"', async () => {
    const { context, page } = await signedIn('admin@demo.com');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const markAll = panel.getByRole('button', { name: 'Mark all as read' });
    /** Tooltips on screen (Primer shows them as open popovers) over the button. */
    const covering = async () => {
      const box = (await markAll.boundingBox())!;
      return page.evaluate(
        (b) =>
          [...document.querySelectorAll(':popover-open')]
            .filter(
              (el) => !el.contains(document.querySelector('[role="dialog"]')) && !el.querySelector('[role="dialog"]'),
            )
            .map((el) => el.getBoundingClientRect())
            .filter(
              (r) => r.width > 0 && r.left < b.x + b.width && r.right > b.x && r.top < b.y + b.height && r.bottom > b.y,
            ).length,
        box,
      );
    };
    // From the keyboard: focus leaves the bell for the panel's title, so its tooltip goes.
    await bell.focus();
    await page.keyboard.press('Enter');
    await markAll.waitFor();
    await expect
      .poll(() => panel.getByRole('heading', { name: 'Notifications' }).evaluate((el) => el === document.activeElement))
      .toBe(true);
    await expect.poll(covering).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    // With the mouse: click the bell, then go for the button.
    await bell.hover();
    await bell.click();
    await markAll.hover();
    await expect.poll(covering).toBe(0);
    await context.close();
  });
});

describe('shortcuts', () => {
  // One test per role: each signs in and loads a landing page, which under load may take seconds.
  it.each(['admin@demo.com', 'qualitycontrol@demo.com', 'client@demo.com', 'businessuser@demo.com'])(
    'fills the grid: no empty cell whatever the number of tiles (%s)',
    async (email) => {
      const { context, page } = await signedIn(email);
      await page.getByRole('button', { name: 'Shortcuts' }).click();
      const panel = page.getByRole('dialog', { name: 'Shortcuts' });
      await panel.getByRole('link').first().waitFor();
      const rows = await panel.getByRole('listitem').evaluateAll((items) => {
        const byTop = new Map<number, number>();
        for (const item of items) {
          const r = item.getBoundingClientRect();
          byTop.set(Math.round(r.top), (byTop.get(Math.round(r.top)) ?? 0) + r.width);
        }
        return [...byTop.values()].map((width) => Math.round(width));
      });
      const gridWidth = await panel.getByRole('list').evaluate((el) => Math.round(el.getBoundingClientRect().width));
      for (const width of rows) expect(Math.abs(width - gridWidth), email).toBeLessThanOrEqual(2);
      await context.close();
    },
  );

  it('lists only pages that exist and the caller may open', async () => {
    const { context, page } = await signedIn('client@demo.com');
    await page.getByRole('button', { name: 'Shortcuts' }).click();
    const panel = page.getByRole('dialog', { name: 'Shortcuts' });
    await panel.getByRole('link', { name: /Access Control/ }).waitFor();
    expect(await panel.getByRole('link', { name: /Customers/ }).count()).toBe(0);
    await panel.getByRole('link', { name: /Access Control/ }).click();
    await page.waitForURL((url) => url.pathname === '/access-control');
    await context.close();
  });
});

describe('user menu', () => {
  it('is a keyboard menu: opens with Enter, arrows move, Esc closes and gives focus back', async () => {
    const { context, page } = await signedIn('qualitycontrol@demo.com');
    const button = page.getByRole('button', { name: 'User menu' });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    // The profile: name, e-mail and the role's human name.
    const profile = page.getByTestId('user-menu-profile');
    expect(await profile.textContent()).toBe('Quentin Laurentqualitycontrol@demo.comQuality control inspector · ACME');
    expect(await page.getByTestId('user-menu-role').textContent()).toBe('Quality control inspector · ACME');
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    // The profile pages that exist come first (account settings, FAQ…), then the shortcuts.
    const links = await menu.getByRole('menuitem').evaluateAll((els) => els.map((el) => el.textContent?.trim() ?? ''));
    const before = links.indexOf(links.find((l) => l.includes('Keyboard shortcuts')) ?? '');
    expect(before, JSON.stringify(links)).toBeGreaterThan(-1);
    await expect.poll(focused).toBe(links[0]);
    for (let i = 1; i <= before; i++) {
      await page.keyboard.press('ArrowDown');
      await expect.poll(focused).toBe(links[i]);
    }
    await expect.poll(focused).toContain('Keyboard shortcuts');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('English');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Français');
    // Each language in its own capitalisation; account settings only once that page exists.
    for (const name of ['English', 'Français', 'Deutsch', 'العربية', 'Light', 'Dark', 'System', 'Logout']) {
      await menu.getByRole(name === 'Logout' ? 'menuitem' : 'menuitemradio', { name, exact: true }).waitFor();
    }
    expect(await menu.getByRole('menuitem', { name: 'Account Settings' }).count()).toBe(
      pageExists(routeByName('pages-account-settings-tab')) ? 1 : 0,
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);

    // Keyboard shortcuts: from the menu, and with "?".
    await page.keyboard.press('Enter');
    await menu.waitFor();
    // The menu focuses its first item once open: arrows pressed before that would move nothing.
    await expect.poll(focused).toBe(links[0]);
    for (let i = 1; i <= before; i++) {
      await page.keyboard.press('ArrowDown');
      await expect.poll(focused).toBe(links[i]);
    }
    await expect.poll(focused).toContain('Keyboard shortcuts');
    await page.keyboard.press('Enter');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.getByText('Search pages and records').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('?');
    await help.waitFor();
    await page.keyboard.press('Escape');
    // Closed, and the focus given back to the menu's button, before the menu is used again (a click while the
    // dialog was still closing went to the dialog's overlay, and the theme was never chosen).
    await expect.poll(() => help.count()).toBe(0);
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);

    // Theme and language from the menu.
    await button.click();
    await menu.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect.poll(() => page.evaluate(() => document.cookie.includes('od-theme=dark'))).toBe(true);
    await button.click();
    await menu.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    expect(await page.getByTestId('user-menu-role').textContent()).toBe('Qualitätsprüfer · ACME');
    await context.close();
  });

  it('stays under its button while the page scrolls, and fits a short window', async () => {
    const { context, page } = await signedIn('qualitycontrol@demo.com');
    await page.setViewportSize({ width: 1280, height: 560 });
    await page.getByRole('table').first().waitFor();
    const button = page.getByRole('button', { name: 'User menu' });
    const menu = page.getByRole('menu');
    await button.click();
    const logout = menu.getByRole('menuitem', { name: 'Logout' });
    await logout.waitFor();
    const overlay = page.locator('[data-component="ActionMenu.Overlay"]');
    const settled = () => overlay.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    await settled();
    const top = async () => (await menu.boundingBox())!.y;
    const before = await top();
    // The page scrolls: the menu stays under the sticky navbar's button (it did not scroll away with the
    // page), and stays there when it renders again (an item takes the focus; it did not jump back).
    await page.evaluate(() => window.scrollBy(0, 300));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await top()).toBe(before);
    await menu.getByRole('menuitem').nth(1).focus();
    expect(await top()).toBe(before);
    // Taller than the window, it scrolls inside itself: its end and Logout are reachable on screen.
    const box = (await overlay.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(560);
    await logout.scrollIntoViewIfNeeded();
    const item = (await logout.boundingBox())!;
    expect(item.y + item.height).toBeLessThanOrEqual(560);
    await logout.click();
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it('shows who is signed in and logs out for real from the Logout item', async () => {
    const { context, page } = await signedIn('teamleader@demo.com');
    const token = (await context.cookies()).find((c) => c.name === 'accessToken')!.value;
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByText('Tomasz Lewandowski', { exact: true }).waitFor();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => page.title()).toBe('Opsdesk');
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).not.toContain('accessToken');
    expect(names).not.toContain('userData');
    const res = await b.request({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    await page.goto('/dashboards/crm');
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });
});
