// Customers: superadmin manages them; admins read their own; in-use customers are not deleted.
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { stringContaining } from '../../../testing/matchers.ts';

const t = await setupTestApp();
const superadmin = await t.caller('superadmin@demo.com');

describe('customers', () => {
  it('shows the superadmin every customer and an admin only their own, with license and seats', async () => {
    expect((await superadmin.customers.list({})).items.map((c) => c.code)).toEqual(
      expect.arrayContaining(['ACME', 'NWS']),
    );
    const admin = await t.caller('admin@demo.com');
    const own = await admin.customers.list({});
    expect(own.items.map((c) => c.code)).toEqual(['ACME']);
    expect(own.items[0].activeLicense).toMatchObject({ plan: 'company', seats: 25 });
    expect(own.items[0].activeUsers).toBeGreaterThanOrEqual(9);
    const nws = (await superadmin.customers.list({ q: 'Northwind' })).items[0];
    await expect(admin.customers.byId({ id: nws.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(admin.customers.update({ id: own.items[0].id, name: 'Hacked' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect((await t.caller('floormanager@demo.com')).customers.list({})).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('creates, updates and deletes an unused customer; refuses a duplicate code and an in-use delete', async () => {
    const created = await superadmin.customers.create({
      code: 'bluebay',
      name: 'Blue Bay Hotels',
      country: 'pt',
      email: 'Ops@BlueBay.example',
    });
    expect(created).toMatchObject({
      code: 'BLUEBAY',
      country: 'PT',
      email: 'ops@bluebay.example',
      status: 'active',
      activeLicense: null,
      activeUsers: 0,
    });
    await expect(superadmin.customers.create({ code: 'BLUEBAY', name: 'Again' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(
      superadmin.customers.create({ code: 'X', name: 'Too short', country: 'France' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const updated = await superadmin.customers.update({ id: created.id, status: 'suspended', city: 'Porto' });
    expect(updated).toMatchObject({ status: 'suspended', city: 'Porto' });
    await superadmin.customers.delete({ id: created.id });
    const acme = (await superadmin.customers.list({ q: 'ACME' })).items[0];
    const refusal = await superadmin.customers.delete({ id: acme.id }).catch((e: unknown) => e);
    expect(refusal).toMatchObject({
      code: 'CONFLICT',
      message: stringContaining('Customer "ACME" cannot be deleted: it is used by'),
    });
    expect((refusal as Error).message).toMatch(/\d+ users \(admin@demo\.com/);
    expect((refusal as Error).message).toContain('2 licenses');
    expect((refusal as Error).message).toContain('Suspend it instead.');
  });
});
