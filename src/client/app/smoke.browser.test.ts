// Browser smoke test: sign in as each demo account and land on their role's landing page.
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../../server/testing/app.ts';
import { ZUserData } from '../../shared/schemas/auth.ts';
import { setupClientBrowser } from '../testing/browser.ts';
import { DEMO_LANDING } from '../testing/landing.ts';

const b = await setupClientBrowser();

describe('sign-in in the browser', () => {
  for (const [email, landing] of Object.entries(DEMO_LANDING)) {
    it(`${email} lands on ${landing}`, async () => {
      const { context, page } = await b.newPage();
      await b.signIn(page, email, DEMO_PASSWORDS[email]);
      await page.waitForURL((url) => url.pathname === landing);
      const cookies = await context.cookies();
      const userData = cookies.find((c) => c.name === 'userData');
      expect(ZUserData.parse(JSON.parse(decodeURIComponent(userData!.value))).email).toBe(email);
      expect(cookies.find((c) => c.name === 'accessToken')?.httpOnly).toBe(true);
      await context.close();
    });
  }

  it('shows "Invalid email or password" for a failed sign-in and stays on /login', async () => {
    const { context, page } = await b.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('admin@demo.com');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Invalid email or password').first().waitFor()).resolves.toBeUndefined();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('sends a signed-out visitor from / to /login keeping the query string', async () => {
    const { context, page } = await b.newPage();
    await page.goto('/?from=mail');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).search).toBe('?from=mail');
    await context.close();
  });

  it('keeps a signed-in user off /login and logs out for real', async () => {
    const { context, page } = await b.newPage();
    await b.signInAt(page, 'admin@demo.com', 'admin', '/login');
    await page.waitForURL((url) => url.pathname === '/dashboards/crm');
    // The profile menu opens from `User menu` and offers `Logout` (the landing is a dashboard now).
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    const token = (await context.cookies()).find((c) => c.name === 'accessToken');
    expect(token).toBeUndefined();
    await context.close();
  });
});
