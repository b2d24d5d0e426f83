// A request that finds every database connection busy waits DATABASE_POOL_WAIT_SECONDS for one, then
// is refused with 503 and Retry-After (REST, tRPC and the business API alike), never left hanging or
// answered 500; once a connection is free again the same request is served.
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../testing/app.ts';

const t = await setupTestApp({ DATABASE_POOL_MAX: '1', DATABASE_POOL_WAIT_SECONDS: '1' });
const ADMIN = 'admin@demo.com';

/** Holds the pool's only connection for `seconds`; resolves once PostgreSQL runs the sleep. */
async function holdTheConnection(seconds: number): Promise<{ released: Promise<unknown> }> {
  const released = t.orm.em.fork().getConnection().execute(`select pg_sleep(${seconds})`);
  // The sleep has the connection as soon as the pool handed it out; a tick of the loop is enough for that.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { released };
}

describe('a pool with no free connection', () => {
  it('answers REST 503 with Retry-After and a message after the wait, then serves the request again', async () => {
    await t.token(ADMIN);
    const { released } = await holdTheConnection(3);
    const started = Date.now();
    const busy = await t.request({ method: 'GET', url: '/api/apps/permissions', as: ADMIN });
    const waited = Date.now() - started;
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json()).toEqual({ message: 'The server is busy. Try again in 5 seconds.' });
    // The configured second of waiting, not an immediate refusal nor an endless one.
    expect(waited).toBeGreaterThanOrEqual(900);
    await released;
    const served = await t.request({ method: 'GET', url: '/api/apps/permissions', as: ADMIN });
    expect(served.statusCode).toBe(200);
  });

  it('answers a tRPC procedure 503 SERVICE_UNAVAILABLE with the catalogue key and Retry-After', async () => {
    // The session is in the app's cache, so the procedure's own query is the one that waits.
    const warm = await t.request({ method: 'GET', url: '/trpc/notifications.unreadCount', as: ADMIN, cached: true });
    expect(warm.statusCode).toBe(200);
    const { released } = await holdTheConnection(3);
    const busy = await t.request({ method: 'GET', url: '/trpc/notifications.unreadCount', as: ADMIN, cached: true });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    const { error } = busy.json<{ error: { json: { data: Record<string, unknown> } } }>();
    expect(error.json.data).toMatchObject({ code: 'SERVICE_UNAVAILABLE', key: 'common.busy', values: { seconds: 5 } });
    await released;
    const served = await t.request({ method: 'GET', url: '/trpc/notifications.unreadCount', as: ADMIN, cached: true });
    expect(served.statusCode).toBe(200);
  });
});
