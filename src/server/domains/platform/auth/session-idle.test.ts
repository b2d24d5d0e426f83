// Idle and absolute session lifetimes, tested by moving the session's last use in the database (no
// sleeping): a session without "remember me" ends once unused for SESSION_IDLE_MINUTES, a remembered one
// after a week unused; a use within the timeout keeps it going; account settings list only live sessions.
import { describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '../../../testing/app.ts';

const t = await setupTestApp({ SESSION_IDLE_MINUTES: '30' });
const defaults = await setupTestApp();

async function signIn(app: TestApp, email: string, password: string, remember = false): Promise<string> {
  const res = await app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, remember } });
  expect(res.statusCode).toBe(201);
  return res.json<{ accessToken: string }>().accessToken;
}

async function lastUsed(app: TestApp, token: string, minutesAgo: number): Promise<void> {
  await app.orm.em.getConnection().execute(
    `update sessions set last_seen_at = now() - make_interval(mins => ?), created_at = now() - make_interval(mins => ?)
     where token_hash = encode(sha256(convert_to(?, 'UTF8')), 'hex')`,
    [minutesAgo, minutesAgo + 1, token],
  );
  app.app.sessionCache.clear();
}

async function me(app: TestApp, token: string): Promise<number> {
  const res = await app.app.inject({
    method: 'GET',
    url: '/trpc/account.get',
    headers: { authorization: `Bearer ${token}` },
  });
  return res.statusCode;
}

describe('session lifetimes', () => {
  it('ends a session unused for SESSION_IDLE_MINUTES, and keeps one used within it', async () => {
    const token = await signIn(t, 'analyst@demo.com', 'analyst');
    const [row] = await t.orm.em
      .getConnection()
      .execute<{ idle_minutes: number }[]>(
        `select idle_minutes from sessions where token_hash = encode(sha256(convert_to(?, 'UTF8')), 'hex')`,
        [token],
      );
    expect(row.idle_minutes).toBe(30);
    await lastUsed(t, token, 29);
    expect(await me(t, token)).toBe(200);
    // That use counts: it is the session's last use now.
    const [used] = await t.orm.em.getConnection().execute<{ fresh: boolean }[]>(
      `select last_seen_at > now() - interval '1 minute' as fresh from sessions
         where token_hash = encode(sha256(convert_to(?, 'UTF8')), 'hex')`,
      [token],
    );
    expect(used.fresh).toBe(true);
    await lastUsed(t, token, 31);
    expect(await me(t, token)).toBe(401);

    // The account's session list leaves it out too.
    const other = await signIn(t, 'analyst@demo.com', 'analyst');
    const caller = await t.caller('analyst@demo.com');
    const before = (await caller.account.sessions()).length;
    await lastUsed(t, other, 45);
    expect((await caller.account.sessions()).length).toBe(before - 1);
  });

  it('gives a remembered session a week unused, within its 30 days', async () => {
    const token = await signIn(t, 'teamleader@demo.com', 'teamleader', true);
    await lastUsed(t, token, 3 * 24 * 60);
    expect(await me(t, token)).toBe(200);
    await lastUsed(t, token, 7 * 24 * 60 + 1);
    expect(await me(t, token)).toBe(401);
  });

  it('defaults SESSION_IDLE_MINUTES to two hours', async () => {
    const token = await signIn(defaults, 'floormanager@demo.com', 'floormanager');
    await lastUsed(defaults, token, 119);
    expect(await me(defaults, token)).toBe(200);
    await lastUsed(defaults, token, 121);
    expect(await me(defaults, token)).toBe(401);
  });
});
