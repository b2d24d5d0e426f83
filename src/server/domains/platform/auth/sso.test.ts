// Single sign-on with OpenID Connect against a real provider (oidc-provider, in this process on a random
// port): a customer's admin sets it up (the secret encrypted at rest, never returned), the login flow goes
// through the provider's own sign-in and consent pages and back, a person unknown so far is created with
// the default role, and the attacks the flow must refuse are refused with a key and a security event:
// a wrong or replayed state, an unverified e-mail, an address of another domain, an unknown person
// without "create people", a deactivated account, and passwords where "SSO only" is on.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/kysely.ts';
import { AuditEvent } from '../../../lib/audit/audit-event.entity.ts';
import { hashPassword } from '../../../lib/password.ts';
import { decryptSecret } from '../../../lib/secrets.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { signInAtProvider, startIdentityProvider } from '../../../testing/oidc.ts';
import { expectRefusal } from '../../../testing/refusals.ts';
import { secondFactorOfAmr } from './sso.flow.ts';
import { issuerProblem } from './sso.oidc.ts';

const SECRETS_KEY = 'a1'.repeat(32);
const PUBLIC_URL = 'http://localhost:3999';
const CALLBACK = `${PUBLIC_URL}/api/auth/sso/callback`;
const idp = await startIdentityProvider(CALLBACK);
const t = await setupTestApp({ SECRETS_KEY, SSO_ALLOW_INSECURE_ISSUER: 'true', PUBLIC_URL });
const DOMAIN = 'nws-sso.test';

const settings = (overrides: Record<string, unknown> = {}) => ({
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  emailDomains: [DOMAIN],
  defaultRole: 'qualitycontrol' as const,
  autoCreate: true,
  enforced: false,
  ...overrides,
});

/** Start at /api/auth/sso/start, sign in at the provider as `login`, come back; the callback's answer. */
async function signInThroughProvider(login: string, opts: { tamperState?: boolean } = {}) {
  const start = await t.app.inject({ method: 'GET', url: `/api/auth/sso/start?email=${encodeURIComponent(login)}` });
  expect(start.statusCode).toBe(303);
  const location = start.headers.location as string;
  expect(location.startsWith(`${idp.issuer}/auth?`)).toBe(true);
  const state = start.cookies.find((c) => c.name === 'sso_state')!.value;
  const back = await signInAtProvider(location, login, CALLBACK);
  const cookie = `sso_state=${opts.tamperState ? `${state.slice(0, -2)}xx` : state}`;
  const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
  return { callback, back, cookie };
}

const ssoError = (res: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(res.statusCode).toBe(303);
  return new URL(res.headers.location as string, PUBLIC_URL).searchParams.get('ssoError');
};

describe('single sign-on settings', () => {
  it("lets a customer's admin set its provider, keeps the secret encrypted and never returns it", async () => {
    const admin = await t.caller('admin@nws.demo.com');
    expect(await admin.sso.get()).toMatchObject({ configured: false });
    const saved = await admin.sso.update(settings());
    expect(saved).toMatchObject({
      configured: true,
      issuer: idp.issuer,
      emailDomains: [DOMAIN],
      hasClientSecret: true,
    });
    expect(JSON.stringify(saved)).not.toContain(idp.clientSecret);
    expect(JSON.stringify(await admin.sso.get())).not.toContain(idp.clientSecret);
    const row = await db(t.orm.em.fork()).selectFrom('customer_sso').selectAll().executeTakeFirstOrThrow();
    expect(row.client_secret_encrypted).not.toContain(idp.clientSecret);
    expect(decryptSecret(Buffer.from(SECRETS_KEY, 'hex'), row.client_secret_encrypted)).toBe(idp.clientSecret);
    // Saved again without a secret: the stored one stays.
    await admin.sso.update(settings({ clientSecret: undefined }));
    const again = await db(t.orm.em.fork()).selectFrom('customer_sso').selectAll().executeTakeFirstOrThrow();
    expect(decryptSecret(Buffer.from(SECRETS_KEY, 'hex'), again.client_secret_encrypted)).toBe(idp.clientSecret);
    const audited = await t.orm.em.fork().find(AuditEvent, { entityType: 'Customer', action: 'update' });
    expect(JSON.stringify(audited.map((e) => e.changes))).not.toContain(idp.clientSecret);
    expect(audited.some((e) => (e.changes as { sso?: unknown }).sso)).toBe(true);
  });

  it('refuses other roles (403 before 400), other customers (404), bad input by field and a domain of another customer', async () => {
    const qc = await t.caller('qualitycontrol@nws.demo.com');
    await expect(qc.sso.get()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(qc.sso.update({ issuer: 'nope' } as never)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const rest = await t.request({
      method: 'POST',
      url: '/trpc/sso.update',
      as: 'qualitycontrol@nws.demo.com',
      payload: { json: { issuer: 12 } },
    });
    expect(rest.statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'POST', url: '/trpc/sso.update', payload: { json: {} } });
    expect(anon.statusCode).toBe(401);

    const admin = await t.caller('admin@demo.com');
    const sa = await t.caller('superadmin@demo.com');
    const nws = (await sa.customers.list({ q: 'NWS' })).items.find((c) => c.code === 'NWS')!;
    await expect(admin.sso.get({ customerId: nws.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(admin.sso.update(settings({ customerId: nws.id }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expectRefusal(admin.sso.update(settings({ issuer: 'not a url' })), 'BAD_REQUEST', 'issuer', /Issuer must be/);
    await expect(admin.sso.update(settings({ emailDomains: ['a@b'] }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(admin.sso.update(settings({ emailDomains: [DOMAIN] }))).rejects.toMatchObject({
      code: 'CONFLICT',
      cause: { key: 'sso.domainTaken' },
    });
    await expect(
      admin.sso.update(settings({ emailDomains: ['acme-sso.test'], clientSecret: '' })),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      cause: { key: 'sso.clientSecretRequired' },
    });
    await expect(
      admin.sso.update(settings({ emailDomains: ['acme-sso.test'], defaultRole: 'superadmin' })),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      cause: { key: 'sso.defaultRole' },
    });
    // An issuer that answers something else than discovery metadata.
    await expect(
      admin.sso.update(settings({ emailDomains: ['acme-sso.test'], issuer: `${idp.issuer}/nowhere` })),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', cause: { key: 'sso.discoveryFailed' } });
    // superadmin names the customer.
    await expect(sa.sso.get()).rejects.toMatchObject({ code: 'BAD_REQUEST', cause: { key: 'sso.customerRequired' } });
    expect(await sa.sso.get({ customerId: nws.id })).toMatchObject({ configured: true, customerId: nws.id });
  });

  it('accepts an http or loopback issuer only when SSO_ALLOW_INSECURE_ISSUER is on', () => {
    const strict = { secretsKey: null, allowInsecureIssuer: false };
    expect(issuerProblem('http://login.example.com', strict)).toBe('sso.issuerInsecure');
    expect(issuerProblem('https://127.0.0.1:8443', strict)).toBe('sso.issuerInsecure');
    expect(issuerProblem('https://localhost', strict)).toBe('sso.issuerInsecure');
    expect(issuerProblem('https://[::1]/realms/x', strict)).toBe('sso.issuerInsecure');
    expect(issuerProblem('https://login.example.com/realms/acme', strict)).toBeNull();
    expect(issuerProblem('http://127.0.0.1:8080', { secretsKey: null, allowInsecureIssuer: true })).toBeNull();
  });
});

describe('signing in through the provider', () => {
  it('offers single sign-on for the domain, creates a person unknown so far with the default role, and signs them in', async () => {
    const anon = t.createAnonCaller();
    expect(await anon.auth.ssoFor({ email: `someone@${DOMAIN}` })).toEqual({ sso: true, enforced: false });
    expect(await anon.auth.ssoFor({ email: 'someone@elsewhere.test' })).toEqual({ sso: false, enforced: false });

    const { callback } = await signInThroughProvider(`new.person@${DOMAIN}`);
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe('/');
    const token = callback.cookies.find((c) => c.name === 'accessToken')?.value;
    expect(token).toBeTruthy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/trpc/auth.me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    const user = await db(t.orm.em.fork())
      .selectFrom('users as u')
      .innerJoin('customers as c', 'c.id', 'u.customer_id')
      .select(['u.role', 'u.status', 'u.full_name', 'c.code'])
      .where('u.email', '=', `new.person@${DOMAIN}`)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ role: 'qualitycontrol', status: 'active', full_name: 'new person', code: 'NWS' });
    const signIn = await t.orm.em
      .fork()
      .findOne(AuditEvent, { action: 'sign_in', actorEmail: `new.person@${DOMAIN}` }, { orderBy: { id: 'desc' } });
    expect(signIn?.changes).toMatchObject({ method: 'sso' });

    // The second time, the same account.
    const second = await signInThroughProvider(`new.person@${DOMAIN}`);
    expect(second.callback.headers.location).toBe('/');
    const count = await db(t.orm.em.fork())
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('email', '=', `new.person@${DOMAIN}`)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });

  it('refuses a state this browser was not given, and a callback used twice', async () => {
    const tampered = await signInThroughProvider(`state.person@${DOMAIN}`, { tamperState: true });
    expect(ssoError(tampered.callback)).toBe('sso.invalidState');

    const { callback, back, cookie } = await signInThroughProvider(`state.person@${DOMAIN}`);
    expect(callback.headers.location).toBe('/');
    const replay = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
    expect(ssoError(replay)).toBe('sso.invalidState');
  });

  it('refuses an unverified e-mail and an address of another domain, with a security event', async () => {
    const unverified = await signInThroughProvider(`unverified@${DOMAIN}`);
    expect(ssoError(unverified.callback)).toBe('sso.emailUnverified');
    // The provider vouches for an address outside the customer's domains (another customer's, say).
    const start = await t.app.inject({ method: 'GET', url: `/api/auth/sso/start?email=x@${DOMAIN}` });
    const state = start.cookies.find((c) => c.name === 'sso_state')!.value;
    const back = await signInAtProvider(start.headers.location as string, 'admin@nws.demo.com', CALLBACK);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `sso_state=${state}` },
    });
    expect(ssoError(foreign)).toBe('sso.foreignDomain');
    const refusals = await t.orm.em.fork().find(AuditEvent, { action: 'sso_sign_in_refused' });
    expect(refusals.map((e) => (e.changes as { reason: string }).reason)).toEqual(
      expect.arrayContaining(['email_unverified', 'foreign_domain']),
    );
  });

  it('refuses an unknown person without "create people", a deactivated account, and passwords when SSO only is on', async () => {
    const admin = await t.caller('admin@nws.demo.com');
    await admin.sso.update(settings({ autoCreate: false, clientSecret: undefined }));
    expect(ssoError((await signInThroughProvider(`stranger@${DOMAIN}`)).callback)).toBe('sso.unknownUser');

    const em = t.orm.em.fork();
    await db(em)
      .updateTable('users')
      .set({ status: 'inactive' })
      .where('email', '=', `state.person@${DOMAIN}`)
      .execute();
    expect(ssoError((await signInThroughProvider(`state.person@${DOMAIN}`)).callback)).toBe('auth.inactive');

    const password = 'Cobalt-harbour-lantern-42';
    await db(em)
      .updateTable('users')
      .set({ password_hash: await hashPassword(password) })
      .where('email', '=', `new.person@${DOMAIN}`)
      .execute();
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `new.person@${DOMAIN}`, password },
    });
    expect(before.statusCode).toBe(201);
    await admin.sso.update(settings({ enforced: true, clientSecret: undefined }));
    expect(await t.createAnonCaller().auth.ssoFor({ email: `a@${DOMAIN}` })).toEqual({ sso: true, enforced: true });
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `new.person@${DOMAIN}`, password },
    });
    expect(after.statusCode).toBe(400);
    expect(after.json()).toEqual({ errors: { email: [expect.stringContaining('identity provider')] } });
    // Through the provider it still works.
    expect((await signInThroughProvider(`new.person@${DOMAIN}`)).callback.headers.location).toBe('/');
  });

  it("counts the provider's second factor (the ID token's amr) for the customer's policy", async () => {
    expect(secondFactorOfAmr(['pwd'])).toBeNull();
    expect(secondFactorOfAmr(['pwd', 'sms'])).toBeNull();
    expect(secondFactorOfAmr(['pwd', 'hwk'])).toBe('hwk');
    expect(secondFactorOfAmr('mfa')).toBeNull();
    const sa = await t.caller('superadmin@demo.com');
    const nws = (await sa.customers.list({ q: 'Northwind' })).items[0];
    await (await t.caller('admin@nws.demo.com')).sso.update(settings());
    await sa.customers.update({ id: nws.id, twoFactorPolicy: 'everyone', twoFactorGraceDays: 0 });
    const tasks = async (login: string) => {
      const { callback } = await signInThroughProvider(login);
      expect(callback.headers.location).toBe('/');
      const token = callback.cookies.find((c) => c.name === 'accessToken')?.value;
      const headers = { authorization: `Bearer ${token}` };
      return Object.assign(await t.app.inject({ method: 'GET', url: '/trpc/tasks.list', headers }), { auth: headers });
    };
    // The provider asked for a second factor: the session satisfies the policy.
    const mfa = await tasks(`mfa.person@${DOMAIN}`);
    const status = await t.app.inject({
      method: 'GET',
      url: '/trpc/account.twoFactor.status',
      headers: mfa.auth,
    });
    expect(status.json()).toMatchObject({ result: { data: { json: { required: true, providerSecondFactor: true } } } });
    const signIn = await t.orm.em
      .fork()
      .findOne(AuditEvent, { action: 'sign_in', actorEmail: `mfa.person@${DOMAIN}` }, { orderBy: { id: 'desc' } });
    expect(signIn?.changes).toMatchObject({ method: 'sso', secondFactor: 'amr:mfa' });
    expect(mfa.statusCode).toBe(200);
    // A password at the provider alone does not: only enrolment is open.
    const plain = await tasks(`plain.person@${DOMAIN}`);
    expect(plain.statusCode).toBe(403);
    expect(plain.body).toContain('TWO_FACTOR_REQUIRED');
    await sa.customers.update({ id: nws.id, twoFactorPolicy: 'optional' });
  });
});
