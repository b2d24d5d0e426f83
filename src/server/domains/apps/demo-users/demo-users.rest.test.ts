// REST /api/apps/users* and /api/apps/permissions against the seeded database.
import { describe, expect, it } from 'vitest';
import type { TDemoUser, TDemoUserDetail } from '../../../../shared/schemas/demo-users.ts';
import type { TPermission } from '../../../../shared/schemas/permissions.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { expectedOrder, ids, idsMatching, type SortValue, searchTermFrom } from '../../../testing/list-assertions.ts';
import { okGetter } from '../../../testing/rest.ts';

const t = await setupTestApp();
const ADMIN = 'admin@demo.com';
type Users = { users: TDemoUser[]; totalPages: number; totalUsers: number; page: number };
type Permissions = { permissions: TPermission[]; totalPermissions: number };

const get = okGetter(t, ADMIN);
const allUsers = async () => (await get<Users>('/api/apps/users?itemsPerPage=-1')).users;

const NEW_USER = {
  fullName: 'Ines Moreau',
  company: 'Blue Harbour Ltd',
  role: 'teamleader',
  username: 'ines.moreau',
  country: 'France',
  contact: '+33 1 23 45 67 89',
  email: 'ines.moreau@example.com',
  currentPlan: 'team',
  status: 'active',
  avatar: '',
  billing: 'Manual-PayPal',
};

describe('GET /api/apps/users', () => {
  it('lists 10 of 50 users with paging totals and the spec fields', async () => {
    const body = await get<Users>('/api/apps/users');
    expect(body).toMatchObject({ totalUsers: 50, totalPages: 5, page: 1 });
    expect(body.users).toHaveLength(10);
    expect(Object.keys(body.users[0]).sort()).toEqual(
      [
        'avatar',
        'billing',
        'company',
        'contact',
        'country',
        'currentPlan',
        'email',
        'fullName',
        'id',
        'role',
        'status',
        'username',
      ].sort(),
    );
    const every = await allUsers();
    // The product's roles, as on the roles page; the sample people are a customer's, none a platform operator.
    expect(new Set(every.map((u) => u.role))).toEqual(
      new Set([
        'admin',
        'floormanager',
        'teamleader',
        'businessadmin',
        'businessuser',
        'qualitycontrol',
        'analyst',
        'client',
      ]),
    );
    expect(new Set(every.map((u) => u.currentPlan))).toEqual(new Set(['basic', 'team', 'company', 'enterprise']));
    expect(new Set(every.map((u) => u.status))).toEqual(new Set(['active', 'inactive', 'pending']));
    expect(new Set(every.map((u) => u.billing))).toEqual(
      new Set(['Manual-Credit Card', 'Manual-Cash', 'Manual-PayPal', 'Auto debit']),
    );
  });

  it('reports paging for other page sizes, "all" and fallbacks', async () => {
    expect(await get<Users>('/api/apps/users?itemsPerPage=20&page=3')).toMatchObject({
      totalPages: 3,
      page: 3,
      totalUsers: 50,
    });
    expect((await get<Users>('/api/apps/users?itemsPerPage=20&page=3')).users).toHaveLength(10);
    expect(await get<Users>('/api/apps/users?itemsPerPage=-1')).toMatchObject({
      totalPages: 1,
      page: 1,
      totalUsers: 50,
    });
    expect(await get<Users>('/api/apps/users?page=zz&itemsPerPage=qq')).toMatchObject({ totalPages: 5, page: 1 });
    expect((await get<Users>('/api/apps/users?page=9')).users).toEqual([]);
  });

  it('searches name or email', async () => {
    const every = await allUsers();
    for (const q of [searchTermFrom(every[2].fullName), every[11].email.split('@')[0].slice(0, 6)]) {
      const body = await get<Users>(`/api/apps/users?itemsPerPage=-1&q=${encodeURIComponent(q)}`);
      const expected = idsMatching(every, q, (u) => [u.fullName, u.email]);
      expect(expected.length, q).toBeGreaterThan(0);
      expect(ids(body.users), q).toEqual(expected);
      expect(body.totalUsers).toBe(expected.length);
    }
  });

  it('filters by role, plan and status', async () => {
    const every = await allUsers();
    const cases: [string, (u: TDemoUser) => boolean][] = [
      ['role=floormanager', (u) => u.role === 'floormanager'],
      ['plan=enterprise', (u) => u.currentPlan === 'enterprise'],
      ['status=pending', (u) => u.status === 'pending'],
      [
        'role=qualitycontrol&plan=basic&status=active',
        (u) => u.role === 'qualitycontrol' && u.currentPlan === 'basic' && u.status === 'active',
      ],
    ];
    for (const [query, keep] of cases) {
      const body = await get<Users>(`/api/apps/users?itemsPerPage=-1&${query}`);
      expect(ids(body.users), query).toEqual(ids(every.filter(keep)));
    }
    for (const query of ['role=editor', 'role=subscriber', 'plan=gold', 'status=deleted']) {
      const res = await t.request({ method: 'GET', url: `/api/apps/users?${query}`, as: ADMIN });
      expect(res.statusCode, query).toBe(400);
    }
  });

  const sorts: Record<string, (u: TDemoUser) => SortValue> = {
    user: (u) => u.fullName,
    email: (u) => u.email,
    role: (u) => u.role,
    plan: (u) => u.currentPlan,
    status: (u) => u.status,
    billing: (u) => u.billing,
  };
  for (const [sortBy, value] of Object.entries(sorts)) {
    for (const orderBy of ['asc', 'desc'] as const) {
      it(`sorts by ${sortBy} ${orderBy}`, async () => {
        const expected = expectedOrder(await allUsers(), value, orderBy);
        const sorted = await get<Users>(`/api/apps/users?itemsPerPage=-1&sortBy=${sortBy}&orderBy=${orderBy}`);
        expect(ids(sorted.users)).toEqual(expected);
        const page = await get<Users>(`/api/apps/users?itemsPerPage=10&page=4&sortBy=${sortBy}&orderBy=${orderBy}`);
        expect(ids(page.users)).toEqual(expected.slice(30, 40));
      });
    }
  }

  it('ignores unknown sort keys and keeps SQL-looking searches harmless', async () => {
    const base = ids((await get<Users>('/api/apps/users')).users);
    expect(ids((await get<Users>('/api/apps/users?sortBy=password')).users)).toEqual(base);
    const body = await get<Users>(`/api/apps/users?q=${encodeURIComponent("x' union select * from users --")}`);
    expect(body).toMatchObject({ users: [], totalUsers: 0 });
  });
});

describe('GET /api/apps/users/{id}', () => {
  it('returns the user with the detail fields', async () => {
    const [u] = (await get<Users>('/api/apps/users?page=2')).users;
    const detail = await get<TDemoUserDetail>(`/api/apps/users/${u.id}`);
    expect(detail).toMatchObject(u);
    expect(typeof detail.taskDone).toBe('number');
    expect(typeof detail.projectDone).toBe('number');
    expect(detail.taxId).toMatch(/^Tax-\d{4}$/);
    expect(detail.language).toBeTruthy();
  });

  it("answers 404 { message: 'User not found' }", async () => {
    for (const id of ['999999', 'abc', '0']) {
      const res = await t.request({ method: 'GET', url: `/api/apps/users/${id}`, as: ADMIN });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'User not found' });
    }
  });
});

describe('POST /api/apps/users', () => {
  it('creates the user (201) and echoes the body with its new id', async () => {
    const res = await t.request({ method: 'POST', url: '/api/apps/users', as: ADMIN, payload: NEW_USER });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<TDemoUser>();
    expect(created).toEqual({ ...NEW_USER, id: created.id });
    expect(created.id).toBeGreaterThan(50);
    const detail = await get<TDemoUserDetail>(`/api/apps/users/${created.id}`);
    expect(detail).toMatchObject({ ...NEW_USER, taskDone: 0, projectDone: 0 });
    expect((await get<Users>('/api/apps/users')).totalUsers).toBe(51);
  });

  it('applies defaults for status, avatar and billing', async () => {
    const { status: _s, avatar: _a, billing: _b, ...minimal } = NEW_USER;
    const res = await t.request({
      method: 'POST',
      url: '/api/apps/users',
      as: ADMIN,
      payload: { ...minimal, email: 'x.y@example.org' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', avatar: '', billing: 'Auto debit' });
  });

  it('rejects bad input with 400 and field errors', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/apps/users',
      as: ADMIN,
      payload: { ...NEW_USER, email: 'not-an-email', role: 'maintainer', fullName: '', contact: 'call me' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; errors: Record<string, string[]> }>();
    expect(Object.keys(body.errors).sort()).toEqual(['contact', 'email', 'fullName', 'role']);
    expect(body.message).toMatch(/email/);

    const empty = await t.request({ method: 'POST', url: '/api/apps/users', as: ADMIN, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json<{ errors: object }>().errors)).toContain('fullName');

    const array = await t.request({ method: 'POST', url: '/api/apps/users', as: ADMIN, payload: [NEW_USER] });
    expect(array.statusCode).toBe(400);
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/apps/users',
      as: ADMIN,
      headers: { 'content-type': 'application/json' },
      payload: '{"fullName": "Ines",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/JSON/i);
    expect((await get<Users>('/api/apps/users')).totalUsers).toBe(52);
  });
});

describe('DELETE /api/apps/users/{id}', () => {
  it("deletes (204), then answers 404 { message: 'User not found' }", async () => {
    const [u] = (await get<Users>('/api/apps/users')).users;
    const res = await t.request({ method: 'DELETE', url: `/api/apps/users/${u.id}`, as: ADMIN });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    for (const id of [String(u.id), 'abc']) {
      const again = await t.request({ method: 'DELETE', url: `/api/apps/users/${id}`, as: ADMIN });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'User not found' });
    }
    expect(ids(await allUsers())).not.toContain(u.id);
  });
});

describe('users access', () => {
  it('401 without a session, 403 for the client role, 403 for writes by readers', async () => {
    for (const [method, url] of [
      ['GET', '/api/apps/users'],
      ['GET', '/api/apps/users/1'],
      ['DELETE', '/api/apps/users/1'],
      ['POST', '/api/apps/users'],
      ['GET', '/api/apps/permissions'],
    ] as const) {
      expect((await t.request({ method, url, payload: method === 'POST' ? NEW_USER : undefined })).statusCode).toBe(
        401,
      );
      expect(
        (await t.request({ method, url, as: 'client@demo.com', payload: method === 'POST' ? NEW_USER : undefined }))
          .statusCode,
      ).toBe(403);
    }
    const post = await t.request({
      method: 'POST',
      url: '/api/apps/users',
      as: 'businessadmin@demo.com',
      payload: NEW_USER,
    });
    expect(post.statusCode).toBe(403);
    const del = await t.request({ method: 'DELETE', url: '/api/apps/users/2', as: 'analyst@demo.com' });
    expect(del.statusCode).toBe(403);
    const super_ = await t.request({
      method: 'POST',
      url: '/api/apps/users',
      as: 'superadmin@demo.com',
      payload: NEW_USER,
    });
    expect(super_.statusCode).toBe(201);
  });
});

describe('GET /api/apps/permissions', () => {
  const NAMES = [
    'Management',
    'Manage Billing & Roles',
    'Add & Remove Users',
    'Project Planning',
    'Manage Email Sequences',
    'Client Communication',
    'Only View',
    'Financial Management',
    "Manage Others' Tasks",
  ];

  it('lists the 9 permissions with their roles', async () => {
    const body = await get<Permissions>('/api/apps/permissions?itemsPerPage=-1');
    expect(body.totalPermissions).toBe(9);
    expect(body.permissions.map((p) => p.name)).toEqual(NAMES);
    const roles = new Set(body.permissions.flatMap((p) => p.assignedTo));
    expect(roles).toEqual(new Set(['admin', 'businessadmin', 'businessuser', 'teamleader', 'client']));
    expect(body.permissions.every((p) => !Number.isNaN(Date.parse(p.createdDate)))).toBe(true);
    expect((await get<Permissions>('/api/apps/permissions')).permissions).toHaveLength(9);
    expect(
      (await get<Permissions>('/api/apps/permissions?itemsPerPage=5&page=2')).permissions.map((p) => p.name),
    ).toEqual(NAMES.slice(5));
  });

  it('searches names and roles', async () => {
    const all = (await get<Permissions>('/api/apps/permissions?itemsPerPage=-1')).permissions;
    const matching = (q: string) =>
      all.filter((p) => [p.name, ...p.assignedTo].some((s) => s.toLowerCase().includes(q))).map((p) => p.name);
    expect((await get<Permissions>('/api/apps/permissions?q=MANAGE')).permissions.map((p) => p.name)).toEqual(
      matching('manage'),
    );
    // A role matches too: no name says 'leader', the team leader's permissions do.
    expect((await get<Permissions>('/api/apps/permissions?q=LEADER')).permissions.map((p) => p.name)).toEqual(
      matching('leader'),
    );
    expect(matching('leader').length).toBeGreaterThan(NAMES.filter((n) => n.toLowerCase().includes('leader')).length);
    expect((await get<Permissions>('/api/apps/permissions?q=client')).permissions.map((p) => p.name)).toEqual([
      'Client Communication',
      'Only View',
    ]);
    expect(
      (await get<Permissions>(`/api/apps/permissions?q=${encodeURIComponent("'")}`)).permissions.map((p) => p.name),
    ).toEqual(["Manage Others' Tasks"]);
  });

  for (const orderBy of ['asc', 'desc'] as const) {
    it(`sorts by name ${orderBy}`, async () => {
      const all = (await get<Permissions>('/api/apps/permissions?itemsPerPage=-1')).permissions;
      const sorted = await get<Permissions>(`/api/apps/permissions?itemsPerPage=-1&sortBy=name&orderBy=${orderBy}`);
      expect(ids(sorted.permissions)).toEqual(expectedOrder(all, (p) => p.name, orderBy));
    });
  }
});

describe('GET /api/export/demo-users.csv', () => {
  it('streams the users matching the list filters, with a header, and refuses client', async () => {
    const leaders = (await get<Users>('/api/apps/users?role=teamleader&itemsPerPage=-1')).totalUsers;
    const res = await t.request({ method: 'GET', url: '/api/export/demo-users.csv?role=teamleader', as: ADMIN });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('id,full_name,username,email,company,country,contact,role,plan,billing,status');
    expect(lines).toHaveLength(leaders + 1);
    expect(leaders).toBeGreaterThan(0);
    expect(lines.slice(1).every((line) => line.includes(',teamleader,'))).toBe(true);
    const refused = await t.request({ method: 'GET', url: '/api/export/demo-users.csv', as: 'client@demo.com' });
    expect(refused.statusCode).toBe(403);
  });
});
