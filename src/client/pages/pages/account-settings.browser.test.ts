// /pages/account-settings as a person uses it: the name, language and avatar are saved and
// still there after a reload (the user menu shows the picture); the password changes (with field
// messages) and signs in; a session revoked from another browser is signed out on its next request;
// each kind's channel (app, e-mail, digest, off) and the digest's time zone are kept. axe finds nothing serious on each tab in light English and dark Arabic at 390 px.
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { axeAudit } from '../../testing/axe.ts';
import { setupClientBrowser } from '../../testing/browser.ts';
import { confirm, notice } from '../../testing/list-pages.ts';

const b = await setupClientBrowser();

const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: { r: 40, g: 120, b: 200 } } })
  .png()
  .toBuffer();

/** Whether the image has loaded real pixels. */
const loaded = (img: Locator) =>
  img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);

interface Account {
  fullName: string;
  language: string;
  avatarFileId: number | null;
  mutedNotifications: string[];
}

/** account.get as the page's own session sees it (tRPC over HTTP, superjson). */
async function accountOf(page: Page): Promise<Account> {
  return page.evaluate(async () => {
    const response = await fetch('/trpc/account.get');
    const body = (await response.json()) as { result: { data: { json: Account } } };
    return body.result.data.json;
  });
}

describe('account settings', { timeout: 120_000 }, () => {
  it('saves the name, the language and an avatar, which a reload keeps and the user menu shows', async () => {
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(10_000);
    await b.signInAt(page, 'qualitycontrol@demo.com', 'qualitycontrol', '/pages/account-settings/account');
    await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();

    await page.getByLabel('Full name').fill('Quinn Ortega');
    await page.getByLabel('Language', { exact: true }).selectOption({ label: 'Français' });
    await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    const preview = page.getByRole('img', { name: 'Your picture' });
    await expect.poll(() => loaded(preview)).toBe(true);
    expect(await preview.getAttribute('src')).toMatch(/^\/api\/files\/\d+\?thumbnail=1$/);
    await page.getByRole('button', { name: 'Save changes' }).click();
    // Saving switches the interface to the chosen language.
    await page.getByRole('heading', { level: 1, name: 'Paramètres du compte' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');

    const saved = await accountOf(page);
    expect(saved).toMatchObject({ fullName: 'Quinn Ortega', language: 'fr' });
    expect(saved.avatarFileId).toBeGreaterThan(0);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Paramètres du compte' }).waitFor();
    expect(await page.getByLabel('Nom complet').inputValue()).toBe('Quinn Ortega');
    expect(await page.getByLabel('Langue', { exact: true }).inputValue()).toBe('fr');
    const again = page.getByRole('img', { name: 'Votre photo' });
    expect(await again.getAttribute('src')).toBe(`/api/files/${saved.avatarFileId}?thumbnail=1`);
    await expect.poll(() => loaded(again)).toBe(true);
    const menuAvatar = page.getByTestId('user-avatar').first();
    expect(await menuAvatar.getAttribute('src')).toBe(`/api/files/${saved.avatarFileId}?thumbnail=1`);
    await expect.poll(() => loaded(menuAvatar)).toBe(true);

    // Removing the picture brings the initials back, after Save.
    await page.getByRole('button', { name: 'Supprimer la photo' }).click();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(async () => (await accountOf(page)).avatarFileId).toBeNull();
    await page.getByTestId('user-avatar').waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows the language the interface is in; saving stores it in the account and switches the interface', async () => {
    const { context, page } = await b.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(10_000);
    await b.signIn(page, 'analyst@demo.com', 'analyst');
    expect((await accountOf(page)).language).toBe('en');
    // Arabic chosen on this device (the language menu's cookie) while the account says English.
    await context.addCookies([{ name: 'od-language', value: 'ar', url: b.baseUrl }]);
    await page.goto('/pages/account-settings/account');
    await page.getByRole('heading', { level: 1, name: 'إعدادات الحساب' }).waitFor();
    const language = page.getByLabel('اللغة', { exact: true });
    expect(await language.inputValue()).toBe('ar');
    // The caption says the account still says English and what saving does.
    await page.getByText('حسابك يذكر English').waitFor();
    // Nothing changed yet: nothing to discard.
    expect(await page.getByRole('button', { name: 'تجاهل' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'حفظ التغييرات' }).click();
    await expect.poll(async () => (await accountOf(page)).language).toBe('ar');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    // The caption goes once the page has the save's answer (the server may have committed a moment before).
    await page.getByText('حسابك يذكر').waitFor({ state: 'detached' });

    // Another language in the field: saved in the account, and the interface follows.
    await language.selectOption('de');
    await page.getByRole('button', { name: 'حفظ التغييرات' }).click();
    await page.getByRole('heading', { level: 1, name: 'Kontoeinstellungen' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect((await accountOf(page)).language).toBe('de');
    expect(await page.getByLabel('Sprache', { exact: true }).inputValue()).toBe('de');
    await context.close();
  });

  it('changes the password with field messages, and the new one signs in', async () => {
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(10_000);
    await b.signInAt(page, 'businessuser@demo.com', 'businessuser', '/pages/account-settings/security');
    await page.getByRole('heading', { name: 'Change password' }).waitFor();

    const current = page.getByLabel('Current password');
    const fresh = page.getByLabel('New password');
    await current.fill('businessuser');
    await fresh.fill('password1');
    // The common-password lists load while the person types: the reason shows before sending.
    await page.getByText('Not a common or easily guessed password(not met yet)').waitFor();
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('This password is too common or too easy to guess: choose another').waitFor();

    await current.fill('not-my-password');
    await fresh.fill('Harbour7Lights');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The current password is not correct').waitFor();

    await current.fill('businessuser');
    await page.getByRole('button', { name: 'Change password' }).click();
    await notice(page, /Password changed/);
    expect(await current.inputValue()).toBe('');

    const other = await b.newPage();
    await b.signIn(other.page, 'businessuser@demo.com', 'Harbour7Lights');
    expect(new URL(other.page.url()).pathname).not.toBe('/login');
    await other.context.close();
    await context.close();
  });

  it('revokes the session of a second browser, which is signed out on its next request', async () => {
    const first = await b.newPage();
    const second = await b.newPage();
    first.page.setDefaultTimeout(10_000);
    second.page.setDefaultTimeout(10_000);
    await b.signIn(first.page, 'teamleader@demo.com', 'teamleader');
    await b.signIn(second.page, 'teamleader@demo.com', 'teamleader');

    await first.page.goto('/pages/account-settings/security');
    const rows = first.page.getByTestId('session-row');
    await expect.poll(() => rows.count()).toBe(2);
    const mine = first.page.locator('[data-testid="session-row"][data-current]');
    await mine.getByText('This device').waitFor();
    const theirs = first.page.locator('[data-testid="session-row"]:not([data-current])');
    expect(await theirs.getByRole('rowheader').innerText()).toContain('Chrome');

    await theirs.getByRole('button', { name: /^Revoke: Chrome/ }).click();
    await confirm(first.page, 'Revoke');
    await notice(first.page, /was revoked/);
    await expect.poll(() => rows.count()).toBe(1);

    // The second browser still has its cookies; its next request is refused and it lands on the login page.
    await second.page.goto('/pages/account-settings/account');
    await second.page.waitForURL((url) => url.pathname === '/login');

    // Ending this device's own session signs it out at once.
    await mine.getByRole('button', { name: /^Sign out: / }).click();
    await confirm(first.page, 'Sign out');
    await first.page.waitForURL((url) => url.pathname === '/login');
    await first.context.close();
    await second.context.close();
  });

  it('sends a kind of notification by e-mail, in the digest or not at all, which a reload keeps', async () => {
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(10_000);
    await b.signIn(page, 'floormanager@demo.com', 'floormanager');
    // The user menu leads to the tab.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Notification settings' }).click();
    await page.waitForURL((url) => url.pathname === '/pages/account-settings/notifications');
    const actions = page.getByRole('combobox', { name: 'Corrective actions' });
    // A floor manager hears about actions by e-mail without choosing (the role's default).
    expect(await actions.inputValue()).toBe('email');
    await actions.selectOption({ label: 'In the app and in the daily digest' });
    await notice(page, '“Corrective actions”: In the app and in the daily digest');
    await page.getByRole('combobox', { name: 'Planning' }).selectOption('off');
    await notice(page, '“Planning”: Off');
    await page.getByRole('combobox', { name: 'Time zone of the daily digest' }).selectOption('Europe/Paris');
    await notice(page, 'The digest now arrives at 07:00 Europe/Paris time');
    await page.reload();
    await actions.waitFor();
    expect(await actions.inputValue()).toBe('digest');
    expect(await page.getByRole('combobox', { name: 'Planning' }).inputValue()).toBe('off');
    expect(await page.getByRole('combobox', { name: 'Missed tasks' }).inputValue()).toBe('email');
    expect(await page.getByRole('combobox', { name: 'Time zone of the daily digest' }).inputValue()).toBe(
      'Europe/Paris',
    );
    const saved = await page.evaluate(async () => {
      const response = await fetch('/trpc/notifications.preferences');
      return ((await response.json()) as { result: { data: { json: unknown } } }).result.data.json;
    });
    expect(saved).toMatchObject({ channels: { actions: 'digest', planning: 'off' }, timeZone: 'Europe/Paris' });
    await context.close();
  });

  it('finds no serious or critical accessibility issue on any tab, in light English and dark Arabic at 390 px', async () => {
    for (const [theme, language, width] of [
      ['light', 'en', 1280],
      ['dark', 'ar', 390],
    ] as const) {
      const { context, page } = await b.newPage({ viewport: { width, height: 844 } });
      page.setDefaultTimeout(10_000);
      await b.signIn(page, 'admin@demo.com', 'admin');
      await context.addCookies([
        { name: 'od-theme', value: theme, url: b.baseUrl },
        { name: 'od-language', value: language, url: b.baseUrl },
      ]);
      for (const tab of ['account', 'security', 'notifications']) {
        await page.goto(`/pages/account-settings/${tab}`);
        await page.getByRole('heading', { level: 2 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await axeAudit(page, `/pages/account-settings/${tab} ${theme} ${language} ${width}px`)).toEqual([]);
      }
      await context.close();
    }
  });
});
