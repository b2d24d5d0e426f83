// Teams: membership, lead roles, delete refused with members, floormanager managing only their
// teams, teamleader and qualitycontrol reading only their own.
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { stringMatching } from '../../../testing/matchers.ts';

const t = await setupTestApp();
const admin = await t.caller('admin@demo.com');

async function userId(email: string): Promise<number> {
  return (await admin.users.list({ q: email })).items[0].id;
}

describe('teams', () => {
  it('lists teams with their leads and member counts', async () => {
    const { items } = await admin.teams.list({});
    const lyon = items.find((x) => x.name === 'Lyon field team')!;
    expect(lyon.floorManager?.email).toBe('floormanager@demo.com');
    expect(lyon.teamLeader?.email).toBe('teamleader@demo.com');
    expect(lyon.memberCount).toBeGreaterThanOrEqual(3);
    const detail = await admin.teams.byId({ id: lyon.id });
    expect(detail.members.map((m) => m.email)).toEqual(
      expect.arrayContaining(['floormanager@demo.com', 'teamleader@demo.com', 'qualitycontrol@demo.com']),
    );
    const byMember = await admin.teams.list({ memberId: await userId('qualitycontrol@demo.com') });
    expect(byMember.items.map((x) => x.name)).toEqual(['Lyon field team']);
  });

  it('refuses deleting a team with members, naming them; an empty team can go', async () => {
    const lyon = (await admin.teams.list({ q: 'Lyon' })).items[0];
    await expect(admin.teams.delete({ id: lyon.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: stringMatching(/Team "Lyon field team" cannot be deleted: it is used by (.*; )?\d+ members \(/),
    });
    const empty = await admin.teams.create({ name: 'Night shift' });
    expect(empty.members).toEqual([]);
    await admin.teams.delete({ id: empty.id });
    await expect(admin.teams.byId({ id: empty.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("checks the leads' roles and the members' customer", async () => {
    const analyst = await userId('analyst@demo.com');
    await expect(admin.teams.create({ name: 'Wrong lead', floorManagerId: analyst })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The floor manager must be a user with the floormanager role',
    });
    const nwsAdmin = await t.caller('admin@nws.demo.com');
    const nwsUser = (await nwsAdmin.users.list({})).items[0];
    await expect(admin.teams.create({ name: 'Cross', memberIds: [nwsUser.id] })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(admin.teams.create({ name: 'Lyon field team' })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('lets a floor manager manage their own teams only (and not create teams)', async () => {
    const fm = await t.caller('floormanager@demo.com');
    const lyon = (await fm.teams.list({ q: 'Lyon' })).items[0];
    const updated = await fm.teams.update({ id: lyon.id, description: 'Covers Lyon, Grenoble and Annecy.' });
    expect(updated.description).toBe('Covers Lyon, Grenoble and Annecy.');
    await expect(fm.teams.create({ name: 'My own team' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const other = await admin.teams.create({ name: 'Audit squad', memberIds: [await userId('analyst@demo.com')] });
    expect((await fm.teams.list({ q: 'Audit squad' })).total).toBe(1);
    await expect(fm.teams.update({ id: other.id, name: 'Taken over' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(fm.teams.archive({ id: other.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('shows team leaders and inspectors only their own teams', async () => {
    const tl = await t.caller('teamleader@demo.com');
    const qc = await t.caller('qualitycontrol@demo.com');
    expect((await tl.teams.list({})).items.map((x) => x.name)).toEqual(['Lyon field team']);
    expect((await qc.teams.list({})).items.map((x) => x.name)).toEqual(['Lyon field team']);
    const paris = (await admin.teams.list({ q: 'Paris' })).items[0];
    await expect(tl.teams.byId({ id: paris.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(tl.teams.update({ id: paris.id, name: 'x' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('replaces members, keeps the leads in, and archives/restores', async () => {
    const qc = await userId('qualitycontrol@demo.com');
    const team = await admin.teams.create({
      name: 'Weekend team',
      floorManagerId: await userId('floormanager@demo.com'),
      teamLeaderId: await userId('teamleader@demo.com'),
      memberIds: [qc],
    });
    expect(team.members.map((m) => m.email).sort()).toEqual([
      'floormanager@demo.com',
      'qualitycontrol@demo.com',
      'teamleader@demo.com',
    ]);
    const trimmed = await admin.teams.update({ id: team.id, memberIds: [] });
    expect(trimmed.members.map((m) => m.email).sort()).toEqual(['floormanager@demo.com', 'teamleader@demo.com']);
    const archived = await admin.teams.archive({ id: team.id });
    expect(archived.archivedAt).toBeInstanceOf(Date);
    expect((await admin.teams.list({ q: 'Weekend' })).total).toBe(0);
    expect((await admin.teams.list({ q: 'Weekend', archived: 'only' })).total).toBe(1);
    await expect(
      admin.users.create({
        email: 'weekend@acme.example',
        fullName: 'Week End',
        role: 'qualitycontrol',
        teamId: team.id,
        password: 'Inspect-2024',
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Team "Weekend team" is archived',
    });
    await admin.teams.restore({ id: team.id });
    expect((await admin.teams.list({ q: 'Weekend' })).total).toBe(1);
  });

  it('deletes a team emptied as the edit dialog empties it, after an archive and a restore', async () => {
    // The dialog saves the fields with the version it read, then removes the members it took out
    // (TeamsPage saveTeam); the history names them (personRefs, read inside the transaction).
    const qc = await userId('qualitycontrol@demo.com');
    const team = await admin.teams.create({ name: 'Night team', memberIds: [qc] });
    expect(team.memberCount).toBe(1);
    const { id, version, name, description, floorManager, teamLeader, active } = team;
    await admin.teams.update({
      id,
      version,
      name,
      description,
      floorManagerId: floorManager?.id ?? null,
      teamLeaderId: teamLeader?.id ?? null,
      active,
    });
    const emptied = await admin.teams.removeMembers({ id, userIds: [qc] });
    expect(emptied.members).toEqual([]);
    const history = await admin.audit.list({ entityType: 'Team', entityId: id });
    expect(history.items[0]).toMatchObject({ changes: { membersRemoved: [{ id: qc, name: 'Quentin Laurent' }] } });

    await admin.teams.archive({ id });
    await admin.teams.restore({ id });
    await expect(admin.teams.delete({ id })).resolves.toEqual({ id, deleted: true });

    // The API's way, memberIds in the update, empties a team as well.
    const other = await admin.teams.create({ name: 'Dawn team', memberIds: [qc] });
    await admin.teams.update({ id: other.id, version: other.version, memberIds: [] });
    await expect(admin.teams.delete({ id: other.id })).resolves.toEqual({ id: other.id, deleted: true });
  });
});
