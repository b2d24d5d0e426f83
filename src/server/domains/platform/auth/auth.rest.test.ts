import { describe, expect, it } from 'vitest';
import type { AppRule } from '../../../../shared/abilities/index.ts';
import { type TUserData, ZUserData } from '../../../../shared/schemas/auth.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { Session } from './session.entity.ts';

const t = await setupTestApp();

/** The body of a 201 from POST /api/auth/login (auth.rest.ts). */
type LoginBody = { accessToken: string; userAbilityRules: AppRule[]; userData: TUserData };

function cookiesOf(res: { cookies: { name: string; value: string }[] }): Record<string, string> {
  return Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
}

describe('POST /api/auth/login', () => {
  it('answers 201 with rules, token and user data (no password)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@demo.com', password: 'admin' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<LoginBody>();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'userAbilityRules', 'userData']);
    expect(body.userData).toMatchObject({ email: 'admin@demo.com', role_name: 'admin', customerCode: 'ACME' });
    expect(JSON.stringify(body.userData)).not.toMatch(/password|abilityRules/i);
    expect(body.userAbilityRules.length).toBeGreaterThan(0);
  });

  it('answers every rule with one action (string), the same abilities as the grouped rules', async () => {
    const { createAbility, defineRulesFor } = await import('../../../../shared/abilities/index.ts');
    for (const [email, password] of [
      ['admin@demo.com', 'admin'],
      ['superadmin@demo.com', 'superadmin'],
      ['client@demo.com', 'client'],
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      const { userAbilityRules: rules, userData } = res.json<{
        userAbilityRules: { action: unknown; subject: unknown }[];
        userData: { id: number; role: 'admin'; customerId: number | null };
      }>();
      expect(
        rules.every((r) => typeof r.action === 'string'),
        JSON.stringify(rules),
      ).toBe(true);
      const grouped = defineRulesFor({
        id: userData.id,
        role: userData.role,
        customerId: userData.customerId,
        teamIds: [],
      });
      expect(rules.length).toBeGreaterThanOrEqual(grouped.length);
      const expanded = createAbility(rules as never);
      const original = createAbility(grouped);
      for (const action of ['read', 'create', 'update', 'delete', 'manage'] as const) {
        for (const subject of ['SavedView', 'Customer', 'User', 'AclDemo', 'DemoApp', 'all'] as const) {
          expect(expanded.can(action, subject as never), `${email} ${action} ${subject}`).toBe(
            original.can(action, subject as never),
          );
        }
      }
    }
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@demo.com', password: 'admin' },
    });
    const savedView = admin
      .json<{ userAbilityRules: { action: string; subject: string }[] }>()
      .userAbilityRules.filter((r) => r.subject === 'SavedView');
    expect(savedView.map((r) => r.action)).toEqual(expect.arrayContaining(['read', 'create']));
  });

  it('sets the httpOnly session cookie, a readable userData cookie and the XSRF cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'analyst@demo.com', password: 'analyst' },
    });
    const byName = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    expect(byName.accessToken.httpOnly).toBe(true);
    expect(byName.userData.httpOnly).toBeFalsy();
    expect(ZUserData.parse(JSON.parse(decodeURIComponent(byName.userData.value))).role_name).toBe('analyst');
    expect(byName['XSRF-TOKEN'].value.length).toBeGreaterThan(20);
  });

  it('accepts the email in any case', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'Admin@Demo.com', password: 'admin' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('answers 400 with the spec body for a wrong password or unknown email', async () => {
    for (const payload of [
      { email: 'admin@demo.com', password: 'wrong' },
      { email: 'nobody@demo.com', password: 'admin' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: { email: ['Invalid email or password'] } });
    }
  });

  it('answers 400 naming the missing fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual(['email', 'password']);
  });

  it('answers 400 for malformed JSON and 415 for other content types, never 500', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/JSON/);
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
  });

  it('answers 413 for an oversized body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBeTruthy();
  });
});

describe('authentication of /api and /trpc', () => {
  it('answers 401 JSON on /api without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/apps/users' });
    expect(res.statusCode).toBe(401);
    expect(res.json<{ message: string }>().message).toBeTruthy();
  });

  it('answers 401 on /api with an unknown bearer token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/apps/users',
      headers: { authorization: 'Bearer nope' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers tRPC UNAUTHORIZED without a session and FORBIDDEN for a refused ability', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/trpc/auth.me' });
    expect(anon.statusCode).toBe(401);
    const token = await t.token('client@demo.com');
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/trpc/outbox.list',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<{ error: { json: { data: { code: string } } } }>().error.json.data.code).toBe('FORBIDDEN');
  });

  it('answers JSON 404 for unknown /api and /trpc paths, and the client page for other paths', async () => {
    const api = await t.request({ method: 'GET', url: '/api/nothing/here', as: 'admin@demo.com' });
    expect(api.statusCode).toBe(404);
    expect(api.json<{ message: string }>().message).toMatch(/Not found/);
    const trpc = await t.request({ method: 'GET', url: '/trpc/nothing.here', as: 'admin@demo.com' });
    expect(trpc.statusCode).toBe(404);
    expect(trpc.headers['content-type']).toMatch(/json/);
  });
});

describe('sessions', () => {
  it('logout revokes the session for every later request', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'teamleader@demo.com', password: 'teamleader' },
    });
    const token = login.json<LoginBody>().accessToken;
    const auth = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: auth })).statusCode).toBe(401);
  });

  it('an expired session is refused', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'floormanager@demo.com', password: 'floormanager' },
    });
    const token = login.json<LoginBody>().accessToken;
    const em = t.orm.em.fork();
    await em.nativeUpdate(
      Session,
      { user: login.json<LoginBody>().userData.id },
      { expiresAt: new Date(Date.now() - 1000) },
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/trpc/auth.me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('records the time of a sign-in on the account, with its session', async () => {
    const before = Date.now();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'qualitycontrol@demo.com', password: 'qualitycontrol' },
    });
    const id = login.json<{ userData: { id: number } }>().userData.id;
    const [row] = await t.orm.em
      .fork()
      .getConnection()
      .execute<{ last_login_at: Date; sessions: number }[]>(
        'select u.last_login_at, (select count(*)::int from sessions s where s.user_id = u.id) as sessions from users u where u.id = ?',
        [id],
      );
    expect(new Date(row.last_login_at).getTime()).toBeGreaterThanOrEqual(before);
    expect(row.sessions).toBeGreaterThanOrEqual(1);
  });

  it('stores only a hash of the token', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'businessuser@demo.com', password: 'businessuser' },
    });
    const token = login.json<LoginBody>().accessToken;
    const rows = await t.orm.em
      .fork()
      .getConnection()
      .execute<{ token_hash: string }[]>('select token_hash from sessions');
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });
});

describe('XSRF double submit', () => {
  it('refuses a cookie-authenticated mutation without X-XSRF-TOKEN and accepts it with the cookie value', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'businessadmin@demo.com', password: 'businessadmin' },
    });
    const c = cookiesOf(login);
    const cookie = `accessToken=${c.accessToken}; XSRF-TOKEN=${c['XSRF-TOKEN']}`;
    const refused = await t.app.inject({ method: 'POST', url: '/trpc/auth.logout', headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/XSRF/);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.logout',
      headers: { cookie, 'x-xsrf-token': 'forged' },
    });
    expect(wrong.statusCode).toBe(403);
    const reads = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { cookie } });
    expect(reads.statusCode).toBe(200);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.logout',
      headers: { cookie, 'x-xsrf-token': c['XSRF-TOKEN'], 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('does not apply to bearer-token callers', async () => {
    const token = await t.token('superadmin@demo.com');
    const res = await t.app.inject({
      method: 'GET',
      url: '/trpc/outbox.list',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('health', () => {
  it('answers 200 when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('sets security headers and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});
