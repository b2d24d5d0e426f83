import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { codeOf } from '../../../testing/trpc.ts';

const t = await setupTestApp({ API_RATE_LIMIT: '5' });

async function newKey(as: string, role: 'admin' | 'analyst' | 'qualitycontrol' = 'admin', expiresAt?: Date) {
  const caller = await t.caller(as);
  return caller.apiKeys.create({ name: `${role} script ${Math.random()}`, role, expiresAt });
}

const v1 = (
  key: string,
  url: string,
  init: { method?: 'GET' | 'POST' | 'PATCH'; payload?: unknown; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: init.method ?? 'GET',
    url,
    headers: { authorization: `Bearer ${key}`, ...init.headers },
    ...(init.payload !== undefined && { payload: init.payload as object }),
  });

describe('API keys', () => {
  it('shows the key once with its prefix, keeps only a hash, and lists it without the key', async () => {
    const created = await newKey('admin@demo.com');
    expect(created.key).toMatch(/^opk_[\w-]{40,}$/);
    expect(created.prefix).toBe(created.key.slice(0, 12));
    const list = await (await t.caller('admin@demo.com')).apiKeys.list();
    const listed = list.items.find((k) => k.id === created.id);
    expect(listed).toBeDefined();
    expect(JSON.stringify(list)).not.toContain(created.key);
    const stored = await t.orm.em
      .fork()
      .getConnection()
      .execute('select key_hash from api_keys where id = ?', [created.id]);
    expect(stored[0].key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0].key_hash).not.toContain(created.key);
  });

  it('lets only superadmin and admin manage keys, never with the superadmin role, never another customer', async () => {
    expect(await codeOf((await t.caller('analyst@demo.com')).apiKeys.list())).toBe('FORBIDDEN');
    expect(
      await codeOf((await t.caller('businessadmin@demo.com')).apiKeys.create({ name: 'x', role: 'analyst' })),
    ).toBe('FORBIDDEN');
    expect(await codeOf((await t.caller('admin@demo.com')).apiKeys.create({ name: 'x', role: 'superadmin' }))).toBe(
      'FORBIDDEN',
    );
    const nws = await newKey('admin@nws.demo.com');
    expect(await codeOf((await t.caller('admin@demo.com')).apiKeys.revoke({ id: nws.id }))).toBe('NOT_FOUND');
    expect(await codeOf((await t.caller('superadmin@demo.com')).apiKeys.list())).toBe('BAD_REQUEST');
    expect(
      await codeOf(
        (await t.caller('admin@demo.com')).apiKeys.create({
          name: 'x',
          role: 'admin',
          expiresAt: new Date(Date.now() - 1000),
        }),
      ),
    ).toBe('BAD_REQUEST');
  });

  it('authenticates /api/v1 only, as its role in its customer; revoked, expired or unknown keys get 401', async () => {
    const { key, id } = await newKey('admin@demo.com', 'analyst');
    const ok = await v1(key, '/api/v1/locations?itemsPerPage=2');
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ items: unknown[] }>().items).toHaveLength(2);
    // Not a session: the compatibility layer and tRPC refuse it.
    expect((await v1(key, '/api/locations')).statusCode).toBe(401);
    expect((await v1(key, '/trpc/locations.list')).statusCode).toBe(401);
    // The role holds: an analyst may not create a location (403 before any 400).
    expect((await v1(key, '/api/v1/locations', { method: 'POST', payload: { bad: true } })).statusCode).toBe(403);
    // Last use is recorded.
    const keys = await (await t.caller('admin@demo.com')).apiKeys.list();
    expect(keys.items.find((k) => k.id === id)?.lastUsedAt).toBeInstanceOf(Date);
    await (await t.caller('admin@demo.com')).apiKeys.revoke({ id });
    expect((await v1(key, '/api/v1/locations')).statusCode).toBe(401);
    expect((await v1('opk_unknown', '/api/v1/locations')).statusCode).toBe(401);
    const expiring = await newKey('admin@demo.com', 'analyst', new Date(Date.now() + 1500));
    expect((await v1(expiring.key, '/api/v1/locations')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect((await v1(expiring.key, '/api/v1/locations')).statusCode).toBe(401);
  });

  it("answers another customer's record as 404", async () => {
    const nws = await newKey('admin@nws.demo.com');
    const acme = (await (await t.caller('admin@demo.com')).locations.list({ itemsPerPage: 1 })).items[0];
    expect((await v1(nws.key, `/api/v1/locations/${acme.id}`)).statusCode).toBe(404);
    expect(
      (await v1(nws.key, `/api/v1/locations/${acme.id}`, { method: 'PATCH', payload: { version: 1, name: 'x' } }))
        .statusCode,
    ).toBe(404);
  });

  it('limits each key per minute with 429 and Retry-After', async () => {
    const { key } = await newKey('admin@demo.com', 'analyst');
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await v1(key, '/api/v1/directions'));
    expect(answers.slice(0, 5).map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5].statusCode).toBe(429);
    expect(Number(answers[5].headers['retry-after'])).toBeGreaterThan(0);
    // Another key has its own count.
    expect((await v1((await newKey('admin@demo.com', 'analyst')).key, '/api/v1/directions')).statusCode).toBe(200);
  });

  it("audits a key's writes with the key's name as actor", async () => {
    const { key, name } = await newKey('admin@demo.com');
    const loc = (await (await t.caller('admin@demo.com')).locations.list({ itemsPerPage: 1 })).items[0];
    const res = await v1(key, `/api/v1/locations/${loc.id}`, {
      method: 'PATCH',
      payload: { version: loc.version, name: 'Renamed by script' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed by script', version: loc.version + 1 });
    const rows = await t.orm.em
      .fork()
      .getConnection()
      .execute(
        "select actor_email from audit_events where entity_type = 'Location' and entity_id = ? order by id desc limit 1",
        [loc.id],
      );
    expect(rows[0].actor_email).toBe(`api key ${name}`);
    // The same version again is stale.
    const stale = await v1(key, `/api/v1/locations/${loc.id}`, {
      method: 'PATCH',
      payload: { version: loc.version, name: 'Again' },
    });
    expect(stale.statusCode).toBe(409);
  });
});
