// The customer's second-factor policy as people meet it in the browser: the customer's admin sets it in
// account settings → organisation and sees who has a second factor; a covered person sees, during the grace
// period, a banner with the deadline in their own time zone; past it, any page sends them to the one
// enrolment page (nothing there but the authenticator app, the passkey and signing out), where enrolling
// (a code computed by an independent TOTP library) lets them go on to where they were. axe on both screens.
import { describe, expect, it } from 'vitest';
import { totpCode } from '../../../server/testing/totp.ts';
import { axeAudit } from '../../testing/axe.ts';
import { setupClientBrowser } from '../../testing/browser.ts';

const b = await setupClientBrowser();

describe('the second-factor policy in the browser', { timeout: 120_000 }, () => {
  it('is set by the customer admin, announced during the grace period, then enforced by the enrolment page', async () => {
    // The admin requires a second factor of everyone, with three days of grace.
    const admin = await b.newPage();
    admin.page.setDefaultTimeout(15_000);
    await b.signIn(admin.page, 'admin@nws.demo.com', 'admin');
    await admin.page.goto('/pages/account-settings/organization');
    await admin.page.getByLabel('Required of').selectOption('everyone');
    await admin.page.getByLabel('Grace period (days)').fill('400');
    await admin.page.getByRole('button', { name: 'Save policy' }).click();
    await admin.page.getByText('Enter a whole number of days from 0 to 365').waitFor();
    await admin.page.getByLabel('Grace period (days)').fill('3');
    await admin.page.getByRole('button', { name: 'Save policy' }).click();
    await admin.page.getByText('Two-factor policy saved').waitFor();
    await admin.page.getByText(/The grace period ends on/).waitFor();
    const table = admin.page.getByRole('table', { name: 'Who has a second factor' });
    const qcRow = table.getByRole('row').filter({ hasText: 'qualitycontrol@nws.demo.com' });
    await qcRow.waitFor();
    await expect(qcRow.textContent()).resolves.toContain('No');
    expect(await axeAudit(admin.page, 'organisation two-factor policy light en 1280px')).toEqual([]);
    await admin.context.close();

    const sa = await b.caller('superadmin@demo.com');
    const nws = (await sa.customers.list({ q: 'Northwind' })).items[0];
    expect(nws).toMatchObject({ twoFactorPolicy: 'everyone', twoFactorGraceDays: 3 });

    // The inspector, in Tokyo, is told the deadline in Tokyo time.
    const { context, page } = await b.newPage({ timezoneId: 'Asia/Tokyo' });
    page.setDefaultTimeout(15_000);
    await b.signIn(page, 'qualitycontrol@nws.demo.com', 'qualitycontrol');
    const ends = new Date(nws.twoFactorPolicySince!.getTime() + 3 * 86_400_000);
    const inTokyo = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' });
    await page
      .getByRole('status')
      .filter({ hasText: inTokyo.format(ends) })
      .waitFor();

    // The grace is over: the next page sends them to enrolment, which offers nothing but enrolling and signing out.
    await sa.customers.update({ id: nws.id, twoFactorGraceDays: 0 });
    b.app.sessionCache.clear();
    await page.goto('/tasks');
    await page.waitForURL((url) => url.pathname === '/two-factor-required');
    expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/^\/tasks/);
    await page.getByRole('heading', { name: 'Set up a second factor', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add a passkey' }).waitFor();
    expect(await page.getByRole('navigation').count()).toBe(0);
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await page.getByRole('img', { name: 'QR code of your two-factor key' }).waitFor();
    const secret = (await page.locator('code').first().textContent())?.trim() ?? '';
    await page.getByLabel('Authentication code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('Continue', { exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/tasks');
    expect((await page.request.get('/trpc/tasks.list?input=%7B%22json%22%3A%7B%7D%7D')).status()).toBe(200);
    await context.close();
  });

  it('finds no serious or critical accessibility issue on the enrolment page, dark Arabic at 390 px', async () => {
    const sa = await b.caller('superadmin@demo.com');
    const acme = (await sa.customers.list({ q: 'ACME' })).items.find((c) => c.code === 'ACME')!;
    await sa.customers.update({ id: acme.id, twoFactorPolicy: 'admins', twoFactorGraceDays: 0 });
    b.app.sessionCache.clear();
    const { context, page } = await b.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(15_000);
    await context.addCookies([
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
      { name: 'od-language', value: 'ar', url: b.baseUrl },
    ]);
    const login = await page.request.post('/api/auth/login', {
      data: { email: 'businessadmin@demo.com', password: 'businessadmin' },
    });
    expect(login.status()).toBe(201);
    await page.goto('/dashboards/crm');
    await page.waitForURL((url) => url.pathname === '/two-factor-required');
    await page.locator('#account-2fa-title').waitFor();
    expect(await axeAudit(page, 'two-factor required page dark ar 390px')).toEqual([]);
    await context.close();
    await sa.customers.update({ id: acme.id, twoFactorPolicy: 'optional' });
  });
});
