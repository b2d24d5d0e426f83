// Security headers through app.inject: framing refused, HSTS only over HTTPS, API answers never cached.
import { describe, expect, it, vi } from 'vitest';
import type { TUserData } from '../../shared/schemas/auth.ts';
import { setupTestApp } from '../testing/app.ts';

const plain = await setupTestApp();
const secure = await setupTestApp({ COOKIE_SECURE: 'true' });
const proxied = await setupTestApp({ TRUST_PROXY: 'true' });

describe('security headers', () => {
  it('warns once in the log when X-Forwarded-For arrives from a proxy TRUST_PROXY does not name', async () => {
    const warnings = (log: typeof plain.app.log) => {
      const warn = vi.spyOn(log, 'warn');
      return () => warn.mock.calls.filter((call) => /TRUST_PROXY/.test(String(call[1]))).length;
    };
    const plainWarnings = warnings(plain.app.log);
    const forwarded = { 'x-forwarded-for': '203.0.113.9' };
    await plain.app.inject({ method: 'GET', url: '/healthz' });
    expect(plainWarnings()).toBe(0);
    for (let i = 0; i < 3; i++) await plain.app.inject({ method: 'GET', url: '/healthz', headers: forwarded });
    expect(plainWarnings()).toBe(1);
    const proxiedWarnings = warnings(proxied.app.log);
    await proxied.app.inject({ method: 'GET', url: '/healthz', headers: forwarded });
    expect(proxiedWarnings()).toBe(0);
    vi.restoreAllMocks();
  });

  it('refuses framing with X-Frame-Options DENY as well as the CSP', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('sends a Permissions-Policy on every answer: camera and geolocation for our origin only, the rest off', async () => {
    const answers = [
      await plain.app.inject({ method: 'GET', url: '/healthz' }),
      await plain.app.inject({ method: 'GET', url: '/api/apps/users' }),
      await plain.app.inject({
        method: 'POST',
        url: '/trpc/auth.login',
        payload: '{',
        headers: { 'content-type': 'application/json' },
      }),
      await plain.app.inject({ method: 'GET', url: '/login' }),
    ];
    for (const res of answers) {
      const policy = res.headers['permissions-policy'];
      expect(policy).toContain('camera=(self)');
      expect(policy).toContain('geolocation=(self)');
      expect(policy).toContain('microphone=()');
      expect(policy).toContain('payment=()');
      expect(policy).toContain('usb=()');
    }
  });

  it('sends no HSTS over plain http, even when a client claims https without a trusted proxy', async () => {
    expect(
      (await plain.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security'],
    ).toBeUndefined();
    const claimed = await plain.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when served over HTTPS: COOKIE_SECURE, or a trusted proxy saying https', async () => {
    const onSecure = await secure.app.inject({ method: 'GET', url: '/healthz' });
    expect(onSecure.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    const viaProxy = await proxied.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toMatch(/^max-age=/);
    const proxyHttp = await proxied.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(proxyHttp.headers['strict-transport-security']).toBeUndefined();
  });

  it('marks /api and /trpc answers Cache-Control: no-store (signed in, signing in, and refused)', async () => {
    const login = await plain.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@demo.com', password: 'admin' },
    });
    expect(login.statusCode).toBe(201);
    expect(login.headers['cache-control']).toBe('no-store');
    const me = await plain.request({ method: 'GET', url: '/trpc/auth.me', as: 'admin@demo.com' });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const list = await plain.request({ method: 'GET', url: '/api/apps/users', as: 'admin@demo.com' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const anon = await plain.app.inject({ method: 'GET', url: '/api/apps/users' });
    expect(anon.statusCode).toBe(401);
    expect(anon.headers['cache-control']).toBe('no-store');
  });

  it('uses X-Forwarded-For as the client address only with TRUST_PROXY', async () => {
    const seen: string[] = [];
    for (const t of [plain, proxied]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.1.1.1',
        headers: { 'x-forwarded-for': '203.0.113.7' },
        payload: { email: 'analyst@demo.com', password: 'analyst' },
      });
      expect(res.statusCode).toBe(201);
      const { Session } = await import('../domains/platform/auth/session.entity.ts');
      const session = await t.orm.em
        .fork()
        .findOneOrFail(Session, { user: res.json<{ userData: TUserData }>().userData.id }, { orderBy: { id: 'desc' } });
      seen.push(session.ip ?? '');
    }
    expect(seen).toEqual(['10.1.1.1', '203.0.113.7']);
  });
});
