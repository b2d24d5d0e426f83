// E-mail as people meet it in the browser: an admin resends and revokes a pending invitation on
// Management → Users; the superadmin reads every delivery (status, attempts, the server's answer) and sends
// a failed one again; a signed-out reader follows an e-mail's unsubscribe link, confirms, and that kind of
// e-mail stops (a forged link says so, and changes nothing). axe finds nothing serious on the deliveries and
// unsubscribe pages in light English at desktop width and dark Arabic at 390 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { db } from '../../../server/db/kysely.ts';
import { unsubscribeToken } from '../../../server/domains/platform/mail/mail.refs.ts';
import { queueMail } from '../../../server/domains/platform/outbox/outbox.refs.ts';
import { axeAudit } from '../../testing/axe.ts';
import { setupClientBrowser } from '../../testing/browser.ts';
import { confirm, filter, notice, row, rowAction, search, settled } from '../../testing/list-pages.ts';

const b = await setupClientBrowser();
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function userId(email: string): Promise<number> {
  const row = await db(b.orm.em.fork())
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('mail in the browser', { timeout: 120_000 }, () => {
  it('resends a pending invitation, then revokes it after a confirmation', async () => {
    const admin = await b.caller('admin@demo.com');
    await admin.users.create({ email: 'invited.person@acme.example', fullName: 'Invited Person', role: 'analyst' });
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(10_000);
    await b.signInAt(page, 'admin@demo.com', 'admin', '/management/users');
    await search(page, 'invited.person');
    await row(page, 'Invited Person').getByText('Invited', { exact: true }).waitFor();
    // When it was sent, and until when the link works (7 days).
    await row(page, 'Invited Person')
      .getByText(/^Invited .+, valid until .+$/)
      .last()
      .waitFor();

    await rowAction(page, 'Invited Person', 'Resend invitation');
    await notice(page, 'A new invitation was sent to invited.person@acme.example; the previous link no longer works.');
    const sent = await db(b.orm.em.fork())
      .selectFrom('outbox_emails')
      .select(['kind'])
      .where('to', '=', 'invited.person@acme.example')
      .execute();
    expect(sent.map((m) => m.kind)).toEqual(['invitation', 'invitation']);

    // Revoking asks first; Cancel changes nothing.
    await rowAction(page, 'Invited Person', 'Revoke invitation');
    await page.getByRole('alertdialog', { name: 'Revoke the invitation of Invited Person?' }).waitFor();
    await confirm(page, 'Cancel');
    await row(page, 'Invited Person').getByText('Invited', { exact: true }).waitFor();
    await rowAction(page, 'Invited Person', 'Revoke invitation');
    await confirm(page, 'Revoke invitation');
    await notice(page, 'The invitation of Invited Person was revoked.');
    await settled(page);
    expect(await row(page, 'Invited Person').getByText('Invited', { exact: true }).count()).toBe(0);
    // Nothing left to resend or revoke.
    await page.getByRole('button', { name: 'Actions for Invited Person', exact: true }).click();
    expect(await page.getByRole('menuitem', { name: 'Revoke invitation', exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('shows the superadmin every delivery with its last error, and sends a failed one again', async () => {
    const em = b.orm.em.fork();
    const [failed] = await queueMail(em, [
      { to: 'bounced@client.example', subject: 'Corrective action overdue', body: 'text', kind: 'notice:actions' },
    ]);
    await db(em)
      .updateTable('outbox_emails')
      .set({ status: 'failed', attempts: 1, last_error: '550 5.1.1 <bounced@client.example>: no such user' })
      .where('id', '=', failed)
      .execute();
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(10_000);
    await b.signInAt(page, 'superadmin@demo.com', 'superadmin', '/management/users');
    await mainNav(page).getByRole('link', { name: 'Mail deliveries' }).click();
    await page.waitForURL((url) => url.pathname === '/management/mail');
    await page.getByRole('heading', { level: 1, name: 'Mail deliveries' }).waitFor();
    await filter(page, 'Status', 'Failed');
    await settled(page);
    const bounced = row(page, 'bounced@client.example');
    await bounced.getByText('550 5.1.1 <bounced@client.example>: no such user').waitFor();
    await bounced.getByText('Notification: Corrective actions').waitFor();
    await bounced.getByText('Failed', { exact: true }).waitFor();

    await rowAction(page, 'Corrective action overdue', 'Send again');
    await notice(page, 'The e-mail to bounced@client.example is queued again');
    const after = await db(b.orm.em.fork())
      .selectFrom('outbox_emails')
      .select(['status', 'attempts'])
      .where('id', '=', failed)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'queued', attempts: 0 });
    await filter(page, 'Status', 'Queued');
    await row(page, 'bounced@client.example').getByText('Queued', { exact: true }).waitFor();
    await context.close();

    // Nobody else has the page or its link.
    const other = await b.newPage();
    await b.signInAt(other.page, 'admin@demo.com', 'admin', '/management/users');
    await mainNav(other.page).getByRole('link', { name: 'Users' }).waitFor();
    expect(await mainNav(other.page).getByRole('link', { name: 'Mail deliveries' }).count()).toBe(0);
    await other.page.goto('/management/mail');
    await other.page.waitForURL((url) => url.pathname === '/not-authorized');
    await other.context.close();
  });

  it('stops one kind of e-mail from its link, signed out, after a confirmation; a forged link changes nothing', async () => {
    const id = await userId('teamleader@demo.com');
    const token = await unsubscribeToken(b.orm.em.fork(), id, 'actions');
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(10_000);

    await page.goto(`/unsubscribe?token=${token.slice(0, -3)}abc`);
    await page.getByRole('alert').getByText('This unsubscribe link is not valid', { exact: false }).waitFor();

    await page.goto(`/unsubscribe?token=${token}`);
    await page.getByText('E-mails to teamleader@demo.com').waitFor();
    await page.getByText('Stop e-mails about “Corrective actions”?', { exact: false }).waitFor();
    // Opening the link changed nothing.
    const channel = async () =>
      (await (await b.caller('teamleader@demo.com')).notifications.preferences()).channels.actions;
    expect(await channel()).toBe('email');
    await page.getByRole('button', { name: 'Stop these e-mails' }).click();
    await page
      .getByRole('status')
      .getByText('Done: you no longer receive e-mails about “Corrective actions”.')
      .waitFor();
    expect(await channel()).toBe('app');
    await page.getByRole('link', { name: 'Choose in detail in your notification settings' }).waitFor();
    await context.close();
  });

  it('finds no serious or critical accessibility issue, in light English and dark Arabic at 390 px', async () => {
    const token = await unsubscribeToken(b.orm.em.fork(), await userId('analyst@demo.com'), 'digest');
    for (const [theme, language, width] of [
      ['light', 'en', 1280],
      ['dark', 'ar', 390],
    ] as const) {
      const { context, page } = await b.newPage({ viewport: { width, height: 844 } });
      page.setDefaultTimeout(10_000);
      await b.signIn(page, 'superadmin@demo.com', 'superadmin');
      await context.addCookies([
        { name: 'od-theme', value: theme, url: b.baseUrl },
        { name: 'od-language', value: language, url: b.baseUrl },
      ]);
      await page.goto('/management/mail');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await settled(page);
      expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
      expect(await axeAudit(page, `/management/mail ${theme} ${language} ${width}px`)).toEqual([]);
      await page.goto('/pages/account-settings/notifications');
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await axeAudit(page, `notifications tab ${theme} ${language} ${width}px`)).toEqual([]);
      // The unsubscribe page, signed out.
      const visitor = await b.browser.newContext({ baseURL: b.baseUrl, viewport: { width, height: 844 } });
      await visitor.addCookies([
        { name: 'od-theme', value: theme, url: b.baseUrl },
        { name: 'od-language', value: language, url: b.baseUrl },
      ]);
      const reader = await visitor.newPage();
      await reader.goto(`/unsubscribe?token=${token}`);
      await reader.getByRole('button').first().waitFor();
      expect(await axeAudit(reader, `/unsubscribe ${theme} ${language} ${width}px`)).toEqual([]);
      await visitor.close();
      await context.close();
    }
  });
});
