// Projects: validation with field messages, the lifecycle (allowed and refused transitions), who may
// change what (a business user only its own), progress figures computed from the tasks, audit events.
import { describe, expect, it } from 'vitest';
import { AuditEvent } from '../../../lib/audit/audit-event.entity.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { anyDate, anyString } from '../../../testing/matchers.ts';
import { expectRefusal } from '../../../testing/refusals.ts';

const t = await setupTestApp();
const admin = await t.caller('admin@demo.com');
const sa = await t.caller('superadmin@demo.com');
const nws = await t.caller('admin@nws.demo.com');

const publishedScheme = async () => (await admin.schemes.list({ view: 'latestPublished' })).items[0];
const teamId = async (name: string) => (await admin.teams.list({ q: name })).items[0].id;
const inspectorId = async (email: string) => (await admin.users.list({ q: email })).items[0].id;
const locations = async (n: number) => (await admin.locations.list({ itemsPerPage: n })).items;
let counter = 0;
const code = () => `PRJ-${++counter}`;

async function draft(overrides: Partial<{ code: string; startDate: string; endDate: string }> = {}) {
  const scheme = await publishedScheme();
  return admin.projects.create({
    code: code(),
    name: 'Spring checks',
    schemeId: scheme.id,
    startDate: '2026-03-01',
    endDate: '2026-04-30',
    ...overrides,
  });
}

const rejects = expectRefusal;

describe("projects: the planning form's chosen locations", () => {
  it("keeps the chosen locations with the project (assigned ones left out), for any later session; refuses another customer's", async () => {
    const project = await draft();
    const [a, b, c] = await locations(3);
    expect(await admin.projects.locationChoice({ id: project.id })).toEqual({ locationIds: [] });
    await admin.projects.saveLocationChoice({ id: project.id, locationIds: [a.id, b.id, c.id] });
    expect((await admin.projects.locationChoice({ id: project.id })).locationIds.sort()).toEqual(
      [a.id, b.id, c.id].sort(),
    );
    // Assigning one takes it off the choice still waiting.
    await admin.assignments.create({
      projectId: project.id,
      locationId: a.id,
      teamId: await teamId('Lyon'),
      plannedVisits: 1,
    });
    expect((await admin.projects.locationChoice({ id: project.id })).locationIds.sort()).toEqual([b.id, c.id].sort());
    const nwsLocation = (await nws.locations.list({ itemsPerPage: 1 })).items[0];
    await rejects(
      admin.projects.saveLocationChoice({ id: project.id, locationIds: [b.id, nwsLocation.id] }),
      'BAD_REQUEST',
      'locationIds',
    );
    await rejects(nws.projects.locationChoice({ id: project.id }), 'NOT_FOUND');
  });
});

describe('projects: validation', () => {
  it('creates a draft owned by its creator with the pinned scheme version and empty progress', async () => {
    const scheme = await publishedScheme();
    const project = await admin.projects.create({
      code: code(),
      name: 'Q1 audit',
      description: 'First pass',
      schemeId: scheme.id,
      startDate: '2026-01-05',
      endDate: '2026-03-31',
    });
    expect(project).toMatchObject({
      status: 'draft',
      startDate: '2026-01-05',
      endDate: '2026-03-31',
      scheme: { id: scheme.id, key: scheme.key, version: scheme.version },
      owner: { name: anyString() },
      progress: { tasks: 0, completionRate: null, passRate: null, averageScore: null, locations: 0 },
    });
    expect(project.progress.byStatus).toMatchObject({ scheduled: 0, approved: 0, missed: 0 });
    expect((await admin.projects.byId({ id: project.id })).id).toBe(project.id);
    const events = await t.orm.em.fork().find(AuditEvent, { entityType: 'Project', entityId: project.id });
    expect(events.map((e) => e.action)).toEqual(['create']);
  });

  it('refuses a duplicate code in the customer (CONFLICT on code), but not in another customer', async () => {
    const first = await draft();
    await rejects(draft({ code: first.code }), 'CONFLICT', 'code', /already uses this code/);
    const nwsScheme = (await nws.schemes.list({ view: 'latestPublished' })).items[0];
    await expect(
      nws.projects.create({
        code: first.code,
        name: 'Same code',
        schemeId: nwsScheme.id,
        startDate: '2026-01-01',
        endDate: '2026-01-31',
      }),
    ).resolves.toMatchObject({ code: first.code });
  });

  it('refuses an end date before the start date, on endDate', async () => {
    await rejects(
      draft({ startDate: '2026-05-01', endDate: '2026-04-30' }),
      'BAD_REQUEST',
      'endDate',
      /on or after the start date/,
    );
    const project = await draft();
    await rejects(
      admin.projects.update({ id: project.id, endDate: '2026-02-01' }),
      'BAD_REQUEST',
      'endDate',
      /on or after the start date/,
    );
  });

  it('needs a published scheme of the same customer', async () => {
    const scheme = await admin.schemes.create({
      name: `Draft scheme ${code()}`,
      sections: [{ title: 'S', questions: [{ text: 'Q', type: 'yesno' }] }],
    });
    await rejects(
      admin.projects.create({
        code: code(),
        name: 'X',
        schemeId: scheme.id,
        startDate: '2026-01-01',
        endDate: '2026-01-02',
      }),
      'BAD_REQUEST',
      'schemeId',
      /choose a published version/,
    );
    const nwsScheme = (await nws.schemes.list({ view: 'latestPublished' })).items[0];
    await rejects(
      admin.projects.create({
        code: code(),
        name: 'X',
        schemeId: nwsScheme.id,
        startDate: '2026-01-01',
        endDate: '2026-01-02',
      }),
      'NOT_FOUND',
    );
  });

  it('lets the superadmin create for a named customer only', async () => {
    const scheme = await publishedScheme();
    await rejects(
      sa.projects.create({
        code: code(),
        name: 'X',
        schemeId: scheme.id,
        startDate: '2026-01-01',
        endDate: '2026-01-02',
      }),
      'BAD_REQUEST',
      'customerId',
    );
    const acme = (await sa.customers.list({ q: 'ACME' })).items[0].id;
    await expect(
      sa.projects.create({
        customerId: acme,
        code: code(),
        name: 'X',
        schemeId: scheme.id,
        startDate: '2026-01-01',
        endDate: '2026-01-02',
      }),
    ).resolves.toMatchObject({ customerId: acme });
  });

  it('changes the scheme only while a draft; refuses a stale version', async () => {
    const project = await draft();
    const renamed = await admin.projects.update({ id: project.id, version: project.version, name: 'Renamed' });
    expect(renamed.name).toBe('Renamed');
    await expect(
      admin.projects.update({ id: project.id, version: project.version, name: 'Stale' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});

describe('projects: lifecycle', () => {
  it('needs an assignment to activate, then goes active ⇄ on hold → completed; archive and restore', async () => {
    const project = await draft();
    await rejects(
      admin.projects.activate({ id: project.id }),
      'BAD_REQUEST',
      'assignments',
      /Assign at least one location/,
    );
    const [location] = await locations(1);
    await admin.assignments.create({
      projectId: project.id,
      locationId: location.id,
      teamId: await teamId('Lyon'),
      plannedVisits: 2,
    });
    await rejects(admin.projects.hold({ id: project.id }), 'CONFLICT');
    await rejects(admin.projects.complete({ id: project.id }), 'CONFLICT');
    await rejects(admin.projects.restore({ id: project.id }), 'CONFLICT');
    const active = await admin.projects.activate({ id: project.id });
    expect(active.status).toBe('active');
    await rejects(admin.projects.activate({ id: project.id }), 'CONFLICT');
    await rejects(admin.projects.archive({ id: project.id }), 'CONFLICT');
    expect((await admin.projects.hold({ id: project.id })).status).toBe('on_hold');
    await rejects(admin.projects.hold({ id: project.id }), 'CONFLICT');
    expect((await admin.projects.activate({ id: project.id })).status).toBe('active');
    await expect(
      admin.projects.update({ id: project.id, schemeId: (await publishedScheme()).id }),
    ).resolves.toBeTruthy();
    const completed = await admin.projects.complete({ id: project.id });
    expect(completed.status).toBe('completed');
    await rejects(admin.projects.activate({ id: project.id }), 'CONFLICT');
    await rejects(admin.projects.update({ id: project.id, name: 'After' }), 'CONFLICT');
    await rejects(
      admin.assignments.create({
        projectId: project.id,
        locationId: (await locations(2))[1].id,
        teamId: await teamId('Lyon'),
        plannedVisits: 1,
      }),
      'CONFLICT',
    );
    const archived = await admin.projects.archive({ id: project.id });
    expect(archived).toMatchObject({ status: 'archived', archivedAt: anyDate() });
    expect((await admin.projects.list({ q: project.code })).total).toBe(0);
    expect((await admin.projects.list({ q: project.code, archived: 'only' })).total).toBe(1);
    await rejects(admin.projects.archive({ id: project.id }), 'CONFLICT');
    expect((await admin.projects.restore({ id: project.id })).status).toBe('completed');
    const events = await t.orm.em
      .fork()
      .find(AuditEvent, { entityType: 'Project', entityId: project.id }, { orderBy: { id: 'asc' } });
    expect(events.map((e) => e.action)).toEqual([
      'create',
      'activate',
      'hold',
      'activate',
      'complete',
      'archive',
      'restore',
    ]);
  });

  it('restores an archived draft as a draft and deletes a draft without tasks', async () => {
    const project = await draft();
    await admin.projects.archive({ id: project.id });
    expect((await admin.projects.restore({ id: project.id })).status).toBe('draft');
    const [location] = await locations(1);
    await admin.assignments.create({
      projectId: project.id,
      locationId: location.id,
      teamId: await teamId('Lyon'),
      plannedVisits: 1,
    });
    await expect(admin.projects.delete({ id: project.id })).resolves.toEqual({ id: project.id, deleted: true });
    await rejects(admin.projects.byId({ id: project.id }), 'NOT_FOUND');
  });
});

describe('projects: who may change them', () => {
  it('lets a business user create and update its own project only', async () => {
    const bu = await t.caller('businessuser@demo.com');
    const scheme = await publishedScheme();
    const own = await bu.projects.create({
      code: code(),
      name: 'Mine',
      schemeId: scheme.id,
      startDate: '2026-06-01',
      endDate: '2026-06-30',
    });
    await expect(bu.projects.update({ id: own.id, name: 'Still mine' })).resolves.toMatchObject({ name: 'Still mine' });
    const other = await draft();
    await rejects(bu.projects.update({ id: other.id, name: 'Taken' }), 'FORBIDDEN');
    await rejects(bu.projects.archive({ id: other.id }), 'FORBIDDEN');
    await rejects(bu.projects.delete({ id: own.id }), 'FORBIDDEN');
    expect((await bu.projects.list({ itemsPerPage: -1 })).items.map((p) => p.id)).toContain(other.id);
  });

  it('lets floor managers and analysts read, and keeps inspectors out', async () => {
    const project = await draft();
    for (const email of ['floormanager@demo.com', 'teamleader@demo.com', 'analyst@demo.com']) {
      const c = await t.caller(email);
      expect((await c.projects.byId({ id: project.id })).id).toBe(project.id);
      await rejects(c.projects.update({ id: project.id, name: 'No' }), 'FORBIDDEN');
    }
    const qc = await t.caller('qualitycontrol@demo.com');
    await rejects(qc.projects.list({}), 'FORBIDDEN');
  });

  it("hides another customer's projects (NOT_FOUND) and filters lists in SQL", async () => {
    const project = await draft({ startDate: '2027-01-01', endDate: '2027-01-31' });
    await rejects(nws.projects.byId({ id: project.id }), 'NOT_FOUND');
    await rejects(nws.projects.activate({ id: project.id }), 'NOT_FOUND');
    const overlapping = await admin.projects.list({ from: '2027-01-15', to: '2027-02-15', itemsPerPage: -1 });
    expect(overlapping.items.map((p) => p.id)).toContain(project.id);
    expect((await admin.projects.list({ from: '2027-02-01', itemsPerPage: -1 })).items.map((p) => p.id)).not.toContain(
      project.id,
    );
    const drafts = await admin.projects.list({ status: 'draft', itemsPerPage: -1 });
    expect(drafts.items.every((p) => p.status === 'draft')).toBe(true);
    const byKey = await admin.projects.list({ schemeKey: project.scheme.key, itemsPerPage: -1 });
    expect(byKey.items.map((p) => p.id)).toContain(project.id);
  });
});

describe('projects: progress', () => {
  it('counts tasks by status, completion and pass rates, the average score and the locations, from SQL', async () => {
    const project = await draft({ startDate: '2030-01-01', endDate: '2030-01-31' });
    const [a, b] = await locations(2);
    const team = await teamId('Lyon');
    const qc = await inspectorId('qualitycontrol@demo.com');
    const first = await admin.assignments.create({
      projectId: project.id,
      locationId: a.id,
      teamId: team,
      assigneeId: qc,
      plannedVisits: 2,
    });
    await admin.assignments.create({ projectId: project.id, locationId: b.id, teamId: team, plannedVisits: 2 });
    const slots = [];
    for (const day of ['05', '06', '07', '08', '09']) {
      slots.push(
        await admin.slots.create({
          assignmentId: first.id,
          startsAt: new Date(`2030-01-${day}T09:00:00Z`),
          endsAt: new Date(`2030-01-${day}T11:00:00Z`),
        }),
      );
    }
    // Outcomes set directly (the task lifecycle is another domain's): approved 80 passed, approved 40 failed, missed, cancelled, scheduled.
    const conn = t.orm.em.fork().getConnection();
    const set = (taskId: number, status: string, score: number | null, passed: boolean | null) =>
      conn.execute(`update tasks set status = ?, score = ?, passed = ? where id = ?`, [status, score, passed, taskId]);
    await set(slots[0].taskId, 'approved', 80, true);
    await set(slots[1].taskId, 'approved', 40, false);
    await set(slots[2].taskId, 'missed', null, null);
    await set(slots[3].taskId, 'cancelled', null, null);
    const [fromList] = (await admin.projects.list({ q: project.code })).items;
    const byId = await admin.projects.byId({ id: project.id });
    for (const p of [fromList, byId]) {
      expect(p.progress).toEqual({
        tasks: 5,
        byStatus: { scheduled: 1, in_progress: 0, submitted: 0, approved: 2, rejected: 0, missed: 1, cancelled: 1 },
        completionRate: 50, // 2 approved of 4 not cancelled
        passRate: 50,
        averageScore: 60,
        locations: 2,
      });
    }
  });
});
