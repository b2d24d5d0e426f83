// TENANT ISOLATION for the business-structure routers. The cases are checked against the router
// definition: every procedure of these routers must have a case here, so a new procedure without one
// fails this suite. Each case runs twice: NWS's admin against ACME's records, and ACME's admin
// against NWS's. Nothing of the other customer may be read, listed, created into, updated or deleted:
// records answer NOT_FOUND (never FORBIDDEN, which would reveal them) and lists leave them out;
// procedures the role may not call at all answer FORBIDDEN. Afterwards the other customer's records
// are unchanged and the attacker left no audit event (but for its own new saved view, in its own customer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEvent } from '../lib/audit/audit-event.entity.ts';
import { type AppCaller, setupTestApp } from '../testing/app.ts';
import { createTaskFixture, type TaskFixture } from '../testing/workflow.ts';
import { appRouter } from './router.ts';

const ROUTERS = [
  'customers',
  'licenses',
  'directions',
  'subDirections',
  'classes',
  'locations',
  'schemes',
  'teams',
  'users',
  'views',
  'search',
  'files',
  'projects',
  'assignments',
  'slots',
  'tasks',
  'correctiveActions',
  'audit',
  'sso',
] as const;

const t = await setupTestApp();
const sa = await t.caller('superadmin@demo.com');

interface Fixture {
  code: string;
  customerId: number;
  licenseId: number;
  directionId: number;
  subDirectionId: number;
  classId: number;
  locationId: number;
  schemeId: number;
  draftSchemeId: number;
  teamId: number;
  userId: number;
  /** Saved views of a member of the customer: one shared with the customer, one personal. */
  sharedViewId: number;
  personalViewId: number;
  /** A file uploaded by a member of the customer (not its admin, who attacks). */
  fileId: number;
  /** A draft project with one assignment (no inspector) and one slot. */
  projectId: number;
  assignmentId: number;
  slotId: number;
  /** Tasks of the customer: one scheduled, one in progress, one submitted, one rejected (same project). */
  tasks: Record<'scheduled' | 'in_progress' | 'submitted' | 'rejected', TaskFixture>;
  projectCode: string;
  /** An approved task with a failed critical question, and the corrective action it opened. */
  approvedTaskId: number;
  actionId: number;
}

const VIEW_LIST = 'management.locations' as const;
/** A non-admin member of each customer, owner of the fixture's saved views. */
const MEMBERS: Record<string, string> = { ACME: 'analyst@demo.com', NWS: 'qualitycontrol@nws.demo.com' };
/** A member of each customer who may upload files (analyst may not). */
const UPLOADERS: Record<string, string> = { ACME: 'businessuser@demo.com', NWS: 'qualitycontrol@nws.demo.com' };

async function uploadFixtureFile(code: string): Promise<number> {
  const boundary = 'isolation-boundary';
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${code}-isolation.txt"\r\nContent-Type: text/plain\r\n\r\n` +
    `${code} isolation file\r\n--${boundary}--\r\n`;
  const res = await t.request({
    method: 'POST',
    url: '/api/files',
    as: UPLOADERS[code],
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}
let viewCounter = 0;

async function fixtureFor(code: string): Promise<Fixture> {
  const customerId = (await sa.customers.list({ q: code })).items.find((c) => c.code === code)!.id;
  const scope = { customerId };
  const draft = await sa.schemes.create({
    customerId,
    name: `${code} isolation draft`,
    sections: [{ title: 'S', questions: [{ text: 'Q', type: 'yesno' }] }],
  });
  const member = await t.caller(MEMBERS[code]);
  const view = (shared: boolean) =>
    member.views.create({ listKey: VIEW_LIST, name: `${code} view ${++viewCounter}`, query: 'q=iso', shared });
  const schemeId = (await sa.schemes.list({ ...scope, view: 'latestPublished' })).items[0].id;
  const locationId = (await sa.locations.list(scope)).items[0].id;
  const teamId = (await sa.teams.list(scope)).items[0].id;
  const project = await sa.projects.create({
    customerId,
    code: `ISO-${++viewCounter}`,
    name: `${code} isolation project`,
    schemeId,
    startDate: '2032-01-01',
    endDate: '2032-12-31',
  });
  const assignment = await sa.assignments.create({ projectId: project.id, locationId, teamId, plannedVisits: 2 });
  const slot = await sa.slots.create({
    assignmentId: assignment.id,
    startsAt: new Date('2032-02-02T09:00:00Z'),
    endsAt: new Date('2032-02-02T10:00:00Z'),
  });
  return {
    code,
    customerId,
    licenseId: (await sa.licenses.list(scope)).items[0].id,
    directionId: (await sa.directions.list(scope)).items[0].id,
    subDirectionId: (await sa.subDirections.list(scope)).items[0].id,
    classId: (await sa.classes.list(scope)).items[0].id,
    locationId: (await sa.locations.list(scope)).items[0].id,
    schemeId: (await sa.schemes.list({ ...scope, view: 'latestPublished' })).items[0].id,
    draftSchemeId: draft.id,
    teamId: (await sa.teams.list(scope)).items[0].id,
    userId: (await sa.users.list({ ...scope, role: 'qualitycontrol' })).items[0].id,
    sharedViewId: (await view(true)).id,
    personalViewId: (await view(false)).id,
    fileId: await uploadFixtureFile(code),
    projectId: project.id,
    assignmentId: assignment.id,
    slotId: slot.id,
    ...(await tasksFor(code)),
    ...(await actionFor(code)),
  };
}

async function actionFor(code: string): Promise<Pick<Fixture, 'approvedTaskId' | 'actionId'>> {
  const task = await createTaskFixture(t.orm, { customer: code, status: 'submitted' });
  await t.orm.em
    .fork()
    .getConnection()
    .execute(`update tasks set critical_failures = '["isolation"]' where id = ${task.taskId}`);
  await sa.tasks.approve({ id: task.taskId });
  const [action] = (await sa.correctiveActions.list({ taskId: task.taskId })).items;
  return { approvedTaskId: task.taskId, actionId: action.id };
}

async function tasksFor(code: string): Promise<Pick<Fixture, 'tasks' | 'projectCode'>> {
  const scheduled = await createTaskFixture(t.orm, { customer: code });
  const more = async (status: 'in_progress' | 'submitted' | 'rejected') =>
    createTaskFixture(t.orm, { customer: code, projectId: scheduled.projectId, status });
  const tasks = {
    scheduled,
    in_progress: await more('in_progress'),
    submitted: await more('submitted'),
    rejected: await more('rejected'),
  };
  const projectCode = (await sa.tasks.byId({ id: scheduled.taskId })).project.code;
  return { tasks, projectCode };
}

type Case = (attacker: AppCaller, foreign: Fixture, own: Fixture) => Promise<void>;

const hidden = (p: Promise<unknown>) => expect(p).rejects.toMatchObject({ code: 'NOT_FOUND' });
const forbidden = (p: Promise<unknown>) => expect(p).rejects.toMatchObject({ code: 'FORBIDDEN' });
const ids = (page: { items: { id: number }[] }) => page.items.map((i) => i.id);

/** A list must leave the foreign record out, also when asked for the foreign customer. */
async function listHides(
  list: (input: { customerId?: number; itemsPerPage: number }) => Promise<{ items: { id: number }[]; total: number }>,
  foreignId: number,
  foreignCustomerId: number,
): Promise<void> {
  expect(ids(await list({ itemsPerPage: -1 }))).not.toContain(foreignId);
  const narrowed = await list({ customerId: foreignCustomerId, itemsPerPage: -1 });
  expect(narrowed.total).toBe(0);
}

const ISO_PERIOD = { startDate: '2032-03-01', endDate: '2032-03-31' };
const RECURRENCE = { kind: 'weekly' as const, byWeekday: ['MO' as const], interval: 1 };
const WINDOW = { startsAt: new Date('2032-02-03T09:00:00Z'), endsAt: new Date('2032-02-03T10:00:00Z') };

const CASES: Record<string, Case> = {
  // A customer's single sign-on is its admin's: another customer's answers as missing, never as refused.
  'sso.get': (a, f) => hidden(a.sso.get({ customerId: f.customerId })),
  'sso.update': (a, f) =>
    hidden(
      a.sso.update({
        customerId: f.customerId,
        issuer: 'https://login.example.com',
        clientId: 'evil',
        clientSecret: 'evil',
        emailDomains: ['evil.example'],
        defaultRole: 'admin',
        autoCreate: true,
        enforced: true,
      }),
    ),

  'customers.list': async (a, f) => {
    expect(ids(await a.customers.list({ itemsPerPage: -1 }))).not.toContain(f.customerId);
    expect((await a.customers.list({ q: f.code })).total).toBe(0);
  },
  'customers.byId': (a, f) => hidden(a.customers.byId({ id: f.customerId })),
  'customers.create': (a) => forbidden(a.customers.create({ code: 'EVIL', name: 'Evil' })),
  'customers.update': (a, f) => forbidden(a.customers.update({ id: f.customerId, name: 'Taken' })),
  'customers.delete': (a, f) => forbidden(a.customers.delete({ id: f.customerId })),
  // Who has a second factor is the customer admin's to see: another customer's people answer as missing.
  'customers.twoFactorEnrolment': (a, f) => hidden(a.customers.twoFactorEnrolment({ customerId: f.customerId })),

  'licenses.list': (a, f) => listHides((i) => a.licenses.list(i), f.licenseId, f.customerId),
  'licenses.byId': (a, f) => hidden(a.licenses.byId({ id: f.licenseId })),
  'licenses.current': (a, f) => hidden(a.licenses.current({ customerId: f.customerId })),
  'licenses.create': (a, f) =>
    forbidden(
      a.licenses.create({
        customerId: f.customerId,
        plan: 'basic',
        seats: 1,
        startsAt: new Date(),
        expiresAt: new Date(Date.now() + 864e5),
      }),
    ),
  'licenses.update': (a, f) => forbidden(a.licenses.update({ id: f.licenseId, seats: 1 })),
  'licenses.revoke': (a, f) => forbidden(a.licenses.revoke({ id: f.licenseId, reason: 'Taken over' })),
  'licenses.delete': (a, f) => forbidden(a.licenses.delete({ id: f.licenseId })),

  'directions.list': (a, f) => listHides((i) => a.directions.list(i), f.directionId, f.customerId),
  'directions.byId': (a, f) => hidden(a.directions.byId({ id: f.directionId })),
  'directions.create': (a, f) => hidden(a.directions.create({ customerId: f.customerId, code: 'EVIL', name: 'Evil' })),
  'directions.update': (a, f) => hidden(a.directions.update({ id: f.directionId, name: 'Taken' })),
  'directions.archive': (a, f) => hidden(a.directions.archive({ id: f.directionId })),
  'directions.restore': (a, f) => hidden(a.directions.restore({ id: f.directionId })),
  'directions.delete': (a, f) => hidden(a.directions.delete({ id: f.directionId })),

  'subDirections.list': async (a, f) => {
    await listHides((i) => a.subDirections.list(i), f.subDirectionId, f.customerId);
    expect((await a.subDirections.list({ directionId: f.directionId })).total).toBe(0);
  },
  'subDirections.byId': (a, f) => hidden(a.subDirections.byId({ id: f.subDirectionId })),
  'subDirections.create': (a, f) =>
    hidden(a.subDirections.create({ directionId: f.directionId, code: 'EVIL', name: 'Evil' })),
  'subDirections.update': async (a, f, o) => {
    await hidden(a.subDirections.update({ id: f.subDirectionId, name: 'Taken' }));
    await hidden(a.subDirections.update({ id: o.subDirectionId, directionId: f.directionId }));
  },
  'subDirections.archive': (a, f) => hidden(a.subDirections.archive({ id: f.subDirectionId })),
  'subDirections.restore': (a, f) => hidden(a.subDirections.restore({ id: f.subDirectionId })),
  'subDirections.delete': (a, f) => hidden(a.subDirections.delete({ id: f.subDirectionId })),

  'classes.list': (a, f) => listHides((i) => a.classes.list(i), f.classId, f.customerId),
  'classes.byId': (a, f) => hidden(a.classes.byId({ id: f.classId })),
  'classes.create': (a, f) => hidden(a.classes.create({ customerId: f.customerId, name: 'Evil' })),
  'classes.update': (a, f) => hidden(a.classes.update({ id: f.classId, name: 'Taken' })),
  'classes.archive': (a, f) => hidden(a.classes.archive({ id: f.classId })),
  'classes.restore': (a, f) => hidden(a.classes.restore({ id: f.classId })),
  'classes.delete': (a, f) => hidden(a.classes.delete({ id: f.classId })),

  'locations.list': async (a, f) => {
    await listHides((i) => a.locations.list(i), f.locationId, f.customerId);
    expect((await a.locations.list({ subDirectionId: f.subDirectionId })).total).toBe(0);
    expect((await a.locations.list({ classId: f.classId })).total).toBe(0);
  },
  'locations.byId': (a, f) => hidden(a.locations.byId({ id: f.locationId })),
  'locations.create': async (a, f, o) => {
    await hidden(a.locations.create({ subDirectionId: f.subDirectionId, code: 'EVIL-1', name: 'Evil' }));
    await hidden(
      a.locations.create({ subDirectionId: o.subDirectionId, classId: f.classId, code: 'EVIL-2', name: 'Evil' }),
    );
  },
  'locations.update': async (a, f, o) => {
    await hidden(a.locations.update({ id: f.locationId, name: 'Taken' }));
    await hidden(a.locations.update({ id: o.locationId, subDirectionId: f.subDirectionId }));
    await hidden(a.locations.update({ id: o.locationId, classId: f.classId }));
  },
  'locations.archive': (a, f) => hidden(a.locations.archive({ id: f.locationId })),
  'locations.restore': (a, f) => hidden(a.locations.restore({ id: f.locationId })),
  'locations.delete': (a, f) => hidden(a.locations.delete({ id: f.locationId })),

  'schemes.list': async (a, f) => {
    await listHides((i) => a.schemes.list({ ...i, view: 'all' }), f.schemeId, f.customerId);
    const key = (await sa.schemes.byId({ id: f.schemeId })).key;
    expect((await a.schemes.list({ view: 'all', key })).total).toBe(0);
  },
  'schemes.byId': (a, f) => hidden(a.schemes.byId({ id: f.schemeId })),
  'schemes.create': (a, f) => hidden(a.schemes.create({ customerId: f.customerId, name: 'Evil' })),
  'schemes.update': async (a, f) => {
    await hidden(a.schemes.update({ id: f.schemeId, name: 'Taken' }));
    await hidden(a.schemes.update({ id: f.draftSchemeId, name: 'Taken' }));
  },
  'schemes.publish': (a, f) => hidden(a.schemes.publish({ id: f.draftSchemeId })),
  'schemes.archive': (a, f) => hidden(a.schemes.archive({ id: f.schemeId })),
  'schemes.restore': (a, f) => hidden(a.schemes.restore({ id: f.schemeId })),
  'schemes.delete': (a, f) => hidden(a.schemes.delete({ id: f.draftSchemeId })),

  'teams.list': async (a, f) => {
    await listHides((i) => a.teams.list(i), f.teamId, f.customerId);
    expect((await a.teams.list({ memberId: f.userId })).total).toBe(0);
  },
  'teams.byId': (a, f) => hidden(a.teams.byId({ id: f.teamId })),
  'teams.create': async (a, f) => {
    await hidden(a.teams.create({ customerId: f.customerId, name: 'Evil' }));
    await hidden(a.teams.create({ name: 'Evil', memberIds: [f.userId] }));
  },
  'teams.update': async (a, f, o) => {
    await hidden(a.teams.update({ id: f.teamId, name: 'Taken' }));
    await hidden(a.teams.update({ id: o.teamId, memberIds: [f.userId] }));
  },
  'teams.addMembers': async (a, f, o) => {
    await hidden(a.teams.addMembers({ id: f.teamId, userIds: [f.userId] }));
    await hidden(a.teams.addMembers({ id: o.teamId, userIds: [f.userId] }));
  },
  'teams.removeMembers': async (a, f, o) => {
    await hidden(a.teams.removeMembers({ id: f.teamId, userIds: [f.userId] }));
    // The foreign user is no member of the own team: nothing to remove, nothing revealed.
    const after = await a.teams.removeMembers({ id: o.teamId, userIds: [f.userId] });
    expect(after.members.map((m) => m.id)).not.toContain(f.userId);
  },
  'teams.archive': (a, f) => hidden(a.teams.archive({ id: f.teamId })),
  'teams.restore': (a, f) => hidden(a.teams.restore({ id: f.teamId })),
  'teams.delete': (a, f) => hidden(a.teams.delete({ id: f.teamId })),

  'users.list': async (a, f) => {
    await listHides((i) => a.users.list(i), f.userId, f.customerId);
    expect((await a.users.list({ teamId: f.teamId })).total).toBe(0);
  },
  'users.roles': async (a) => {
    // Only the own customer's users are counted.
    const counted = (await a.users.roles()).reduce((sum, r) => sum + r.userCount, 0);
    expect(counted).toBe((await a.users.list({ itemsPerPage: -1 })).total);
  },
  'users.byId': (a, f) => hidden(a.users.byId({ id: f.userId })),
  'users.create': async (a, f) => {
    await hidden(
      a.users.create({
        customerId: f.customerId,
        email: 'evil@example.com',
        fullName: 'Evil One',
        role: 'analyst',
        password: 'Evil-2024x',
      }),
    );
    await hidden(
      a.users.create({
        email: 'evil@example.com',
        fullName: 'Evil One',
        role: 'analyst',
        teamId: f.teamId,
        password: 'Evil-2024x',
      }),
    );
  },
  'users.update': async (a, f, o) => {
    await hidden(a.users.update({ id: f.userId, fullName: 'Taken Over' }));
    await hidden(a.users.update({ id: o.userId, teamId: f.teamId }));
  },
  'users.activate': (a, f) => hidden(a.users.activate({ id: f.userId })),
  'users.deactivate': (a, f) => hidden(a.users.deactivate({ id: f.userId })),
  'users.endSessions': (a, f) => hidden(a.users.endSessions({ id: f.userId })),
  'users.resendInvitation': (a, f) => hidden(a.users.resendInvitation({ id: f.userId })),
  'users.revokeInvitation': (a, f) => hidden(a.users.revokeInvitation({ id: f.userId })),
  'users.resetPassword': async (a, f) => {
    await hidden(a.users.resetPassword({ id: f.userId, password: 'Evil-2024x' }));
    await hidden(a.users.resetPassword({ id: f.userId }));
  },
  'users.delete': (a, f) => hidden(a.users.delete({ id: f.userId })),

  'views.list': async (a, f) => {
    const seen = ids(await a.views.list({ listKey: VIEW_LIST }));
    expect(seen).not.toContain(f.sharedViewId);
    expect(seen).not.toContain(f.personalViewId);
  },
  // A new view always lands in the caller's own customer, out of the other customer's sight.
  'views.create': async (a, f, o) => {
    const created = await a.views.create({
      listKey: VIEW_LIST,
      name: `Isolation ${++viewCounter}`,
      query: 'q=iso',
      shared: true,
    });
    expect(created.customerId).toBe(o.customerId);
    const member = await t.caller(MEMBERS[f.code]);
    expect(ids(await member.views.list({ listKey: VIEW_LIST }))).not.toContain(created.id);
  },
  'views.update': async (a, f) => {
    await hidden(a.views.update({ id: f.sharedViewId, name: 'Taken' }));
    await hidden(a.views.update({ id: f.personalViewId, shared: true }));
  },
  'views.delete': async (a, f) => {
    await hidden(a.views.delete({ id: f.sharedViewId }));
    await hidden(a.views.delete({ id: f.personalViewId }));
  },

  // The record search finds none of the other customer's records by their names or codes.
  'search.records': async (a, f) => {
    const foreign = {
      people: (await sa.users.byId({ id: f.userId })).fullName,
      locations: (await sa.locations.byId({ id: f.locationId })).code,
      schemes: (await sa.schemes.byId({ id: f.schemeId })).name,
      teams: (await sa.teams.byId({ id: f.teamId })).name,
      customers: f.code,
      projects: (await sa.projects.byId({ id: f.projectId })).code,
      // Tasks are found by their project's code (or their location's).
      tasks: f.projectCode,
    } as const;
    const taskIds = [...Object.values(f.tasks).map((task) => task.taskId), f.approvedTaskId];
    for (const [type, q] of Object.entries(foreign)) {
      const foreignIds = {
        people: [f.userId],
        locations: [f.locationId],
        schemes: [f.schemeId],
        teams: [f.teamId],
        customers: [f.customerId],
        projects: [f.projectId],
        tasks: taskIds,
      };
      const isForeign = (hit: { type: keyof typeof foreignIds; id: number }) => foreignIds[hit.type].includes(hit.id);
      // The query does find the record (superadmin sees it), so an empty answer is the scope at work.
      expect(
        (await sa.search.records({ q })).flatMap((g) => g.items).some(isForeign),
        `${type} ${q} (superadmin)`,
      ).toBe(true);
      expect((await a.search.records({ q })).flatMap((g) => g.items).filter(isForeign), `${type} ${q}`).toEqual([]);
    }
  },

  'audit.list': async (a, f) => {
    const foreignEvent = await t.orm.em
      .fork()
      .findOneOrFail(AuditEvent, { customer: f.customerId }, { orderBy: { id: 'desc' } });
    await listHides((i) => a.audit.list(i), foreignEvent.id, f.customerId);
    expect((await a.audit.list({ entityType: 'Direction', entityId: f.directionId })).total).toBe(0);
  },
  'files.list': async (a, f) => {
    await listHides((i) => a.files.list(i), f.fileId, f.customerId);
    const uploader = (await (await t.caller(UPLOADERS[f.code])).auth.me()).userData.id;
    expect((await a.files.list({ ownerId: uploader })).total).toBe(0);
    expect((await a.files.list({ q: `${f.code}-isolation` })).total).toBe(0);
  },
  'files.byId': (a, f) => hidden(a.files.byId({ id: f.fileId })),
  'files.delete': (a, f) => hidden(a.files.delete({ id: f.fileId })),
  'projects.list': async (a, f) => {
    await listHides((i) => a.projects.list({ ...i, archived: 'include' }), f.projectId, f.customerId);
    const key = (await sa.projects.byId({ id: f.projectId })).scheme.key;
    expect((await a.projects.list({ schemeKey: key })).total).toBe(0);
  },
  'projects.byId': (a, f) => hidden(a.projects.byId({ id: f.projectId })),
  'projects.create': async (a, f, o) => {
    await hidden(
      a.projects.create({ customerId: f.customerId, code: 'EVIL', name: 'Evil', schemeId: f.schemeId, ...ISO_PERIOD }),
    );
    await hidden(a.projects.create({ code: 'EVIL', name: 'Evil', schemeId: f.schemeId, ...ISO_PERIOD }));
    expect(o.customerId).toBeTruthy();
  },
  'projects.update': async (a, f, o) => {
    await hidden(a.projects.update({ id: f.projectId, name: 'Taken' }));
    await hidden(a.projects.update({ id: o.projectId, schemeId: f.schemeId }));
  },
  'projects.activate': (a, f) => hidden(a.projects.activate({ id: f.projectId })),
  'projects.locationChoice': (a, f) => hidden(a.projects.locationChoice({ id: f.projectId })),
  'projects.saveLocationChoice': (a, f) =>
    hidden(a.projects.saveLocationChoice({ id: f.projectId, locationIds: [f.locationId] })),
  'projects.hold': (a, f) => hidden(a.projects.hold({ id: f.projectId })),
  'projects.complete': (a, f) => hidden(a.projects.complete({ id: f.projectId })),
  'projects.archive': (a, f) => hidden(a.projects.archive({ id: f.projectId })),
  'projects.restore': (a, f) => hidden(a.projects.restore({ id: f.projectId })),
  'projects.delete': (a, f) => hidden(a.projects.delete({ id: f.projectId })),

  'assignments.list': async (a, f, o) => {
    expect((await a.assignments.list({ projectId: f.projectId, itemsPerPage: -1 })).total).toBe(0);
    expect((await a.assignments.list({ projectId: o.projectId, locationId: f.locationId })).total).toBe(0);
  },
  'assignments.byId': (a, f) => hidden(a.assignments.byId({ id: f.assignmentId })),
  'assignments.create': async (a, f, o) => {
    await hidden(
      a.assignments.create({ projectId: f.projectId, locationId: o.locationId, teamId: o.teamId, plannedVisits: 1 }),
    );
    await hidden(
      a.assignments.create({ projectId: o.projectId, locationId: f.locationId, teamId: o.teamId, plannedVisits: 1 }),
    );
    await hidden(
      a.assignments.create({ projectId: o.projectId, locationId: o.locationId, teamId: f.teamId, plannedVisits: 1 }),
    );
    await hidden(
      a.assignments.create({
        projectId: o.projectId,
        locationId: o.locationId,
        teamId: o.teamId,
        assigneeId: f.userId,
        plannedVisits: 1,
      }),
    );
  },
  'assignments.update': async (a, f, o) => {
    await hidden(a.assignments.update({ id: f.assignmentId, plannedVisits: 9 }));
    await hidden(a.assignments.update({ id: o.assignmentId, teamId: f.teamId }));
    await hidden(a.assignments.update({ id: o.assignmentId, assigneeId: f.userId }));
  },
  'assignments.delete': (a, f) => hidden(a.assignments.delete({ id: f.assignmentId })),
  'assignments.bulkCreate': async (a, f, o) => {
    await hidden(
      a.assignments.bulkCreate({
        projectId: f.projectId,
        locationIds: [o.locationId],
        teamId: o.teamId,
        plannedVisits: 1,
      }),
    );
    await hidden(
      a.assignments.bulkCreate({
        projectId: o.projectId,
        locationIds: [f.locationId],
        teamId: o.teamId,
        plannedVisits: 1,
      }),
    );
  },

  'slots.list': async (a, f) => {
    expect(ids(await a.slots.list({ itemsPerPage: -1 }))).not.toContain(f.slotId);
    expect((await a.slots.list({ projectId: f.projectId })).total).toBe(0);
    expect((await a.slots.list({ assignmentId: f.assignmentId })).total).toBe(0);
  },
  'slots.create': (a, f) => hidden(a.slots.create({ assignmentId: f.assignmentId, ...WINDOW })),
  'slots.update': (a, f) => hidden(a.slots.update({ id: f.slotId, ...WINDOW })),
  'slots.delete': (a, f) => hidden(a.slots.delete({ id: f.slotId })),
  'slots.generate': async (a, f, o) => {
    await hidden(
      a.slots.generate({ projectId: f.projectId, recurrence: RECURRENCE, durationMinutes: 60, dryRun: true }),
    );
    await hidden(a.slots.generate({ projectId: f.projectId, recurrence: RECURRENCE, durationMinutes: 60 }));
    await hidden(
      a.slots.generate({
        projectId: o.projectId,
        assignmentIds: [f.assignmentId],
        recurrence: RECURRENCE,
        durationMinutes: 60,
      }),
    );
  },
  'tasks.list': async (a, f) => {
    const taskIds = Object.values(f.tasks).map((x) => x.taskId);
    const seen = ids(await a.tasks.list({ itemsPerPage: -1 }));
    for (const id of taskIds) expect(seen).not.toContain(id);
    const task = f.tasks.scheduled;
    expect((await a.tasks.list({ projectId: task.projectId })).total).toBe(0);
    expect((await a.tasks.list({ locationId: task.locationId })).total).toBe(0);
    expect((await a.tasks.list({ teamId: task.teamId })).total).toBe(0);
    expect((await a.tasks.list({ assigneeId: task.assigneeId! })).total).toBe(0);
    expect((await a.tasks.list({ q: f.projectCode })).total).toBe(0);
  },
  'tasks.byId': (a, f) => hidden(a.tasks.byId({ id: f.tasks.scheduled.taskId })),
  'tasks.history': (a, f) => hidden(a.tasks.history({ id: f.tasks.submitted.taskId })),
  'tasks.bySlot': (a, f) =>
    hidden(a.tasks.bySlot({ slotId: f.tasks.scheduled.slotId, assignmentId: f.tasks.scheduled.assignmentId })),
  'tasks.start': (a, f) =>
    hidden(
      a.tasks.start({
        id: f.tasks.scheduled.taskId,
        latitude: 45,
        longitude: 4,
        accuracy: 5,
        outOfFenceReason: 'Taken over',
      }),
    ),
  'tasks.saveAnswers': (a, f) =>
    hidden(
      a.tasks.saveAnswers({ id: f.tasks.in_progress.taskId, answers: [{ questionKey: 'ext_signage', value: false }] }),
    ),
  'tasks.keepOfflineWork': (a, f) =>
    hidden(a.tasks.keepOfflineWork({ id: f.tasks.in_progress.taskId, clientMutationId: 'isolation', answers: [] })),
  'tasks.submit': (a, f) => hidden(a.tasks.submit({ id: f.tasks.in_progress.taskId, clientMutationId: 'isolation' })),
  'tasks.approve': (a, f) => hidden(a.tasks.approve({ id: f.tasks.submitted.taskId })),
  'tasks.reject': (a, f) => hidden(a.tasks.reject({ id: f.tasks.submitted.taskId, reason: 'Taken over' })),
  'tasks.resume': (a, f) => hidden(a.tasks.resume({ id: f.tasks.rejected.taskId })),
  'tasks.cancel': async (a, f) => {
    await hidden(a.tasks.cancel({ id: f.tasks.scheduled.taskId, reason: 'Taken over' }));
    await hidden(a.tasks.cancel({ id: f.tasks.in_progress.taskId, reason: 'Taken over' }));
  },
  'correctiveActions.list': async (a, f) => {
    expect(ids(await a.correctiveActions.list({ itemsPerPage: -1 }))).not.toContain(f.actionId);
    expect((await a.correctiveActions.list({ taskId: f.approvedTaskId })).total).toBe(0);
    expect(
      (await a.correctiveActions.list({ locationId: f.locationId, itemsPerPage: -1 })).items.filter(
        (i) => i.customerId === f.customerId,
      ),
    ).toEqual([]);
  },
  'correctiveActions.byId': (a, f) => hidden(a.correctiveActions.byId({ id: f.actionId })),
  'correctiveActions.create': (a, f) =>
    hidden(a.correctiveActions.create({ taskId: f.approvedTaskId, questionKey: 'isolation' })),
  'correctiveActions.update': (a, f) => hidden(a.correctiveActions.update({ id: f.actionId, note: 'Taken over' })),
  'correctiveActions.complete': (a, f) => hidden(a.correctiveActions.complete({ id: f.actionId, note: 'Taken over' })),
  'correctiveActions.verify': (a, f) => hidden(a.correctiveActions.verify({ id: f.actionId })),
  'correctiveActions.cancel': (a, f) => hidden(a.correctiveActions.cancel({ id: f.actionId, reason: 'Taken over' })),
};

const procedures = Object.keys(appRouter._def.procedures)
  .filter((path) => (ROUTERS as readonly string[]).includes(path.split('.')[0]))
  .sort();

/** What superadmin sees of a tenant's fixture records: must not change under attack. */
async function snapshot(f: Fixture) {
  return {
    customer: await sa.customers.byId({ id: f.customerId }),
    license: await sa.licenses.byId({ id: f.licenseId }),
    direction: await sa.directions.byId({ id: f.directionId }),
    subDirection: await sa.subDirections.byId({ id: f.subDirectionId }),
    class: await sa.classes.byId({ id: f.classId }),
    location: await sa.locations.byId({ id: f.locationId }),
    scheme: await sa.schemes.byId({ id: f.schemeId }),
    draft: await sa.schemes.byId({ id: f.draftSchemeId }),
    team: await sa.teams.byId({ id: f.teamId }),
    user: await sa.users.byId({ id: f.userId }),
    tasks: await Promise.all(Object.values(f.tasks).map((x) => sa.tasks.byId({ id: x.taskId }))),
    views: (await (await t.caller(MEMBERS[f.code])).views.list({ listKey: VIEW_LIST })).items.filter(
      (v) => v.id === f.sharedViewId || v.id === f.personalViewId,
    ),
    file: await sa.files.byId({ id: f.fileId }),
    project: await sa.projects.byId({ id: f.projectId }),
    assignment: await sa.assignments.byId({ id: f.assignmentId }),
    slots: (await sa.slots.list({ projectId: f.projectId, itemsPerPage: -1 })).items,
    action: await sa.correctiveActions.byId({ id: f.actionId }),
  };
}

describe('tenant isolation of the business routers', () => {
  it(`has a case for every procedure of ${ROUTERS.join(', ')} (and none for a missing one)`, () => {
    expect(procedures.length).toBeGreaterThanOrEqual(66);
    expect(procedures.length).toBeGreaterThanOrEqual(79);
    expect(procedures.filter((p) => !CASES[p])).toEqual([]);
    expect(Object.keys(CASES).filter((p) => !procedures.includes(p))).toEqual([]);
  });

  const directions = [
    { attacker: 'admin@nws.demo.com', own: 'NWS', foreign: 'ACME' },
    { attacker: 'admin@demo.com', own: 'ACME', foreign: 'NWS' },
  ] as const;

  for (const direction of directions) {
    describe(`${direction.attacker} against ${direction.foreign}`, () => {
      let attacker: AppCaller;
      let foreign: Fixture;
      let own: Fixture;
      let before: Awaited<ReturnType<typeof snapshot>>;
      // Audit events before the attack (the seed's own history of the demo tasks) are not the attacker's doing.
      let lastAuditId = 0;
      beforeAll(async () => {
        lastAuditId =
          (await t.orm.em.fork().findOne(AuditEvent, { id: { $gt: 0 } }, { orderBy: { id: 'desc' } }))?.id ?? 0;
        attacker = await t.caller(direction.attacker);
        foreign = await fixtureFor(direction.foreign);
        own = await fixtureFor(direction.own);
        before = await snapshot(foreign);
      });

      for (const procedure of procedures) {
        it(procedure, async () => {
          const run = CASES[procedure];
          if (!run) throw new Error(`no isolation case for ${procedure}`);
          await run(attacker, foreign, own);
        });
      }

      it("serves none of the other customer's files over REST (404)", async () => {
        for (const url of [
          `/api/files/${foreign.fileId}`,
          `/api/files/${foreign.fileId}?thumbnail=1`,
          `/api/files/${foreign.fileId}/thumbnail`,
          `/api/files/${foreign.fileId}?inline=1`,
        ]) {
          const res = await t.request({ method: 'GET', url, as: direction.attacker });
          expect(res.statusCode, url).toBe(404);
          expect(res.body, url).not.toContain('isolation file');
        }
      });

      it("left the other customer's records unchanged and wrote no audit event", async () => {
        expect(await snapshot(foreign)).toEqual(before);
        expect(before.views).toHaveLength(2);
        const events = await t.orm.em
          .fork()
          .find(AuditEvent, { actorEmail: direction.attacker, id: { $gt: lastAuditId } });
        // Only the attacker's own new saved view (the views.create case) and own sign-ins, in its own customer.
        const outside = events.filter(
          (e) => (e.entityType !== 'SavedView' && e.action !== 'sign_in') || e.customer !== own.customerId,
        );
        expect(outside.map((e) => `${e.action} ${e.entityType} ${e.entityId}`)).toEqual([]);
      });

      it("keeps the CSV exports to the caller's customer", async () => {
        for (const name of [
          'customers',
          'licenses',
          'directions',
          'subDirections',
          'classes',
          'locations',
          'schemes',
          'teams',
          'users',
          'files',
        ]) {
          const narrow = name === 'customers' ? `q=${foreign.code}` : `customerId=${foreign.customerId}`;
          const res = await t.request({
            method: 'GET',
            url: `/api/export/${name}.csv?${narrow}`,
            as: direction.attacker,
          });
          expect(res.statusCode, name).toBe(200);
          expect(res.body.trim().split('\r\n'), name).toHaveLength(1); // the header only
          const all = await t.request({ method: 'GET', url: `/api/export/${name}.csv`, as: direction.attacker });
          expect(all.body, name).not.toContain(`${foreign.code}`);
        }
      });
    });
  }
});

afterAll(() => {
  console.info(`tenant isolation: ${procedures.length} procedures × 2 directions`);
});
