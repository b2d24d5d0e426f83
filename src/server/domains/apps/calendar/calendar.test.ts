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

  it('refuses bad input with BAD_REQUEST', async () => {
    const api = await t.caller('admin@demo.com');
    await expect(
      api.apps.calendar.events.create({ title: 'x', start: new Date(), extendedProps: { calendar: 'Party' as never } }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(api.apps.calendar.events.list({ calendars: ['Nope' as never] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('is FORBIDDEN for client and UNAUTHORIZED for nobody', async () => {
    const client = await t.caller('client@demo.com');
    await expect(client.apps.calendar.events.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(client.apps.calendar.events.delete({ id: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(t.createAnonCaller().apps.calendar.events.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
