import { describe, expect, it } from 'vitest';
import { db } from '../../../db/kysely.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { beginSignIn, clearSignIn, countAccountMail, sweepRateLimits } from './auth.rate-limit.store.ts';
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

  it('past the ceiling of an address, still lets in the right password of an account nobody is attacking', async () => {
    for (let i = 0; i < 60; i++) expect((await attempt(`spray${i}@x.test`, '10.0.0.4')).statusCode).toBe(400);
    // Everyone behind that address (a NAT, a proxy without TRUST_PROXY) signs in as before.
    expect((await attempt('admin@demo.com', '10.0.0.4', 'admin')).statusCode).toBe(201);
    expect((await attempt('businessuser@demo.com', '10.0.0.4', 'businessuser')).statusCode).toBe(201);
    // The sprayer gets one guess per account: an account that failed recently waits for the address's window.
    const again = await attempt('spray0@x.test', '10.0.0.4');
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await attempt('fresh@x.test', '10.0.0.4')).statusCode).toBe(400);
    expect((await attempt('fresh@x.test', '10.0.0.4')).statusCode).toBe(429);
    // An account that failed from elsewhere is held too, from this address only.
    expect((await attempt('analyst.other@x.test', '10.0.0.9')).statusCode).toBe(400);
    expect((await attempt('analyst.other@x.test', '10.0.0.4')).statusCode).toBe(429);
    expect((await attempt('analyst.other@x.test', '10.0.0.10')).statusCode).toBe(400);
  });

  it('slows an account down across addresses once it is under attack (5× the pair limit), every 429 with Retry-After', async () => {
    for (let i = 0; i < 15; i++) {
      expect((await attempt('qualitycontrol@demo.com', `10.0.2.${i}`)).statusCode).toBe(400);
    }
    const held = await attempt('qualitycontrol@demo.com', '10.0.3.1', 'qualitycontrol');
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe('2');
    const overTrpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      remoteAddress: '10.0.3.2',
      payload: { json: { email: 'qualitycontrol@demo.com', password: 'qualitycontrol' } },
    });
    expect(overTrpc.statusCode).toBe(429);
    expect(Number(overTrpc.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Other accounts are not touched.
    expect((await attempt('businessadmin@demo.com', '10.0.3.1', 'businessadmin')).statusCode).toBe(201);
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
  // The pair alone: the account's own limit is out of the way (tested below).
  const limits = { ...loginLimitsFor({ loginRateLimit: 3 }), accountFailures: 1000 };

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

  it('makes every address wait once one account has failed accountFailures times, doubling; a success takes a try back', async () => {
    const now = Date.parse('2030-01-02T00:00:00Z');
    const account = { ...loginLimitsFor({ loginRateLimit: 3 }), accountFailures: 4, clientFailures: 1000 };
    const tryFrom = (ip: string, at = now) => beginSignIn(em(), account, 'b@x.test', ip, new Date(at));
    for (let i = 0; i < 4; i++) expect(await tryFrom(`3.3.3.${i}`)).toMatchObject({ waitMs: 0 });
    expect(await tryFrom('3.3.4.1')).toEqual({ waitMs: 2000 });
    expect(await tryFrom('3.3.4.2', now + 2000)).toMatchObject({ waitMs: 0 });
    expect(await tryFrom('3.3.4.3', now + 2000)).toEqual({ waitMs: 4000 });
    const ok = await tryFrom('3.3.4.4', now + 6000);
    if (!('clientSince' in ok)) throw new Error('expected a counted try');
    await clearSignIn(em(), 'b@x.test', '3.3.4.4', ok.clientSince);
    // Five failures stand (the success was taken back): the next try waits 4 s, not 8 s.
    expect(await tryFrom('3.3.4.5', now + 6000)).toEqual({ waitMs: 4000 });
    // An hour after the last failure it is forgotten.
    expect(await tryFrom('3.3.4.6', now + 6000 + 60 * 60_000)).toMatchObject({ waitMs: 0 });
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
