// Sessions and passwords as an IT department checks them: a person signs out every other device; an
// administrator ends every session of a user of their customer (and only theirs); deactivation ends them
// too; new passwords are 8 to 128 characters of any kind and never a common one; each leaves a security event.
import { describe, expect, it } from 'vitest';
import { AuditEvent } from '../../../lib/audit/audit-event.entity.ts';
import { setupTestApp } from '../../../testing/app.ts';

const t = await setupTestApp();

async function signIn(email: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(201);
  return res.json<{ accessToken: string }>().accessToken;
}
const alive = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: `Bearer ${token}` } }))
    .statusCode === 200;
const userId = async (email: string) =>
  (await (await t.caller('superadmin@demo.com')).users.list({ q: email })).items[0].id;

describe('sessions', () => {
  it('signs out every other session of the account, keeping this one, and records it', async () => {
    const others = [await signIn('analyst@demo.com', 'analyst'), await signIn('analyst@demo.com', 'analyst')];
    const caller = await t.caller('analyst@demo.com');
    expect((await caller.account.sessions()).length).toBeGreaterThanOrEqual(3);
    expect(await caller.account.revokeOtherSessions()).toEqual({ revoked: 2 });
    for (const token of others) expect(await alive(token)).toBe(false);
    expect(await alive(await t.token('analyst@demo.com'))).toBe(true);
    expect((await caller.account.sessions()).map((s) => s.current)).toEqual([true]);
    const event = await t.orm.em
      .fork()
      .findOne(AuditEvent, { action: 'sessions_ended', actorEmail: 'analyst@demo.com' });
    expect(event?.changes).toEqual({ count: 2 });
  });

  it("lets an administrator end every session of a user of their customer, and no other customer's", async () => {
    const token = await signIn('floormanager@demo.com', 'floormanager');
    const admin = await t.caller('admin@demo.com');
    const id = await userId('floormanager@demo.com');
    expect(await admin.users.endSessions({ id })).toEqual({ id });
    expect(await alive(token)).toBe(false);
    const nwsUser = await userId('qualitycontrol@nws.demo.com');
    await expect(admin.users.endSessions({ id: nwsUser })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const analyst = await t.caller('analyst@demo.com');
    await expect(analyst.users.endSessions({ id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const event = await t.orm.em.fork().findOne(AuditEvent, { action: 'sessions_ended', entityId: id });
    expect(event).toMatchObject({ actorEmail: 'admin@demo.com', changes: { by: 'administrator' } });
  });

  it('ends the sessions of a deactivated user', async () => {
    const token = await signIn('teamleader@demo.com', 'teamleader');
    const admin = await t.caller('admin@demo.com');
    await admin.users.deactivate({ id: await userId('teamleader@demo.com') });
    expect(await alive(token)).toBe(false);
  });
});

describe('passwords', () => {
  it('takes 8 to 128 characters of any kind, refuses common ones, and needs the current one', async () => {
    const caller = await t.caller('businessuser@demo.com');
    await expect(
      caller.account.changePassword({ currentPassword: 'businessuser', newPassword: 'password1' }),
    ).rejects.toThrow(/too common/);
    await expect(
      caller.account.changePassword({ currentPassword: 'wrong', newPassword: 'long enough and rare' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      caller.account.changePassword({ currentPassword: 'businessuser', newPassword: 'x'.repeat(129) }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // No composition rules: lower-case words with spaces, or any script, up to 128 characters.
    const long = 'ñandú 🦤 حديقة '.repeat(9).slice(0, 128);
    expect(
      await caller.account.changePassword({
        currentPassword: 'businessuser',
        newPassword: 'correct horse battery staple',
      }),
    ).toMatchObject({ changed: true });
    t.forget('businessuser@demo.com');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'businessuser@demo.com', password: 'correct horse battery staple' },
    });
    expect(again.statusCode).toBe(201);
    const token = again.json<{ accessToken: string }>().accessToken;
    const change = await t.app.inject({
      method: 'POST',
      url: '/trpc/account.changePassword',
      headers: { authorization: `Bearer ${token}` },
      payload: { json: { currentPassword: 'correct horse battery staple', newPassword: long } },
    });
    expect(change.statusCode).toBe(200);
    expect((await signIn('businessuser@demo.com', long)).length).toBeGreaterThan(20);
    const event = await t.orm.em
      .fork()
      .findOne(AuditEvent, { action: 'password_change', actorEmail: 'businessuser@demo.com' });
    expect(event).not.toBeNull();
  });

  it('refuses a common password at registration, naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.register',
      payload: {
        json: { fullName: 'Nora Vale', email: 'nora@example.com', password: 'qwertyuiop', customerCode: 'ACME' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { json: { data: { fieldErrors: unknown } } } }>().error.json.data.fieldErrors).toEqual({
      password: ['This password is too common or too easy to guess: choose another'],
    });
  });
});
