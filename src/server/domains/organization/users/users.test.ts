// Users: create and invite, tenant and role limits (no superadmin by admins), team visibility
// for floor managers and team leaders, activation with seats, deactivation ending sessions,
// admin password resets, and guarded deletes.
import { describe, expect, it, vi } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { stringContaining } from '../../../testing/matchers.ts';
import { OutboxEmail } from '../../platform/outbox/outbox.entity.ts';

const t = await setupTestApp();
const superadmin = await t.caller('superadmin@demo.com');
const admin = await t.caller('admin@demo.com');

async function login(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

async function outboxFor(email: string) {
  return t.orm.em.fork().find(OutboxEmail, { to: email }, { orderBy: { id: 'asc' } });
}

describe('users', () => {
  it("creates a usable account in the admin's own customer, with a team", async () => {
    const lyon = (await admin.teams.list({ q: 'Lyon' })).items[0];
    const created = await admin.users.create({
      email: 'Nadia.Benali@Acme.example',
      fullName: 'Nadia Benali',
      role: 'qualitycontrol',
      teamId: lyon.id,
      password: 'Inspect-2024',
    });
    expect(created).toMatchObject({
      email: 'nadia.benali@acme.example',
      customerCode: 'ACME',
      status: 'active',
      team: { id: lyon.id, name: 'Lyon field team' },
    });
    expect(created.teams).toEqual([{ id: lyon.id, name: 'Lyon field team' }]);
    expect((await admin.teams.byId({ id: lyon.id })).members.map((m) => m.email)).toContain(
      'nadia.benali@acme.example',
    );
    expect((await login('nadia.benali@acme.example', 'Inspect-2024')).statusCode).toBe(201);
    await expect(
      admin.users.create({
        email: 'NADIA.benali@acme.example',
        fullName: 'Again',
        role: 'analyst',
        password: 'Inspect-2024',
      }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'An account with this email already exists',
    });
  });

  it('invites without a password: a link to choose one goes out by e-mail', async () => {
    const info = vi.spyOn(t.app.log, 'info');
    try {
      const invited = await admin.users.create({
        email: 'paul.girard@acme.example',
        fullName: 'Paul Girard',
        role: 'analyst',
      });
      expect(invited.status).toBe('active');
      const mails = await outboxFor('paul.girard@acme.example');
      expect(mails).toHaveLength(1);
      expect(mails[0].body).toMatch(/\/reset-password\?token=/);
      // Reported through the requesting app's outbox (the log is how a developer sees the link).
      expect(info).toHaveBeenCalledWith(
        expect.objectContaining({ to: 'paul.girard@acme.example', kind: 'invitation', body: mails[0].body }),
        'email queued',
      );
    } finally {
      info.mockRestore();
    }
  });

  it("lists a just-invited user as invited (not a created one), and the team's history records the member the invitation added", async () => {
    const team = (await admin.teams.list({ q: 'Lyon' })).items[0];
    const invited = await admin.users.create({
      email: 'ines.morel@acme.example',
      fullName: 'Ines Morel',
      role: 'qualitycontrol',
      teamId: team.id,
    });
    const created = await admin.users.create({
      email: 'hugo.lambert@acme.example',
      fullName: 'Hugo Lambert',
      role: 'analyst',
      password: 'Inspect-2024',
    });
    const listed = new Map(
      (await admin.users.list({ q: 'acme.example', itemsPerPage: 100 })).items.map((u) => [u.id, u]),
    );
    expect(listed.get(invited.id)).toMatchObject({ status: 'active', invited: true });
    expect(listed.get(created.id)).toMatchObject({ invited: false });

    const history = await admin.audit.list({ entityType: 'Team', entityId: team.id });
    expect(history.items[0]).toMatchObject({
      action: 'update',
      changes: { membersAdded: [{ id: invited.id, name: 'Ines Morel' }] },
    });
  });

  it('never lets an admin create a superadmin or reach another customer', async () => {
    await expect(
      admin.users.create({ email: 'x@acme.example', fullName: 'Xavier', role: 'superadmin', password: 'Inspect-2024' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const nws = (await superadmin.customers.list({ q: 'NWS' })).items[0];
    await expect(
      admin.users.create({
        customerId: nws.id,
        email: 'x@nws.example',
        fullName: 'Xavier',
        role: 'analyst',
        password: 'Inspect-2024',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const self = (await admin.users.list({ q: 'admin@demo.com' })).items[0];
    await expect(admin.users.update({ id: self.id, role: 'analyst' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'You cannot change your own role',
    });
    const analyst = (await admin.users.list({ q: 'analyst@demo.com' })).items[0];
    await expect(admin.users.update({ id: analyst.id, role: 'superadmin' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    // The superadmin names the customer, and only the superadmin is outside every customer.
    await expect(
      superadmin.users.create({ email: 'y@nws.example', fullName: 'Yara', role: 'analyst', password: 'Inspect-2024' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const nwsUser = await superadmin.users.create({
      customerId: nws.id,
      email: 'y@nws.example',
      fullName: 'Yara',
      role: 'analyst',
      password: 'Inspect-2024',
    });
    expect(nwsUser.customerCode).toBe('NWS');
  });

  it("deactivation ends the user's sessions at once and blocks sign-in; activation brings them back", async () => {
    const user = await admin.users.create({
      email: 'temp.worker@acme.example',
      fullName: 'Temp Worker',
      role: 'analyst',
      password: 'Inspect-2024',
    });
    const token = (await login('temp.worker@acme.example', 'Inspect-2024')).json<{ accessToken: string }>().accessToken;
    const me = () =>
      t.app.inject({ method: 'GET', url: '/api/export/directions.csv', headers: { authorization: `Bearer ${token}` } });
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200); // the session is now kept by this process (session-cache.ts)
    // Deactivated over HTTP, as the admin's browser does: the process that answers forgets its sessions
    // before it answers, so the next request meets no kept session. (Through a caller, only the change's
    // notification would tell the cache, a moment later.)
    const deactivated = await t.request({
      method: 'POST',
      url: '/trpc/users.deactivate',
      as: 'admin@demo.com',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ json: { id: user.id } }),
    });
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json<{ result: { data: { json: { status: string } } } }>().result.data.json.status).toBe(
      'inactive',
    );
    expect((await me()).statusCode).toBe(401);
    const refused = await login('temp.worker@acme.example', 'Inspect-2024');
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('deactivated');
    await admin.users.activate({ id: user.id });
    expect((await login('temp.worker@acme.example', 'Inspect-2024')).statusCode).toBe(201);
  });

  it('refuses deactivating oneself and the last active admin', async () => {
    const self = (await admin.users.list({ q: 'admin@demo.com' })).items[0];
    await expect(admin.users.deactivate({ id: self.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'You cannot deactivate your own account',
    });
    await expect(superadmin.users.deactivate({ id: self.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: stringContaining('last active admin'),
    });
  });

  it('resets a password: set directly (sessions end) or by e-mail', async () => {
    const user = await admin.users.create({
      email: 'forgetful@acme.example',
      fullName: 'Forget Ful',
      role: 'analyst',
      password: 'Inspect-2024',
    });
    const token = (await login('forgetful@acme.example', 'Inspect-2024')).json<{ accessToken: string }>().accessToken;
    expect(await admin.users.resetPassword({ id: user.id, password: 'Brand-New-2025' })).toEqual({
      id: user.id,
      mode: 'set',
    });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/export/classes.csv',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(401);
    expect((await login('forgetful@acme.example', 'Inspect-2024')).statusCode).toBe(400);
    expect((await login('forgetful@acme.example', 'Brand-New-2025')).statusCode).toBe(201);
    expect(await admin.users.resetPassword({ id: user.id })).toEqual({ id: user.id, mode: 'email' });
    expect((await outboxFor('forgetful@acme.example')).at(-1)?.subject).toMatch(/Reset your Opsdesk password/);
    await expect(admin.users.resetPassword({ id: user.id, password: 'short' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it("shows floor managers and team leaders only their teams' members, and qualitycontrol only themself", async () => {
    const fm = await t.caller('floormanager@demo.com');
    const tl = await t.caller('teamleader@demo.com');
    const qc = await t.caller('qualitycontrol@demo.com');
    const lyon = (await admin.teams.byId({ id: (await admin.teams.list({ q: 'Lyon' })).items[0].id })).members
      .map((m) => m.email)
      .sort();
    const tlSees = (await tl.users.list({ itemsPerPage: -1 })).items.map((u) => u.email).sort();
    expect(tlSees).toEqual(lyon);
    const fmSees = (await fm.users.list({ itemsPerPage: -1 })).items.map((u) => u.email);
    expect(fmSees).toEqual(expect.arrayContaining(lyon));
    expect(fmSees).not.toContain('analyst@demo.com');
    const qcSees = await qc.users.list({});
    expect(qcSees.items.map((u) => u.email)).toEqual(['qualitycontrol@demo.com']);
    const analyst = (await admin.users.list({ q: 'analyst@demo.com' })).items[0];
    await expect(tl.users.byId({ id: analyst.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(tl.users.update({ id: analyst.id, fullName: 'Xavier Renamed' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect((await t.caller('businessuser@demo.com')).users.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it("moves a user between teams and keeps the session's team conditions current", async () => {
    const tl = await t.caller('teamleader@demo.com');
    const paris = (await admin.teams.list({ q: 'Paris' })).items[0];
    const lyon = (await admin.teams.list({ q: 'Lyon' })).items[0];
    const mover = await admin.users.create({
      email: 'mover@acme.example',
      fullName: 'Mo Ver',
      role: 'qualitycontrol',
      teamId: paris.id,
      password: 'Inspect-2024',
    });
    expect((await tl.users.list({ q: 'mover@' })).total).toBe(0);
    const moved = await admin.users.update({ id: mover.id, teamId: lyon.id });
    expect(moved.team?.id).toBe(lyon.id);
    expect(moved.teams.map((x) => x.id)).toEqual([lyon.id]);
    expect((await tl.users.list({ q: 'mover@' })).total).toBe(1);
    expect((await admin.users.list({ teamId: paris.id, q: 'mover@' })).total).toBe(0);
  });

  it('refuses deleting a team lead, and deletes an unused account', async () => {
    const lead = (await admin.users.list({ q: 'teamleader@demo.com' })).items[0];
    await expect(admin.users.delete({ id: lead.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: stringContaining('1 team as its lead (Lyon field team)'),
    });
    const spare = await admin.users.create({
      email: 'spare@acme.example',
      fullName: 'Spare Account',
      role: 'analyst',
      password: 'Inspect-2024',
    });
    await admin.users.delete({ id: spare.id });
    await expect(admin.users.byId({ id: spare.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('filters, searches and sorts in SQL', async () => {
    const qcs = await admin.users.list({ role: 'qualitycontrol', sortBy: 'email', orderBy: 'desc', itemsPerPage: -1 });
    expect(qcs.items.every((u) => u.role === 'qualitycontrol')).toBe(true);
    const emails = qcs.items.map((u) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());
    expect((await admin.users.list({ q: 'Okafor' })).items.map((u) => u.email)).toEqual(['analyst@demo.com']);
  });
});
