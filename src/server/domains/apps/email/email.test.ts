import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';

const t = await setupTestApp();

describe('apps.email (tRPC)', () => {
  it('lists and updates through the same services', async () => {
    const api = await t.caller('floormanager@demo.com');
    const inbox = await api.apps.email.list();
    expect(inbox.emails[0].time).toBeInstanceOf(Date);
    const ids = inbox.emails.slice(0, 3).map((e) => e.id);
    expect(await api.apps.email.update({ ids, data: { isStarred: true } })).toEqual({ count: 3 });
    const starred = await api.apps.email.list({ filter: 'starred' });
    expect(starred.emails.map((e) => e.id)).toEqual(expect.arrayContaining(ids));
    expect(starred.emailsMeta.star).toBe(starred.emails.length);
    expect(await api.apps.email.update({ ids: [ids[0]], label: 'private' })).toEqual({ count: 1 });
  });

  it('refuses bad input and is FORBIDDEN for client, UNAUTHORIZED for nobody', async () => {
    const api = await t.caller('admin@demo.com');
    await expect(api.apps.email.update({ ids: [1], data: { folder: 'archive' as never } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(api.apps.email.list({ filter: 'archive' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const client = await t.caller('client@demo.com');
    await expect(client.apps.email.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(client.apps.email.update({ ids: [1], data: { isRead: true } })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(t.createAnonCaller().apps.email.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
