// The TOTP second factor end to end, over the real app and database: set-up, confirmation, sign-in over
// REST and tRPC with a code computed by an independent library, replay, drift, recovery codes used at
// the same moment, the sign-in limits, turning it off, and the security events it leaves.
import { describe, expect, it } from 'vitest';
import { AuditEvent } from '../../../lib/audit/audit-event.entity.ts';
import { setupTestApp, type TestApp } from '../../../testing/app.ts';
import { awaitFreshStep, totpCode } from '../../../testing/totp.ts';
import { RecoveryCode } from './second-factor.entity.ts';

const t = await setupTestApp();
const limited = await setupTestApp({ LOGIN_RATE_LIMIT: '3' });

function restLogin(app: TestApp, email: string, password: string, otp?: string, ip = '127.0.0.1') {
  return app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    payload: { email, password, ...(otp === undefined ? {} : { otp }) },
  });
}

/** Turn two-factor on for `email` (a demo account of `app`); returns its key and recovery codes. */
async function enrol(app: TestApp, email: string) {
  await awaitFreshStep();
  const caller = await app.caller(email);
  const setup = await caller.account.twoFactor.setup();
  expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Opsdesk:.*secret=/);
  expect(setup.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  // The code of the step before (one step of drift allowed): the current step stays free for sign-in.
  const { recoveryCodes } = await caller.account.twoFactor.enable({ code: totpCode(setup.secret, -1) });
  return { caller, secret: setup.secret, recoveryCodes };
}

describe('turning two-factor on', () => {
  it('keeps the key pending until a code of it confirms it, then hands out ten recovery codes once', async () => {
    await awaitFreshStep();
    const caller = await t.caller('floormanager@demo.com');
    expect(await caller.account.twoFactor.status()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
      graceEndsAt: null,
      passkeys: 0,
      providerSecondFactor: false,
    });
    const setup = await caller.account.twoFactor.setup();
    // Pending: sign-in does not ask for a code yet.
    expect((await restLogin(t, 'floormanager@demo.com', 'floormanager')).statusCode).toBe(201);
    await expect(caller.account.twoFactor.enable({ code: '000000' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const { recoveryCodes } = await caller.account.twoFactor.enable({ code: totpCode(setup.secret) });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await caller.account.twoFactor.status()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // Only hashes are kept (argon2id).
    const stored = await t.orm.em.fork().find(RecoveryCode, {});
    expect(stored.length).toBeGreaterThanOrEqual(10);
    expect(stored.every((r) => r.codeHash.startsWith('$argon2id$'))).toBe(true);
    await expect(caller.account.twoFactor.setup()).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('ends every other session of the account, keeping this one', async () => {
    const other = await restLogin(t, 'teamleader@demo.com', 'teamleader');
    const otherToken = other.json<{ accessToken: string }>().accessToken;
    await enrol(t, 'teamleader@demo.com');
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(otherToken)).statusCode).toBe(401);
    expect((await me(await t.token('teamleader@demo.com'))).statusCode).toBe(200);
  });
});

describe('signing in with two-factor on', () => {
  it('asks for the code after the password (REST 401 and tRPC UNAUTHORIZED with the reason), then signs in', async () => {
    const { secret } = await enrol(t, 'businessadmin@demo.com');
    const asked = await restLogin(t, 'businessadmin@demo.com', 'businessadmin');
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toMatchObject({
      twoFactorRequired: true,
      message: 'Enter the code of your authenticator app',
    });
    const trpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      payload: { json: { email: 'businessadmin@demo.com', password: 'businessadmin' } },
    });
    expect(trpc.statusCode).toBe(401);
    expect(trpc.json<{ error: { json: { data: unknown } } }>().error.json.data).toMatchObject({
      code: 'UNAUTHORIZED',
      reason: 'TWO_FACTOR_REQUIRED',
    });
    // A wrong password still says only that.
    expect((await restLogin(t, 'businessadmin@demo.com', 'wrong', totpCode(secret))).json()).toEqual({
      errors: { email: ['Invalid email or password'] },
    });
    const wrong = await restLogin(t, 'businessadmin@demo.com', 'businessadmin', '123456');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      errors: { otp: ['This code is not valid (or was already used); try the next one'] },
    });
    const code = totpCode(secret);
    expect((await restLogin(t, 'businessadmin@demo.com', 'businessadmin', code)).statusCode).toBe(201);
    // The same code again, within its window: refused.
    expect((await restLogin(t, 'businessadmin@demo.com', 'businessadmin', code)).statusCode).toBe(400);
    const viaTrpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      payload: { json: { email: 'businessadmin@demo.com', password: 'businessadmin', otp: totpCode(secret, 1) } },
    });
    expect(viaTrpc.statusCode).toBe(200);
  });

  it('accepts a code one step either side of now, never two, and never an older step after a newer', async () => {
    // Enrolment used the code of the step before now (enrol): accepted, one step of drift.
    const { secret } = await enrol(t, 'businessuser@demo.com');
    const login = (otp: string) => restLogin(t, 'businessuser@demo.com', 'businessuser', otp);
    expect((await login(totpCode(secret, -2))).statusCode).toBe(400);
    expect((await login(totpCode(secret, 2))).statusCode).toBe(400);
    expect((await login(totpCode(secret, -1))).statusCode).toBe(400);
    expect((await login(totpCode(secret, 0))).statusCode).toBe(201);
    expect((await login(totpCode(secret, 0))).statusCode).toBe(400);
    expect((await login(totpCode(secret, 1))).statusCode).toBe(201);
    expect((await login(totpCode(secret, 0))).statusCode).toBe(400);
  });

  it('lets a recovery code sign in once, even when sent twice at the same moment', async () => {
    const { recoveryCodes, caller } = await enrol(t, 'qualitycontrol@demo.com');
    const code = recoveryCodes[3].toUpperCase().replace('-', ' ');
    const both = await Promise.all([
      restLogin(t, 'qualitycontrol@demo.com', 'qualitycontrol', code, '10.9.0.1'),
      restLogin(t, 'qualitycontrol@demo.com', 'qualitycontrol', code, '10.9.0.2'),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect((await restLogin(t, 'qualitycontrol@demo.com', 'qualitycontrol', recoveryCodes[3])).statusCode).toBe(400);
    expect((await caller.account.twoFactor.status()).recoveryCodesLeft).toBe(9);
  });

  it('counts wrong codes in the sign-in limits like wrong passwords', async () => {
    const { secret } = await enrol(limited, 'analyst@demo.com');
    for (let i = 0; i < 3; i++) {
      expect((await restLogin(limited, 'analyst@demo.com', 'analyst', '000000', '10.8.0.1')).statusCode).toBe(400);
    }
    const blocked = await restLogin(limited, 'analyst@demo.com', 'analyst', totpCode(secret), '10.8.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('records sign-ins and refusals, with the reason and the address, as security events', async () => {
    const { secret } = await enrol(t, 'client@demo.com');
    await restLogin(t, 'client@demo.com', 'client', '999999', '10.7.0.9');
    await restLogin(t, 'client@demo.com', 'client', totpCode(secret, 1), '10.7.0.9');
    const events = await t.orm.em.fork().find(AuditEvent, { entityType: 'User' }, { orderBy: { id: 'asc' } });
    const mine = events.filter((e) => e.changes.ip === '10.7.0.9' || e.action.startsWith('two_factor'));
    expect(mine.map((e) => [e.action, e.changes.reason ?? e.changes.secondFactor ?? null])).toEqual(
      expect.arrayContaining([
        ['sign_in_failed', 'code'],
        ['sign_in', 'totp'],
      ]),
    );
    expect(events.some((e) => e.action === 'two_factor_on')).toBe(true);
    // No secret, code or password in any event.
    const text = JSON.stringify(events.map((e) => e.changes));
    expect(text).not.toContain(secret);
    expect(text).not.toContain('999999');
  });
});

describe('turning two-factor off and renewing recovery codes', () => {
  it('needs the password and a code; renewing needs a code and replaces every recovery code', async () => {
    const { caller, secret, recoveryCodes } = await enrol(t, 'admin@nws.demo.com');
    const renewed = await caller.account.twoFactor.regenerateRecoveryCodes({ code: totpCode(secret, 1) });
    expect(renewed.recoveryCodes).toHaveLength(10);
    expect((await restLogin(t, 'admin@nws.demo.com', 'admin', recoveryCodes[0])).statusCode).toBe(400);
    await expect(
      caller.account.twoFactor.disable({ password: 'wrong', code: renewed.recoveryCodes[0] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.account.twoFactor.disable({ password: 'admin', code: '111111' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await caller.account.twoFactor.disable({ password: 'admin', code: renewed.recoveryCodes[0] })).toEqual({
      disabled: true,
      otherSessionsEnded: 0,
    });
    expect(await caller.account.twoFactor.status()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect((await restLogin(t, 'admin@nws.demo.com', 'admin')).statusCode).toBe(201);
  });
});
