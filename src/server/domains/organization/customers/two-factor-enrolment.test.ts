// The customer's second-factor policy as its admin reads it: the customer carries the policy and the
// grace days, and customers.twoFactorEnrolment lists who has a second factor (an authenticator app set up
// through the real enrolment, a passkey), who the policy covers, paged and filtered in SQL; only the
// superadmin (naming the customer) and the customer's own admin read it.
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { totpCode } from '../../../testing/totp.ts';

const t = await setupTestApp();

describe('customers.twoFactorEnrolment', () => {
  it('shows the policy on the customer and who of it has a second factor, paged and filtered', async () => {
    const admin = await t.caller('admin@nws.demo.com');
    const nws = (await admin.customers.list({})).items[0];
    expect(nws).toMatchObject({ twoFactorPolicy: 'optional', twoFactorGraceDays: 7, twoFactorPolicySince: null });
    const updated = await admin.customers.update({ id: nws.id, twoFactorPolicy: 'admins', twoFactorGraceDays: 14 });
    expect(updated).toMatchObject({ twoFactorPolicy: 'admins', twoFactorGraceDays: 14 });
    expect(updated.twoFactorPolicySince).toBeInstanceOf(Date);
    expect((await admin.customers.byId({ id: nws.id })).twoFactorGraceDays).toBe(14);

    const before = await admin.customers.twoFactorEnrolment({ itemsPerPage: -1 });
    expect(before.total).toBeGreaterThanOrEqual(2);
    expect(before.items.every((p) => !p.enrolled && !p.totp && p.passkeys === 0)).toBe(true);
    const adminRow = before.items.find((p) => p.email === 'admin@nws.demo.com');
    const qcRow = before.items.find((p) => p.email === 'qualitycontrol@nws.demo.com');
    expect(adminRow).toMatchObject({ role: 'admin', covered: true });
    expect(qcRow).toMatchObject({ role: 'qualitycontrol', covered: false });

    // The inspector sets up an authenticator app; the admin registers a passkey (its row, as WebAuthn leaves it).
    const qc = await t.caller('qualitycontrol@nws.demo.com');
    const setup = await qc.account.twoFactor.setup();
    await qc.account.twoFactor.enable({ code: totpCode(setup.secret) });
    await t.orm.em.getConnection().execute(
      `insert into passkeys (user_id, credential_id, public_key, counter, device_type, backed_up, name, created_at, updated_at)
       values (?, 'cred-enrolment-test', 'pk', 0, 'singleDevice', false, 'Key', now(), now())`,
      [adminRow!.id],
    );
    const after = await admin.customers.twoFactorEnrolment({ itemsPerPage: -1, sortBy: 'enrolled', orderBy: 'desc' });
    expect(
      after.items
        .slice(0, 2)
        .map((p) => p.email)
        .sort(),
    ).toEqual(['admin@nws.demo.com', 'qualitycontrol@nws.demo.com']);
    expect(after.items.find((p) => p.email === 'qualitycontrol@nws.demo.com')).toMatchObject({
      totp: true,
      passkeys: 0,
      enrolled: true,
    });
    expect(after.items.find((p) => p.email === 'admin@nws.demo.com')).toMatchObject({
      totp: false,
      passkeys: 1,
      enrolled: true,
    });
    const missing = await admin.customers.twoFactorEnrolment({ enrolled: false, itemsPerPage: -1 });
    expect(missing.total).toBe(before.total - 2);
    const page = await admin.customers.twoFactorEnrolment({ itemsPerPage: 1, page: 2, q: 'nws.demo.com' });
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(before.total);
  });

  it('is for the superadmin (naming the customer) and the customer’s own admin only', async () => {
    const sa = await t.caller('superadmin@demo.com');
    const nws = (await sa.customers.list({ q: 'Northwind' })).items[0];
    expect((await sa.customers.twoFactorEnrolment({ customerId: nws.id })).total).toBeGreaterThan(0);
    await expect(sa.customers.twoFactorEnrolment({})).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const acmeAdmin = await t.caller('admin@demo.com');
    await expect(acmeAdmin.customers.twoFactorEnrolment({ customerId: nws.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const own = await acmeAdmin.customers.twoFactorEnrolment({ itemsPerPage: -1 });
    expect(own.items.every((p) => !p.email.endsWith('@nws.demo.com'))).toBe(true);
    await expect((await t.caller('businessadmin@demo.com')).customers.twoFactorEnrolment({})).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});
