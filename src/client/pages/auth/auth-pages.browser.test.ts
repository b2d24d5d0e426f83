// The blank-layout auth pages in the browser: sign-in details, registration with the shared schema's
// rules, and the forgot/reset password flow with a real token from the outbox.
import { describe, expect, it } from 'vitest';
import { User } from '../../../server/domains/organization/users/user.entity.ts';
import { settleAccountMail } from '../../../server/domains/platform/auth/auth.service.ts';
import { OutboxEmail } from '../../../server/domains/platform/outbox/outbox.entity.ts';
import { setupClientBrowser } from '../../testing/browser.ts';

const b = await setupClientBrowser();

async function visitor(path: string) {
  const { context, page } = await b.newPage();
  await page.goto(path);
  await page.getByRole('main').waitFor();
  return { context, page };
}

describe('login page', () => {
  it('links to forgot password and register, shows the demo accounts, and asks for missing fields', async () => {
    const { context, page } = await visitor('/login');
    await page.getByText('admin@demo.com', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByRole('link', { name: 'Back to login' }).click();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL((url) => url.pathname === '/register');
    await context.close();
  });

  it('keeps the session past the browser session with "Remember me"', async () => {
    const { context, page } = await visitor('/login');
    await page.getByLabel('Email').fill('businessadmin@demo.com');
    await page.getByLabel('Password', { exact: true }).fill('businessadmin');
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboards/crm');
    const token = (await context.cookies()).find((c) => c.name === 'accessToken');
    expect(token!.expires).toBeGreaterThan(Date.now() / 1000 + 7 * 86400);
    await context.close();
  });
});

describe('return after sign-in', () => {
  it('never leaves the site for a crafted redirect (Chromium reads `/%09/evil` as `//evil`)', async () => {
    const { context, page } = await visitor('/login?redirect=/%09/evil.example/phish');
    const elsewhere: string[] = [];
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.origin === b.baseUrl) return route.continue();
      elsewhere.push(url.href);
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<main>phished</main>' });
    });
    await page.getByLabel('Email').fill('admin@demo.com');
    await page.getByLabel('Password').fill('admin');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.origin !== b.baseUrl || url.pathname === '/dashboards/crm');
    expect(new URL(page.url()).origin).toBe(b.baseUrl);
    expect(new URL(page.url()).pathname).toBe('/dashboards/crm');
    expect(elsewhere).toEqual([]);
    await context.close();
  });
});

describe('register page', () => {
  it('validates with the shared rules, then requests a pending account', async () => {
    const { context, page } = await visitor('/register');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Full name must be at least 2 characters').waitFor();
    await page.getByText('Enter a valid email address').waitFor();
    await page.getByText('Customer code is required').waitFor();
    await page.getByLabel('Full name').fill('Noor Haddad');
    await page.getByLabel('Email').fill('noor@example.com');
    await page.getByLabel('Password', { exact: true }).fill('short');
    const rules = page.getByRole('list', { name: 'Password rules' });
    // Too short, and (once the common-password lists have loaded) too easy to guess.
    await expect.poll(() => rules.getByRole('listitem').filter({ hasText: '(not met yet)' }).count()).toBe(2);
    await page.getByLabel('Customer code').fill('nope');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Str0ngEnough');
    await expect
      .poll(() =>
        rules
          .getByRole('listitem')
          .filter({ hasText: /\((not met yet|checking…)\)/ })
          .count(),
      )
      .toBe(0);
    await page.getByLabel('Customer code').fill('acme');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Account requested' }).waitFor();
    await page.getByText("If ACME is your organisation's customer code").waitFor();
    const user = await b.orm.em.fork().findOneOrFail(User, { email: 'noor@example.com' });
    expect(user.status).toBe('pending');
    await context.close();
  });

  it('answers an unknown customer code like a known one (no enumeration of codes)', async () => {
    const { context, page } = await visitor('/register');
    await page.getByLabel('Full name').fill('Noor Haddad');
    await page.getByLabel('Email').fill('noor2@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Str0ngEnough');
    await page.getByLabel('Customer code').fill('nope');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Account requested' }).waitFor();
    expect(await b.orm.em.fork().count(User, { email: 'noor2@example.com' })).toBe(0);
    await context.close();
  });

  it('answers a taken email like a new one (no account enumeration)', async () => {
    const { context, page } = await visitor('/register');
    await page.getByLabel('Full name').fill('Second Admin');
    await page.getByLabel('Email').fill('admin@demo.com');
    await page.getByLabel('Password', { exact: true }).fill('Str0ngEnough');
    await page.getByLabel('Customer code').fill('ACME');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Account requested' }).waitFor();
    expect(await page.getByText('An account with this email already exists').count()).toBe(0);
    await context.close();
  });
});

describe('forgot and reset password', () => {
  it('sends a link, and the link sets a new password that signs in; the link works once', async () => {
    const { context, page } = await visitor('/forgot-password');
    await page.getByLabel('Email').fill('floormanager@demo.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    // The link is written just after the answer (the same answer for unknown addresses).
    await settleAccountMail();
    const mail = await b.orm.em
      .fork()
      .findOneOrFail(OutboxEmail, { to: 'floormanager@demo.com', kind: 'password-reset' }, { orderBy: { id: 'desc' } });
    const link = /\/reset-password\?token=[\w-]+/.exec(mail.body)![0];

    await page.goto(link);
    await page.getByLabel('New password').fill('Another1Pass');
    await page.getByLabel('Confirm password').fill('Another1Passs');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('The passwords do not match').waitFor();
    await page.getByLabel('Confirm password').fill('Another1Pass');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();

    await page.goto(link);
    await page.getByText('This reset link is invalid or has expired').waitFor();

    await b.signIn(page, 'floormanager@demo.com', 'Another1Pass');
    expect(new URL(page.url()).pathname).toBe('/dashboards/crm');
    await context.close();
  });

  it('answers the same for an unknown address, and refuses a missing or forged token', async () => {
    const { context, page } = await visitor('/forgot-password');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    for (const path of ['/reset-password', '/reset-password?token=forged-token-forged-token']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Link not valid' }).waitFor();
      await page.getByRole('link', { name: 'Request a new link' }).waitFor();
    }
    await context.close();
  });
});
