import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { OutboxEmail } from '../outbox/outbox.entity.ts';
import { PasswordReset } from './session.entity.ts';

const t = await setupTestApp();
const anon = t.createAnonCaller();

async function lastResetToken(email: string): Promise<string> {
  const mail = await t.orm.em.fork().findOneOrFail(OutboxEmail, { to: email, kind: 'password-reset' }, { orderBy: { id: 'desc' } });
  const token = /token=([\w-]+)/.exec(mail.body)?.[1];
  if (!token) throw new Error('no token in mail');
  return token;
}

describe('password reset', () => {
  it('writes a reset link to the outbox and lets the token be used exactly once', async () => {
    await anon.auth.forgotPassword({ email: 'analyst@demo.com' });
    const token = await lastResetToken('analyst@demo.com');
    expect(await anon.auth.checkResetToken({ token })).toEqual({ valid: true });
    await anon.auth.resetPassword({ token, password: 'NewSecret1' });
    await expect(anon.auth.resetPassword({ token, password: 'NewSecret2' })).rejects.toThrow(/invalid or has expired/);
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'analyst@demo.com', password: 'NewSecret1' } });
    expect(ok.statusCode).toBe(201);
    const old = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'analyst@demo.com', password: 'analyst' } });
    expect(old.statusCode).toBe(400);
  });

  it('refuses an expired token', async () => {
    await anon.auth.forgotPassword({ email: 'teamleader@demo.com' });
    const token = await lastResetToken('teamleader@demo.com');
    await t.orm.em.fork().nativeUpdate(PasswordReset, {}, { expiresAt: new Date(Date.now() - 1000) });
    await expect(anon.auth.resetPassword({ token, password: 'NewSecret1' })).rejects.toThrow(/expired/);
  });

  it('answers the same for an unknown email and writes nothing', async () => {
    const before = await t.orm.em.fork().count(OutboxEmail, {});
    expect(await anon.auth.forgotPassword({ email: 'ghost@demo.com' })).toEqual({ sent: true });
    expect(await t.orm.em.fork().count(OutboxEmail, {})).toBe(before);
  });

  it('refuses a weak new password with field messages', async () => {
    await expect(anon.auth.resetPassword({ token: 'x'.repeat(43), password: 'short' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('registration', () => {
  it('creates a pending account that cannot sign in until approved', async () => {
    const result = await anon.auth.register({ fullName: 'Rita Novak', email: 'rita@example.com', password: 'Sturdy-Pass1', customerCode: 'acme' });
    expect(result).toEqual({ status: 'pending' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'rita@example.com', password: 'Sturdy-Pass1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email[0]).toMatch(/waiting for approval/);
  });

  it('refuses a taken email and an unknown customer code', async () => {
    await expect(
      anon.auth.register({ fullName: 'Dup', email: 'admin@demo.com', password: 'Sturdy-Pass1', customerCode: 'ACME' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      anon.auth.register({ fullName: 'Who', email: 'who@example.com', password: 'Sturdy-Pass1', customerCode: 'NOPE' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
