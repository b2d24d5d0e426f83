// The audit viewer's reads: audit.list and GET /api/audit filter, sort and page in
// SQL, keep an admin to their customer (superadmin sees every customer), refuse other roles and bad
// filters naming the field, and the CSV export holds the filtered events with their field changes.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TAuditEvent } from '../../../../shared/schemas/audit.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { codeOf } from '../../../testing/trpc.ts';

const t = await setupTestApp();
const admin = await t.caller('admin@demo.com');
const nwsAdmin = await t.caller('admin@nws.demo.com');
const sa = await t.caller('superadmin@demo.com');

let acmeId = 0;
let nwsId = 0;
let directionId = 0;
let adminId = 0;
const stamp = Date.now().toString(36).toUpperCase();

beforeAll(async () => {
  const customers = (await sa.customers.list({ itemsPerPage: -1 })).items;
  acmeId = customers.find((c) => c.code === 'ACME')!.id;
  nwsId = customers.find((c) => c.code === 'NWS')!.id;
  adminId = (await admin.users.list({ q: 'admin@demo.com' })).items.find((u) => u.email === 'admin@demo.com')!.id;
  // Events made here: a direction created, renamed twice, and one in NWS.
  const created = await admin.directions.create({ code: `AUD-${stamp}`, name: 'Audit north' });
  directionId = created.id;
  await admin.directions.update({ id: directionId, name: 'Audit north-east' });
  await admin.directions.update({ id: directionId, name: 'Audit east', active: false });
  await nwsAdmin.directions.create({ code: `AUDN-${stamp}`, name: 'NWS audit' });
});

describe('audit.list', () => {
  it("records updates as field diffs and lists a record's history newest first", async () => {
    const page = await admin.audit.list({ entityType: 'Direction', entityId: directionId });
    expect(page.total).toBe(3);
    expect(page.items.map((e) => e.action)).toEqual(['update', 'update', 'create']);
    expect(page.items[0].changes).toEqual({
      name: { from: 'Audit north-east', to: 'Audit east' },
      active: { from: true, to: false },
    });
    expect(page.items[1].changes).toEqual({ name: { from: 'Audit north', to: 'Audit north-east' } });
    expect(page.items[2].changes).toMatchObject({ code: `AUD-${stamp}`, name: 'Audit north' });
    expect(page.items[0]).toMatchObject({
      actorId: adminId,
      actorEmail: 'admin@demo.com',
      actorName: expect.any(String) as unknown,
      customerId: acmeId,
    });
    const ats = page.items.map((e) => e.at.getTime());
    expect([...ats].sort((a, b) => b - a)).toEqual(ats);
  });

  it('keeps an admin to their customer, even when they name another one; superadmin sees every customer', async () => {
    const own = await admin.audit.list({ itemsPerPage: -1 });
    expect(own.items.length).toBeGreaterThan(0);
    expect(new Set(own.items.map((e) => e.customerId))).toEqual(new Set([acmeId]));
    expect((await admin.audit.list({ customerId: nwsId })).total).toBe(0);
    expect((await nwsAdmin.audit.list({ entityType: 'Direction', entityId: directionId })).total).toBe(0);
    const all = await sa.audit.list({ entityType: 'Direction', itemsPerPage: -1 });
    const customersSeen = new Set(all.items.map((e) => e.customerId));
    expect(customersSeen.has(acmeId) && customersSeen.has(nwsId)).toBe(true);
    const nwsOnly = await sa.audit.list({ entityType: 'Direction', customerId: nwsId, itemsPerPage: -1 });
    expect(nwsOnly.items.length).toBeGreaterThan(0);
    expect(nwsOnly.items.every((e) => e.customerId === nwsId && e.customerName !== null)).toBe(true);
  });

  it('filters by actor, action and period', async () => {
    const mine = await admin.audit.list({ actorId: adminId, itemsPerPage: -1 });
    expect(mine.items.every((e) => e.actorId === adminId)).toBe(true);
    const creates = await admin.audit.list({ action: 'create', entityType: 'Direction', itemsPerPage: -1 });
    expect(creates.items.map((e) => e.entityId)).toContain(directionId);
    expect(creates.items.every((e) => e.action === 'create')).toBe(true);
    const future = await admin.audit.list({ from: new Date(Date.now() + 3600_000) });
    expect(future.total).toBe(0);
    const window = await admin.audit.list({
      entityId: directionId,
      entityType: 'Direction',
      from: new Date(Date.now() - 3600_000),
      to: new Date(Date.now() + 60_000),
    });
    expect(window.total).toBe(3);
  });

  it('pages in SQL: pages do not overlap and the total is exact', async () => {
    const all = await sa.audit.list({ itemsPerPage: -1 });
    const first = await sa.audit.list({ itemsPerPage: 5, page: 1 });
    const second = await sa.audit.list({ itemsPerPage: 5, page: 2 });
    expect(first.total).toBe(all.total);
    expect(first.items.map((e) => e.id)).toEqual(all.items.slice(0, 5).map((e) => e.id));
    expect(second.items.map((e) => e.id)).toEqual(all.items.slice(5, 10).map((e) => e.id));
    const oldest = await sa.audit.list({ itemsPerPage: 1, orderBy: 'asc' });
    expect(oldest.items[0].id).toBe(all.items[all.items.length - 1].id);
  });

  it('is refused to roles that may not read the audit trail', async () => {
    for (const email of [
      'analyst@demo.com',
      'businessadmin@demo.com',
      'floormanager@demo.com',
      'qualitycontrol@demo.com',
    ]) {
      expect(await codeOf((await t.caller(email)).audit.list({})), email).toBe('FORBIDDEN');
    }
  });
});

describe('GET /api/audit and /api/export/audit.csv', () => {
  it('answers a page over REST with the same filters', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/audit?entityType=Direction&entityId=${directionId}&itemsPerPage=2`,
      as: 'admin@demo.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ items: TAuditEvent[]; total: number }>();
    expect(body.total).toBe(3);
    expect(body.items).toHaveLength(2);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['entityType=Nope', 'entityType'],
      ['action=explode', 'action'],
      ['from=yesterday-ish', 'from'],
      ['actorId=abc', 'actorId'],
      ['from=2026-05-02&to=2026-05-01', 'to'],
    ] as const) {
      const res = await t.request({ method: 'GET', url: `/api/audit?${query}`, as: 'admin@demo.com' });
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(field);
    }
    expect((await t.request({ method: 'GET', url: '/api/audit', as: 'analyst@demo.com' })).statusCode).toBe(403);
  });

  it("exports the filtered events as CSV with their changes, never another customer's", async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/export/audit.csv?entityType=Direction&entityId=${directionId}`,
      as: 'admin@demo.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,customer,actor_email,actor_name,action,entity_type,entity_id,changes');
    expect(lines).toHaveLength(4);
    expect(res.body).toContain('Audit north-east');
    const nws = await t.request({ method: 'GET', url: '/api/export/audit.csv', as: 'admin@nws.demo.com' });
    expect(nws.statusCode).toBe(200);
    expect(nws.body).not.toContain('admin@demo.com');
    expect(nws.body).not.toContain(`AUD-${stamp}`);
  });
});
