// Assignments: the rules (location and team of the project's customer, inspector a quality-control
// member of the team), task copies following a change, notifications, delete rules, bulk assignment,
// and who may manage which (team leaders their teams, inspectors read their own).
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/kysely.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { expectRefusal } from '../../../testing/refusals.ts';

const t = await setupTestApp();
const admin = await t.caller('admin@demo.com');
const nws = await t.caller('admin@nws.demo.com');
const k = () => db(t.orm.em.fork());

let counter = 0;
const scheme = (await admin.schemes.list({ view: 'latestPublished' })).items[0];
const lyon = (await admin.teams.list({ q: 'Lyon' })).items[0].id;
const paris = (await admin.teams.list({ q: 'Paris' })).items[0].id;
const userId = async (q: string) => (await admin.users.list({ q })).items[0].id;
const qc = await userId('qualitycontrol@demo.com');
const parisInspector = (await admin.teams.byId({ id: paris })).members.find((m) => m.role === 'qualitycontrol')!.id;
const lyonInspector = (await admin.teams.byId({ id: lyon })).members.find(
  (m) => m.role === 'qualitycontrol' && m.id !== qc,
)!.id;
const allLocations = (await admin.locations.list({ itemsPerPage: 60 })).items;
let nextLocation = 0;
const location = () => allLocations[nextLocation++].id;

async function project() {
  return admin.projects.create({
    code: `ASG-${++counter}`,
    name: 'Assignments',
    schemeId: scheme.id,
    startDate: '2030-03-01',
    endDate: '2030-03-31',
  });
}

async function notificationsOf(user: number, title: string) {
  return k()
    .selectFrom('notifications')
    .select(['body', 'link'])
    .where('user_id', '=', user)
    .where('title', '=', title)
    .execute();
}

describe('assignments: rules', () => {
  it('assigns a location to a team and an inspector of that team, and tells the inspector', async () => {
    const p = await project();
    const loc = location();
    const a = await admin.assignments.create({
      projectId: p.id,
      locationId: loc,
      teamId: lyon,
      assigneeId: qc,
      plannedVisits: 4,
    });
    expect(a).toMatchObject({
      projectId: p.id,
      plannedVisits: 4,
      slots: 0,
      team: { id: lyon },
      assignee: { id: qc },
      location: { id: loc, timeZone: 'Europe/Paris' },
    });
    expect(
      (await notificationsOf(qc, 'Locations assigned to you')).some(
        (n) => n.body.includes(p.code) && n.link === '/tasks',
      ),
    ).toBe(true);
    await expectRefusal(
      admin.assignments.create({ projectId: p.id, locationId: loc, teamId: lyon, plannedVisits: 1 }),
      'CONFLICT',
      'locationId',
      /already assigned/,
    );
    const page = await admin.assignments.list({ projectId: p.id });
    expect(page.items.map((i) => i.id)).toEqual([a.id]);
  });

  it('needs an active quality-control member of the team as inspector', async () => {
    const p = await project();
    await expectRefusal(
      admin.assignments.create({
        projectId: p.id,
        locationId: location(),
        teamId: lyon,
        assigneeId: parisInspector,
        plannedVisits: 1,
      }),
      'BAD_REQUEST',
      'assigneeId',
      /not a member of this team/,
    );
    const teamLeader = await userId('teamleader@demo.com');
    await expectRefusal(
      admin.assignments.create({
        projectId: p.id,
        locationId: location(),
        teamId: lyon,
        assigneeId: teamLeader,
        plannedVisits: 1,
      }),
      'BAD_REQUEST',
      'assigneeId',
      /not an inspector/,
    );
    const nwsInspector = (await nws.users.list({ role: 'qualitycontrol' })).items[0].id;
    await expectRefusal(
      admin.assignments.create({
        projectId: p.id,
        locationId: location(),
        teamId: lyon,
        assigneeId: nwsInspector,
        plannedVisits: 1,
      }),
      'NOT_FOUND',
    );
    await expectRefusal(
      admin.assignments.create({ projectId: p.id, locationId: location(), teamId: lyon, plannedVisits: 400 }),
      'BAD_REQUEST',
      'plannedVisits',
    );
  });

  it("takes locations and teams of the project's customer only, and no archived location", async () => {
    const p = await project();
    const nwsLocation = (await nws.locations.list({})).items[0].id;
    const nwsTeam = (await nws.teams.list({})).items[0].id;
    await expectRefusal(
      admin.assignments.create({ projectId: p.id, locationId: nwsLocation, teamId: lyon, plannedVisits: 1 }),
      'NOT_FOUND',
    );
    await expectRefusal(
      admin.assignments.create({ projectId: p.id, locationId: location(), teamId: nwsTeam, plannedVisits: 1 }),
      'NOT_FOUND',
    );
    const archived = location();
    await admin.locations.archive({ id: archived });
    await expectRefusal(
      admin.assignments.create({ projectId: p.id, locationId: archived, teamId: lyon, plannedVisits: 1 }),
      'BAD_REQUEST',
      'locationId',
      /archived/,
    );
    await admin.locations.restore({ id: archived });
  });
});

describe('assignments: changes', () => {
  it('moves the copies of its scheduled tasks to a new inspector and team, not those already started', async () => {
    const p = await project();
    const a = await admin.assignments.create({
      projectId: p.id,
      locationId: location(),
      teamId: lyon,
      assigneeId: qc,
      plannedVisits: 2,
    });
    const first = await admin.slots.create({
      assignmentId: a.id,
      startsAt: new Date('2030-03-04T09:00:00Z'),
      endsAt: new Date('2030-03-04T10:00:00Z'),
    });
    const second = await admin.slots.create({
      assignmentId: a.id,
      startsAt: new Date('2030-03-05T09:00:00Z'),
      endsAt: new Date('2030-03-05T10:00:00Z'),
    });
    await k().updateTable('tasks').set({ status: 'in_progress' }).where('id', '=', first.taskId).execute();
    const updated = await admin.assignments.update({ id: a.id, version: a.version, assigneeId: lyonInspector });
    expect(updated.assignee?.id).toBe(lyonInspector);
    const tasks = await k()
      .selectFrom('tasks')
      .select(['id', 'assignee_id', 'team_id', 'version'])
      .where('assignment_id', '=', a.id)
      .orderBy('id')
      .execute();
    expect(tasks).toEqual([
      { id: first.taskId, assignee_id: qc, team_id: lyon, version: 1 },
      { id: second.taskId, assignee_id: lyonInspector, team_id: lyon, version: 2 },
    ]);
    expect(
      (await notificationsOf(lyonInspector, 'Locations assigned to you')).some((n) =>
        n.body.includes('Planned visits that came with them: 1.'),
      ),
    ).toBe(true);
    // Another team: the inspector must belong to it too.
    await expectRefusal(
      admin.assignments.update({ id: a.id, teamId: paris }),
      'BAD_REQUEST',
      'assigneeId',
      /not a member/,
    );
    const moved = await admin.assignments.update({ id: a.id, teamId: paris, assigneeId: parisInspector });
    expect(moved.team.id).toBe(paris);
    const secondTask = await k()
      .selectFrom('tasks')
      .select(['team_id', 'assignee_id'])
      .where('id', '=', second.taskId)
      .executeTakeFirstOrThrow();
    expect(secondTask).toEqual({ team_id: paris, assignee_id: parisInspector });
    await expectRefusal(admin.assignments.update({ id: a.id, version: a.version, plannedVisits: 3 }), 'CONFLICT');
  });

  it('refuses to delete once a task has started; otherwise deletes its slots and tasks', async () => {
    const p = await project();
    const a = await admin.assignments.create({
      projectId: p.id,
      locationId: location(),
      teamId: lyon,
      plannedVisits: 2,
    });
    const slot = await admin.slots.create({
      assignmentId: a.id,
      startsAt: new Date('2030-03-04T09:00:00Z'),
      endsAt: new Date('2030-03-04T10:00:00Z'),
    });
    await admin.slots.create({
      assignmentId: a.id,
      startsAt: new Date('2030-03-05T09:00:00Z'),
      endsAt: new Date('2030-03-05T10:00:00Z'),
    });
    await k().updateTable('tasks').set({ status: 'submitted' }).where('id', '=', slot.taskId).execute();
    await expectRefusal(admin.assignments.delete({ id: a.id }), 'CONFLICT');
    await k().updateTable('tasks').set({ status: 'scheduled' }).where('id', '=', slot.taskId).execute();
    await expect(admin.assignments.delete({ id: a.id })).resolves.toEqual({ id: a.id, deleted: true });
    const left = await k().selectFrom('slots').select('id').where('assignment_id', '=', a.id).execute();
    expect(left).toEqual([]);
    expect(await k().selectFrom('tasks').select('id').where('assignment_id', '=', a.id).execute()).toEqual([]);
  });

  it('assigns many locations at once: new ones created, existing ones updated, unchanged ones counted', async () => {
    const p = await project();
    const [l1, l2, l3] = [location(), location(), location()];
    await admin.assignments.create({ projectId: p.id, locationId: l1, teamId: lyon, assigneeId: qc, plannedVisits: 4 });
    await admin.assignments.create({ projectId: p.id, locationId: l2, teamId: lyon, plannedVisits: 2 });
    const result = await admin.assignments.bulkCreate({
      projectId: p.id,
      locationIds: [l1, l2, l3, l3],
      teamId: lyon,
      assigneeId: qc,
      plannedVisits: 4,
    });
    expect(result).toEqual({ created: 1, updated: 1, unchanged: 1 });
    const page = await admin.assignments.list({ projectId: p.id, itemsPerPage: -1 });
    expect(page.total).toBe(3);
    expect(page.items.every((i) => i.assignee?.id === qc && i.plannedVisits === 4)).toBe(true);
    await expectRefusal(
      admin.assignments.bulkCreate({ projectId: p.id, locationIds: [], teamId: lyon, plannedVisits: 1 }),
      'BAD_REQUEST',
      'locationIds',
    );
    // Sorted and searched by the location's code.
    const sorted = await admin.assignments.list({ projectId: p.id, sortBy: 'location', orderBy: 'desc' });
    const codes = sorted.items.map((i) => i.location.code);
    expect(codes).toEqual([...codes].sort().reverse());
    const one = await admin.assignments.list({ projectId: p.id, q: codes[0] });
    expect(one.items.map((i) => i.location.code)).toContain(codes[0]);
  });
});

describe('assignments: who may manage them', () => {
  it("lets a team leader manage only its teams' assignments, and an inspector read only its own", async () => {
    const p = await project();
    const leader = await t.caller('teamleader@demo.com');
    const own = await leader.assignments.create({
      projectId: p.id,
      locationId: location(),
      teamId: lyon,
      assigneeId: qc,
      plannedVisits: 1,
    });
    await expectRefusal(
      leader.assignments.create({ projectId: p.id, locationId: location(), teamId: paris, plannedVisits: 1 }),
      'FORBIDDEN',
    );
    const theirs = await admin.assignments.create({
      projectId: p.id,
      locationId: location(),
      teamId: paris,
      plannedVisits: 1,
    });
    await expectRefusal(leader.assignments.update({ id: theirs.id, plannedVisits: 2 }), 'FORBIDDEN');
    await expectRefusal(leader.assignments.update({ id: own.id, teamId: paris }), 'FORBIDDEN');
    expect((await leader.assignments.list({ projectId: p.id })).items.map((i) => i.id)).toEqual([own.id]);
    const inspector = await t.caller('qualitycontrol@demo.com');
    expect((await inspector.assignments.list({ projectId: p.id })).items.map((i) => i.id)).toEqual([own.id]);
    await expectRefusal(inspector.assignments.byId({ id: theirs.id }), 'NOT_FOUND');
    await expectRefusal(inspector.assignments.update({ id: own.id, plannedVisits: 3 }), 'FORBIDDEN');
    const floor = await t.caller('floormanager@demo.com');
    await expect(floor.assignments.update({ id: theirs.id, plannedVisits: 2 })).resolves.toMatchObject({
      plannedVisits: 2,
    });
    const bu = await t.caller('businessuser@demo.com');
    expect((await bu.assignments.list({ projectId: p.id })).total).toBe(2);
    await expectRefusal(bu.assignments.delete({ id: own.id }), 'FORBIDDEN');
  });
});
