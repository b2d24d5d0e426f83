// The task lifecycle through tRPC (CONTRACTS.md "Workflow over tRPC"): start with its window, project
// and geofence rules; saveAnswers merging and validation; submit's checks, score and idempotency
// (also under two concurrent calls); review, rework and cancel; optimistic locking; notifications;
// list filters, scope and the inspector's agenda. Fixtures are written straight through the entities.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TSectionInput } from '../../../../shared/schemas/schemes.ts';
import { db } from '../../../db/kysely.ts';
import { StaleRecordError } from '../../../lib/app-error.ts';
import { AuditEvent } from '../../../lib/audit/audit-event.entity.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { stringContaining } from '../../../testing/matchers.ts';
import { createTaskFixture, type TaskFixtureOptions } from '../../../testing/workflow.ts';
import { schemeRulesForTasks } from '../../structure/schemes/schemes.refs.ts';

const t = await setupTestApp();
const admin = await t.caller('admin@demo.com');
const inspector = await t.caller('qualitycontrol@demo.com');
const leader = await t.caller('teamleader@demo.com');
const analyst = await t.caller('analyst@demo.com');
const floor = await t.caller('floormanager@demo.com');

const k = () => db(t.orm.em.fork());
const userId = async (email: string) =>
  (await k().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** A scheme made for these tests: every question type and rule. */
const SECTIONS: TSectionInput[] = [
  {
    title: 'Floor',
    weight: 1,
    questions: [
      { key: 'y1', text: 'Exits clear?', type: 'yesno', critical: true, evidence: 'on_fail', minPhotos: 1 },
      { key: 's1', text: 'Price labels (0-5)', type: 'score', maxScore: 5 },
      {
        key: 'c1',
        text: 'Cleanliness',
        type: 'choice',
        maxScore: 2,
        options: [
          { value: 'good', label: 'Good', score: 2 },
          { value: 'ok', label: 'OK', score: 1 },
          { value: 'bad', label: 'Bad', score: 0 },
        ],
      },
      { key: 'n1', text: 'Empty facings', type: 'number', maxScore: 10, allowNA: true },
      { key: 'gate', text: 'Promotion running?', type: 'yesno', required: false },
      {
        key: 'follow',
        text: 'Promotion set up as planned?',
        type: 'yesno',
        visibleIf: { questionKey: 'gate', equals: true },
      },
      { key: 't1', text: 'Remarks', type: 'text', maxScore: 0, weight: 0, required: false },
    ],
  },
  {
    title: 'Back store',
    weight: 2,
    questions: [
      {
        key: 'p1',
        text: 'Photo of the cold room',
        type: 'photo',
        maxScore: 0,
        weight: 0,
        evidence: 'always',
        minPhotos: 2,
      },
      { key: 'y2', text: 'Hand-wash station stocked?', type: 'yesno', allowNA: true },
    ],
  },
];

let schemeId = 0;
let unpinned = 0;
beforeAll(async () => {
  const draft = await admin.schemes.create({
    name: 'Lifecycle test scheme',
    passingScore: 70,
    requireSignature: true,
    sections: SECTIONS,
  });
  schemeId = (await admin.schemes.publish({ id: draft.id })).id;
  const plain = await admin.schemes.create({
    name: 'No signature scheme',
    passingScore: 50,
    sections: [{ title: 'Only', questions: [{ key: 'only', text: 'OK?', type: 'yesno' }] }],
  });
  unpinned = (await admin.schemes.publish({ id: plain.id })).id;
});

const fixture = (options: TaskFixtureOptions = {}) => createTaskFixture(t.orm, { schemeId, ...options });

/** Coordinates of a fixture's location. */
async function coordinatesOf(locationId: number) {
  const l = await k()
    .selectFrom('locations')
    .select(['latitude', 'longitude', 'geofence_radius_m', 'code'])
    .where('id', '=', locationId)
    .executeTakeFirstOrThrow();
  return { latitude: Number(l.latitude), longitude: Number(l.longitude), radius: l.geofence_radius_m, code: l.code };
}

/** Start a fixture's task at its location. */
async function started(options: TaskFixtureOptions = {}) {
  const f = await fixture(options);
  const at = await coordinatesOf(f.locationId);
  const task = await inspector.tasks.start({
    id: f.taskId,
    latitude: at.latitude,
    longitude: at.longitude,
    accuracy: 5,
  });
  return { ...f, task };
}

let fileSeq = 0;
/** `n` files uploaded for a task by its inspector (rows written directly: uploads are tested with files). */
async function filesFor(taskId: number, n = 1): Promise<number[]> {
  const task = await k()
    .selectFrom('tasks')
    .select(['customer_id', 'assignee_id'])
    .where('id', '=', taskId)
    .executeTakeFirstOrThrow();
  const now = new Date();
  const rows = await k()
    .insertInto('files')
    .values(
      Array.from({ length: n }, () => ({
        created_at: now,
        updated_at: now,
        customer_id: task.customer_id,
        owner_id: task.assignee_id ?? 1,
        name: 'evidence.jpg',
        mime_type: 'image/jpeg',
        size: 10,
        sha256: '0'.repeat(64),
        storage_key: `tasks-test/${taskId}/${++fileSeq}`,
        linked_type: 'task',
        linked_id: taskId,
        task_id: taskId,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
const signatureFor = async (taskId: number) => (await filesFor(taskId))[0];

/** Every question answered well, with the two photos p1 asks for (files of the task). */
const allGood = async (taskId: number) => [
  { questionKey: 'y1', value: true },
  { questionKey: 's1', value: 5 },
  { questionKey: 'c1', value: 'good' },
  { questionKey: 'n1', value: 10 },
  { questionKey: 'gate', value: true },
  { questionKey: 'follow', value: true },
  { questionKey: 'p1', fileIds: await filesFor(taskId, 2) },
  { questionKey: 'y2', value: true },
];

const notificationsOf = async (email: string) =>
  k()
    .selectFrom('notifications')
    .select(['title', 'body', 'link'])
    .where('user_id', '=', await userId(email))
    .orderBy('id', 'desc')
    .execute();

describe('tasks.start', () => {
  it('checks in at the location: in progress, distance stored, not flagged', async () => {
    const f = await fixture();
    const at = await coordinatesOf(f.locationId);
    const before = await inspector.tasks.byId({ id: f.taskId });
    expect(before).toMatchObject({
      status: 'scheduled',
      checkIn: null,
      schemeId,
      slotId: f.slotId,
      assignmentId: f.assignmentId,
    });
    const task = await inspector.tasks.start({
      id: f.taskId,
      version: before.version,
      latitude: at.latitude + 0.0003,
      longitude: at.longitude,
      accuracy: 10,
    });
    expect(task.status).toBe('in_progress');
    expect(task.version).toBe(before.version + 1);
    expect(task.startedAt).toBeInstanceOf(Date);
    expect(task.outOfFence).toBe(false);
    expect(task.checkIn!.distanceM).toBeGreaterThan(30);
    expect(task.checkIn!.distanceM).toBeLessThan(36);
    expect(task.outOfFenceReason).toBeNull();
  });

  it('outside the geofence (radius + accuracy) it needs a reason, then flags the task', async () => {
    const f = await fixture();
    const at = await coordinatesOf(f.locationId);
    const far = { id: f.taskId, latitude: at.latitude + 0.05, longitude: at.longitude, accuracy: 20 };
    await expect(inspector.tasks.start(far)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: stringContaining('outOfFenceReason'),
    });
    await expect(inspector.tasks.start({ ...far, outOfFenceReason: '   ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const task = await inspector.tasks.start({ ...far, outOfFenceReason: 'The car park entrance is closed for works' });
    expect(task).toMatchObject({
      status: 'in_progress',
      outOfFence: true,
      outOfFenceReason: 'The car park entrance is closed for works',
    });
    expect(task.checkIn!.distanceM).toBeGreaterThan(5000);
  });

  it('a poor accuracy widens the geofence', async () => {
    const f = await fixture();
    const at = await coordinatesOf(f.locationId);
    // ~330 m north: outside any seeded radius, inside it with a 400 m accuracy.
    const task = await inspector.tasks.start({
      id: f.taskId,
      latitude: at.latitude + 0.003,
      longitude: at.longitude,
      accuracy: 400,
    });
    expect(task.outOfFence).toBe(false);
  });

  it('a location without coordinates: distance null, never flagged', async () => {
    const f = await fixture({ location: 'LYON-003' });
    const saved = await coordinatesOf(f.locationId);
    const connection = t.orm.em.fork().getConnection();
    await connection.execute(`update locations set latitude = null, longitude = null where id = ${f.locationId}`);
    try {
      const task = await inspector.tasks.start({ id: f.taskId, latitude: 10, longitude: 10, accuracy: 5 });
      expect(task.outOfFence).toBe(false);
      expect(task.checkIn).toMatchObject({ latitude: 10, longitude: 10, distanceM: null });
      expect(task.location).toMatchObject({ latitude: null, longitude: null, timeZone: 'Europe/Paris' });
    } finally {
      await connection.execute(
        `update locations set latitude = ${saved.latitude}, longitude = ${saved.longitude} where id = ${f.locationId}`,
      );
    }
  });

  it('only inside the slot window: from 30 minutes before its start until its end', async () => {
    const hour = 3600_000;
    const early = await fixture({ startsAt: new Date(Date.now() + 2 * hour) });
    const at = await coordinatesOf(early.locationId);
    const start = (id: number) =>
      inspector.tasks.start({ id, latitude: at.latitude, longitude: at.longitude, accuracy: 5 });
    await expect(start(early.taskId)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: stringContaining('can be started from'),
    });
    const grace = await fixture({ startsAt: new Date(Date.now() + 20 * 60_000) });
    expect((await start(grace.taskId)).status).toBe('in_progress');
    const ended = await fixture({ startsAt: new Date(Date.now() - 3 * hour), endsAt: new Date(Date.now() - hour) });
    await expect(start(ended.taskId)).rejects.toMatchObject({ code: 'CONFLICT', message: stringContaining('ended') });
  });

  it('only while the project is active', async () => {
    for (const projectStatus of ['draft', 'on_hold', 'completed'] as const) {
      const f = await fixture({ projectStatus });
      await expect(
        inspector.tasks.start({ id: f.taskId, latitude: 45, longitude: 4, accuracy: 5 }),
      ).rejects.toMatchObject({
        code: 'CONFLICT',
        message: stringContaining('only while its project is active'),
      });
    }
  });

  it('only by the assigned inspector; a stale version is CONFLICT with data.stale', async () => {
    const f = await fixture();
    await expect(admin.tasks.start({ id: f.taskId, latitude: 45, longitude: 4, accuracy: 5 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only the inspector assigned to this task can perform it',
    });
    const unassigned = await fixture({ assignee: null });
    await expect(
      admin.tasks.start({ id: unassigned.taskId, latitude: 45, longitude: 4, accuracy: 5 }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const at = await coordinatesOf(f.locationId);
    const res = await t.request({
      method: 'POST',
      url: '/trpc/tasks.start',
      payload: { json: { id: f.taskId, version: 99, latitude: at.latitude, longitude: at.longitude, accuracy: 5 } },
      as: 'qualitycontrol@demo.com',
    });
    expect(res.statusCode).toBe(409);
    expect((JSON.parse(res.body) as { error: { json: { data: { stale?: boolean } } } }).error.json.data.stale).toBe(
      true,
    );
  });
});

describe('tasks.saveAnswers', () => {
  it('merges by question key: fields not sent keep their value; null clears', async () => {
    const { taskId } = await started();
    const [photo] = await filesFor(taskId);
    await inspector.tasks.saveAnswers({
      id: taskId,
      answers: [{ questionKey: 'y1', value: false, comment: 'Pallet in the way', fileIds: [photo] }],
    });
    const second = await inspector.tasks.saveAnswers({
      id: taskId,
      answers: [
        { questionKey: 's1', value: 3 },
        { questionKey: 'y1', comment: 'Moved' },
      ],
    });
    expect(second.answers).toEqual([
      { questionKey: 'y1', value: false, na: false, comment: 'Moved', fileIds: [photo] },
      { questionKey: 's1', value: 3, na: false, comment: null, fileIds: [] },
    ]);
    const third = await inspector.tasks.saveAnswers({
      id: taskId,
      answers: [
        { questionKey: 's1', value: null },
        { questionKey: 'n1', na: true },
      ],
    });
    expect(third.answers.find((a) => a.questionKey === 's1')!.value).toBeNull();
    expect(third.answers.find((a) => a.questionKey === 'n1')).toMatchObject({ na: true, value: null });
  });

  it('autosave any number of times; an unchanged save writes nothing; a sent stale version is CONFLICT', async () => {
    const { taskId } = await started();
    let task = await inspector.tasks.saveAnswers({ id: taskId, answers: [{ questionKey: 'c1', value: 'ok' }] });
    for (let i = 0; i < 5; i++)
      task = await inspector.tasks.saveAnswers({
        id: taskId,
        answers: [{ questionKey: 'c1', value: i % 2 ? 'ok' : 'good' }],
      });
    const same = await inspector.tasks.saveAnswers({
      id: taskId,
      version: task.version,
      answers: [{ questionKey: 'c1', value: 'good' }],
    });
    expect(same.version).toBe(task.version);
    await expect(
      inspector.tasks.saveAnswers({
        id: taskId,
        version: task.version - 1,
        answers: [{ questionKey: 'c1', value: 'bad' }],
      }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const saved = await inspector.tasks.saveAnswers({
      id: taskId,
      version: task.version,
      answers: [{ questionKey: 'c1', value: 'bad' }],
    });
    expect(saved.version).toBe(task.version + 1);
  });

  it('refuses unknown keys, values of the wrong type and N/A where not allowed, naming the key; nothing is saved', async () => {
    const { taskId } = await started();
    const cases: [Parameters<typeof inspector.tasks.saveAnswers>[0]['answers'], string][] = [
      [[{ questionKey: 'nope', value: true }], '"nope" is not a question'],
      [[{ questionKey: 'y1', value: 'yes' }], '"y1" expects true or false'],
      [[{ questionKey: 's1', value: 6 }], '"s1" expects a number from 0 to 5'],
      [[{ questionKey: 's1', value: -1 }], '"s1" expects a number from 0 to 5'],
      [[{ questionKey: 'c1', value: 'great' }], '"c1" expects one of "good", "ok", "bad"'],
      [[{ questionKey: 'n1', value: 'ten' }], '"n1" expects a number'],
      [[{ questionKey: 't1', value: 3 }], '"t1" expects text'],
      [[{ questionKey: 'p1', value: 'photo.jpg' }], '"p1" is answered with files'],
      [[{ questionKey: 'y1', na: true }], '"y1" cannot be answered N/A'],
      [
        [
          { questionKey: 's1', value: 2 },
          { questionKey: 'c1', value: 7 },
        ],
        '"c1" expects one of',
      ],
    ];
    for (const [answers, message] of cases) {
      await expect(inspector.tasks.saveAnswers({ id: taskId, answers }), message).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: stringContaining(message),
      });
    }
    expect((await inspector.tasks.byId({ id: taskId })).answers).toEqual([]);
  });

  it('only while in progress, only by the assigned inspector', async () => {
    const scheduled = await fixture();
    await expect(
      inspector.tasks.saveAnswers({ id: scheduled.taskId, answers: [{ questionKey: 'y1', value: true }] }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const submitted = await fixture({ status: 'submitted' });
    await expect(
      inspector.tasks.saveAnswers({ id: submitted.taskId, answers: [{ questionKey: 'y1', value: true }] }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const { taskId } = await started();
    await expect(
      admin.tasks.saveAnswers({ id: taskId, answers: [{ questionKey: 'y1', value: true }] }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      leader.tasks.saveAnswers({ id: taskId, answers: [{ questionKey: 'y1', value: true }] }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('tasks.saveAnswers: the autosave answer, replays, races and the kept scheme rules', () => {
  const saveEvents = (taskId: number) =>
    t.orm.em
      .fork()
      .find(AuditEvent, { entityType: 'Task', entityId: taskId, action: 'save_answers' }, { orderBy: { id: 'asc' } });

  it('answers the new version, the stored answers and the saved keys; a replay of the same save writes and audits nothing', async () => {
    const { taskId, task } = await started();
    const first = await inspector.tasks.saveAnswers({
      id: taskId,
      answers: [
        { questionKey: 'y1', value: true },
        { questionKey: 's1', value: 4 },
      ],
    });
    expect(first).toMatchObject({
      id: taskId,
      status: 'in_progress',
      schemeId,
      version: task.version + 1,
      savedKeys: ['y1', 's1'],
    });
    expect(first.answers.map((a) => [a.questionKey, a.value])).toEqual([
      ['y1', true],
      ['s1', 4],
    ]);
    expect(first.updatedAt).toBeInstanceOf(Date);
    // The outbox sends the same change again after a lost answer: same result, nothing written.
    const replay = await inspector.tasks.saveAnswers({
      id: taskId,
      answers: [
        { questionKey: 'y1', value: true },
        { questionKey: 's1', value: 4 },
      ],
    });
    expect(replay).toEqual({ ...first, savedKeys: [] });
    const stored = await inspector.tasks.byId({ id: taskId });
    expect(stored.version).toBe(first.version);
    expect(stored.answers).toEqual(first.answers);
    const events = await saveEvents(taskId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorEmail: 'qualitycontrol@demo.com',
      customer: stored.customerId,
      changes: { questionKeys: ['y1', 's1'] },
    });
  });

  it('one audit event per change that changed something, naming its keys', async () => {
    const { taskId } = await started();
    await inspector.tasks.saveAnswers({ id: taskId, answers: [{ questionKey: 'c1', value: 'ok' }] });
    await inspector.tasks.saveAnswers({
      id: taskId,
      answers: [
        { questionKey: 'c1', value: 'ok' },
        { questionKey: 'n1', na: true },
      ],
    });
    await inspector.tasks.saveAnswers({ id: taskId, answers: [{ questionKey: 'n1', na: true }] });
    expect((await saveEvents(taskId)).map((e) => e.changes)).toEqual([
      { questionKeys: ['c1'] },
      { questionKeys: ['n1'] },
    ]);
  });

  it('concurrent saves without a version are all merged (none lost); with the same sent version one wins and the other is CONFLICT', async () => {
    const { taskId, task } = await started();
    const keys = ['y1', 's1', 'c1', 'n1', 'gate', 't1'] as const;
    const values = { y1: true, s1: 2, c1: 'bad', n1: 7, gate: false, t1: 'Noted' } as const;
    await Promise.all(
      keys.map((key) =>
        inspector.tasks.saveAnswers({ id: taskId, answers: [{ questionKey: key, value: values[key] }] }),
      ),
    );
    const merged = await inspector.tasks.byId({ id: taskId });
    expect(Object.fromEntries(merged.answers.map((a) => [a.questionKey, a.value]))).toEqual(values);
    expect(merged.version).toBe(task.version + keys.length);
    expect(await saveEvents(taskId)).toHaveLength(keys.length);

    const results = await Promise.allSettled(
      ['good', 'ok'].map((value) =>
        inspector.tasks.saveAnswers({ id: taskId, version: merged.version, answers: [{ questionKey: 'c1', value }] }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'CONFLICT' });
    expect((refused.reason as { cause?: unknown }).cause).toBeInstanceOf(StaleRecordError);
    expect((await inspector.tasks.byId({ id: taskId })).version).toBe(merged.version + 1);
  });

  it('validates against the scheme version the task pins: a new published version does not change an older task, a draft is read every time', async () => {
    // v1 and v2 of one scheme: v2 adds a question; each task answers by its own version.
    const v1 = await admin.schemes.create({
      name: 'Cache test scheme',
      passingScore: 50,
      sections: [{ title: 'A', questions: [{ key: 'a1', text: 'A1?', type: 'yesno' }] }],
    });
    const published1 = await admin.schemes.publish({ id: v1.id });
    const old = await fixture({ schemeId: published1.id, status: 'in_progress' });
    await inspector.tasks.saveAnswers({ id: old.taskId, answers: [{ questionKey: 'a1', value: true }] });
    const draft2 = await admin.schemes.update({
      id: published1.id,
      sections: [
        {
          title: 'A',
          questions: [
            { key: 'a1', text: 'A1?', type: 'yesno' },
            { key: 'a2', text: 'A2 (0-3)', type: 'score', maxScore: 3 },
          ],
        },
      ],
    });
    // A task pinned to the draft (fixtures may): the draft's rules are read again after each edit.
    const onDraft = await fixture({ schemeId: draft2.id, status: 'in_progress' });
    await inspector.tasks.saveAnswers({ id: onDraft.taskId, answers: [{ questionKey: 'a2', value: 3 }] });
    await admin.schemes.update({
      id: draft2.id,
      sections: [
        {
          title: 'A',
          questions: [
            { key: 'a1', text: 'A1?', type: 'yesno' },
            { key: 'a2', text: 'A2 (0-5)', type: 'score', maxScore: 5 },
          ],
        },
      ],
    });
    await inspector.tasks.saveAnswers({ id: onDraft.taskId, answers: [{ questionKey: 'a2', value: 5 }] });
    const published2 = await admin.schemes.publish({ id: draft2.id });
    const fresh = await fixture({ schemeId: published2.id, status: 'in_progress' });
    expect(
      (await inspector.tasks.saveAnswers({ id: fresh.taskId, answers: [{ questionKey: 'a2', value: 5 }] })).savedKeys,
    ).toEqual(['a2']);
    await expect(
      inspector.tasks.saveAnswers({ id: fresh.taskId, answers: [{ questionKey: 'a2', value: 6 }] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: stringContaining('"a2" expects a number from 0 to 5'),
    });
    await expect(
      inspector.tasks.saveAnswers({ id: old.taskId, answers: [{ questionKey: 'a2', value: 1 }] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: stringContaining('"a2" is not a question of this task\'s scheme'),
    });
  });

  it("keeps the rules of a published version (one frozen copy per process), never a draft's", async () => {
    const em = t.orm.em.fork();
    const a = await schemeRulesForTasks(em, schemeId);
    expect(await schemeRulesForTasks(t.orm.em.fork(), schemeId)).toBe(a);
    expect(Object.isFrozen(a.sections[0].questions[0])).toBe(true);
    const draft = await admin.schemes.create({
      name: 'Draft rules',
      passingScore: 50,
      sections: [{ title: 'A', questions: [{ key: 'd1', text: 'D1?', type: 'yesno' }] }],
    });
    const d = await schemeRulesForTasks(em, draft.id);
    expect(await schemeRulesForTasks(em, draft.id)).not.toBe(d);
    await expect(schemeRulesForTasks(em, 99_999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('tasks.saveAnswers and submit take only files of the task', () => {
  it('refuses fileIds that are not files uploaded for this task, naming the question', async () => {
    const { taskId } = await started();
    const other = await started();
    const [theirs] = await filesFor(other.taskId);
    const [mine] = await filesFor(taskId);
    await expect(
      inspector.tasks.saveAnswers({
        id: taskId,
        answers: [{ questionKey: 'y1', value: false, fileIds: [mine, theirs] }],
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: `Check these answers: "y1": file ${theirs} is not a file of this task (upload it with its taskId first)`,
    });
    await expect(
      inspector.tasks.saveAnswers({ id: taskId, answers: [{ questionKey: 'p1', fileIds: [99_999_999] }] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: stringContaining('"p1": file 99999999 is not a file of this task'),
    });
    expect((await inspector.tasks.byId({ id: taskId })).answers).toEqual([]);
    const saved = await inspector.tasks.saveAnswers({
      id: taskId,
      answers: [{ questionKey: 'y1', value: false, fileIds: [mine] }],
    });
    expect(saved.answers[0].fileIds).toEqual([mine]);
  });

  it('refuses an unknown question key by name, and a signature file of another task', async () => {
    const { taskId } = await started();
    await expect(
      inspector.tasks.saveAnswers({ id: taskId, answers: [{ questionKey: 'not_in_scheme', value: true }] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: stringContaining('"not_in_scheme" is not a question of this task\'s scheme'),
    });
    await inspector.tasks.saveAnswers({ id: taskId, answers: await allGood(taskId) });
    const other = await started();
    const foreign = await signatureFor(other.taskId);
    await expect(
      inspector.tasks.submit({ id: taskId, clientMutationId: 'sig-1', signatureFileId: foreign }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: `File ${foreign} is not a file of this task: upload the signature with its taskId first`,
    });
    expect((await inspector.tasks.byId({ id: taskId })).status).toBe('in_progress');
  });
});

describe('tasks.submit', () => {
  it('names the missing required visible questions, the evidence and the signature', async () => {
    const { taskId } = await started();
    await expect(inspector.tasks.submit({ id: taskId, clientMutationId: 'm-1' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message:
        'Answer the required questions: y1, s1, c1, n1, p1, y2. This scheme requires a signature (signatureFileId)',
    });
    // gate yes makes `follow` visible and required; y1 "no" fails and asks for a photo; p1 has one photo of two.
    await inspector.tasks.saveAnswers({
      id: taskId,
      answers: [
        ...(await allGood(taskId)).filter((a) => !['p1', 'gate', 'follow'].includes(a.questionKey)),
        { questionKey: 'gate', value: true },
        { questionKey: 'y1', value: false },
        { questionKey: 'p1', fileIds: await filesFor(taskId) },
      ],
    });
    const refused = inspector.tasks.submit({
      id: taskId,
      clientMutationId: 'm-2',
      signatureFileId: await signatureFor(taskId),
    });
    await expect(refused).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Answer the required questions: follow. Add the photos the evidence rules ask for: y1, p1',
    });
    const after = await inspector.tasks.byId({ id: taskId });
    expect(after.status).toBe('in_progress');
  });

  it('stores the score, passed, critical failures and the section breakdown from the score function', async () => {
    const { taskId } = await started();
    await inspector.tasks.saveAnswers({
      id: taskId,
      answers: [
        { questionKey: 'y1', value: false, fileIds: await filesFor(taskId) },
        { questionKey: 's1', value: 4 },
        { questionKey: 'c1', value: 'ok' },
        { questionKey: 'n1', value: 25 },
        { questionKey: 'gate', value: true },
        { questionKey: 'follow', value: true },
        { questionKey: 'p1', fileIds: await filesFor(taskId, 2) },
        { questionKey: 'y2', na: true },
      ],
    });
    const signature = await signatureFor(taskId);
    const task = await inspector.tasks.submit({ id: taskId, clientMutationId: 'score-1', signatureFileId: signature });
    // Floor: y1 0, s1 0.8, c1 0.5, n1 1 (clamped), gate 1, follow 1 → 4.3 / 6 = 71.7; Back store all N/A → drops out.
    expect(task).toMatchObject({
      status: 'submitted',
      score: 71.7,
      passed: false,
      criticalFailures: ['y1'],
      signatureFileId: signature,
      sectionScores: [
        { title: 'Floor', weight: 1, score: 71.7, counted: 6 },
        { title: 'Back store', weight: 2, score: null, counted: 0 },
      ],
    });
    expect(task.submittedAt).toBeInstanceOf(Date);
  });

  it('is idempotent per clientMutationId; another id on a submitted task is CONFLICT', async () => {
    const { taskId } = await started();
    await inspector.tasks.saveAnswers({ id: taskId, answers: await allGood(taskId) });
    const sig = await signatureFor(taskId);
    const first = await inspector.tasks.submit({ id: taskId, clientMutationId: 'retry-me', signatureFileId: sig });
    expect(first).toMatchObject({ status: 'submitted', score: 100, passed: true });
    const again = await inspector.tasks.submit({ id: taskId, clientMutationId: 'retry-me', signatureFileId: sig });
    expect(again).toEqual(first);
    await expect(
      inspector.tasks.submit({ id: taskId, clientMutationId: 'another', signatureFileId: sig }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: stringContaining('already submitted'),
    });
    const events = await t.orm.em.fork().find(AuditEvent, { entityType: 'Task', entityId: taskId, action: 'submit' });
    expect(events).toHaveLength(1);
  });

  it('two concurrent submits with the same id: one transition, the same answer', async () => {
    for (let round = 0; round < 5; round++) {
      const { taskId } = await started();
      await inspector.tasks.saveAnswers({ id: taskId, answers: await allGood(taskId) });
      const sig = await signatureFor(taskId);
      const [a, b] = await Promise.all([
        inspector.tasks.submit({ id: taskId, clientMutationId: `race-${round}`, signatureFileId: sig }),
        inspector.tasks.submit({ id: taskId, clientMutationId: `race-${round}`, signatureFileId: sig }),
      ]);
      expect(a).toEqual(b);
      expect(a.status).toBe('submitted');
      const events = await t.orm.em.fork().find(AuditEvent, { entityType: 'Task', entityId: taskId, action: 'submit' });
      expect(events).toHaveLength(1);
    }
  });

  it('two concurrent submits with different ids: one wins, the other is CONFLICT', async () => {
    const { taskId } = await started();
    await inspector.tasks.saveAnswers({ id: taskId, answers: await allGood(taskId) });
    const sig = await signatureFor(taskId);
    const results = await Promise.allSettled([
      inspector.tasks.submit({ id: taskId, clientMutationId: 'left', signatureFileId: sig }),
      inspector.tasks.submit({ id: taskId, clientMutationId: 'right', signatureFileId: sig }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r) => r.status === 'rejected')!;
    expect(rejected.reason).toMatchObject({ code: 'CONFLICT' });
  });

  it('a scheme without a signature rule needs none', async () => {
    const f = await createTaskFixture(t.orm, { schemeId: unpinned });
    const at = await coordinatesOf(f.locationId);
    await inspector.tasks.start({ id: f.taskId, latitude: at.latitude, longitude: at.longitude, accuracy: 5 });
    await inspector.tasks.saveAnswers({ id: f.taskId, answers: [{ questionKey: 'only', value: true }] });
    expect(await inspector.tasks.submit({ id: f.taskId, clientMutationId: 'plain' })).toMatchObject({
      status: 'submitted',
      signatureFileId: null,
      score: 100,
    });
  });
});

describe('review, rework and cancel', () => {
  async function submitted() {
    const s = await started();
    await inspector.tasks.saveAnswers({ id: s.taskId, answers: await allGood(s.taskId) });
    return inspector.tasks.submit({
      id: s.taskId,
      clientMutationId: `sub-${s.taskId}`,
      signatureFileId: await signatureFor(s.taskId),
    });
  }

  it('submit notifies the team leader; reject sends it back with the reason; resume reopens it with the answers kept', async () => {
    const task = await submitted();
    expect((await notificationsOf('teamleader@demo.com'))[0]).toMatchObject({
      title: 'Task submitted for review',
      body: stringContaining('score 100, passed'),
      link: `/tasks/viewTask/${task.id}`,
    });
    await expect(leader.tasks.reject({ id: task.id, reason: '  ' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const rejected = await leader.tasks.reject({
      id: task.id,
      version: task.version,
      reason: 'Photo of the cold room is blurred',
    });
    expect(rejected).toMatchObject({ status: 'rejected', reworkCount: 0 });
    expect(rejected.reviews).toHaveLength(1);
    expect(rejected.reviews[0]).toMatchObject({
      round: 1,
      decision: 'rejected',
      reason: 'Photo of the cold room is blurred',
      comment: null,
    });
    expect(rejected.reviews[0].reviewer.id).toBe(await userId('teamleader@demo.com'));
    expect((await notificationsOf('qualitycontrol@demo.com'))[0]).toMatchObject({
      title: 'Task sent back for rework',
      body: stringContaining('Reason: Photo of the cold room is blurred'),
      link: `/tasks/perform_task/${task.slotId}/${task.assignmentId}`,
    });

    await expect(leader.tasks.resume({ id: task.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const resumed = await inspector.tasks.resume({ id: task.id, version: rejected.version });
    expect(resumed).toMatchObject({ status: 'in_progress', reworkCount: 1, score: null, passed: null });
    expect(resumed.answers).toEqual(rejected.answers);
    // A retry of the first round's submit changes nothing; a new id submits round 2.
    expect(
      (
        await inspector.tasks.submit({
          id: task.id,
          clientMutationId: `sub-${task.id}`,
          signatureFileId: task.signatureFileId!,
        })
      ).status,
    ).toBe('in_progress');
    const again = await inspector.tasks.submit({
      id: task.id,
      clientMutationId: `sub-${task.id}-2`,
      signatureFileId: task.signatureFileId!,
    });
    const approved = await analyst.tasks.approve({ id: task.id, version: again.version, comment: 'Thanks' });
    expect(approved.status).toBe('approved');
    expect(approved.reviews.map((r) => [r.round, r.decision, r.comment])).toEqual([
      [1, 'rejected', null],
      [2, 'approved', 'Thanks'],
    ]);
    expect((await notificationsOf('qualitycontrol@demo.com'))[0]).toMatchObject({
      title: 'Task approved',
      body: stringContaining('Comment: Thanks'),
    });
    await expect(analyst.tasks.approve({ id: task.id })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it("a team without a leader: the customer's analysts are notified of a submission", async () => {
    const em = t.orm.em.fork();
    const lyon = await k()
      .selectFrom('teams')
      .select(['id', 'team_leader_id'])
      .where('name', '=', 'Lyon field team')
      .executeTakeFirstOrThrow();
    await em.getConnection().execute(`update teams set team_leader_id = null where id = ${lyon.id}`);
    try {
      const before = (await notificationsOf('analyst@demo.com')).length;
      await submitted();
      const after = await notificationsOf('analyst@demo.com');
      expect(after.length).toBe(before + 1);
      expect(after[0].title).toBe('Task submitted for review');
    } finally {
      await em
        .getConnection()
        .execute(`update teams set team_leader_id = ${lyon.team_leader_id} where id = ${lyon.id}`);
    }
  });

  it('the reviewer is never the person who performed the task', async () => {
    const f = await fixture({ assignee: 'teamleader@demo.com', status: 'submitted' });
    await expect(leader.tasks.approve({ id: f.taskId })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'You performed this task: someone else must review it',
    });
    await expect(leader.tasks.reject({ id: f.taskId, reason: 'Mine' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await analyst.tasks.approve({ id: f.taskId })).status).toBe('approved');
  });

  it("a team leader reviews only their teams' tasks", async () => {
    const paris = await fixture({ assignee: null, team: 'Paris field team', status: 'submitted' });
    await expect(leader.tasks.approve({ id: paris.taskId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(leader.tasks.byId({ id: paris.taskId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('cancel needs a reason, from scheduled or in progress, and tells the inspector', async () => {
    const scheduled = await fixture();
    await expect(floor.tasks.cancel({ id: scheduled.taskId, reason: '' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: stringContaining('reason'),
    });
    const cancelled = await floor.tasks.cancel({ id: scheduled.taskId, reason: 'Store closed for refurbishment' });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Store closed for refurbishment' });
    expect((await notificationsOf('qualitycontrol@demo.com'))[0]).toMatchObject({
      title: 'Task cancelled',
      body: stringContaining('Store closed for refurbishment'),
    });
    const { taskId } = await started();
    expect((await admin.tasks.cancel({ id: taskId, reason: 'Duplicate visit' })).status).toBe('cancelled');
    await expect(admin.tasks.cancel({ id: taskId, reason: 'Again' })).rejects.toMatchObject({ code: 'CONFLICT' });
    const events = await t.orm.em
      .fork()
      .find(AuditEvent, { entityType: 'Task', entityId: taskId }, { orderBy: { id: 'asc' } });
    expect(events.map((e) => e.action)).toEqual(['start', 'cancel']);
  });
});

describe('tasks.list, byId, bySlot', () => {
  let projectId = 0;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const hour = 3600_000;
    const day = 24 * hour;
    const now = Date.now();
    const first = await fixture({ startsAt: new Date(now - 2 * day), status: 'approved', location: 'LYON-001' });
    projectId = first.projectId;
    ids.pastApproved = first.taskId;
    const more: [string, TaskFixtureOptions][] = [
      ['today', { startsAt: new Date(now + hour), location: 'LYON-001' }],
      ['tomorrow', { startsAt: new Date(now + day), location: 'LYON-001' }],
      ['lastWeek', { startsAt: new Date(now - 7 * day), status: 'missed', location: 'LYON-001' }],
      ['paris', { startsAt: new Date(now + 2 * day), assignee: null, team: 'Paris field team', location: 'PAR-W-001' }],
      ['submitted', { startsAt: new Date(now - day), status: 'submitted', location: 'LYON-002' }],
    ];
    for (const [name, options] of more) ids[name] = (await fixture({ projectId, ...options })).taskId;
  });

  const mineIn = (items: { id: number }[]) => items.map((i) => i.id).filter((id) => Object.values(ids).includes(id));

  it("scopes by role: the inspector their own, the team leader their teams', the admin the customer's", async () => {
    const all = await admin.tasks.list({ projectId, itemsPerPage: -1 });
    expect(all.total).toBe(6);
    const own = await inspector.tasks.list({ projectId, itemsPerPage: -1 });
    expect(own.total).toBe(5);
    expect(mineIn(own.items)).not.toContain(ids.paris);
    const team = await leader.tasks.list({ projectId, itemsPerPage: -1 });
    expect(mineIn(team.items)).not.toContain(ids.paris);
    expect(team.total).toBe(5);
    const analystView = await analyst.tasks.list({ projectId, itemsPerPage: -1 });
    expect(analystView.total).toBe(6);
    const other = await t.caller('admin@nws.demo.com');
    expect((await other.tasks.list({ projectId })).total).toBe(0);
    await expect(other.tasks.byId({ id: ids.today })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const client = await t.caller('client@demo.com');
    await expect(client.tasks.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('filters by status (one or many), location, assignee, team, window, mine and q', async () => {
    const count = async (input: Parameters<typeof admin.tasks.list>[0]) =>
      (await admin.tasks.list({ projectId, itemsPerPage: -1, ...input })).total;
    expect(await count({ status: 'scheduled' })).toBe(3);
    expect(await count({ status: ['approved', 'missed'] })).toBe(2);
    const lyon2 = await k()
      .selectFrom('locations')
      .select('id')
      .where('code', '=', 'LYON-002')
      .executeTakeFirstOrThrow();
    expect(await count({ locationId: lyon2.id })).toBe(1);
    expect(await count({ assigneeId: await userId('qualitycontrol@demo.com') })).toBe(5);
    const paris = await k()
      .selectFrom('teams')
      .select('id')
      .where('name', '=', 'Paris field team')
      .executeTakeFirstOrThrow();
    expect(await count({ teamId: paris.id })).toBe(1);
    const now = Date.now();
    expect(await count({ from: new Date(now - 3 * 864e5), to: new Date(now) })).toBe(2);
    expect(await count({ from: new Date(now) })).toBe(3);
    expect(await count({ mine: true })).toBe(0);
    expect((await inspector.tasks.list({ projectId, mine: true })).total).toBe(5);
    expect(await count({ q: 'LYON-002' })).toBe(1);
    expect(await count({ q: 'par-w-001' })).toBe(1);
    const project = await k()
      .selectFrom('projects')
      .select('code')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect((await admin.tasks.list({ q: project.code, itemsPerPage: -1 })).total).toBe(6);
    expect(await count({ q: 'no such place' })).toBe(0);
  });

  it('sorts and pages with exact totals; rows carry names', async () => {
    const page = await admin.tasks.list({ projectId, sortBy: 'startsAt', orderBy: 'desc', itemsPerPage: 2, page: 2 });
    expect(page.total).toBe(6);
    expect(page.items.map((i) => i.id)).toEqual([ids.today, ids.submitted]);
    expect(page.items[1]).toMatchObject({
      project: { id: projectId, code: stringContaining('FX-') },
      location: { code: 'LYON-002' },
      team: { name: 'Lyon field team' },
    });
    expect(page.items[1].assignee!.name).not.toBe('');
    const byStatus = await admin.tasks.list({ projectId, sortBy: 'status', itemsPerPage: -1 });
    const statuses = byStatus.items.map((i) => i.status);
    expect(statuses).toEqual([...statuses].sort());
  });

  it("an inspector's default order is their agenda: today and later first, then the past, latest first", async () => {
    const list = await inspector.tasks.list({ projectId, itemsPerPage: -1 });
    expect(list.items.map((i) => i.id)).toEqual([
      ids.today,
      ids.tomorrow,
      ids.submitted,
      ids.pastApproved,
      ids.lastWeek,
    ]);
    const page2 = await inspector.tasks.list({ projectId, itemsPerPage: 2, page: 2 });
    expect(page2.items.map((i) => i.id)).toEqual([ids.submitted, ids.pastApproved]);
    expect(page2.total).toBe(5);
    const explicit = await inspector.tasks.list({ projectId, sortBy: 'startsAt', itemsPerPage: -1 });
    expect(explicit.items[0].id).toBe(ids.lastWeek);
  });

  it('unfiltered totals come from the kept counts and stay exact through inserts, team moves and deletes', async () => {
    const counted = async (where: string) =>
      Number(
        (
          await t.orm.em
            .fork()
            .getConnection()
            .execute<{ n: number }[]>(`select count(*)::int as n from tasks where ${where}`)
        )[0].n,
      );
    const acme = (await k().selectFrom('customers').select('id').where('code', '=', 'ACME').executeTakeFirstOrThrow())
      .id;
    const lyon = (
      await k().selectFrom('teams').select('id').where('name', '=', 'Lyon field team').executeTakeFirstOrThrow()
    ).id;
    const paris = (
      await k().selectFrom('teams').select('id').where('name', '=', 'Paris field team').executeTakeFirstOrThrow()
    ).id;
    const check = async () => {
      expect((await admin.tasks.list({})).total).toBe(await counted(`customer_id = ${acme}`));
      expect((await leader.tasks.list({})).total).toBe(await counted(`team_id = ${lyon}`));
      const sa = await t.caller('superadmin@demo.com');
      expect((await sa.tasks.list({})).total).toBe(await counted('true'));
    };
    await check();
    const f = await fixture();
    await check();
    const connection = t.orm.em.fork().getConnection();
    await connection.execute(`update tasks set team_id = ${paris} where id = ${f.taskId}`);
    await check();
    await connection.execute(`update tasks set status = 'cancelled' where id = ${f.taskId}`);
    await check();
    await connection.execute(`delete from tasks where id = ${f.taskId}`);
    await check();
    // Deep pages read from the kept total too.
    const total = (await admin.tasks.list({})).total;
    const last = await admin.tasks.list({ page: Math.ceil(total / 10), sortBy: 'startsAt' });
    expect(last.items.length).toBe(total - 10 * (Math.ceil(total / 10) - 1));
  });

  it('byId and bySlot return the whole task; a wrong pair is NOT_FOUND', async () => {
    const f = await fixture();
    const byId = await inspector.tasks.byId({ id: f.taskId });
    const bySlot = await inspector.tasks.bySlot({ slotId: f.slotId, assignmentId: f.assignmentId });
    expect(bySlot).toEqual(byId);
    expect(byId).toMatchObject({
      id: f.taskId,
      status: 'scheduled',
      answers: [],
      criticalFailures: [],
      reviews: [],
      location: { geofenceRadiusM: expect.any(Number) as number, timeZone: 'Europe/Paris' },
    });
    await expect(
      inspector.tasks.bySlot({ slotId: f.slotId, assignmentId: f.assignmentId + 1000 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
