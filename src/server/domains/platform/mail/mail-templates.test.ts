// E-mails in the recipient's language, through a real SMTP server (smtp-server) and parsed by mailparser:
// an invitation in French used end to end, Arabic right to left, a resent or revoked invitation, the
// users list's "Invited" with its date, and user text escaped in the HTML.
import { afterAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { startTestSmtp } from '../../../testing/smtp.ts';
import { type MailDelivery, startMailDelivery } from '../outbox/outbox.delivery.ts';
import { renderMail } from './mail.refs.ts';

const PUBLIC_URL = 'https://ops.example.com';
const smtp = await startTestSmtp();
const t = await setupTestApp({ PUBLIC_URL, SMTP_URL: smtp.url, MAIL_FROM: 'ops@example.com' });
const delivery: MailDelivery = await startMailDelivery({
  orm: t.orm,
  connectionString: t.databaseUrl,
  signals: t.app.signals,
  mail: t.config.mail!,
  publicUrl: PUBLIC_URL,
  pollingIntervalSeconds: 0.5,
  onError: () => undefined,
});
afterAll(() => delivery.stop());

const tokenIn = (text: string | undefined) => {
  const link = /https:\/\/\S+reset-password\?token=[\w-]+/.exec(text ?? '')?.[0];
  expect(link).toBeDefined();
  expect(link?.startsWith(`${PUBLIC_URL}/reset-password?token=`)).toBe(true);
  return new URL(link ?? '').searchParams.get('token') ?? '';
};

describe('e-mail in the recipient’s language', () => {
  it('invites a French user in French; the single-use link (7 days) sets the password; the list shows Invited until then', async () => {
    const admin = await t.caller('admin@demo.com');
    const created = await admin.users.create({
      email: 'amelie@acme.example',
      fullName: 'Amélie Durand',
      role: 'analyst',
      language: 'fr',
    });
    const listed = (await admin.users.list({ q: 'amelie@acme.example' })).items[0];
    expect(listed.invitation?.sentAt).toBeInstanceOf(Date);
    const days =
      ((listed.invitation?.expiresAt.getTime() ?? 0) - (listed.invitation?.sentAt.getTime() ?? 0)) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);

    const [got] = await smtp.waitFor('amelie@acme.example');
    expect(got.mail.subject).toBe('Vous êtes invité sur Opsdesk');
    expect(got.mail.text).toContain('Bonjour Amélie Durand,');
    expect(got.mail.html).toContain('<html lang="fr" dir="ltr">');
    const token = tokenIn(got.mail.text);
    const anon = t.createAnonCaller();
    await anon.auth.resetPassword({ token, password: 'Bienvenue-2026!' });
    await expect(anon.auth.resetPassword({ token, password: 'Encore-une-fois-1' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'amelie@acme.example', password: 'Bienvenue-2026!' },
    });
    expect(login.statusCode).toBe(201);
    expect((await admin.users.byId({ id: created.id })).invitation).toBeNull();
    await expect(admin.users.resendInvitation({ id: created.id })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('writes to an Arabic user right to left', async () => {
    const admin = await t.caller('admin@demo.com');
    await admin.users.create({ email: 'layla@acme.example', fullName: 'ليلى', role: 'analyst', language: 'ar' });
    const [got] = await smtp.waitFor('layla@acme.example');
    expect(got.mail.subject).toBe('أنت مدعو إلى Opsdesk');
    expect(got.mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(got.mail.html).toMatch(/<body dir="rtl"/);
    expect(got.mail.headers.get('content-language')).toBe('ar');
  });

  it('resends an invitation (the old link stops working) and revokes one', async () => {
    const admin = await t.caller('admin@demo.com');
    const user = await admin.users.create({
      email: 'ben@acme.example',
      fullName: 'Ben Adler',
      role: 'analyst',
      language: 'de',
    });
    const [first] = await smtp.waitFor('ben@acme.example');
    expect(first.mail.subject).toBe('Sie sind zu Opsdesk eingeladen');
    const oldToken = tokenIn(first.mail.text);
    await admin.users.resendInvitation({ id: user.id });
    const [, second] = await smtp.waitFor('ben@acme.example', 2);
    const newToken = tokenIn(second.mail.text);
    const anon = t.createAnonCaller();
    expect(await anon.auth.checkResetToken({ token: oldToken })).toEqual({ valid: false });
    expect(await anon.auth.checkResetToken({ token: newToken })).toEqual({ valid: true });
    const revoked = await admin.users.revokeInvitation({ id: user.id });
    expect(revoked.invitation).toBeNull();
    expect(await anon.auth.checkResetToken({ token: newToken })).toEqual({ valid: false });
    await expect(admin.users.revokeInvitation({ id: user.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    const other = await t.caller('admin@nws.demo.com');
    await expect(other.users.resendInvitation({ id: user.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('escapes user text in the HTML and keeps it as it is in the plain text', () => {
    const mail = renderMail({
      kind: 'taskRejected',
      language: 'en',
      values: { who: '<script>alert(1)</script>', project: 'P1', location: '"Lyon"', reason: 'a & b' },
      link: `${PUBLIC_URL}/tasks`,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.text).toContain('<script>alert(1)</script> rejected P1 at "Lyon". Reason: a & b');
  });
});
