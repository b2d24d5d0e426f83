import { describe, expect, it, vi } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { stringContaining } from '../../../testing/matchers.ts';
import { codeOf } from '../../../testing/trpc.ts';
import { User } from '../../organization/users/user.entity.ts';
import { OutboxEmail } from '../outbox/outbox.entity.ts';
import { MAIL_PER_ADDRESS_PER_HOUR, REGISTER_PER_CLIENT_PER_HOUR } from './auth.rate-limit.ts';
import { settleAccountMail } from './auth.service.ts';
import { PasswordReset } from './session.entity.ts';

const t = await setupTestApp();
const anon = t.createAnonCaller();

/** A public tRPC mutation over HTTP (the limits need a real request); the parsed `json` result or error. */
async function publicCall(path: string, input: unknown, ip = '127.0.0.1') {
  const res = await t.app.inject({ method: 'POST', url: `/trpc/${path}`, remoteAddress: ip, payload: { json: input } });
  const body = res.json<{
    result?: { data: { json: unknown } };
    error?: { json: { message: string; data: { code: string } } };
  }>();
  return { status: res.statusCode, data: body.result?.data.json, error: body.error?.json };
}

const forgot = async (email: string, ip?: string) => {
  const res = await publicCall('auth.forgotPassword', { email }, ip);
  await settleAccountMail();
  return res;
};

const mailsTo = (to: string, kind?: string) => t.orm.em.fork().count(OutboxEmail, kind ? { to, kind } : { to });

async function lastResetToken(email: string): Promise<string> {
  const mail = await t.orm.em
    .fork()
    .findOneOrFail(OutboxEmail, { to: email, kind: 'password-reset' }, { orderBy: { id: 'desc' } });
  const token = /token=([\w-]+)/.exec(mail.body)?.[1];
  if (!token) throw new Error('no token in mail');
  return token;
}

describe('password reset', () => {
  it('writes a reset link to the outbox and lets the token be used exactly once', async () => {
    expect((await forgot('analyst@demo.com')).data).toEqual({ sent: true });
    const token = await lastResetToken('analyst@demo.com');
    expect(await anon.auth.checkResetToken({ token })).toEqual({ valid: true });
    await anon.auth.resetPassword({ token, password: 'NewSecret1' });
    await expect(anon.auth.resetPassword({ token, password: 'NewSecret2' })).rejects.toThrow(/invalid or has expired/);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'analyst@demo.com', password: 'NewSecret1' },
    });
    expect(ok.statusCode).toBe(201);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'analyst@demo.com', password: 'analyst' },
    });
    expect(old.statusCode).toBe(400);
  });

  it("reports the reset e-mail through the app's outbox: the log shows the link", async () => {
    const info = vi.spyOn(t.app.log, 'info');
    try {
      await forgot('admin@nws.demo.com', '10.5.0.1');
      const token = await lastResetToken('admin@nws.demo.com');
      expect(info).toHaveBeenCalledWith(
        {
          to: 'admin@nws.demo.com',
          kind: 'password-reset',
          subject: 'Setzen Sie Ihr Opsdesk-Passwort zurück', // this admin reads German
          body: stringContaining(`/reset-password?token=${token}`),
        },
        'email queued',
      );
    } finally {
      info.mockRestore();
    }
  });

  it('refuses an expired token', async () => {
    await forgot('teamleader@demo.com');
    const token = await lastResetToken('teamleader@demo.com');
    await t.orm.em.fork().nativeUpdate(PasswordReset, {}, { expiresAt: new Date(Date.now() - 1000) });
    await expect(anon.auth.resetPassword({ token, password: 'NewSecret1' })).rejects.toThrow(/expired/);
  });

  it('answers the same for an unknown email and writes nothing', async () => {
    const before = await t.orm.em.fork().count(OutboxEmail, {});
    expect((await forgot('ghost@demo.com')).data).toEqual({ sent: true });
    expect(await t.orm.em.fork().count(OutboxEmail, {})).toBe(before);
  });

  it('refuses a weak new password with field messages', async () => {
    await expect(anon.auth.resetPassword({ token: 'x'.repeat(43), password: 'short' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('reset token under concurrency', () => {
  it('lets exactly one of 10 parallel uses of one token succeed', async () => {
    await forgot('businessadmin@demo.com');
    const token = await lastResetToken('businessadmin@demo.com');
    const passwords = Array.from({ length: 10 }, (_, i) => `Parallel-Pass${i}`);
    const outcomes = await Promise.all(
      passwords.map((password) => codeOf(anon.auth.resetPassword({ token, password }))),
    );
    expect(outcomes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(outcomes.filter((c) => c === 'BAD_REQUEST')).toHaveLength(9);
    const winner = passwords[outcomes.indexOf('OK')];
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'businessadmin@demo.com', password: winner },
    });
    expect(signIn.statusCode).toBe(201);
  });
});

describe('forgot password limits', () => {
  it('answers 40 parallel requests for one address alike, writing at most a few e-mails', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        publicCall('auth.forgotPassword', { email: 'qualitycontrol@demo.com' }, `10.9.0.${i}`),
      ),
    );
    await settleAccountMail();
    expect(answers.every((a) => a.status === 200 && JSON.stringify(a.data) === '{"sent":true}')).toBe(true);
    expect(await mailsTo('qualitycontrol@demo.com', 'password-reset')).toBe(MAIL_PER_ADDRESS_PER_HOUR);
  });

  it('limits one client across addresses, still answering the generic success', async () => {
    const emails = Array.from({ length: 35 }, (_, i) => `nobody${i}@example.com`);
    for (const email of emails) expect((await forgot(email, '10.8.0.1')).data).toEqual({ sent: true });
    // Past the per-client limit a real account gets no mail from that client, and the answer is the same.
    expect((await forgot('client@demo.com', '10.8.0.1')).data).toEqual({ sent: true });
    expect(await mailsTo('client@demo.com')).toBe(0);
    expect((await forgot('client@demo.com', '10.8.0.2')).data).toEqual({ sent: true });
    expect(await mailsTo('client@demo.com')).toBe(1);
  });

  it('takes as long for an address without an account as for one with', async () => {
    const time = async (email: string) => {
      const started = performance.now();
      await publicCall(
        'auth.forgotPassword',
        { email },
        `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      );
      const ms = performance.now() - started;
      await settleAccountMail();
      return ms;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    // Every known address once or twice, so the mail limit does not turn the known path into a no-op.
    const accounts = (await t.orm.em.fork().find(User, { status: 'active' }, { orderBy: { id: 'asc' } })).map(
      (u) => u.email,
    );
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 15; i++) {
      known.push(await time(accounts[i % accounts.length]));
      unknown.push(await time(`ghost${i}@example.com`));
    }
    // The lookup and the mail happen after the answer: no gap an attacker can measure.
    expect(median(known)).toBeLessThan(median(unknown) * 1.5 + 2);
  });
});

describe('registration', () => {
  it('creates a pending account that cannot sign in until approved', async () => {
    const result = await publicCall('auth.register', {
      fullName: 'Rita Novak',
      email: 'rita@example.com',
      password: 'Sturdy-Pass1',
      customerCode: 'acme',
    });
    expect(result.data).toEqual({ status: 'pending' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'rita@example.com', password: 'Sturdy-Pass1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.email[0]).toMatch(/waiting for approval/);
  });

  it('answers a taken address as a new one, changes nothing, and tells the owner by e-mail', async () => {
    const before = await t.orm.em
      .fork()
      .findOneOrFail(User, { email: 'admin@demo.com' }, { populate: ['passwordHash'] });
    const answer = await publicCall('auth.register', {
      fullName: 'Dup',
      email: 'admin@demo.com',
      password: 'Sturdy-Pass1',
      customerCode: 'ACME',
    });
    expect(answer).toEqual({ status: 200, data: { status: 'pending' }, error: undefined });
    const after = await t.orm.em
      .fork()
      .findOneOrFail(User, { email: 'admin@demo.com' }, { populate: ['passwordHash'] });
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.status).toBe('active');
    const mail = await t.orm.em
      .fork()
      .findOneOrFail(OutboxEmail, { to: 'admin@demo.com', kind: 'registration-attempt' });
    expect(mail.body).toMatch(/already has one/);
  });

  it('never fails for 10 concurrent registrations of one address: one account, the same answer for all', async () => {
    const input = {
      fullName: 'Race Runner',
      email: 'race@example.com',
      password: 'Sturdy-Pass1',
      customerCode: 'ACME',
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => publicCall('auth.register', input, `10.6.0.${i}`)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.every((a) => JSON.stringify(a.data) === '{"status":"pending"}')).toBe(true);
    expect(await t.orm.em.fork().count(User, { email: 'race@example.com' })).toBe(1);
  });

  it('answers an unknown customer code exactly like a known one, and creates nothing (codes cannot be enumerated)', async () => {
    const ask = (customerCode: string, email: string) =>
      publicCall('auth.register', { fullName: 'Who', email, password: 'Sturdy-Pass1', customerCode }, '10.6.1.1');
    const unknown = await ask('NOPE', 'who@example.com');
    const known = await ask('ACME', 'who2@example.com');
    expect(unknown).toEqual({ status: 200, data: { status: 'pending' }, error: undefined });
    expect(unknown).toEqual(known);
    expect(await t.orm.em.fork().count(User, { email: 'who@example.com' })).toBe(0);
    expect(await mailsTo('who@example.com')).toBe(0);
  });

  it('limits registrations per client address, shared in PostgreSQL, with a 429 and Retry-After', async () => {
    const ask = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/trpc/auth.register',
        remoteAddress: '10.6.2.1',
        payload: {
          json: { fullName: 'Spray', email: `spray${i}@example.com`, password: 'Sturdy-Pass1', customerCode: `C${i}` },
        },
      });
    for (let i = 0; i < REGISTER_PER_CLIENT_PER_HOUR; i++) expect((await ask(i)).statusCode).toBe(200);
    const refused = await ask(99);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(55 * 60);
    expect(refused.json<{ error: { json: { message: string } } }>().error.json.message).toBe(
      'Too many sign-up requests from your network. Try again in 60 minutes.',
    );
    const rows = await t.orm.em
      .getConnection()
      .execute(`select hits from rate_limits where key = 'register-from:10.6.2.1'`);
    expect(rows).toEqual([{ hits: REGISTER_PER_CLIENT_PER_HOUR + 1 }]);
    // Another address is not held up.
    expect(
      (
        await publicCall(
          'auth.register',
          { fullName: 'Other', email: 'other@example.com', password: 'Sturdy-Pass1', customerCode: 'ACME' },
          '10.6.2.2',
        )
      ).status,
    ).toBe(200);
  });
});
