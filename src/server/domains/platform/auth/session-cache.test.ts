// The per-process session cache against a real PostgreSQL: a second app on the same database keeps a
// session it resolved, and drops it as soon as a change committed anywhere ends or alters it (the
// triggers' NOTIFY); with its listening connection gone it keeps nothing.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { db } from '../../../db/kysely.ts';
import { initOrm } from '../../../db/orm.ts';
import { setupTestApp } from '../../../testing/app.ts';

const t = await setupTestApp();
// A second process's app on the same database (its own pool, its own cache and LISTEN connection).
const orm2 = await initOrm(t.databaseUrl, { pool: { max: 3 } });
const other = await buildApp(t.config, orm2, { logger: false });
await other.ready();
afterAll(async () => {
  await other.close();
  await orm2.close(true);
});

const run = (query: ReturnType<typeof sql>) => query.execute(db(t.orm.em.fork()));

async function signIn(email: string, password: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(201);
  return res.json<{ accessToken: string }>().accessToken;
}

/** `auth.me` on the other app with `token`: its status and the role it reports. */
async function meOnOther(token: string): Promise<{ status: number; role?: string }> {
  const res = await other.inject({
    method: 'GET',
    url: '/trpc/auth.me',
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: res.statusCode,
    role:
      res.statusCode === 200
        ? res.json<{ result: { data: { json: { userData: { role_name: string } } } } }>().result.data.json.userData
            .role_name
        : undefined,
  };
}

async function untilListening() {
  await expect.poll(() => other.signals.connected, { timeout: 10_000 }).toBe(true);
}

describe('session cache', () => {
  it('answers a session from memory once resolved (a change the triggers do not announce is not seen)', async () => {
    await untilListening();
    const token = await signIn('analyst@demo.com', 'analyst');
    expect((await meOnOther(token)).status).toBe(200);
    // Revoked behind the cache's back: the trigger is off for this statement's transaction.
    await t.orm.em.fork().transactional(async (em) => {
      await sql`alter table sessions disable trigger sessions_changed`.execute(db(em));
      await sql`update sessions set revoked_at = now() where user_id = (select id from users where email = 'analyst@demo.com')`.execute(
        db(em),
      );
      await sql`alter table sessions enable trigger sessions_changed`.execute(db(em));
    });
    expect((await meOnOther(token)).status).toBe(200);
    // Any write answered by that process forgets what it kept.
    other.sessionCache.clear();
    expect((await meOnOther(token)).status).toBe(401);
  });

  it('refuses a session logged out on the other process as soon as the logout commits', async () => {
    await untilListening();
    const token = await signIn('teamleader@demo.com', 'teamleader');
    expect((await meOnOther(token)).status).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.logout',
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    await expect.poll(async () => (await meOnOther(token)).status, { timeout: 2_000, interval: 5 }).toBe(401);
  });

  it('sees a new role, a deactivation and a suspended customer written by SQL on any connection', async () => {
    await untilListening();
    const token = await signIn('businessuser@demo.com', 'businessuser');
    expect(await meOnOther(token)).toEqual({ status: 200, role: 'businessuser' });
    await run(sql`update users set role = 'businessadmin' where email = 'businessuser@demo.com'`);
    await expect.poll(async () => (await meOnOther(token)).role, { timeout: 2_000, interval: 5 }).toBe('businessadmin');
    await run(sql`update users set status = 'inactive' where email = 'businessuser@demo.com'`);
    await expect.poll(async () => (await meOnOther(token)).status, { timeout: 2_000, interval: 5 }).toBe(401);

    const nws = await signIn('admin@nws.demo.com', 'admin');
    expect((await meOnOther(nws)).status).toBe(200);
    await run(sql`update customers set status = 'suspended' where code = 'NWS'`);
    await expect.poll(async () => (await meOnOther(nws)).status, { timeout: 2_000, interval: 5 }).toBe(401);
    await run(sql`update customers set status = 'active' where code = 'NWS'`);
  });

  it('keeps nothing while its listening connection is lost, and caches again once it is back', async () => {
    await untilListening();
    const token = await signIn('qualitycontrol@demo.com', 'qualitycontrol');
    expect((await meOnOther(token)).status).toBe(200);
    await run(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'opsdesk-signals' and datname = current_database()`);
    await expect.poll(() => other.signals.connected, { timeout: 5_000, interval: 5 }).toBe(false);
    // Unheard while disconnected: the cache must not answer from memory.
    await t.orm.em.fork().transactional(async (em) => {
      await sql`alter table sessions disable trigger sessions_changed`.execute(db(em));
      await sql`update sessions set revoked_at = now() where user_id = (select id from users where email = 'qualitycontrol@demo.com')`.execute(
        db(em),
      );
      await sql`alter table sessions enable trigger sessions_changed`.execute(db(em));
    });
    expect((await meOnOther(token)).status).toBe(401);
    await untilListening();
    const again = await signIn('qualitycontrol@demo.com', 'qualitycontrol');
    expect((await meOnOther(again)).status).toBe(200);
  });
});
