import { describe, expect, it } from 'vitest';
import { db } from '../../../db/kysely.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { beginSignIn, countAccountMail, sweepRateLimits } from './auth.rate-limit.store.ts';
import { loginLimitsFor } from './auth.rate-limit.ts';

// LOGIN_RATE_LIMIT=3: three failures per (email, address) before the growing wait; 60 per address.
const t = await setupTestApp({ LOGIN_RATE_LIMIT: '3' });

const attempt = (email: string, ip = '10.0.0.1', password = 'wrong') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email, password } });

describe('login rate limits', () => {
  it('makes the fourth try after three failures of one email from one address wait, with a clear 429', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('analyst@demo.com')).statusCode).toBe(400);
    const limited = await attempt('analyst@demo.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(/Too many sign-in attempts. Try again in 2 seconds/);
    expect(limited.headers['retry-after']).toBe('2');
  });

  it('still lets the right password in from another address (no lock-out of the real user)', async () => {
    for (let i = 0; i < 3; i++) await attempt('floormanager@demo.com', '10.0.1.1');
    expect((await attempt('floormanager@demo.com', '10.0.1.1', 'floormanager')).statusCode).toBe(429);
    expect((await attempt('floormanager@demo.com', '10.0.1.2', 'floormanager')).statusCode).toBe(201);
  });

  it('counts tRPC auth.login attempts against the same pair', async () => {
    for (let i = 0; i < 3; i++) await attempt('teamleader@demo.com', '10.0.0.2');
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      remoteAddress: '10.0.0.2',
      payload: { json: { email: 'teamleader@demo.com', password: 'teamleader' } },
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('does not block everyone behind one address after 30 failures across emails', async () => {
    for (let i = 0; i < 30; i++) expect((await attempt(`guess${i}@x.test`, '10.0.0.3')).statusCode).toBe(400);
    expect((await attempt('admin@demo.com', '10.0.0.3', 'admin')).statusCode).toBe(201);
  });

  it('has a ceiling per address across every email', async () => {
    for (let i = 0; i < 60; i++) await attempt(`spray${i}@x.test`, '10.0.0.4');
    const res = await attempt('admin@demo.com', '10.0.0.4', 'admin');
    expect(res.statusCode).toBe(429);
    // The address's window is 15 minutes from its first failure.
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await attempt('admin@demo.com', '10.0.0.5', 'admin')).statusCode).toBe(201);
  });

  it('counts a burst of parallel guesses before any is checked', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => attempt('businessuser@demo.com', '10.0.0.6')));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400).length).toBeLessThanOrEqual(3);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(9);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY (a client cannot pose as many)', async () => {
    const spoof = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.8',
        headers: { 'x-forwarded-for': `198.51.100.${n}` },
        payload: { email: 'client@demo.com', password: 'wrong' },
      });
    for (let i = 0; i < 3; i++) expect((await spoof(i)).statusCode).toBe(400);
    expect((await spoof(9)).statusCode).toBe(429);
  });

  it('a successful sign-in clears the pair', async () => {
    for (let i = 0; i < 2; i++) await attempt('superadmin@demo.com', '10.0.0.7');
    expect((await attempt('superadmin@demo.com', '10.0.0.7', 'superadmin')).statusCode).toBe(201);
    for (let i = 0; i < 3; i++) expect((await attempt('superadmin@demo.com', '10.0.0.7')).statusCode).toBe(400);
  });
});

describe('the shared counters (rate_limits)', () => {
  const em = () => t.orm.em.fork();
  const limits = loginLimitsFor({ loginRateLimit: 3 });

  it('doubles the wait after each further failure of a pair, up to 15 minutes, and forgets after an hour', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const tryAt = () => beginSignIn(em(), limits, 'a@x.test', '1.1.1.1', new Date(now));
    for (let i = 0; i < 3; i++) expect(await tryAt()).toMatchObject({ waitMs: 0 });
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const refused = await tryAt();
      waits.push(refused.waitMs);
      // A refused try counts nothing: asked again at once, the wait is the same.
      expect((await tryAt()).waitMs).toBe(refused.waitMs);
      now += refused.waitMs;
      expect(await tryAt()).toMatchObject({ waitMs: 0 });
    }
    expect(waits.slice(0, 5)).toEqual([2000, 4000, 8000, 16000, 32000]);
    expect(Math.max(...waits)).toBe(15 * 60_000);
    expect(await beginSignIn(em(), limits, 'a@x.test', '2.2.2.2', new Date(now))).toMatchObject({ waitMs: 0 });
    now += 60 * 60_000;
    expect(await tryAt()).toMatchObject({ waitMs: 0 });
  });

  it('caps account mail per address and per client in one statement each, and sweeps what expired', async () => {
    const now = new Date('2030-02-01T00:00:00Z');
    const mail = (to: string, ip: string, at = now) =>
      countAccountMail(em(), { perAddress: 3, perClient: 30, windowMs: 3600_000 }, to, ip, at);
    const sent = await Promise.all(Array.from({ length: 8 }, (_, i) => mail('cap@x.test', `10.9.0.${i}`)));
    expect(sent.filter(Boolean)).toHaveLength(3);
    expect(await mail('cap@x.test', '10.9.0.1', new Date(now.getTime() + 3600_000))).toBe(true);

    const keys = () => db(em()).selectFrom('rate_limits').select('key').where('key', 'like', '%10.9.0.%').execute();
    expect((await keys()).length).toBeGreaterThan(0);
    await sweepRateLimits(em(), new Date(now.getTime() + 2 * 3600_000));
    expect(await keys()).toEqual([]);
  });
});
