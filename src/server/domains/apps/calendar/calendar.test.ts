import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';

const t = await setupTestApp();

describe('apps.calendar.events (tRPC)', () => {
  it('lists, creates, updates and deletes the caller’s events', async () => {
    const api = await t.caller('qualitycontrol@demo.com');
    const all = await api.apps.calendar.events.list();
    expect(all.length).toBeGreaterThan(0);
    expect(all[0].start).toBeInstanceOf(Date);
    const business = await api.apps.calendar.events.list({ calendars: ['Business'] });
    expect(business.every((e) => e.extendedProps.calendar === 'Business')).toBe(true);

    const start = new Date();
    const created = await api.apps.calendar.events.create({
      title: 'Audit prep',
      start,
      end: new Date(start.getTime() + 3_600_000),
      extendedProps: { calendar: 'ETC' },
    });
    expect(created.id).toBeGreaterThan(0);
    const updated = await api.apps.calendar.events.update({ ...created, title: 'Audit prep (moved)' });
    expect(updated.title).toBe('Audit prep (moved)');
    const window = await api.apps.calendar.events.list({ from: start, to: new Date(start.getTime() + 60_000) });
    expect(window.map((e) => e.id)).toContain(created.id);
    await api.apps.calendar.events.delete({ id: created.id });
    expect((await api.apps.calendar.events.list()).some((e) => e.id === created.id)).toBe(false);
    await expect(api.apps.calendar.events.delete({ id: created.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses an update made from a stale copy (CONFLICT) and keeps the stored change', async () => {
    const api = await t.caller('qualitycontrol@demo.com');
    const start = new Date();
    const created = await api.apps.calendar.events.create({
      title: 'Tab test',
      start,
      extendedProps: { calendar: 'Personal' },
    });
    expect(created.version).toBe(1);
    // Tab A saves first; tab B still holds version 1.
    const first = await api.apps.calendar.events.update({ ...created, title: 'From tab A' });
    expect(first.version).toBe(2);
    await expect(api.apps.calendar.events.update({ ...created, title: 'From tab B' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const stored = (await api.apps.calendar.events.list()).find((e) => e.id === created.id);
    expect(stored).toMatchObject({ title: 'From tab A', version: 2 });
    // Saved from the current version it goes through; without a version the last write wins.
    expect((await api.apps.calendar.events.update({ ...first, title: 'Again' })).version).toBe(3);
    const { version: _omitted, ...unversioned } = first;
    expect((await api.apps.calendar.events.update({ ...unversioned, title: 'Forced' })).title).toBe('Forced');
    // Concurrent saves from the same copy: exactly one wins.
    const latest = (await api.apps.calendar.events.list()).find((e) => e.id === created.id)!;
    const results = await Promise.allSettled(
      [1, 2, 3].map((n) => api.apps.calendar.events.update({ ...latest, title: `Race ${n}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    await api.apps.calendar.events.delete({ id: created.id });
  });

  it('refuses bad input with BAD_REQUEST', async () => {
    const api = await t.caller('admin@demo.com');
    await expect(
      api.apps.calendar.events.create({ title: 'x', start: new Date(), extendedProps: { calendar: 'Party' as never } }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(api.apps.calendar.events.list({ calendars: ['Nope' as never] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('is FORBIDDEN for client and UNAUTHORIZED for nobody', async () => {
    const client = await t.caller('client@demo.com');
    await expect(client.apps.calendar.events.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(client.apps.calendar.events.delete({ id: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(t.createAnonCaller().apps.calendar.events.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
