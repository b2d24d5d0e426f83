// Two-factor as a person sets it up and signs in with it: account settings show a QR code and the key,
// a code from an authenticator (computed by an independent library) turns it on and shows the recovery
// codes once; the login page then asks for the code after the password (`Authentication code`, `Verify`),
// refuses a wrong one, and signs in with the right one or a recovery code. axe on the set-up, light
// English at desktop width and dark Arabic on a phone.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { awaitFreshStep, totpCode } from '../../../../server/testing/totp.ts';
import { axeAudit } from '../../../testing/axe.ts';
import { setupClientBrowser } from '../../../testing/browser.ts';

const b = await setupClientBrowser();

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

describe('two-factor in the browser', { timeout: 120_000 }, () => {
  it('is set up in account settings and then asked for at sign-in', async () => {
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(10_000);
    await b.signIn(page, 'floormanager@demo.com', 'floormanager');
    await page.goto('/pages/account-settings/security');
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const qr = page.getByRole('img', { name: 'QR code of your two-factor key' });
    await qr.waitFor();
    const secret = (await page.locator('code').first().textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('alert').filter({ hasText: 'not valid' }).waitFor();
    await awaitFreshStep();
    await page.getByLabel('Authentication code').fill(totpCode(secret, -1));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recovery = (await codes.nth(2).textContent())?.trim() ?? '';
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('10 recovery codes left').waitFor();
    await context.close();

    const second = await b.newPage();
    second.page.setDefaultTimeout(10_000);
    await passwordStep(second.page, 'floormanager@demo.com', 'floormanager');
    const code = second.page.getByRole('textbox', { name: 'Authentication code' });
    await code.waitFor();
    await code.fill('123456');
    await second.page.getByRole('button', { name: 'Verify' }).click();
    await second.page.getByText('This code is not valid (or was already used); try the next one').waitFor();
    await code.fill(totpCode(secret));
    await second.page.getByRole('button', { name: 'Verify' }).click();
    await second.page.waitForURL((url) => url.pathname === '/dashboards/crm');
    await second.context.close();

    const third = await b.newPage();
    await passwordStep(third.page, 'floormanager@demo.com', 'floormanager');
    await third.page.getByRole('textbox', { name: 'Authentication code' }).fill(recovery);
    await third.page.getByRole('button', { name: 'Verify' }).click();
    await third.page.waitForURL((url) => url.pathname === '/dashboards/crm');
    await third.context.close();
  });

  it('finds no serious or critical accessibility issue in the set-up, light English and dark Arabic at 390 px', async () => {
    for (const [theme, language, width] of [
      ['light', 'en', 1280],
      ['dark', 'ar', 390],
    ] as const) {
      const { context, page } = await b.newPage({ viewport: { width, height: 844 } });
      page.setDefaultTimeout(10_000);
      await b.signIn(page, 'analyst@demo.com', 'analyst');
      await context.addCookies([
        { name: 'od-theme', value: theme, url: b.baseUrl },
        { name: 'od-language', value: language, url: b.baseUrl },
      ]);
      await page.goto('/pages/account-settings/security');
      await page.locator('#account-2fa-title').waitFor();
      await page.locator('#account-2fa-title ~ div button').first().click();
      await page.locator('img[src^="data:image/svg+xml"]').waitFor();
      expect(await axeAudit(page, `two-factor set-up ${theme} ${language} ${width}px`)).toEqual([]);
      await context.close();
    }
  });
});
