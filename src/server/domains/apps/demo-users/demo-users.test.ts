// tRPC apps.users.* and apps.permissions.list: the same services as REST.
import type { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { codeOf } from '../../../testing/trpc.ts';

const t = await setupTestApp();

const NEW_USER = {
  fullName: 'Tomas Berg',
  company: 'Fjord Works',
  role: 'author',
  username: 'tomas_berg',
  country: 'Sweden',
  contact: '+46 8 123 456',
  email: 'tomas.berg@example.net',
  currentPlan: 'company',
} as const;

describe('apps.users', () => {
  it('lists, filters, reads, creates and deletes', async () => {
    const api = (await t.caller('superadmin@demo.com')).apps.users;
    const page = await api.list({ role: 'editor', sortBy: 'user', itemsPerPage: -1 });
    expect(page.items.every((u) => u.role === 'editor')).toBe(true);
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
});
