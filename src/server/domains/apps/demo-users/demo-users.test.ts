// tRPC apps.users.* and apps.permissions.list: the same services as REST.
import type { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { codeOf } from '../../../testing/trpc.ts';

const t = await setupTestApp();

const NEW_USER = {
  fullName: 'Tomas Berg',
  company: 'Fjord Works',
  role: 'qualitycontrol',
  username: 'tomas_berg',
  country: 'Sweden',
  contact: '+46 8 123 456',
  email: 'tomas.berg@example.net',
  currentPlan: 'company',
} as const;

describe('apps.users', () => {
  it('lists, filters, reads, creates and deletes', async () => {
    const api = (await t.caller('superadmin@demo.com')).apps.users;
    const page = await api.list({ role: 'teamleader', sortBy: 'user', itemsPerPage: -1 });
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.every((u) => u.role === 'teamleader')).toBe(true);
    const created = await api.create(NEW_USER);
    expect(created).toMatchObject({ ...NEW_USER, status: 'pending', billing: 'Auto debit' });
    const detail = await api.byId({ id: created.id });
    expect(detail).toMatchObject({ ...NEW_USER, taskDone: 0, projectDone: 0 });
    expect((await api.list()).total).toBe(51);
    await api.delete({ id: created.id });
    expect(await codeOf(api.byId({ id: created.id }))).toBe('NOT_FOUND');
    expect(await codeOf(api.delete({ id: created.id }))).toBe('NOT_FOUND');
  });

  it('validates the new user with field errors', async () => {
    const api = (await t.caller('admin@demo.com')).apps.users;
    try {
      await api.create({ ...NEW_USER, email: 'nope', username: 'has spaces' });
      expect.unreachable();
    } catch (error) {
      expect((error as TRPCError).code).toBe('BAD_REQUEST');
    }
  });

  it('lets readers read and only managers write', async () => {
    const reader = (await t.caller('floormanager@demo.com')).apps;
    expect((await reader.users.list()).total).toBe(50);
    expect((await reader.permissions.list({ sortBy: 'name', orderBy: 'desc' })).total).toBe(9);
    expect(await codeOf(reader.users.create(NEW_USER))).toBe('FORBIDDEN');
    expect(await codeOf(reader.users.delete({ id: 1 }))).toBe('FORBIDDEN');
    const client = (await t.caller('client@demo.com')).apps;
    expect(await codeOf(client.users.list())).toBe('FORBIDDEN');
    expect(await codeOf(client.permissions.list())).toBe('FORBIDDEN');
    expect(await codeOf(t.createAnonCaller().apps.users.byId({ id: 1 }))).toBe('UNAUTHORIZED');
  });

  it('counts the stat cards in SQL and edits one tab at a time with a version check', async () => {
    const api = (await t.caller('admin@demo.com')).apps.users;
    const stats = await api.stats();
    expect(stats.total).toBe((await api.list()).total);
    expect(stats.active + stats.inactive + stats.pending).toBe(stats.total);
    const id = (await api.list({ sortBy: 'user' })).items[0].id;
    const before = await api.byId({ id });
    const account = await api.update({ id, version: before.version, fullName: 'Renamed Person', status: 'inactive' });
    expect(account).toMatchObject({
      fullName: 'Renamed Person',
      status: 'inactive',
      email: before.email,
      version: before.version + 1,
    });
    expect((await api.stats()).inactive).toBe(stats.inactive + (before.status === 'inactive' ? 0 : 1));
    const security = await api.update({
      id,
      version: account.version,
      twoFactor: true,
      mutedNotifications: ['newDevice'],
    });
    expect(security).toMatchObject({ twoFactor: true, mutedNotifications: ['newDevice'], fullName: 'Renamed Person' });
    // A change made from the first copy is refused, not silently applied over the later ones.
    expect(await codeOf(api.update({ id, version: before.version, fullName: 'Stale' }))).toBe('CONFLICT');
    expect((await api.byId({ id })).fullName).toBe('Renamed Person');
    try {
      await api.update({ id, email: 'nope' });
      expect.unreachable();
    } catch (error) {
      expect((error as TRPCError).code).toBe('BAD_REQUEST');
      expect((error as TRPCError).message).toContain('email');
    }
    expect(await codeOf(api.update({ id: 999_999, fullName: 'Nobody' }))).toBe('NOT_FOUND');
    const reader = (await t.caller('floormanager@demo.com')).apps.users;
    expect(await codeOf(reader.update({ id, fullName: 'Reader' }))).toBe('FORBIDDEN');
    expect((await reader.stats()).total).toBe(50);
    expect(await codeOf((await t.caller('client@demo.com')).apps.users.stats())).toBe('FORBIDDEN');
  });
});
