// Notifications through the tRPC procedures, as real signed-in users over the seeded database.
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';

const t = await setupTestApp();

describe('notifications', () => {
  it('lists only the caller’s own notifications, newest first, with the unread count', async () => {
    const admin = await t.caller('admin@demo.com');
    const list = await admin.notifications.list({});
    expect(list.total).toBeGreaterThanOrEqual(5);
    expect(list.items.length).toBe(list.total);
    const times = list.items.map((n) => n.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(list.unread).toBe(list.items.filter((n) => n.readAt === null).length);
    expect(list.unread).toBe(3);
    const analyst = await (await t.caller('analyst@demo.com')).notifications.list({});
    const adminIds = new Set(list.items.map((n) => n.id));
    expect(analyst.items.some((n) => adminIds.has(n.id))).toBe(false);
  });

  it('pages and filters to unread ones', async () => {
    const caller = await t.caller('businessuser@demo.com');
    const page = await caller.notifications.list({ page: 2, itemsPerPage: 2 });
    expect(page.items).toHaveLength(2);
    const unread = await caller.notifications.list({ unreadOnly: true });
    expect(unread.items.every((n) => n.readAt === null)).toBe(true);
    expect(unread.total).toBe((await caller.notifications.unreadCount()).count);
  });

  it('marks one read and unread again', async () => {
    const caller = await t.caller('floormanager@demo.com');
    const before = await caller.notifications.unreadCount();
    const [first] = (await caller.notifications.list({ unreadOnly: true })).items;
    const read = await caller.notifications.markRead({ id: first.id });
    expect(read.readAt).toBeInstanceOf(Date);
    expect((await caller.notifications.unreadCount()).count).toBe(before.count - 1);
    const again = await caller.notifications.markRead({ id: first.id, read: false });
    expect(again.readAt).toBeNull();
    expect((await caller.notifications.unreadCount()).count).toBe(before.count);
  });

  it('marks all read for the caller only', async () => {
    const caller = await t.caller('teamleader@demo.com');
    const other = await t.caller('client@demo.com');
    const otherBefore = await other.notifications.unreadCount();
    const result = await caller.notifications.markAllRead();
    expect(result.updated).toBeGreaterThan(0);
    expect((await caller.notifications.unreadCount()).count).toBe(0);
    expect(await other.notifications.unreadCount()).toEqual(otherBefore);
  });

  it('answers NOT_FOUND for another user’s notification', async () => {
    const owner = await t.caller('admin@nws.demo.com');
    const [theirs] = (await owner.notifications.list({})).items;
    const intruder = await t.caller('admin@demo.com');
    await expect(intruder.notifications.markRead({ id: theirs.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const superadmin = await t.caller('superadmin@demo.com');
    await expect(superadmin.notifications.markRead({ id: theirs.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses anonymous callers and bad input with a 4xx', async () => {
    const anon = t.createAnonCaller();
    await expect(anon.notifications.list({})).rejects.toBeInstanceOf(TRPCError);
    await expect(anon.notifications.unreadCount()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const caller = await t.caller('admin@demo.com');
    await expect(caller.notifications.list({ itemsPerPage: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.notifications.markRead({ id: -4 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('is reachable over HTTP with the bearer token', async () => {
    const res = await t.request({ method: 'GET', url: '/trpc/notifications.unreadCount', as: 'analyst@demo.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ result: { data: { json: { count: number } } } }>().result.data.json.count).toBeGreaterThanOrEqual(
      0,
    );
    const anon = await t.request({ method: 'GET', url: '/trpc/notifications.unreadCount' });
    expect(anon.statusCode).toBe(401);
  });
});
