import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';

// LOGIN_RATE_LIMIT=3: three attempts per email per 5 minutes, nine per IP per minute.
const t = await setupTestApp({ LOGIN_RATE_LIMIT: '3' });

const attempt = (email: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email, password: 'wrong' } });

describe('login rate limits', () => {
  it('refuses the fourth attempt for one email with a clear 429', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('analyst@demo.com')).statusCode).toBe(400);
    const limited = await attempt('analyst@demo.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many sign-in attempts/);
  });

  it('counts tRPC auth.login attempts against the same email limit', async () => {
    for (let i = 0; i < 3; i++) await attempt('teamleader@demo.com', '10.0.0.2');
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      remoteAddress: '10.0.0.2',
      payload: { json: { email: 'teamleader@demo.com', password: 'teamleader' } },
    });
    expect(res.statusCode).toBe(429);
  });

  it('limits one IP across many emails', async () => {
    const emails = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map((x) => `${x}@x.test`);
    for (const email of emails) expect((await attempt(email, '10.0.0.3')).statusCode).toBe(400);
    expect((await attempt('j@x.test', '10.0.0.3')).statusCode).toBe(429);
  });

  it('leaves other clients alone', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.9',
      payload: { email: 'admin@demo.com', password: 'admin' },
    });
    expect(ok.statusCode).toBe(201);
  });
});
