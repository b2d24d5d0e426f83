// The business API against its route table: every route has a case here (a new route without one
// fails), each is refused to a role that may not take it (403 before 400) and answers another
// customer's record with 404; bad input is a 400 naming the field; the OpenAPI document is valid.
import { compileErrors, validate } from '@readme/openapi-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAbility, defineRulesFor } from '../../../shared/abilities/index.ts';
import type { Role } from '../../../shared/constants/roles.ts';
import { setupTestApp } from '../../testing/app.ts';
import { V1_ROUTES } from './routes.ts';

const t = await setupTestApp({ API_RATE_LIMIT: '100000' });

type Ids = Record<string, number>;
/** Per route (`METHOD /url`): the ACME record a by-id route names, and a body good enough to reach the service. */
const CASES: Record<string, { id?: (ids: Ids) => number; body?: Record<string, unknown> }> = {
  'GET /locations': {},
  'GET /locations/:id': { id: (i) => i.location },
  'POST /locations': {},
  'PATCH /locations/:id': { id: (i) => i.location, body: { version: 1 } },
  'GET /directions': {},
  'GET /directions/:id': { id: (i) => i.direction },
  'POST /directions': {},
  'PATCH /directions/:id': { id: (i) => i.direction, body: { version: 1 } },
  'GET /sub-directions': {},
  'GET /sub-directions/:id': { id: (i) => i.subDirection },
  'POST /sub-directions': {},
  'PATCH /sub-directions/:id': { id: (i) => i.subDirection, body: { version: 1 } },
  'GET /classes': {},
  'GET /classes/:id': { id: (i) => i.class },
  'POST /classes': {},
  'PATCH /classes/:id': { id: (i) => i.class, body: { version: 1 } },
  'GET /teams': {},
  'GET /teams/:id': { id: (i) => i.team },
  'POST /teams': {},
  'PATCH /teams/:id': { id: (i) => i.team, body: { version: 1 } },
  'GET /users': {},
  'GET /users/:id': { id: (i) => i.user },
  'POST /users': {},
  'GET /schemes': {},
  'GET /schemes/:id': { id: (i) => i.scheme },
  'GET /projects': {},
  'GET /projects/:id': { id: (i) => i.project },
  'POST /projects': {},
  'PATCH /projects/:id': { id: (i) => i.project, body: { version: 1 } },
  'POST /projects/:id/activate': { id: (i) => i.project },
  'POST /projects/:id/hold': { id: (i) => i.project },
  'POST /projects/:id/complete': { id: (i) => i.project },
  'GET /assignments': {},
  'GET /assignments/:id': { id: (i) => i.assignment },
  'POST /assignments': {},
  'PATCH /assignments/:id': { id: (i) => i.assignment, body: { version: 1 } },
  'DELETE /assignments/:id': { id: (i) => i.assignment },
  'GET /slots': {},
  'POST /slots': {},
  'PATCH /slots/:id': { id: (i) => i.slot, body: { version: 1 } },
  'DELETE /slots/:id': { id: (i) => i.slot },
  'GET /tasks': {},
  'GET /tasks/:id': { id: (i) => i.task },
  'POST /tasks/:id/approve': { id: (i) => i.task },
  'POST /tasks/:id/reject': { id: (i) => i.task, body: { reason: 'Not good enough' } },
  'POST /tasks/:id/resume': { id: (i) => i.task },
  'POST /tasks/:id/cancel': { id: (i) => i.task, body: { reason: 'No longer needed' } },
  'GET /corrective-actions': {},
  'GET /corrective-actions/:id': { id: (i) => i.action },
  'PATCH /corrective-actions/:id': { id: (i) => i.action, body: { version: 1 } },
  'POST /corrective-actions/:id/complete': { id: (i) => i.action, body: { note: 'Fixed' } },
  'POST /corrective-actions/:id/verify': { id: (i) => i.action },
  'POST /corrective-actions/:id/cancel': { id: (i) => i.action, body: { reason: 'Duplicate' } },
  'GET /files': {},
  'GET /files/:id': { id: (i) => i.file },
  'GET /reports/figures': {},
};

const keys: Partial<Record<string, string>> = {};
async function keyFor(as: string, role: Role): Promise<string> {
  const cacheKey = `${as} ${role}`;
  keys[cacheKey] ??= (await (await t.caller(as)).apiKeys.create({ name: `test ${role}`, role })).key;
  return keys[cacheKey];
}

type Body = { errors: Record<string, string[]>; total: number; items: unknown[] };
const send = (key: string, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${key}`, ...headers },
    ...(payload !== undefined && { payload: payload as object }),
  });

const ids: Ids = {};
beforeAll(async () => {
  const acme = await t.caller('admin@demo.com');
  const first = async <T extends { id: number }>(p: Promise<{ items: T[] }>) => (await p).items[0]?.id ?? 2_000_000_000;
  ids.location = await first(acme.locations.list({ itemsPerPage: 1 }));
  ids.direction = await first(acme.directions.list({ itemsPerPage: 1 }));
  ids.subDirection = await first(acme.subDirections.list({ itemsPerPage: 1 }));
  ids.class = await first(acme.classes.list({ itemsPerPage: 1 }));
  ids.team = await first(acme.teams.list({ itemsPerPage: 1 }));
  ids.user = await first(acme.users.list({ itemsPerPage: 1 }));
  ids.scheme = await first(acme.schemes.list({ itemsPerPage: 1 }));
  ids.project = await first(acme.projects.list({ itemsPerPage: 1 }));
  ids.assignment = await first(acme.assignments.list({ projectId: ids.project, itemsPerPage: 1 }));
  ids.slot = await first(acme.slots.list({ projectId: ids.project, itemsPerPage: 1 }));
  ids.task = await first(acme.tasks.list({ itemsPerPage: 1 }));
  ids.action = await first(acme.correctiveActions.list({ itemsPerPage: 1 }));
  ids.file = await first(acme.files.list({ itemsPerPage: 1 }));
});

const label = (r: (typeof V1_ROUTES)[number]) => `${r.method} ${r.url}`;
const urlOf = (r: (typeof V1_ROUTES)[number], id?: number) => r.url.replace(':id', String(id ?? 1));

describe('the /api/v1 route table', () => {
  it('has a tenant and role case for every route, and no case for a route that is gone', () => {
    expect(V1_ROUTES.map(label).sort()).toEqual(Object.keys(CASES).sort());
  });

  it.each(V1_ROUTES.map((r) => [label(r), r] as const))('%s: 401 without a key', async (_, r) => {
    const res = await t.app.inject({ method: r.method, url: `/api/v1${urlOf(r)}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('message');
  });

  it.each(V1_ROUTES.map((r) => [label(r), r] as const))(
    '%s: 403 for a role that may not take it, before reading any input',
    async (_, r) => {
      for (const role of ['client', 'analyst', 'businessuser'] as const) {
        const ability = createAbility(defineRulesFor({ id: 1, role, customerId: 1, teamIds: [] }));
        if (ability.can(r.can[0], r.can[1])) continue;
        const res = await send(
          await keyFor('admin@demo.com', role),
          r.method,
          urlOf(r),
          r.method === 'GET' ? undefined : { unknown: 1 },
        );
        expect(res.statusCode, role).toBe(403);
      }
    },
  );

  it.each(V1_ROUTES.map((r) => [label(r), r] as const))(
    "%s: another customer's key sees nothing of ACME",
    async (_, r) => {
      const nws = await keyFor('admin@nws.demo.com', 'admin');
      const c = CASES[label(r)];
      if (r.byId) {
        const res = await send(
          nws,
          r.method,
          urlOf(r, c.id?.(ids)),
          r.method === 'GET' || r.method === 'DELETE' ? undefined : (c.body ?? {}),
        );
        expect(res.statusCode, res.body).toBe(404);
      } else if (r.method === 'GET' && r.url !== '/reports/figures') {
        const res = await send(nws, 'GET', `${r.url}${r.url === '/assignments' ? `?projectId=${ids.project}` : ''}`);
        if (res.statusCode === 200) {
          const { items } = res.json<{ items: { customerId?: number }[] }>();
          const acmeId = (await (await t.caller('admin@demo.com')).locations.byId({ id: ids.location })).customerId;
          expect(items.every((i) => i.customerId !== acmeId)).toBe(true);
        } else {
          expect(res.statusCode).toBe(404);
        }
      }
    },
  );
});

describe('/api/v1 input', () => {
  it('refuses unknown fields, wrong types, huge pages and malformed JSON with 400 naming the field', async () => {
    const key = await keyFor('admin@demo.com', 'admin');
    const unknown = await send(key, 'GET', '/locations?colour=red');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Body>().errors).toHaveProperty('colour');
    const huge = await send(key, 'GET', '/locations?itemsPerPage=100000');
    expect(huge.statusCode).toBe(400);
    expect(huge.json<Body>().errors).toHaveProperty('itemsPerPage');
    expect((await send(key, 'GET', '/locations?itemsPerPage=-1')).statusCode).toBe(400);
    const wrongType = await send(key, 'POST', '/directions', { code: 12, name: ['x'] });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json<Body>().errors)).toEqual(expect.arrayContaining(['code', 'name']));
    const extra = await send(key, 'PATCH', `/locations/${ids.location}`, { version: 1, hacked: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json<Body>().errors).toHaveProperty('hacked');
    const noVersion = await send(key, 'PATCH', `/locations/${ids.location}`, { name: 'x' });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json<Body>().errors).toHaveProperty('version');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/directions',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: '{"code":',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await send(key, 'GET', '/locations/abc')).statusCode).toBe(400);
  });

  it('filters by updatedSince for incremental sync', async () => {
    const key = await keyFor('admin@demo.com', 'admin');
    const all = (await send(key, 'GET', '/locations?itemsPerPage=1')).json<{ total: number }>().total;
    const since = new Date(Date.now() + 60_000).toISOString();
    expect((await send(key, 'GET', `/locations?updatedSince=${since}`)).json()).toEqual({ items: [], total: 0 });
    expect(
      (await send(key, 'GET', '/locations?updatedSince=2000-01-01T00:00:00Z&itemsPerPage=1')).json<Body>().total,
    ).toBe(all);
    expect((await send(key, 'GET', `/tasks?updatedSince=${since}`)).json()).toEqual({ items: [], total: 0 });
    expect((await send(key, 'GET', '/tasks?updatedSince=yesterday')).statusCode).toBe(400);
  });

  it('filters every record list by updatedSince', async () => {
    const key = await keyFor('admin@demo.com', 'admin');
    const since = new Date(Date.now() + 60_000).toISOString();
    const lists = V1_ROUTES.filter((r) => r.method === 'GET' && !r.url.includes(':') && r.url !== '/reports/figures')
      .map((r) => r.url)
      .filter((url) => url !== '/files');
    expect(lists.length).toBeGreaterThan(10);
    // Assignments are listed per project.
    const project = (await send(key, 'GET', '/projects?itemsPerPage=1')).json<{ items: { id: number }[] }>().items[0];
    for (const url of lists) {
      const scope = url === '/assignments' ? `projectId=${project.id}&` : '';
      const future = await send(key, 'GET', `${url}?${scope}updatedSince=${since}`);
      expect([url, future.statusCode, future.json<{ total: number }>().total]).toEqual([url, 200, 0]);
      const past = await send(key, 'GET', `${url}?${scope}updatedSince=2000-01-01T00:00:00Z&itemsPerPage=1`);
      expect([url, past.statusCode]).toEqual([url, 200]);
    }
  });

  it('answers a retried POST with the same Idempotency-Key with the first answer, acting once', async () => {
    const key = await keyFor('admin@demo.com', 'admin');
    const body = { code: 'IDEM-1', name: 'Created once' };
    const first = await send(key, 'POST', '/directions', body, { 'idempotency-key': 'retry-42' });
    expect(first.statusCode).toBe(201);
    const again = await send(key, 'POST', '/directions', body, { 'idempotency-key': 'retry-42' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await send(key, 'POST', '/directions', { ...body, name: 'Other' }, { 'idempotency-key': 'retry-42' });
    expect(other.statusCode).toBe(409);
    const list = await send(key, 'GET', '/directions?q=IDEM-1');
    expect(list.json<Body>().total).toBe(1);
  });
});

describe('/api/v1 files', () => {
  const boundary = 'v1b0undary';
  const form = (name: string, type: string, content: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const upload = (key: string | null, body: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(key ? { authorization: `Bearer ${key}` } : {}),
      },
      payload: body,
    });

  it('uploads with a key, reads the record and downloads the same bytes; another customer hears 404', async () => {
    const key = await keyFor('admin@demo.com', 'admin');
    const content = Buffer.from('code;name\nV1-1;Uploaded over the business API\n');
    expect((await upload(null, form('sync.csv', 'text/csv', content))).statusCode).toBe(401);
    const created = await upload(key, form('sync.csv', 'text/csv', content));
    expect(created.statusCode).toBe(201);
    const file = created.json<{ id: number; name: string; size: number }>();
    expect(file).toMatchObject({ name: 'sync.csv', size: content.length });
    expect((await send(key, 'GET', `/files/${file.id}`)).json()).toMatchObject({ id: file.id, name: 'sync.csv' });
    const download = await send(key, 'GET', `/files/${file.id}/content`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(download.headers['content-disposition']).toContain('attachment');
    const other = await keyFor('admin@nws.demo.com', 'admin');
    expect((await send(other, 'GET', `/files/${file.id}/content`)).statusCode).toBe(404);
    expect((await send(key, 'GET', '/files/abc/content')).statusCode).toBe(400);
    const refused = await upload(key, form('run.exe', 'application/x-msdownload', Buffer.from('MZ')));
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.json()).toHaveProperty('message');
  });
});

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1, lists every /api/v1 route with bearer security, and has a local reference page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, { security?: unknown[] }>> }>();
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    for (const r of V1_ROUTES) {
      const path = `/api/v1${r.url.replace(/:(\w+)/g, '{$1}')}`;
      const operation = doc.paths[path]?.[r.method.toLowerCase()];
      expect(operation, `${r.method} ${path}`).toBeDefined();
      expect(operation.security).toEqual([{ bearer: [] }]);
    }
    expect(doc.paths['/api/v1/files']?.post?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/v1/files/{id}/content']?.get?.security).toEqual([{ bearer: [] }]);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg|cdnjs)/);
  });
});
