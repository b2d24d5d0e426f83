// CONCURRENT WRITES: two people saving the same record from the same read,
// two additions to one team's members, two deactivations of a customer's last two admins. Each race
// runs several rounds of two requests started together; the database decides, never a JS check.
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../testing/app.ts';

const t = await setupTestApp();
const sa = await t.caller('superadmin@demo.com');
const admin = await t.caller('admin@demo.com');

/** tRPC over HTTP as `as` (bearer token): the real status code and the error's shape. */
async function trpcMutation(path: string, input: unknown, as = 'admin@demo.com') {
  const res = await t.request({ method: 'POST', url: `/trpc/${path}`, payload: { json: input }, as });
  return {
    status: res.statusCode,
    body: JSON.parse(res.body) as {
      result?: { data: { json: Record<string, unknown> } };
      error?: { json: { message: string; data: Record<string, unknown> } };
    },
  };
}

const STALE =
  'This location was changed by someone else since you opened it. Reload it to see their changes, or save again to overwrite them.';

describe('record versions (optimistic locking)', () => {
  it('every record output has its version; an update moves it', async () => {
    const [direction] = (await admin.directions.list({ itemsPerPage: 1 })).items;
    expect(direction.version).toBeGreaterThanOrEqual(1);
    for (const item of [
      (await admin.subDirections.list({ itemsPerPage: 1 })).items[0],
      (await admin.classes.list({ itemsPerPage: 1 })).items[0],
      (await admin.locations.list({ itemsPerPage: 1 })).items[0],
      (await admin.teams.list({ itemsPerPage: 1 })).items[0],
      (await admin.users.list({ itemsPerPage: 1 })).items[0],
      (await sa.customers.list({ itemsPerPage: 1 })).items[0],
      (await sa.licenses.list({ itemsPerPage: 1 })).items[0],
    ]) {
      expect(item.version).toBeGreaterThanOrEqual(1);
    }
    expect((await admin.schemes.list({ itemsPerPage: 1 })).items[0].lockVersion).toBeGreaterThanOrEqual(1);
    const updated = await admin.directions.update({
      id: direction.id,
      version: direction.version,
      description: `v-${Date.now()}`,
    });
    expect(updated.version).toBe(direction.version + 1);
  });

  it('refuses a stale version with CONFLICT (409, no field errors) and keeps the stored value', async () => {
    const location = (await admin.locations.list({ itemsPerPage: 1 })).items[0];
    const first = await trpcMutation('locations.update', {
      id: location.id,
      version: location.version,
      name: 'Saved first',
    });
    expect(first.status).toBe(200);
    const second = await trpcMutation('locations.update', {
      id: location.id,
      version: location.version,
      name: 'Saved from a stale copy',
    });
    expect(second.status).toBe(409);
    expect(second.body.error!.json.message).toBe(STALE);
    expect(second.body.error!.json.data.fieldErrors ?? null).toBeNull();
    expect(second.body.error!.json.data.stale).toBe(true);
    expect((await admin.locations.byId({ id: location.id })).name).toBe('Saved first');
  });

  it('20 rounds of two updates from the same read: exactly one 200 and one 409, the acknowledged value stored', async () => {
    const location = (await admin.locations.list({ itemsPerPage: 2 })).items[1];
    const outcomes: string[] = [];
    for (let round = 0; round < 20; round++) {
      const read = await admin.locations.byId({ id: location.id });
      const names = [`Round ${round} A`, `Round ${round} B`];
      const results = await Promise.all(
        names.map((name) => trpcMutation('locations.update', { id: location.id, version: read.version, name })),
      );
      const statuses = results.map((r) => r.status);
      outcomes.push(statuses.join('/'));
      expect([...statuses].sort()).toEqual([200, 409]);
      const acknowledged = names[statuses.indexOf(200)];
      const stored = await admin.locations.byId({ id: location.id });
      expect(stored.name).toBe(acknowledged);
      expect(stored.version).toBe(read.version + 1);
    }
    console.info(`[concurrent-writes] location updates, 20 rounds: ${outcomes.join(' ')}`);
  });

  it('without a version the last write wins (scripts): both answered 200', async () => {
    const location = (await admin.locations.list({ itemsPerPage: 3 })).items[2];
    for (let round = 0; round < 5; round++) {
      const names = [`Script ${round} A`, `Script ${round} B`];
      const results = await Promise.all(
        names.map((name) => trpcMutation('locations.update', { id: location.id, name })),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect(names).toContain((await admin.locations.byId({ id: location.id })).name);
    }
  });

  it('checks the version of users, teams, customers, licenses and schemes too', async () => {
    const user = (await admin.users.list({ q: 'analyst@demo.com' })).items[0];
    await admin.users.update({ id: user.id, version: user.version, language: 'fr' });
    await expect(admin.users.update({ id: user.id, version: user.version, language: 'de' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const team = (await admin.teams.list({ itemsPerPage: 1 })).items[0];
    await admin.teams.update({ id: team.id, version: team.version, description: 'One' });
    await expect(admin.teams.update({ id: team.id, version: team.version, description: 'Two' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const customer = (await sa.customers.list({ q: 'NWS' })).items[0];
    await sa.customers.update({ id: customer.id, version: customer.version, city: 'Lille' });
    await expect(
      sa.customers.update({ id: customer.id, version: customer.version, city: 'Nice' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const draft = await admin.schemes.create({
      name: 'Versioned draft',
      sections: [{ title: 'S', questions: [{ text: 'Q', type: 'yesno' }] }],
    });
    await admin.schemes.update({
      id: draft.id,
      lockVersion: draft.lockVersion,
      sections: [{ title: 'S2', questions: [{ text: 'Q2', type: 'yesno' }] }],
    });
    await expect(
      admin.schemes.update({ id: draft.id, lockVersion: draft.lockVersion, passingScore: 50 }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});

describe('team members: add and remove operations', () => {
  it('10 rounds of two concurrent additions from the same read: both members present every round', async () => {
    const team = await admin.teams.create({ name: `Race team ${Date.now()}` });
    const candidates = (await admin.users.list({ itemsPerPage: -1 })).items.filter((u) => u.role !== 'admin');
    expect(candidates.length).toBeGreaterThanOrEqual(4);
    for (let round = 0; round < 10; round++) {
      const read = await admin.teams.byId({ id: team.id });
      expect(read.members).toHaveLength(0);
      const pair = [candidates[(2 * round) % candidates.length].id, candidates[(2 * round + 1) % candidates.length].id];
      const results = await Promise.all(
        pair.map((userId) => trpcMutation('teams.addMembers', { id: read.id, userIds: [userId] })),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      const members = (await admin.teams.byId({ id: team.id })).members.map((m) => m.id);
      expect(members).toEqual(expect.arrayContaining(pair));
      expect(members).toHaveLength(2);
      await admin.teams.removeMembers({ id: team.id, userIds: pair });
    }
  });

  it('is idempotent, and removes members one change at a time', async () => {
    const [a, b, c] = (await admin.users.list({ role: 'qualitycontrol', itemsPerPage: 3 })).items.map((u) => u.id);
    const team = await admin.teams.create({ name: `Ops team ${Date.now()}`, memberIds: [a] });
    const again = await admin.teams.addMembers({ id: team.id, userIds: [a, b] });
    expect(again.members.map((m) => m.id).sort()).toEqual([a, b].sort());
    const [left1, left2] = await Promise.all([
      admin.teams.removeMembers({ id: team.id, userIds: [a] }),
      admin.teams.addMembers({ id: team.id, userIds: [c] }),
    ]);
    expect(left1.members.map((m) => m.id)).not.toContain(a);
    expect(left2.members.map((m) => m.id)).toContain(c);
    expect((await admin.teams.byId({ id: team.id })).members.map((m) => m.id).sort()).toEqual([b, c].sort());
    expect((await admin.teams.removeMembers({ id: team.id, userIds: [a] })).members).toHaveLength(2); // not a member: nothing
  });

  it('keeps the leads as members', async () => {
    const fm = (await admin.users.list({ role: 'floormanager', itemsPerPage: 1 })).items[0];
    const team = await admin.teams.create({ name: `Led team ${Date.now()}`, floorManagerId: fm.id });
    await expect(admin.teams.removeMembers({ id: team.id, userIds: [fm.id] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('the last active admin of a customer', () => {
  it('5 rounds of two concurrent deactivations of the last two admins: exactly one succeeds', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 5; round++) {
      const code = `LA${Date.now().toString(36).slice(-5).toUpperCase()}${round}`;
      const customer = await sa.customers.create({ code, name: `Last admin ${code}` });
      await sa.licenses.create({
        customerId: customer.id,
        plan: 'team',
        seats: 10,
        startsAt: new Date(Date.now() - 864e5),
        expiresAt: new Date(Date.now() + 30 * 864e5),
      });
      const admins = await Promise.all(
        [1, 2].map((n) =>
          sa.users.create({
            customerId: customer.id,
            email: `admin${n}@${code.toLowerCase()}.example`,
            fullName: `Admin ${n}`,
            role: 'admin',
            password: 'Admin-2024!',
          }),
        ),
      );
      const results = await Promise.allSettled(admins.map((a) => sa.users.deactivate({ id: a.id })));
      outcomes.push(results.map((r) => r.status).join('/'));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ code: 'CONFLICT' });
      const active = (await sa.users.list({ customerId: customer.id, role: 'admin', status: 'active' })).total;
      expect(active).toBe(1);
    }
    console.info(`[concurrent-writes] last-admin deactivations, 5 rounds: ${outcomes.join(' ')}`);
  });

  it('a role change racing a deactivation keeps one admin too', async () => {
    const code = `LR${Date.now().toString(36).slice(-6).toUpperCase()}`;
    const customer = await sa.customers.create({ code, name: `Last admin ${code}` });
    await sa.licenses.create({
      customerId: customer.id,
      plan: 'team',
      seats: 10,
      startsAt: new Date(Date.now() - 864e5),
      expiresAt: new Date(Date.now() + 30 * 864e5),
    });
    const [a, b] = await Promise.all(
      [1, 2].map((n) =>
        sa.users.create({
          customerId: customer.id,
          email: `admin${n}@${code.toLowerCase()}.example`,
          fullName: `Admin ${n}`,
          role: 'admin',
          password: 'Admin-2024!',
        }),
      ),
    );
    const results = await Promise.allSettled([
      sa.users.update({ id: a.id, role: 'analyst' }),
      sa.users.deactivate({ id: b.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await sa.users.list({ customerId: customer.id, role: 'admin', status: 'active' })).total).toBe(1);
  });
});
