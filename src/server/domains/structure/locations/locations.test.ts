// Locations, directions, sub-directions and location classes: CRUD, rules (in-use deletes refused, archive),
// list filters/sort/search in SQL, and an audit event per mutation.
import { describe, expect, it } from 'vitest';
import { createAbility, defineRulesFor } from '../../../../shared/abilities/index.ts';
import { auditTrail } from '../../../lib/audit/audit.ts';
import { iterateListing } from '../../../lib/list/index.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { stringContaining, stringMatching } from '../../../testing/matchers.ts';
import { locationListing } from './locations.listing.ts';

const t = await setupTestApp();
const admin = await t.caller('admin@demo.com');

async function trail(type: Parameters<typeof auditTrail>[1], id: number) {
  const em = t.orm.em.fork();
  const user = {
    id: 1,
    email: 'superadmin@demo.com',
    fullName: 'x',
    role: 'superadmin' as const,
    customerId: null,
    customerCode: null,
    language: 'en',
    teamIds: [],
    sessionId: 0,
  };
  return auditTrail({ em: em, user, ability: createAbility(defineRulesFor(user)) }, type, id);
}

describe('locations', () => {
  it('lists the seeded ACME locations with their structure, paged and counted in SQL', async () => {
    const page = await admin.locations.list({ itemsPerPage: 5 });
    expect(page.total).toBeGreaterThanOrEqual(40);
    expect(page.items).toHaveLength(5);
    const first = page.items[0];
    expect(first.direction.code).toBeTruthy();
    expect(first.subDirection.code).toBeTruthy();
    expect(first.customerId).toBe(page.items[1].customerId);
  });

  it('searches code, name and city and filters by direction, class and city', async () => {
    const lyon = await admin.locations.list({ q: 'lyon', itemsPerPage: 100 });
    expect(lyon.total).toBeGreaterThan(0);
    for (const l of lyon.items) expect(`${l.code} ${l.name} ${l.city}`.toLowerCase()).toContain('lyon');
    const directions = await admin.directions.list({});
    const north = directions.items.find((d) => d.code === 'NORTH')!;
    const inNorth = await admin.locations.list({ directionId: north.id, itemsPerPage: 100 });
    expect(inNorth.total).toBeGreaterThan(0);
    expect(inNorth.items.every((l) => l.direction.id === north.id)).toBe(true);
    const classes = await admin.classes.list({});
    const warehouse = classes.items.find((c) => c.name === 'Warehouse')!;
    const depots = await admin.locations.list({ classId: warehouse.id, archived: 'include', itemsPerPage: 100 });
    expect(depots.total).toBe(warehouse.locationCount);
  });

  it('sorts by joined columns', async () => {
    const asc = await admin.locations.list({ sortBy: 'direction', orderBy: 'asc', itemsPerPage: 100 });
    const codes = asc.items.map((l) => l.direction.code);
    expect(codes).toEqual([...codes].sort());
    const byName = await admin.locations.list({ sortBy: 'name', orderBy: 'desc', itemsPerPage: 10 });
    const names = byName.items.map((l) => l.name);
    expect(names).toEqual([...names].sort().reverse());
  });

  it('pages grouped sorts (class, sub-direction, direction) in the same order as the joined sort', async () => {
    const sa = await t.caller('superadmin@demo.com');
    for (const sortBy of ['class', 'subDirection', 'direction'] as const) {
      for (const orderBy of ['asc', 'desc'] as const) {
        const paged: number[] = [];
        for (let page = 1; ; page++) {
          const { items, total } = await sa.locations.list({ sortBy, orderBy, page, itemsPerPage: 7 });
          paged.push(...items.map((l) => l.id));
          if (page * 7 >= total) break;
        }
        const joined: number[] = [];
        for await (const batch of iterateListing(
          t.orm.em.fork(),
          locationListing,
          [(eb) => eb('l.archived_at', 'is', null)],
          { sortBy, orderBy },
        )) {
          joined.push(...batch.map((l) => l.id));
        }
        expect(paged, `${sortBy} ${orderBy}`).toEqual(joined);
      }
    }
    const byClass = (await admin.locations.list({ sortBy: 'class', itemsPerPage: -1 })).items.map(
      (l) => l.class?.name ?? '~',
    );
    expect(byClass).toEqual([...byClass].sort());
  });

  it('creates, updates, archives, restores and deletes with an audit event each', async () => {
    const subs = await admin.subDirections.list({});
    const created = await admin.locations.create({
      subDirectionId: subs.items[0].id,
      code: 'TEST-001',
      name: 'Test store',
      latitude: 45.75,
      longitude: 4.85,
      openingHours: {
        mon: [
          { open: '08:00', close: '12:00' },
          { open: '14:00', close: '19:00' },
        ],
      },
    });
    expect(created.geofenceRadiusM).toBe(100);
    expect(created.openingHours.mon).toHaveLength(2);
    expect(created.openingHours.sun).toEqual([]);
    const updated = await admin.locations.update({ id: created.id, name: 'Test store renamed', geofenceRadiusM: 250 });
    expect(updated.name).toBe('Test store renamed');
    const archived = await admin.locations.archive({ id: created.id });
    expect(archived.archivedAt).toBeInstanceOf(Date);
    expect((await admin.locations.list({ q: 'TEST-001' })).total).toBe(0);
    expect((await admin.locations.list({ q: 'TEST-001', archived: 'only' })).total).toBe(1);
    await admin.locations.restore({ id: created.id });
    await admin.locations.delete({ id: created.id });
    await expect(admin.locations.byId({ id: created.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const events = await trail('Location', created.id);
    expect(events.map((e) => e.action)).toEqual(['create', 'update', 'archive', 'restore', 'delete']);
    expect(events[1].changes).toMatchObject({
      name: { from: 'Test store', to: 'Test store renamed' },
      geofenceRadiusM: { from: 100, to: 250 },
    });
    expect(events.every((e) => e.actorEmail === 'admin@demo.com')).toBe(true);
  });

  it('refuses bad input with clear messages', async () => {
    const subs = await admin.subDirections.list({});
    await expect(
      admin.locations.create({ subDirectionId: subs.items[0].id, code: 'X-1', name: 'x', latitude: 95, longitude: 4 }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: stringContaining('Latitude must be between -90 and 90') });
    await expect(
      admin.locations.create({ subDirectionId: subs.items[0].id, code: 'X-1', name: 'x', latitude: 45 }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: stringContaining('both latitude and longitude'),
    });
    const existing = (await admin.locations.list({ itemsPerPage: 1 })).items[0];
    await expect(
      admin.locations.create({ subDirectionId: subs.items[0].id, code: existing.code, name: 'dup' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Another location of this customer already uses this code',
    });
  });
});

describe('directions, sub-directions and location classes', () => {
  it('refuses deleting a direction with sub-directions, naming them', async () => {
    const north = (await admin.directions.list({ q: 'NORTH' })).items[0];
    expect(north.subDirectionCount).toBeGreaterThan(0);
    await expect(admin.directions.delete({ id: north.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: stringMatching(
        /Direction "NORTH" cannot be deleted: it is used by 3 sub-directions \(HDF, PAR-E, PAR-W\)/,
      ),
    });
  });

  it('refuses deleting a sub-direction or location class used by locations', async () => {
    const sub = (await admin.subDirections.list({ q: 'LYON' })).items[0];
    await expect(admin.subDirections.delete({ id: sub.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: stringContaining('locations (LYON-001'),
    });
    const cls = (await admin.classes.list({ q: 'Supermarket' })).items[0];
    await expect(admin.classes.delete({ id: cls.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: stringContaining(`Class "Supermarket" cannot be deleted`),
    });
  });

  it('creates a whole branch, refuses links to archived parents, and deletes bottom-up', async () => {
    const d = await admin.directions.create({ code: 'CENTRE', name: 'Centre' });
    const s = await admin.subDirections.create({ directionId: d.id, code: 'TOURS', name: 'Tours' });
    expect(s.direction).toEqual({ id: d.id, code: 'CENTRE', name: 'Centre' });
    await expect(admin.subDirections.create({ directionId: d.id, code: 'TOURS', name: 'Again' })).rejects.toMatchObject(
      { code: 'CONFLICT' },
    );
    const c = await admin.classes.create({ name: 'Pop-up store', color: '#1F883D' });
    expect(c.color).toBe('#1f883d');
    const l = await admin.locations.create({
      subDirectionId: s.id,
      classId: c.id,
      code: 'TRS-001',
      name: 'Pop-up Tours',
    });
    expect(l.class).toEqual({ id: c.id, name: 'Pop-up store', color: '#1f883d' });
    await admin.classes.archive({ id: c.id });
    await expect(
      admin.locations.create({ subDirectionId: s.id, classId: c.id, code: 'TRS-002', name: 'x' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Class "Pop-up store" is archived',
    });
    await admin.directions.archive({ id: d.id });
    await expect(admin.subDirections.create({ directionId: d.id, code: 'BLOIS', name: 'Blois' })).rejects.toMatchObject(
      { code: 'BAD_REQUEST' },
    );
    await admin.directions.restore({ id: d.id });
    await admin.locations.delete({ id: l.id });
    await admin.subDirections.delete({ id: s.id });
    await admin.directions.delete({ id: d.id });
    await admin.classes.delete({ id: c.id });
    expect((await trail('Direction', d.id)).map((e) => e.action)).toEqual(['create', 'archive', 'restore', 'delete']);
  });
});
