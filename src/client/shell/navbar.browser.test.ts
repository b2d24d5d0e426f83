// The navbar in the browser: navigation search by keyboard, notifications and their read state,
// shortcuts, and the profile menu's Logout revoking the session.
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../../server/testing/app.ts';
import { setupClientBrowser } from '../testing/browser.ts';
import { pageExists, routeByName } from '../app/routes.tsx';

const b = await setupClientBrowser();

async function signedIn(email: string) {
  const { context, page } = await b.newPage();
  await b.signIn(page, email, DEMO_PASSWORDS[email]);
  await page.getByRole('button', { name: 'User menu' }).waitFor();
  return { context, page };
}

describe('navigation search', () => {
  it('opens with Ctrl+K, moves with the arrow keys, and Enter opens the chosen page', async () => {
    const { context, page } = await signedIn('admin@demo.com');
    await page.goto('/access-control');
    await page.getByRole('heading', { name: 'Access control', level: 1 }).waitFor();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const input = dialog.getByRole('combobox', { name: 'Search pages' });
    await input.waitFor();
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await input.fill('dash');
    const option = dialog.getByRole('option', { name: /Dashboard/ });
    await option.first().waitFor();
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
    expect(await dialog.locator(`[id="${first}"]`).textContent()).toContain('Dashboard');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboards/crm');
    expect(await dialog.count()).toBe(0);
    await context.close();
  });

  it('opens with "/", lists at most 5 results per group, says when nothing matches, and closes on Escape', async () => {
    const { context, page } = await signedIn('superadmin@demo.com');
    await page.keyboard.press('/');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const input = dialog.getByRole('combobox', { name: 'Search pages' });
    await input.waitFor();
    await dialog.getByRole('option').first().waitFor();
    for (const group of await dialog.getByRole('group').all()) {
      expect(await group.getByRole('option').count()).toBeLessThanOrEqual(5);
    }
    await input.fill('zzzz-nothing');
    await dialog.getByText('No results for “zzzz-nothing”').waitFor();
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
      ['Access Control', 'access-control'],
    ] as const) {
      const listed = shown.some((text) => text.startsWith(title));
      if (!pageExists(routeByName(name))) expect(listed, title).toBe(false);
    }
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
    await panel.getByRole('button', { name: /^Mark “.+” as unread$/ }).first().click();
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
    const unreadItem = panel.getByRole('listitem').filter({ has: page.getByRole('button', { name: /as read$/ }) }).filter({ has: page.getByRole('link') });
    const link = unreadItem.first().getByRole('link');
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForURL((url) => url.pathname === href);
    expect(await panel.count()).toBe(0);
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();
    await context.close();
  });
});

describe('shortcuts', () => {
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
