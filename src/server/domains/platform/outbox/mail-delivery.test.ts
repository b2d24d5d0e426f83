// E-mail over SMTP, against a real SMTP server in the test process (smtp-server) and what arrives parsed
// by mailparser: a reset link used end to end, a forged Host that changes nothing, a server down then
// back (each e-mail once), a refused address (failed with the server's answer, never retried), one
// hand-off whatever the number of jobs, no header injection, SMTP_URL checked at boot, and the rate limit.
import superjson from 'superjson';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { startTestSmtp } from '../../../testing/smtp.ts';
import { settleAccountMail } from '../auth/auth.service.ts';
import { deliverEmail, type MailDelivery, smtpTransport, startMailDelivery } from './outbox.delivery.ts';
import { OutboxEmail } from './outbox.entity.ts';
import { queueMail } from './outbox.refs.ts';

const PUBLIC_URL = 'https://ops.example.com';
const smtp = await startTestSmtp();
const t = await setupTestApp({
  PUBLIC_URL,
  TRUST_PROXY: 'true',
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Opsdesk <ops@example.com>',
  MAIL_REPLY_TO: 'help@example.com',
});
const errors: unknown[] = [];
const delivery: MailDelivery = await startMailDelivery({
  orm: t.orm,
  connectionString: t.databaseUrl,
  signals: t.app.signals,
  mail: t.config.mail!,
  publicUrl: PUBLIC_URL,
  pollingIntervalSeconds: 0.5,
  onError: (error) => errors.push(error),
});
afterAll(() => delivery.stop());

async function rowOf(to: string): Promise<OutboxEmail> {
  return t.orm.em.fork().findOneOrFail(OutboxEmail, { to }, { orderBy: { id: 'desc' } });
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`not reached: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('e-mail over SMTP', () => {
  it('delivers a reset link asked for with a forged Host; the link starts with PUBLIC_URL and works', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/trpc/auth.forgotPassword',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify(superjson.serialize({ email: 'analyst@demo.com' })),
    });
    expect(res.statusCode).toBe(200);
    await settleAccountMail();
    const [got] = await smtp.waitFor('analyst@demo.com', 1, 15_000);
    expect(got.mail.from?.value).toEqual([{ name: 'Opsdesk', address: 'ops@example.com' }]);
    expect(got.mail.replyTo?.value[0].address).toBe('help@example.com');
    expect(got.mail.messageId).toMatch(/^<outbox\.\d+\.\w+@ops\.example\.com>$/);
    expect(got.raw).not.toContain('evil.example');
    const link = /https?:\/\/\S+/.exec(got.mail.text ?? '')?.[0] ?? '';
    expect(link).toMatch(/^https:\/\/ops\.example\.com\/reset-password\?token=[\w-]+$/);
    const token = new URL(link).searchParams.get('token') ?? '';
    await t.createAnonCaller().auth.resetPassword({ token, password: 'A-new-Secret-42' });
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'analyst@demo.com', password: 'A-new-Secret-42' },
    });
    expect(login.statusCode).toBe(201);
    const row = await rowOf('analyst@demo.com');
    expect({ status: row.status, attempts: row.attempts, messageId: row.messageId }).toEqual({
      status: 'sent',
      attempts: 1,
      messageId: got.mail.messageId,
    });
  });

  it('holds e-mail while the SMTP server is down and delivers each once when it is back', async () => {
    await smtp.down();
    await queueMail(t.orm.em.fork(), [
      { to: 'while-down-1@acme.example', subject: 'One', body: 'first', kind: 'test' },
      { to: 'while-down-2@acme.example', subject: 'Two', body: 'second', kind: 'test' },
    ]);
    const tried = await until(
      () => rowOf('while-down-1@acme.example'),
      (r) => r.attempts >= 1 && r.status === 'queued',
    );
    expect(tried.lastError).toMatch(/ECONNREFUSED|connect/i);
    await smtp.up();
    const [first] = await smtp.waitFor('while-down-1@acme.example', 1, 60_000);
    await smtp.waitFor('while-down-2@acme.example', 1, 60_000);
    await until(
      () => rowOf('while-down-2@acme.example'),
      (r) => r.status === 'sent',
    );
    // Every job that could still run has run: nothing arrives twice.
    await delivery.dispatch();
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received.filter((m) => m.rcptTo.includes('while-down-1@acme.example'))).toHaveLength(1);
    expect(smtp.received.filter((m) => m.rcptTo.includes('while-down-2@acme.example'))).toHaveLength(1);
    expect((await rowOf('while-down-1@acme.example')).messageId).toBe(first.mail.messageId);
  });

  it('marks an address the server refuses failed, with its answer, and never tries it again', async () => {
    smtp.refuse.add('nobody@acme.example');
    await queueMail(t.orm.em.fork(), [{ to: 'nobody@acme.example', subject: 'Hi', body: 'text', kind: 'test' }]);
    const row = await until(
      () => rowOf('nobody@acme.example'),
      (r) => r.status === 'failed',
    );
    expect(row.lastError).toMatch(/550.*no such user/i);
    await delivery.dispatch();
    await new Promise((r) => setTimeout(r, 2000));
    expect((await rowOf('nobody@acme.example')).attempts).toBe(1);
  });

  it('hands an e-mail over once however many jobs try it at the same time', async () => {
    const transport = smtpTransport(t.config.mail!);
    // Written outside the app's listener's reach: only the jobs below deliver it.
    const [id] = await queueMail(t.orm.em.fork(), [
      { to: 'race@acme.example', subject: 'Race', body: 'once', kind: 'test' },
    ]);
    const deps = { orm: t.orm, transport, mail: t.config.mail!, publicUrl: PUBLIC_URL };
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => deliverEmail(deps, id).catch(() => 'error')));
    transport.close();
    // The app's own worker may have won the claim too: one hand-off among all of them.
    await smtp.waitFor('race@acme.example');
    await new Promise((r) => setTimeout(r, 1000));
    expect(outcomes.filter((o) => o === 'sent').length).toBeLessThanOrEqual(1);
    expect(smtp.received.filter((m) => m.rcptTo.includes('race@acme.example'))).toHaveLength(1);
    expect(await deliverEmail(deps, id)).toBe('skipped');
  });

  it('never lets a subject or a name carry another header', async () => {
    await queueMail(t.orm.em.fork(), [
      {
        to: 'inject@acme.example',
        subject: 'Hello\r\nBcc: victim@evil.example\r\nX-Injected: yes',
        body: 'body\r\n.\r\nMAIL FROM:<x@evil.example>',
        kind: 'test',
      },
    ]);
    const [got] = await smtp.waitFor('inject@acme.example');
    expect(got.rcptTo).toEqual(['inject@acme.example']);
    expect(got.mail.bcc).toBeUndefined();
    expect(got.mail.headers.get('x-injected')).toBeUndefined();
    expect(got.mail.subject).toBe('Hello Bcc: victim@evil.example X-Injected: yes');
    await expect(
      queueMail(t.orm.em.fork(), [
        { to: 'a@acme.example\r\nBcc: b@evil.example', subject: 's', body: 'b', kind: 'test' },
      ]),
    ).rejects.toThrow(/plain e-mail address/);
  });
});

describe('SMTP settings', () => {
  it('stop the server at boot with the reason', () => {
    const base = { NODE_ENV: 'test' };
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'a@b.example' })).toThrow(
      /SMTP_URL: an SMTP URL/,
    );
    expect(() => loadConfig({ ...base, SMTP_URL: 'smtp://mail.example.com:25' })).toThrow(/MAIL_FROM: required/);
    expect(() =>
      loadConfig({ ...base, SMTP_URL: 'smtp://m.example', MAIL_FROM: 'Ops\r\nBcc: x@y.example <a@b.example>' }),
    ).toThrow(ConfigError);
    const ok = loadConfig({
      ...base,
      SMTP_URL: 'smtps://u:p%40ss@mail.example.com',
      MAIL_FROM: '"Ops Desk" <ops@example.com>',
    });
    expect(ok.mail).toEqual({
      smtpUrl: 'smtps://u:p%40ss@mail.example.com',
      from: { name: 'Ops Desk', address: 'ops@example.com' },
      replyTo: undefined,
      ratePerSecond: 25,
    });
    expect(loadConfig(base).mail).toBeUndefined();
    const smtpBase = { ...base, SMTP_URL: 'smtp://m.example', MAIL_FROM: 'a@b.example' };
    expect(loadConfig({ ...smtpBase, MAIL_RATE_LIMIT: '5' }).mail?.ratePerSecond).toBe(5);
    expect(() => loadConfig({ ...smtpBase, MAIL_RATE_LIMIT: '0' })).toThrow(/MAIL_RATE_LIMIT/);
    expect(() => loadConfig({ ...smtpBase, MAIL_RATE_LIMIT: 'fast' })).toThrow(/MAIL_RATE_LIMIT/);
  });

  it('hands over no more e-mails a second than MAIL_RATE_LIMIT', async () => {
    const transport = smtpTransport({ ...t.config.mail!, ratePerSecond: 2 });
    const started = Date.now();
    // Five e-mails at 2 a second: two now, two in the next second, the last in the one after.
    await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        transport.sendMail({ from: 'ops@example.com', to: `rate${n}@acme.example`, subject: 'Rate', text: 'r' }),
      ),
    );
    transport.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    await smtp.waitFor('rate5@acme.example');
  });
});
