// Corrective actions through tRPC: opened by
// tasks.approve for each failed critical question (same transaction) and by a reviewer for any failed
// question; completed by the owner with a note and evidence; verified by a reviewer or by the next
// approved task at the location passing the same question; cancelled with a reason; the overdue job;
// scope by role and tenant; bad input naming the field; optimistic locking. Fixtures are written
// straight through the entities (testing/workflow.ts), then approved through the real service.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TAnswer } from '../../../../shared/schemas/tasks.ts';
import { db } from '../../../db/kysely.ts';
import { AuditEvent } from '../../../lib/audit/audit-event.entity.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { expectRefusal } from '../../../testing/refusals.ts';
import { createTaskFixture, type TaskFixtureOptions } from '../../../testing/workflow.ts';
import { notifyOverdueActions } from './corrective-actions.refs.ts';

const t = await setupTestApp();
const admin = await t.caller('admin@demo.com');
const analyst = await t.caller('analyst@demo.com');
const floor = await t.caller('floormanager@demo.com');
const inspector = await t.caller('qualitycontrol@demo.com');
const businessuser = await t.caller('businessuser@demo.com');
const nwsAdmin = await t.caller('admin@nws.demo.com');

const k = () => db(t.orm.em.fork());
const userId = async (email: string) =>
  (await k().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const notificationsOf = async (email: string) =>
  k()
    .selectFrom('notifications')
    .select(['title', 'body', 'link'])
    .where('user_id', '=', await userId(email))
    .orderBy('id', 'desc')
    .execute();

let schemeId = 0;
beforeAll(async () => {
  const draft = await admin.schemes.create({
    name: 'Corrective actions scheme',
    passingScore: 50,
    sections: [
      {
        title: 'Safety',
        questions: [
          { key: 'exits', text: 'Emergency exits clear?', type: 'yesno', critical: true },
          { key: 'labels', text: 'Price labels correct?', type: 'yesno' },
          { key: 'clean', text: 'Floor clean?', type: 'yesno' },
        ],
      },
    ],
  });
  schemeId = (await admin.schemes.publish({ id: draft.id })).id;
});

const answer = (questionKey: string, value: boolean, comment: string | null = null): TAnswer => ({
  questionKey,
  value,
  na: false,
  comment,
  fileIds: [],
});

/** A submitted task with these answers (its failed criticals stored as submit would), approved by the analyst. */
async function approvedTask(answers: TAnswer[], options: TaskFixtureOptions = {}) {
  const f = await createTaskFixture(t.orm, { schemeId, status: 'submitted', answers, ...options });
  const critical = answers.filter((a) => a.questionKey === 'exits' && a.value === false).map((a) => a.questionKey);
  await k()
    .updateTable('tasks')
    .set({ critical_failures: JSON.stringify(critical) as never })
    .where('id', '=', f.taskId)
    .execute();
  await analyst.tasks.approve({ id: f.taskId });
  return f;
}

const FAILED_CRITICAL = [
  answer('exits', false, 'Pallets block the back exit'),
  answer('labels', false),
  answer('clean', true),
];
/** What a refused call threw (the AppError behind the tRPC error). */
const causeOf = (call: Promise<unknown>) => call.catch((error: { cause?: unknown }) => error.cause);
const ALL_PASS = [answer('exits', true), answer('labels', true), answer('clean', true)];

describe('auto-open on tasks.approve', () => {
  it('opens one action per failed critical question: owner the team floor manager, due in the project days, comment as note', async () => {
    const f = await approvedTask(FAILED_CRITICAL);
    const { items, total } = await admin.correctiveActions.list({ taskId: f.taskId });
    expect(total).toBe(1);
    const action = items[0];
    const manager = (
      await k().selectFrom('teams').select('floor_manager_id').where('id', '=', f.teamId).executeTakeFirstOrThrow()
    ).floor_manager_id;
    expect(action).toMatchObject({
      status: 'open',
      origin: 'auto',
      overdue: false,
      questionKey: 'exits',
      questionText: 'Emergency exits clear?',
      note: 'Pallets block the back exit',
      owner: { id: manager },
      location: { id: f.locationId },
      project: { id: f.projectId },
    });
    const days = (action.dueAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
    const audits = await t.orm.em.fork().find(AuditEvent, { entityType: 'CorrectiveAction', entityId: action.id });
    expect(audits.map((a) => a.action)).toEqual(['create']);
    // The team filter (the floor manager dashboard links to it) keeps the team's actions only.
    const ofTeam = (await admin.correctiveActions.list({ teamId: f.teamId, itemsPerPage: -1 })).items;
    expect(ofTeam.map((a) => a.id)).toContain(action.id);
    expect(ofTeam.every((a) => a.teamId === f.teamId)).toBe(true);
    const otherTeam = await k()
      .selectFrom('teams')
      .select('id')
      .where('id', '<>', f.teamId)
      .where('customer_id', '=', action.customerId)
      .executeTakeFirstOrThrow();
    expect(
      (await admin.correctiveActions.list({ teamId: otherTeam.id, itemsPerPage: -1 })).items.map((a) => a.id),
    ).not.toContain(action.id);
    if (manager === (await userId('floormanager@demo.com'))) {
      expect((await notificationsOf('floormanager@demo.com'))[0]).toMatchObject({
        title: 'Corrective action opened',
        link: `/tasks/actions?id=${action.id}`,
      });
    }
  });

  it('opens nothing when no critical question failed', async () => {
    const f = await approvedTask([answer('exits', true), answer('labels', false), answer('clean', true)]);
    expect((await admin.correctiveActions.list({ taskId: f.taskId })).total).toBe(0);
  });

  it("uses the project's actionDueDays", async () => {
    const first = await createTaskFixture(t.orm, { schemeId, status: 'scheduled' });
    const project = await admin.projects.byId({ id: first.projectId });
    expect(project.actionDueDays).toBe(14);
    await t.orm.em
      .fork()
      .getConnection()
      .execute(`update projects set action_due_days = 3 where id = ${first.projectId}`);
    const f = await approvedTask(FAILED_CRITICAL, { projectId: first.projectId });
    const [action] = (await admin.correctiveActions.list({ taskId: f.taskId })).items;
    const days = (action.dueAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThan(3.1);
  });
});

describe('correctiveActions.create (a reviewer, any failed question)', () => {
  it('opens an action for a failed non-critical question, refuses a passed one, a second one and an unapproved task', async () => {
    const f = await approvedTask(FAILED_CRITICAL);
    const created = await analyst.correctiveActions.create({
      taskId: f.taskId,
      questionKey: 'labels',
      note: 'Relabel the promo shelf',
    });
    expect(created).toMatchObject({
      status: 'open',
      origin: 'reviewer',
      questionKey: 'labels',
      questionText: 'Price labels correct?',
      note: 'Relabel the promo shelf',
    });
    await expectRefusal(
      analyst.correctiveActions.create({ taskId: f.taskId, questionKey: 'clean' }),
      'BAD_REQUEST',
      'questionKey',
      /did not fail/,
    );
    await expectRefusal(analyst.correctiveActions.create({ taskId: f.taskId, questionKey: 'labels' }), 'CONFLICT');
    const submitted = await createTaskFixture(t.orm, { schemeId, status: 'submitted', answers: FAILED_CRITICAL });
    await expectRefusal(
      analyst.correctiveActions.create({ taskId: submitted.taskId, questionKey: 'labels' }),
      'CONFLICT',
    );
    await expectRefusal(businessuser.correctiveActions.create({ taskId: f.taskId, questionKey: 'clean' }), 'FORBIDDEN');
    await expectRefusal(nwsAdmin.correctiveActions.create({ taskId: f.taskId, questionKey: 'clean' }), 'NOT_FOUND');
  });
});

describe('lifecycle', () => {
  it('owner completes with a note and evidence, a reviewer verifies; each step audited, wrong states refused', async () => {
    const f = await approvedTask(FAILED_CRITICAL);
    let [action] = (await admin.correctiveActions.list({ taskId: f.taskId })).items;
    await admin.correctiveActions.update({ id: action.id, ownerId: await userId('qualitycontrol@demo.com') });
    await expectRefusal(analyst.correctiveActions.verify({ id: action.id }), 'CONFLICT');

    const boundary = 'ca-boundary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fixed.txt"\r\nContent-Type: text/plain\r\n\r\nexit cleared\r\n--${boundary}--\r\n`;
    const upload = await t.request({
      method: 'POST',
      url: '/api/files',
      as: 'qualitycontrol@demo.com',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(upload.statusCode).toBe(201);
    const fileId = upload.json<{ id: number }>().id;

    action = await inspector.correctiveActions.complete({
      id: action.id,
      note: 'Pallets moved to the store room',
      fileIds: [fileId],
    });
    expect(action).toMatchObject({
      status: 'done',
      completionNote: 'Pallets moved to the store room',
      evidenceFileIds: [fileId],
      evidence: [{ id: fileId, name: 'fixed.txt' }],
    });
    expect(action.doneBy?.id).toBe(await userId('qualitycontrol@demo.com'));
    await expectRefusal(inspector.correctiveActions.complete({ id: action.id, note: 'again' }), 'CONFLICT');
    // Evidence stays: its uploader cannot delete it while the action holds it.
    await expectRefusal(inspector.files.delete({ id: fileId }), 'CONFLICT');
    await expectRefusal(inspector.correctiveActions.verify({ id: action.id }), 'FORBIDDEN');

    action = await analyst.correctiveActions.verify({ id: action.id });
    expect(action).toMatchObject({
      status: 'verified',
      verifiedBy: { id: await userId('analyst@demo.com') },
      verifiedByTaskId: null,
    });
    await expectRefusal(admin.correctiveActions.cancel({ id: action.id, reason: 'late' }), 'CONFLICT');
    const audits = await t.orm.em
      .fork()
      .find(AuditEvent, { entityType: 'CorrectiveAction', entityId: action.id }, { orderBy: { id: 'asc' } });
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'complete', 'verify']);
  });

  it('refuses Verify to the person who marked the action done (reviewer ≠ performer); another reviewer verifies', async () => {
    const f = await approvedTask(FAILED_CRITICAL);
    const [action] = (await admin.correctiveActions.list({ taskId: f.taskId })).items;
    const boundary = 'fix-boundary';
    const upload = await t.request({
      method: 'POST',
      url: '/api/files',
      as: 'admin@demo.com',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="own-fix.txt"\r\nContent-Type: text/plain\r\n\r\ncleared\r\n--${boundary}--\r\n`,
    });
    const fileId = upload.json<{ id: number }>().id;
    const done = await admin.correctiveActions.complete({
      id: action.id,
      note: 'Exit cleared by the admin',
      fileIds: [fileId],
    });
    expect(done.doneBy?.id).toBe(await userId('admin@demo.com'));
    expect(await causeOf(admin.correctiveActions.verify({ id: action.id }))).toMatchObject({
      code: 'FORBIDDEN',
      key: 'correctiveActions.verifierFixed',
    });
    expect((await admin.correctiveActions.byId({ id: action.id })).status).toBe('done');
    await expect(analyst.correctiveActions.verify({ id: action.id })).resolves.toMatchObject({ status: 'verified' });
    // The evidence says, in the files list, which action it belongs to.
    const [file] = (await admin.files.list({ q: 'own-fix' })).items;
    expect(file.linked).toEqual({
      type: 'correctiveAction',
      id: action.id,
      label: `#${action.id} · Emergency exits clear?`,
    });
  });

  it('cancels an open action with a reason; an empty reason is refused naming it', async () => {
    const f = await approvedTask(FAILED_CRITICAL);
    const [action] = (await admin.correctiveActions.list({ taskId: f.taskId })).items;
    await expectRefusal(floor.correctiveActions.cancel({ id: action.id, reason: '  ' }), 'BAD_REQUEST', 'reason');
    const cancelled = await floor.correctiveActions.cancel({
      id: action.id,
      reason: 'The exit was walled off by the landlord',
    });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'The exit was walled off by the landlord' });
    expect(cancelled.cancelledAt).toBeInstanceOf(Date);
    await expectRefusal(analyst.correctiveActions.cancel({ id: action.id, reason: 'x' }), 'FORBIDDEN');
  });

  it("a refused transition names the state by key, so the client words both in the reader's language", async () => {
    const f = await approvedTask(FAILED_CRITICAL);
    const [action] = (await admin.correctiveActions.list({ taskId: f.taskId })).items;
    expect(await causeOf(analyst.correctiveActions.verify({ id: action.id }))).toMatchObject({
      key: 'correctiveActions.onlyDoneVerified',
      values: { hint: 'correctiveActions.isOpen' },
      message: 'This corrective action is open; only a done action can be verified',
    });
    const early = await createTaskFixture(t.orm, { schemeId, status: 'scheduled' });
    const create = analyst.correctiveActions.create({ taskId: early.taskId, questionKey: 'clean' });
    expect(await causeOf(create)).toMatchObject({ values: { hint: 'correctiveActions.taskIsScheduled' } });
  });
});

describe('auto-verify by the next approved inspection', () => {
  it('verifies open and done actions of the location whose question the next approved task passes, in that approval', async () => {
    const first = await approvedTask(FAILED_CRITICAL, { location: 'LYON-003' });
    const [auto] = (await admin.correctiveActions.list({ taskId: first.taskId })).items;
    const byReviewer = await analyst.correctiveActions.create({ taskId: first.taskId, questionKey: 'labels' });
    await floor.correctiveActions.complete({ id: byReviewer.id, note: 'Relabelled' });

    // The next inspection at the same location fails labels again but passes exits.
    const next = await approvedTask([answer('exits', true), answer('labels', false), answer('clean', true)], {
      projectId: first.projectId,
      location: 'LYON-003',
    });
    expect(await admin.correctiveActions.byId({ id: auto.id })).toMatchObject({
      status: 'verified',
      verifiedByTaskId: next.taskId,
      verifiedBy: null,
    });
    expect(await admin.correctiveActions.byId({ id: byReviewer.id })).toMatchObject({ status: 'done' });

    // Another location passing the same question changes nothing there.
    const elsewhere = await approvedTask(FAILED_CRITICAL, { projectId: first.projectId, location: 'LYON-003' });
    const [other] = (await admin.correctiveActions.list({ taskId: elsewhere.taskId })).items;
    await approvedTask(ALL_PASS, { projectId: first.projectId });
    expect((await admin.correctiveActions.byId({ id: other.id })).status).toBe('open');

    // A passing one at the location verifies both.
    const last = await approvedTask(ALL_PASS, { projectId: first.projectId, location: 'LYON-003' });
    expect(await admin.correctiveActions.byId({ id: byReviewer.id })).toMatchObject({
      status: 'verified',
      verifiedByTaskId: last.taskId,
    });
    expect(await admin.correctiveActions.byId({ id: other.id })).toMatchObject({
      status: 'verified',
      verifiedByTaskId: last.taskId,
    });
    expect(
      (
        await admin.correctiveActions.list({ locationId: first.locationId, status: 'verified', itemsPerPage: -1 })
      ).items.map((a) => a.id),
    ).toEqual(expect.arrayContaining([auto.id, byReviewer.id, other.id]));
  });
});

describe('overdue', () => {
  it('is derived and filtered in SQL; the job tells the owner once, linking to the action', async () => {
    const f = await approvedTask(FAILED_CRITICAL);
    const [action] = (await admin.correctiveActions.list({ taskId: f.taskId })).items;
    const owner = await userId('floormanager@demo.com');
    await admin.correctiveActions.update({ id: action.id, ownerId: owner });
    await k()
      .updateTable('corrective_actions')
      .set({ due_at: new Date(Date.now() - 2 * 86_400_000) })
      .where('id', '=', action.id)
      .execute();
    expect((await admin.correctiveActions.byId({ id: action.id })).overdue).toBe(true);
    expect((await admin.correctiveActions.list({ overdue: true, itemsPerPage: -1 })).items.map((a) => a.id)).toContain(
      action.id,
    );
    expect(
      (await admin.correctiveActions.list({ overdue: false, itemsPerPage: -1 })).items.map((a) => a.id),
    ).not.toContain(action.id);

    const notified = await notifyOverdueActions(t.orm.em.fork(), new Date());
    expect(notified).toContain(action.id);
    const notes = await notificationsOf('floormanager@demo.com');
    expect(
      notes.find((n) => n.link === `/tasks/actions?id=${action.id}` && n.title === 'Corrective action overdue'),
    ).toBeTruthy();
    expect(await notifyOverdueActions(t.orm.em.fork(), new Date())).not.toContain(action.id);

    // Done is no longer overdue.
    const done = await floor.correctiveActions.complete({ id: action.id, note: 'Fixed late' });
    expect(done.overdue).toBe(false);
  });
});

describe('scope, input and concurrency', () => {
  it('roles see what the matrix gives them; another customer gets NOT_FOUND and an empty list', async () => {
    const f = await approvedTask(FAILED_CRITICAL);
    const [action] = (await admin.correctiveActions.list({ taskId: f.taskId })).items;
    // businessuser reads but may not change; an inspector who does not own it does not see it.
    expect((await businessuser.correctiveActions.byId({ id: action.id })).id).toBe(action.id);
    await expectRefusal(businessuser.correctiveActions.update({ id: action.id, note: 'x' }), 'FORBIDDEN');
    await expectRefusal(businessuser.correctiveActions.complete({ id: action.id, note: 'x' }), 'FORBIDDEN');
    await expectRefusal(inspector.correctiveActions.byId({ id: action.id }), 'NOT_FOUND');
    expect((await inspector.correctiveActions.list({ taskId: f.taskId })).total).toBe(0);
    for (const call of [
      () => nwsAdmin.correctiveActions.byId({ id: action.id }),
      () => nwsAdmin.correctiveActions.update({ id: action.id, note: 'x' }),
      () => nwsAdmin.correctiveActions.complete({ id: action.id, note: 'x' }),
      () => nwsAdmin.correctiveActions.verify({ id: action.id }),
      () => nwsAdmin.correctiveActions.cancel({ id: action.id, reason: 'x' }),
    ]) {
      await expectRefusal(call(), 'NOT_FOUND');
    }
    expect((await nwsAdmin.correctiveActions.list({ taskId: f.taskId })).total).toBe(0);
    expect((await admin.correctiveActions.byId({ id: action.id })).version).toBe(action.version);
  });

  it('bad input is a 4xx naming the field', async () => {
    const f = await approvedTask(FAILED_CRITICAL);
    const [action] = (await admin.correctiveActions.list({ taskId: f.taskId })).items;
    await expectRefusal(floor.correctiveActions.complete({ id: action.id, note: '' }), 'BAD_REQUEST', 'note');
    await expectRefusal(
      floor.correctiveActions.complete({ id: action.id, note: 'ok', fileIds: [999_999] }),
      'BAD_REQUEST',
      'fileIds',
    );
    const nwsUser = await userId('qualitycontrol@nws.demo.com');
    await expectRefusal(admin.correctiveActions.update({ id: action.id, ownerId: nwsUser }), 'BAD_REQUEST', 'ownerId');
    await expectRefusal(
      admin.correctiveActions.update({ id: action.id, dueAt: new Date('2020-01-01') }),
      'BAD_REQUEST',
      'dueAt',
    );
    await expectRefusal(admin.correctiveActions.update({ id: action.id, dueAt: 'soon' }), 'BAD_REQUEST', 'dueAt');
    await expectRefusal(admin.correctiveActions.list({ status: 'closed' as never }), 'BAD_REQUEST', 'status');
    // A file of another customer is as unknown as a missing one.
    const boundary = 'nws-boundary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="nws.txt"\r\nContent-Type: text/plain\r\n\r\nnws\r\n--${boundary}--\r\n`;
    const upload = await t.request({
      method: 'POST',
      url: '/api/files',
      as: 'qualitycontrol@nws.demo.com',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    await expectRefusal(
      floor.correctiveActions.complete({ id: action.id, note: 'ok', fileIds: [upload.json<{ id: number }>().id] }),
      'BAD_REQUEST',
      'fileIds',
    );
    expect((await admin.correctiveActions.byId({ id: action.id })).status).toBe('open');
  });

  it('two edits from the same version: the second is a CONFLICT and changes nothing', async () => {
    const f = await approvedTask(FAILED_CRITICAL);
    const [action] = (await admin.correctiveActions.list({ taskId: f.taskId })).items;
    const due = new Date(Date.now() + 30 * 86_400_000);
    const results = await Promise.allSettled([
      admin.correctiveActions.update({ id: action.id, version: action.version, note: 'First edit' }),
      floor.correctiveActions.update({ id: action.id, version: action.version, dueAt: due }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'CONFLICT' });
    const stored = await admin.correctiveActions.byId({ id: action.id });
    expect(stored.version).toBe(action.version + 1);
    expect(stored.note === 'First edit' || stored.dueAt.getTime() === due.getTime()).toBe(true);
    await expectRefusal(
      admin.correctiveActions.update({ id: action.id, version: action.version, note: 'Stale' }),
      'CONFLICT',
    );
  });
});

describe('the demo seed', () => {
  it('derives actions by the same rules: a failed critical of an approved task, verified only by a later approved task at that location', async () => {
    const seeded = await k()
      .selectFrom('corrective_actions as a')
      .innerJoin('tasks as t', 't.id', 'a.task_id')
      .leftJoin('tasks as v', 'v.id', 'a.verified_by_task_id')
      .select([
        'a.id',
        'a.status',
        'a.question_key',
        'a.location_id',
        't.status as task_status',
        't.critical_failures',
        't.reviewed_at',
        'v.location_id as v_location',
        'v.reviewed_at as v_reviewed',
      ])
      .where('a.created_by_id', 'is', null)
      .execute();
    expect(seeded.length).toBeGreaterThan(0);
    expect(new Set(seeded.map((a) => a.status)).size).toBeGreaterThanOrEqual(2);
    for (const a of seeded) {
      expect(a.task_status, `action ${a.id}`).toBe('approved');
      expect(a.critical_failures, `action ${a.id}`).toContain(a.question_key);
      if (a.status === 'verified') {
        expect(a.v_location, `action ${a.id}`).toBe(a.location_id);
        expect(new Date(a.v_reviewed!).getTime(), `action ${a.id}`).toBeGreaterThanOrEqual(
          new Date(a.reviewed_at!).getTime(),
        );
      }
    }
  });
});
