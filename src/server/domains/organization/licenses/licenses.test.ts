// Licenses: derived status, no overlapping periods, seats never exceeded by active users, the
// sign-in policy without an active license, history kept (revoke, no delete once started).
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../../shared/errors/messages.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { stringContaining, stringMatching } from '../../../testing/matchers.ts';

const t = await setupTestApp();
const superadmin = await t.caller('superadmin@demo.com');
const admin = await t.caller('admin@demo.com');
const DAY = 24 * 3600_000;

async function customerId(code: string): Promise<number> {
  return (await superadmin.customers.list({ q: code })).items.find((c) => c.code === code)!.id;
}

describe('licenses', () => {
  it('lists a customer its own licenses with the derived status', async () => {
    const { items, total } = await admin.licenses.list({});
    expect(total).toBe(2);
    expect(items.map((l) => l.status).sort()).toEqual(['active', 'expired']);
    expect(items.every((l) => l.customer.code === 'ACME')).toBe(true);
    expect((await admin.licenses.list({ status: 'active' })).items).toHaveLength(1);
    expect((await superadmin.licenses.list({})).total).toBeGreaterThanOrEqual(4);
  });

  it('reports the license in force and the seats used', async () => {
    const current = await admin.licenses.current({});
    expect(current.license?.status).toBe('active');
    expect(current.license?.seats).toBe(25);
    const activeUsers = await superadmin.users.list({
      customerId: current.customerId,
      status: 'active',
      itemsPerPage: -1,
    });
    expect(current.usedSeats).toBe(activeUsers.total);
  });

  it('refuses overlapping periods and seats below the active users', async () => {
    const acme = await customerId('ACME');
    await expect(
      superadmin.licenses.create({
        customerId: acme,
        plan: 'basic',
        seats: 50,
        startsAt: new Date(),
        expiresAt: new Date(Date.now() + 30 * DAY),
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: stringContaining('overlaps license ODK-') });
    const active = (await superadmin.licenses.list({ customerId: acme, status: 'active' })).items[0];
    await expect(superadmin.licenses.update({ id: active.id, seats: 2 })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: stringContaining('needs at least'),
    });
    await expect(
      superadmin.licenses.create({
        customerId: acme,
        plan: 'basic',
        seats: 1,
        startsAt: new Date(Date.now() + DAY),
        expiresAt: new Date(Date.now() - DAY),
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: stringContaining('expire after it starts') });
  });

  it('never lets active users exceed the seats (create and activate)', async () => {
    const current = await admin.licenses.current({});
    await superadmin.licenses.update({ id: current.license!.id, seats: current.usedSeats + 1 });
    const last = await admin.users.create({
      email: 'last.seat@acme.example',
      fullName: 'Last Seat',
      role: 'qualitycontrol',
      password: 'Seat-2024x',
    });
    await expect(
      admin.users.create({
        email: 'one.too.many@acme.example',
        fullName: 'One Too Many',
        role: 'qualitycontrol',
        password: 'Seat-2024x',
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: stringMatching(/All \d+ seats of ACME's license are taken/) });
    await admin.users.deactivate({ id: last.id });
    await admin.users.create({
      email: 'fills.seat@acme.example',
      fullName: 'Fills Seat',
      role: 'analyst',
      password: 'Seat-2024x',
    });
    await expect(admin.users.activate({ id: last.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    await superadmin.licenses.update({ id: current.license!.id, seats: 25 });
    await admin.users.activate({ id: last.id });
    expect((await admin.licenses.current({})).usedSeats).toBe(current.usedSeats + 2);
  });

  it('lets only admins sign in while no license is active, and tells the others why', async () => {
    const nws = await customerId('NWS');
    const active = (await superadmin.licenses.list({ customerId: nws, status: 'active' })).items[0];
    const revoked = await superadmin.licenses.revoke({ id: active.id, reason: 'Payment overdue' });
    expect(revoked.status).toBe('revoked');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'qualitycontrol@nws.demo.com', password: 'qualitycontrol' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: { email: [ERROR_MESSAGES['licenses.signInWithoutLicense']] } });
    const adminLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@nws.demo.com', password: 'admin' },
    });
    expect(adminLogin.statusCode).toBe(201);
    // Without a license, no user can be made active either.
    const nwsAdmin = await t.caller('admin@nws.demo.com');
    await expect(
      nwsAdmin.users.create({
        email: 'new@nws.example',
        fullName: 'New Person',
        role: 'analyst',
        password: 'Seat-2024x',
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: stringContaining('NWS has no active license') });
    // A new license lets everyone in again.
    await superadmin.licenses.create({
      customerId: nws,
      plan: 'team',
      seats: 10,
      startsAt: new Date(Date.now() - 60_000),
      expiresAt: new Date(Date.now() + 90 * DAY),
    });
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'qualitycontrol@nws.demo.com', password: 'qualitycontrol' },
    });
    expect(back.statusCode).toBe(201);
  });

  it('keeps history: revoke twice, change or delete a started license are refused; a scheduled one can go', async () => {
    const acme = await customerId('ACME');
    const expired = (await superadmin.licenses.list({ customerId: acme, status: 'expired' })).items[0];
    await expect(superadmin.licenses.update({ id: expired.id, seats: 40 })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: stringContaining('history'),
    });
    await expect(superadmin.licenses.delete({ id: expired.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: stringContaining('Revoke it instead'),
    });
    const active = (await superadmin.licenses.list({ customerId: acme, status: 'active' })).items[0];
    const future = await superadmin.licenses.create({
      customerId: acme,
      plan: 'enterprise',
      seats: 100,
      modules: ['tasks', 'reports', 'files', 'api', 'api'],
      startsAt: new Date(active.expiresAt.getTime()),
      expiresAt: new Date(active.expiresAt.getTime() + 365 * DAY),
    });
    expect(future.status).toBe('scheduled');
    expect(future.modules).toEqual(['tasks', 'reports', 'files', 'api']);
    expect(future.key).toMatch(/^ODK-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await superadmin.licenses.delete({ id: future.id });
    await expect(superadmin.licenses.byId({ id: future.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const revokedNws = (await superadmin.licenses.list({ status: 'revoked' })).items[0];
    await expect(superadmin.licenses.revoke({ id: revokedNws.id, reason: 'again' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('is read-only for tenant admins and hidden from other roles', async () => {
    const own = (await admin.licenses.list({})).items[0];
    await expect(admin.licenses.update({ id: own.id, seats: 1000 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect((await t.caller('businessuser@demo.com')).licenses.list({})).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});
