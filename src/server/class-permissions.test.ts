// 401, then 403, then 400: a role that may not take an action at all is refused before its input is
// looked at, on tRPC (every procedure of the router that lib/class-permissions.ts covers) and on REST.
import { describe, expect, it } from 'vitest';
import { createAbility, defineRulesFor } from '../shared/abilities/index.ts';
import type { Role } from '../shared/constants/roles.ts';
import { procedurePermission, ROUTE_PERMISSIONS } from './lib/class-permissions.ts';
import { DEMO_PASSWORDS, setupTestApp } from './testing/app.ts';
import { appRouter } from './trpc/router.ts';

const t = await setupTestApp();

/** Input no procedure accepts: wrong types for any field it might have. */
const GARBAGE = { id: 'x', page: 'x', items: 'x', name: 7, email: 7, nested: { deep: [null] } };

const procedures = Object.entries(
  (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def.procedures,
)
  .filter(([, p]) => p._def.type === 'query' || p._def.type === 'mutation')
  .map(([path, p]) => ({ path, type: p._def.type, permission: procedurePermission(path) }));

const roleOf = (email: string) => email.split('@')[0] as Role;
const abilityOf = (email: string) =>
  createAbility(defineRulesFor({ id: 1, role: roleOf(email), customerId: 1, teamIds: [1] }));
const ACCOUNTS = Object.keys(DEMO_PASSWORDS).filter((email) => email.endsWith('@demo.com'));

async function call(email: string, path: string, type: string, input: unknown) {
  const token = await t.token(email);
  const headers = { authorization: `Bearer ${token}` };
  const json = encodeURIComponent(JSON.stringify({ json: input }));
  const res =
    type === 'query'
      ? await t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${json}`, headers })
      : await t.app.inject({ method: 'POST', url: `/trpc/${path}`, headers, payload: { json: input } });
  return res;
}

describe('tRPC: the class permission before the input', () => {
  it('covers every demo-app procedure of the router', () => {
    const apps = procedures.filter((p) => p.path.startsWith('apps.'));
    expect(apps.length).toBeGreaterThan(30);
    expect(apps.filter((p) => !p.permission).map((p) => p.path)).toEqual([]);
  });

  it('answers FORBIDDEN, not BAD_REQUEST, to every role without it, whatever the input', async () => {
    const checked: string[] = [];
    for (const email of ACCOUNTS) {
      const ability = abilityOf(email);
      for (const { path, type, permission } of procedures) {
        if (!permission || ability.can(permission[0], permission[1])) continue;
        const res = await call(email, path, type, GARBAGE);
        expect(res.statusCode, `${email} ${path}`).toBe(403);
        expect(res.json<{ error: { json: { data: { code: string } } } }>().error.json.data.code).toBe('FORBIDDEN');
        checked.push(`${roleOf(email)} ${path}`);
      }
    }
    // client reads no demo app; readers that do not manage them may not write their shared records.
    expect(checked).toContain('client apps.email.update');
    expect(checked).toContain('client apps.users.list');
    expect(checked).toContain('analyst apps.users.create');
    expect(checked).toContain('qualitycontrol customers.create');
    expect(checked).toContain('client projects.update');
  });

  it('still answers BAD_REQUEST naming the field to a role that may take the action', async () => {
    const res = await call('admin@demo.com', 'apps.users.create', 'mutation', { fullName: 7 });
    expect(res.statusCode).toBe(400);
    expect(
      res.json<{ error: { json: { data: { fieldErrors: Record<string, string[]> } } } }>().error.json.data.fieldErrors,
    ).toHaveProperty('fullName');
    expect(
      (await t.app.inject({ method: 'POST', url: '/trpc/apps.users.create', payload: { json: GARBAGE } })).statusCode,
    ).toBe(401);
  });
});

describe('REST: the class permission before the body', () => {
  const post = async (email: string | undefined, method: 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: email ? { authorization: `Bearer ${await t.token(email)}` } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('answers client 403 for POST /api/apps/email and /api/apps/users with a bad body (401 unsigned, 400 for admin)', async () => {
    for (const url of ['/api/apps/email', '/api/apps/users']) {
      expect((await post(undefined, 'POST', url, GARBAGE)).statusCode, url).toBe(401);
      const refused = await post('client@demo.com', 'POST', url, GARBAGE);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json<{ message: string; errors?: unknown }>().errors).toBeUndefined();
    }
    expect((await post('analyst@demo.com', 'POST', '/api/apps/users', GARBAGE)).statusCode).toBe(403);
    const admin = await post('admin@demo.com', 'POST', '/api/apps/users', GARBAGE);
    expect(admin.statusCode).toBe(400);
    // Even a body that is not JSON at all: the role is refused before it is read.
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/apps/users',
      headers: { authorization: `Bearer ${await t.token('client@demo.com')}`, 'content-type': 'application/json' },
      payload: '{"broken',
    });
    expect(raw.statusCode).toBe(403);
  });

  it('refuses every route of the table to a role without its permission', async () => {
    for (const [key, permission] of Object.entries(ROUTE_PERMISSIONS)) {
      const [method, url] = key.includes(' ') ? key.split(' ') : ['POST', `${key}x`];
      for (const email of ACCOUNTS) {
        if (abilityOf(email).can(permission[0], permission[1])) continue;
        const res = await post(
          email,
          method as 'POST' | 'DELETE',
          url.replace(':id', 'x'),
          method === 'POST' ? GARBAGE : undefined,
        );
        // A prefix entry's made-up path exists for no route: 404 then, never a 400.
        expect([403, 404], `${email} ${method} ${url}`).toContain(res.statusCode);
        if (key.includes(' ')) expect(res.statusCode, `${email} ${key}`).toBe(403);
      }
    }
  });
});
