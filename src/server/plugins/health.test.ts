import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../testing/app.ts';

const t = await setupTestApp();

/** Cut the app off from its database: refuse new connections and end the open ones. */
async function takeDatabaseDown(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`alter database ${name} allow_connections false`);
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
  await admin.end();
}

describe('GET /healthz', () => {
  it('answers 200 while the database answers, 503 once it does not', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await takeDatabaseDown(t.databaseUrl);
    const down = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', database: 'down' });
  });
});
