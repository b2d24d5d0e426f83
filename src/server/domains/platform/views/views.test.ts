// Saved views through the tRPC procedures, as the demo accounts over the seeded database: owner rules,
// sharing within a customer, tenant isolation, validation and the audit trail.
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../../shared/constants/roles.ts';
import { MAX_VIEW_QUERY, MAX_VIEWS_PER_LIST } from '../../../../shared/constants/saved-views.ts';
import { AuditEvent } from '../../../lib/audit/audit-event.entity.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { anyString } from '../../../testing/matchers.ts';
import { codeOf } from '../../../testing/trpc.ts';

const t = await setupTestApp();
const admin = await t.caller('admin@demo.com');
const analyst = await t.caller('analyst@demo.com');
const businessuser = await t.caller('businessuser@demo.com');
const nwsAdmin = await t.caller('admin@nws.demo.com');
const superadmin = await t.caller('superadmin@demo.com');

const LIST = 'management.locations' as const;
let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}`;
const names = (page: { items: { name: string }[] }) => page.items.map((v) => v.name);

describe('views: owner and sharing', () => {
  it('keeps a personal view to its owner and shows a shared one to the whole customer only', async () => {
    const personal = await admin.views.create({ listKey: LIST, name: unique('Mine'), query: 'q=north&active=true' });
    const shared = await admin.views.create({
      listKey: LIST,
      name: unique('Team'),
      query: '?sortBy=name&orderBy=desc',
      shared: true,
    });
    expect(personal).toMatchObject({
      listKey: LIST,
      query: 'q=north&active=true',
      shared: false,
      ownerName: anyString(),
    });
    expect(shared.query).toBe('sortBy=name&orderBy=desc'); // the leading "?" is dropped

    const own = names(await admin.views.list({ listKey: LIST }));
    expect(own).toEqual(expect.arrayContaining([personal.name, shared.name]));
    const colleague = names(await analyst.views.list({ listKey: LIST }));
    expect(colleague).toContain(shared.name);
    expect(colleague).not.toContain(personal.name);
    for (const outsider of [nwsAdmin, superadmin]) {
      const seen = names(await outsider.views.list({ listKey: LIST }));
      expect(seen).not.toContain(shared.name);
      expect(seen).not.toContain(personal.name);
    }
    // Another list's views stay out.
    expect(names(await admin.views.list({ listKey: 'management.teams' }))).not.toContain(shared.name);
  });

  it('lists the caller’s own views first, then the shared ones of others, each by name', async () => {
    const teamleader = await t.caller('teamleader@demo.com');
    await businessuser.views.create({
      listKey: 'management.classes',
      name: 'A shared by someone else',
      query: '',
      shared: true,
    });
    await teamleader.views.create({ listKey: 'management.classes', name: 'Z mine', query: 'q=z' });
    await teamleader.views.create({ listKey: 'management.classes', name: 'B mine', query: 'q=b' });
    const list = await teamleader.views.list({ listKey: 'management.classes' });
    expect(names(list)).toEqual(['B mine', 'Z mine', 'A shared by someone else']);
  });

  it('lets only the owner rename, change the query and share or unshare', async () => {
    const view = await businessuser.views.create({ listKey: LIST, name: unique('Owned'), query: 'q=a' });
    const renamed = await businessuser.views.update({
      id: view.id,
      name: 'Renamed view',
      query: 'q=b&page=2',
      shared: true,
    });
    expect(renamed).toMatchObject({ name: 'Renamed view', query: 'q=b&page=2', shared: true });
    expect(names(await analyst.views.list({ listKey: LIST }))).toContain('Renamed view');

    // A colleague sees the shared view but may not change it; other tenants and the superadmin do not see it.
    expect(await codeOf(analyst.views.update({ id: view.id, name: 'Taken' }))).toBe('FORBIDDEN');
    expect(await codeOf(admin.views.update({ id: view.id, shared: false }))).toBe('FORBIDDEN');
    expect(await codeOf(nwsAdmin.views.update({ id: view.id, name: 'Taken' }))).toBe('NOT_FOUND');
    expect(await codeOf(superadmin.views.update({ id: view.id, name: 'Taken' }))).toBe('NOT_FOUND');

    await businessuser.views.update({ id: view.id, shared: false });
    expect(names(await analyst.views.list({ listKey: LIST }))).not.toContain('Renamed view');
    // Personal again: the colleague no longer sees it at all.
    expect(await codeOf(analyst.views.update({ id: view.id, name: 'Taken' }))).toBe('NOT_FOUND');
    expect(await codeOf(admin.views.delete({ id: view.id }))).toBe('NOT_FOUND');
  });

  it('lets the owner delete, and an admin of the same customer delete shared views only', async () => {
    const floormanager = await t.caller('floormanager@demo.com');
    const mine = await floormanager.views.create({ listKey: LIST, name: unique('Gone'), query: '' });
    expect(await floormanager.views.delete({ id: mine.id })).toEqual({ id: mine.id, deleted: true });
    expect(await codeOf(floormanager.views.delete({ id: mine.id }))).toBe('NOT_FOUND');

    const shared = await floormanager.views.create({
      listKey: LIST,
      name: unique('Shared'),
      query: 'active=true',
      shared: true,
    });
    expect(await codeOf(analyst.views.delete({ id: shared.id }))).toBe('FORBIDDEN'); // sees it, may not delete it
    expect(await codeOf(nwsAdmin.views.delete({ id: shared.id }))).toBe('NOT_FOUND');
    expect(await codeOf(superadmin.views.delete({ id: shared.id }))).toBe('NOT_FOUND');
    expect(await admin.views.delete({ id: shared.id })).toEqual({ id: shared.id, deleted: true });
    expect(names(await floormanager.views.list({ listKey: LIST }))).not.toContain(shared.name);
  });

  it('keeps the superadmin’s views its own and refuses to share them (it belongs to no customer)', async () => {
    const view = await superadmin.views.create({
      listKey: 'business.customers',
      name: unique('Platform'),
      query: 'q=acme',
    });
    expect(view.customerId).toBeNull();
    expect(names(await superadmin.views.list({ listKey: 'business.customers' }))).toContain(view.name);
    expect(names(await admin.views.list({ listKey: 'business.customers' }))).not.toContain(view.name);
    expect(await codeOf(admin.views.delete({ id: view.id }))).toBe('NOT_FOUND');
    const refusal = superadmin.views.create({
      listKey: 'business.customers',
      name: unique('Platform'),
      query: '',
      shared: true,
    });
    await expect(refusal).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      cause: { fieldErrors: { shared: [expect.stringContaining('no customer')] } },
    });
    expect(await codeOf(superadmin.views.update({ id: view.id, shared: true }))).toBe('BAD_REQUEST');
    expect(await codeOf(superadmin.views.update({ id: view.id, name: 'Platform renamed' }))).toBe('OK');
  });
});

describe('views: who may use them', () => {
  it('lets every signed-in role but client keep views', async () => {
    for (const role of ROLES.filter((r) => r !== 'client' && r !== 'superadmin')) {
      const caller = await t.caller(`${role}@demo.com`);
      const view = await caller.views.create({
        listKey: 'business.licenses',
        name: `Role ${role}`,
        query: `q=${role}`,
      });
      expect(names(await caller.views.list({ listKey: 'business.licenses' })), role).toContain(`Role ${role}`);
      await caller.views.delete({ id: view.id });
    }
  });

  it('refuses the client role and anonymous callers', async () => {
    const client = await t.caller('client@demo.com');
    expect(await codeOf(client.views.list({ listKey: LIST }))).toBe('FORBIDDEN');
    expect(await codeOf(client.views.create({ listKey: LIST, name: 'Nope', query: '' }))).toBe('FORBIDDEN');
    expect(await codeOf(client.views.update({ id: 1, name: 'Nope' }))).toBe('FORBIDDEN');
    expect(await codeOf(client.views.delete({ id: 1 }))).toBe('FORBIDDEN');
    const anon = t.createAnonCaller();
    expect(await codeOf(anon.views.list({ listKey: LIST }))).toBe('UNAUTHORIZED');
    expect(await codeOf(anon.views.create({ listKey: LIST, name: 'Nope', query: '' }))).toBe('UNAUTHORIZED');
  });
});

describe('views: validation', () => {
  it('refuses unknown lists, bad names and anything but a URL query string with BAD_REQUEST', async () => {
    const bad = [
      { listKey: 'management.nothing', name: 'X', query: '' },
      { listKey: LIST, name: '   ', query: '' },
      { listKey: LIST, name: 'x'.repeat(81), query: '' },
      { listKey: LIST, name: 'Spaces', query: 'q=north region' },
      { listKey: LIST, name: 'Fragment', query: 'q=north#top' },
      { listKey: LIST, name: 'Escape', query: 'q=%zz' },
      { listKey: LIST, name: 'Markup', query: 'q=<script>' },
      { listKey: LIST, name: 'Long', query: `q=${'a'.repeat(MAX_VIEW_QUERY)}` },
    ];
    for (const input of bad) {
      expect(await codeOf(admin.views.create(input as never)), JSON.stringify(input).slice(0, 80)).toBe('BAD_REQUEST');
    }
    expect(await codeOf(admin.views.update({ id: 1, query: 'a b' }))).toBe('BAD_REQUEST');
    expect(await codeOf(admin.views.update({ id: -1, name: 'X' }))).toBe('BAD_REQUEST');
    const encoded = await admin.views.create({
      listKey: LIST,
      name: unique('Encoded'),
      query: 'q=caf%C3%A9+north&sortBy=name',
    });
    expect(encoded.query).toBe('q=caf%C3%A9+north&sortBy=name');
    const longest = await admin.views.create({
      listKey: LIST,
      name: unique('Longest'),
      query: `q=${'a'.repeat(MAX_VIEW_QUERY - 2)}`,
    });
    expect(longest.query).toHaveLength(MAX_VIEW_QUERY);
  });

  it('answers field errors over HTTP', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/trpc/views.create',
      as: 'admin@demo.com',
      payload: { json: { listKey: LIST, name: '', query: 'a b' } },
    });
    expect(res.statusCode).toBe(400);
    const fieldErrors = res.json<{ error: { json: { data: { fieldErrors: Record<string, string[]> } } } }>().error.json
      .data.fieldErrors;
    expect(fieldErrors.name).toEqual(['Name is required']);
    expect(fieldErrors.query[0]).toMatch(/encoded URL query string/);
  });

  it('refuses a name the owner already uses on that list (CONFLICT on the name), not on others or for others', async () => {
    const name = unique('Duplicate');
    const first = await admin.views.create({ listKey: LIST, name, query: '' });
    await expect(admin.views.create({ listKey: LIST, name, query: 'q=x' })).rejects.toMatchObject({
      code: 'CONFLICT',
      cause: { fieldErrors: { name: ['You already have a view with this name for this list'] } },
    });
    expect(await codeOf(admin.views.create({ listKey: 'management.teams', name, query: '' }))).toBe('OK');
    expect(await codeOf(analyst.views.create({ listKey: LIST, name, query: '' }))).toBe('OK');
    const second = await admin.views.create({ listKey: LIST, name: unique('Other'), query: '' });
    expect(await codeOf(admin.views.update({ id: second.id, name }))).toBe('CONFLICT');
    expect(await codeOf(admin.views.update({ id: first.id, name }))).toBe('OK'); // its own name
  });

  it(`keeps at most ${MAX_VIEWS_PER_LIST} views per user and list`, async () => {
    const qc = await t.caller('qualitycontrol@demo.com');
    for (let i = 0; i < MAX_VIEWS_PER_LIST; i++)
      await qc.views.create({ listKey: 'management.schemes', name: `View ${i}`, query: '' });
    expect(await codeOf(qc.views.create({ listKey: 'management.schemes', name: 'One too many', query: '' }))).toBe(
      'CONFLICT',
    );
    expect(await codeOf(qc.views.create({ listKey: 'management.users', name: 'Another list', query: '' }))).toBe('OK');
  });
});

describe('views: audit trail', () => {
  it('records one event per create, update and delete in the owner’s customer (none for a no-op update)', async () => {
    const view = await businessuser.views.create({ listKey: LIST, name: unique('Audited'), query: 'q=a' });
    await businessuser.views.update({ id: view.id, query: 'q=a' });
    await businessuser.views.update({ id: view.id, shared: true });
    await admin.views.delete({ id: view.id });
    const events = await t.orm.em
      .fork()
      .find(AuditEvent, { entityType: 'SavedView', entityId: view.id }, { orderBy: { id: 'asc' } });
    expect(events.map((e) => [e.action, e.actorEmail])).toEqual([
      ['create', 'businessuser@demo.com'],
      ['update', 'businessuser@demo.com'],
      ['delete', 'admin@demo.com'],
    ]);
    expect(events.every((e) => e.customer === view.customerId)).toBe(true);
    expect(events[1].changes).toEqual({ shared: { from: false, to: true } });
  });
});
