import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../testing/app.ts';

const t = await setupTestApp({ METRICS_TOKEN: 'metrics-token-of-this-test' });

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

describe('GET /metrics', () => {
  it('needs the metrics token when one is set, and never answers with the web app', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toMatch(/json/);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts requests by route template and status, and reports the database pool', async () => {
    await t.request({ method: 'GET', url: '/api/apps/users?page=1', as: 'admin@demo.com' });
    await t.request({ method: 'GET', url: '/api/apps/users?page=2', as: 'admin@demo.com' });
    await t.request({ method: 'GET', url: '/api/apps/users/999999', as: 'admin@demo.com' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-of-this-test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const line = res.body
      .split('\n')
      .find((l) => l.startsWith('opsdesk_http_requests_total{') && l.includes('route="/api/apps/users"'));
    expect(line).toMatch(/method="GET"/);
    expect(line).toMatch(/status="200"/);
    expect(Number(line?.split(' ').at(-1))).toBe(2);
    expect(res.body).toContain('opsdesk_http_request_duration_seconds_bucket');
    expect(res.body).toMatch(/opsdesk_db_pool_connections\{state="idle"\} \d+/);
    expect(res.body).toMatch(/route="\/api\/apps\/users\/:id",status="404"\} 1/);
    expect(res.body).not.toContain('users/999999');
  });
});

describe('GET /readyz and /healthz', () => {
  it('is not ready before the server listens, ready while it does, and draining once it closes', async () => {
    const { buildApp } = await import('../app.ts');
    const app = await buildApp(t.config, t.orm, { logger: false });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'starting' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    await app.close();
    expect(app.acceptingTraffic).toBe(false);
  });

  it('answers 200 while the database answers, 503 once it does not', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await takeDatabaseDown(t.databaseUrl);
    const down = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', database: 'down' });
  });
});
