// Passkeys in Chromium with its virtual authenticator (CDP WebAuthn domain: a real authenticator as far
// as the page and the server know, nothing mocked): added and named in account settings, then the login
// page's "Sign in with a passkey" signs in without a password; the password alone is then not enough
// (the passkey is the second factor, and it satisfies the customer's policy); renamed, removed (it no
// longer signs in), and an assertion replaying an old signature count is refused. The app runs on
// http://localhost:<port> because WebAuthn needs a host name as relying party id. axe, light and dark.
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { db } from '../../../../server/db/kysely.ts';
import { freePort } from '../../../../server/testing/browser.ts';
import { axeAudit } from '../../../testing/axe.ts';
import { setupClientBrowser } from '../../../testing/browser.ts';

const port = await freePort();
const b = await setupClientBrowser({
  PUBLIC_URL: `http://localhost:${port}`,
});

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signInWithPasskey(page: Page) {
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
}

describe('passkeys in the browser', { timeout: 120_000 }, () => {
  it('are added in account settings and sign in without a password, as the second factor', async () => {
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(15_000);
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await b.signIn(page, 'businessuser@demo.com', 'businessuser');
    await page.goto('/pages/account-settings/security');
    await page.getByText('No passkey yet.').waitFor();
    await page.getByLabel('Passkey name').fill('Laptop key');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('row').filter({ hasText: 'Laptop key' }).waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0].isResidentCredential).toBe(true);
    expect(credentials[0].rpId).toBe('localhost');
    // Its owner is told by e-mail (a security one), naming the passkey.
    const told = await db(b.orm.em.fork())
      .selectFrom('outbox_emails')
      .select(['subject', 'body'])
      .where('to', '=', 'businessuser@demo.com')
      .where('kind', '=', 'security-notice')
      .execute();
    expect(told.map((m) => m.subject)).toEqual(['A passkey was added']);
    expect(told[0].body).toContain('The passkey “Laptop key” was added');

    // Signed out, the passkey alone signs in (the browser offers the discoverable credential).
    await signInWithPasskey(page);
    await page.waitForURL((url) => url.pathname === '/dashboards/crm');

    // Its customer now requires a second factor of everyone at once: the passkey is one.
    const sa = await b.caller('superadmin@demo.com');
    const acme = (await sa.customers.list({ q: 'ACME' })).items.find((c) => c.code === 'ACME')!;
    await sa.customers.update({ id: acme.id, twoFactorPolicy: 'everyone', twoFactorGraceDays: 0 });
    b.app.sessionCache.clear();
    const projects = await page.request.get('/trpc/projects.list?input=%7B%22json%22%3A%7B%7D%7D');
    expect(projects.status()).toBe(200);
    await sa.customers.update({ id: acme.id, twoFactorPolicy: 'optional' });

    // The password alone no longer signs in: the login page points at the passkey.
    const other = await b.newPage();
    await other.page.goto('/login');
    await other.page.getByLabel('Email').fill('businessuser@demo.com');
    await other.page.getByLabel('Password').fill('businessuser');
    await other.page.getByRole('button', { name: 'Login' }).click();
    await other.page.getByText('use “Sign in with a passkey”').waitFor();
    expect(other.page.url()).toContain('/login');
    await other.context.close();

    // Renamed, then removed: it signs in no more.
    await page.goto('/pages/account-settings/security');
    await page.getByRole('button', { name: 'Rename Laptop key' }).click();
    await page.getByLabel('New name').fill('Work laptop');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('row').filter({ hasText: 'Work laptop' }).waitFor();
    await page.getByRole('button', { name: 'Remove Work laptop' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByText('No passkey yet.').waitFor();
    await signInWithPasskey(page);
    await page.getByRole('region', { name: 'This passkey could not sign you in' }).waitFor();
    expect(page.url()).toContain('/login');
    await context.close();
  });

  it('refuses an assertion whose signature count went back (a cloned authenticator)', async () => {
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(15_000);
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await b.signIn(page, 'analyst@demo.com', 'analyst');
    await page.goto('/pages/account-settings/security');
    await page.getByLabel('Passkey name').fill('Key A');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('row').filter({ hasText: 'Key A' }).waitFor();
    await signInWithPasskey(page);
    await page.waitForURL((url) => url.pathname === '/tasks');
    await signInWithPasskey(page);
    await page.waitForURL((url) => url.pathname === '/tasks');
    // The same key with its count set back, as a copy made earlier would answer.
    const [credential] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
    expect(credential.signCount).toBeGreaterThanOrEqual(2);
    await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId: credential.credentialId });
    await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: { ...credential, signCount: 1 } });
    await signInWithPasskey(page);
    await page.getByRole('region', { name: 'This passkey could not sign you in' }).waitFor();
    await context.close();
  });

  it('finds no serious or critical accessibility issue in the passkeys card and the login page, light English and dark Arabic at 390 px', async () => {
    for (const [theme, language, width] of [
      ['light', 'en', 1280],
      ['dark', 'ar', 390],
    ] as const) {
      const { context, page } = await b.newPage({ viewport: { width, height: 844 } });
      page.setDefaultTimeout(15_000);
      await context.addCookies([
        { name: 'od-theme', value: theme, url: b.baseUrl },
        { name: 'od-language', value: language, url: b.baseUrl },
      ]);
      await page.goto('/login');
      await page.locator('form').waitFor();
      expect(await axeAudit(page, `login with passkey ${theme} ${language} ${width}px`)).toEqual([]);
      const login = await page.request.post('/api/auth/login', {
        data: { email: 'teamleader@demo.com', password: 'teamleader' },
      });
      expect(login.status()).toBe(201);
      await page.goto('/pages/account-settings/security');
      await page.locator('#account-passkeys-title').waitFor();
      expect(await axeAudit(page, `passkeys card ${theme} ${language} ${width}px`)).toEqual([]);
      await context.close();
    }
  });
});
