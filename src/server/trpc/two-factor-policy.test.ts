// The customer's second-factor policy, proved over every procedure of the router (listed from
// appRouter._def.procedures, so a new one is covered without an edit here): past the grace period a
// covered user without a second factor gets FORBIDDEN with reason TWO_FACTOR_REQUIRED from everything
// but sign-in, account.get and enrolment, over tRPC and REST; enrolling lifts it at once.
import { describe, expect, it } from 'vitest';
import { AuditEvent } from '../lib/audit/audit-event.entity.ts';
import { setupTestApp } from '../testing/app.ts';
import { totpCode } from '../testing/totp.ts';
import { appRouter } from './router.ts';

const t = await setupTestApp();
// Open past the grace: sign-in and enrolment, and what an e-mail's signed link does without a session.
const OPEN = [
  /^auth\./,
  /^account\.get$/,
  /^account\.twoFactor\./,
  /^account\.passkeys\./,
  /^notifications\.unsubscribe(Info)?$/,
];

const procedures = Object.entries(
  (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def.procedures,
).map(([path, p]) => ({ path, type: p._def.type }));

async function call(token: string, path: string, type: string) {
  const headers = { authorization: `Bearer ${token}` };
  const res =
    type === 'query' || type === 'subscription'
      ? await t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent('{"json":{}}')}`, headers })
      : await t.app.inject({ method: 'POST', url: `/trpc/${path}`, headers, payload: { json: {} } });
  return { status: res.statusCode, body: res.body };
}

describe('the second-factor policy', () => {
  it('lets a customer admin require it of everyone, with a grace period, and shows who is covered', async () => {
    const admin = await t.caller('admin@nws.demo.com');
    const nws = (await admin.customers.list({})).items[0];
    await admin.customers.update({ id: nws.id, twoFactorPolicy: 'everyone', twoFactorGraceDays: 7 });
    const qc = await t.caller('qualitycontrol@nws.demo.com');
    const status = await qc.account.twoFactor.status();
    expect(status).toMatchObject({ enabled: false, required: true });
    expect(status.graceEndsAt!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    // Within the grace period, everything still answers.
    expect(
      (await t.request({ method: 'GET', url: '/api/auth/me', as: 'qualitycontrol@nws.demo.com' })).statusCode,
    ).not.toBe(403);
    // Another customer's policy is not this admin's to set; other roles may not set it.
    const acme = (await (await t.caller('admin@demo.com')).customers.list({})).items[0];
    await expect(admin.customers.update({ id: acme.id, twoFactorPolicy: 'optional' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(qc.customers.update({ id: nws.id, twoFactorPolicy: 'optional' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const audited = await t.orm.em
      .fork()
      .findOne(AuditEvent, { entityType: 'Customer', entityId: nws.id, action: 'update' });
    expect(audited?.changes).toMatchObject({ twoFactorPolicy: { from: 'optional', to: 'everyone' } });
  });

  it('past the grace period, refuses every procedure but sign-in and enrolment, until a second factor is set up', async () => {
    const sa = await t.caller('superadmin@demo.com');
    const acme = (await sa.customers.list({ q: 'ACME' })).items.find((c) => c.code === 'ACME')!;
    await sa.customers.update({ id: acme.id, twoFactorPolicy: 'admins', twoFactorGraceDays: 0 });
    const token = await t.token('businessadmin@demo.com');
    const refused: string[] = [];
    const open: string[] = [];
    for (const { path, type } of procedures) {
      if (path === 'auth.logout') continue; // open, and would end the session the loop goes on with
      const { status, body } = await call(token, path, type);
      if (OPEN.some((o) => o.test(path))) {
        if (status === 403 && body.includes('TWO_FACTOR_REQUIRED')) open.push(path);
        continue;
      }
      // A subscription answers 200 and sends its refusal as the stream's error event.
      const refusedAsExpected = (status === 403 || type === 'subscription') && body.includes('TWO_FACTOR_REQUIRED');
      if (!refusedAsExpected) refused.push(`${path} → ${status}`);
    }
    // Every procedure but the open ones refused with the reason; none of the open ones.
    expect(refused).toEqual([]);
    expect(open).toEqual([]);
    expect(procedures.length).toBeGreaterThan(100);
    // REST too, except sign-in and sign-out.
    const rest = await t.request({ method: 'GET', url: '/api/users', as: 'businessadmin@demo.com' });
    expect(rest.statusCode).toBe(403);
    expect(rest.json()).toMatchObject({ reason: 'TWO_FACTOR_REQUIRED' });
    // A user the policy does not cover (not an admin) is not held up.
    expect(
      (await t.request({ method: 'GET', url: '/trpc/tasks.list', as: 'qualitycontrol@demo.com' })).statusCode,
    ).toBe(200);

    // Enrolment stays reachable, and lifts the block at once.
    const me = await t.caller('businessadmin@demo.com');
    const setup = await me.account.twoFactor.setup();
    await me.account.twoFactor.enable({ code: totpCode(setup.secret) });
    expect((await call(token, 'tasks.list', 'query')).status).toBe(200);
  });
});
