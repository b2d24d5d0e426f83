// Work done on a device without a connection, as the server takes it later: a check-in with the time
// the device recorded (checked against the slot window at that time, never in the future nor older than
// a week; the reviewer sees it was offline), and the work on a task that changed meanwhile (cancelled,
// given to someone else), kept in the task's history for the reviewer, once per clientMutationId.
import { describe, expect, it } from 'vitest';
import { db } from '../../../db/kysely.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { expectRefusal } from '../../../testing/refusals.ts';
import { createTaskFixture } from '../../../testing/workflow.ts';

const t = await setupTestApp();
const inspector = await t.caller('qualitycontrol@demo.com');
const analyst = await t.caller('analyst@demo.com');
const floor = await t.caller('floormanager@demo.com');
const nwsInspector = await t.caller('qualitycontrol@nws.demo.com');
const MINUTE = 60_000;
const k = () => db(t.orm.em.fork());

/** A visit from `from` to `to` minutes from now, and a check-in at its location recorded at `at` minutes from now. */
async function visit(from: number, to: number) {
  const startsAt = new Date(Date.now() + from * MINUTE);
  const f = await createTaskFixture(t.orm, { startsAt, endsAt: new Date(Date.now() + to * MINUTE) });
  const place = await k()
    .selectFrom('locations')
    .select(['latitude', 'longitude'])
    .where('id', '=', f.locationId)
    .executeTakeFirstOrThrow();
  const start = (at: number) =>
    inspector.tasks.start({
      id: f.taskId,
      latitude: Number(place.latitude),
      longitude: Number(place.longitude),
      accuracy: 8,
      checkedInAt: new Date(Date.now() + at * MINUTE),
    });
  return { f, start };
}

describe('a check-in recorded offline', () => {
  it("keeps the device's time and says it was offline, to the reviewer and in the history", async () => {
    const { f, start } = await visit(-60, 60);
    const task = await start(-30);
    expect(task.status).toBe('in_progress');
    expect(task.checkIn?.offline).toBe(true);
    expect(Math.abs((task.checkIn?.at.getTime() ?? 0) - (Date.now() - 30 * MINUTE))).toBeLessThan(10_000);
    expect(task.startedAt).toEqual(task.checkIn?.at);
    const seen = await analyst.tasks.byId({ id: f.taskId });
    expect(seen.checkIn?.offline).toBe(true);
    const history = await analyst.tasks.history({ id: f.taskId });
    expect(history.events.find((e) => e.action === 'start')).toMatchObject({ offline: true });
  });

  it('is a plain check-in without checkedInAt', async () => {
    const { f } = await visit(-10, 60);
    const place = await k()
      .selectFrom('locations')
      .select(['latitude', 'longitude'])
      .where('id', '=', f.locationId)
      .executeTakeFirstOrThrow();
    const task = await inspector.tasks.start({
      id: f.taskId,
      latitude: Number(place.latitude),
      longitude: Number(place.longitude),
      accuracy: 8,
    });
    expect(task.checkIn?.offline).toBe(false);
  });

  it('is taken for a slot that ended since, if the device checked in inside it', async () => {
    const { start } = await visit(-180, -60);
    expect(await start(-120)).toMatchObject({ status: 'in_progress', checkIn: { offline: true } });
  });

  it('is refused after the slot ended, in the future, or more than a week old, naming checkedInAt', async () => {
    const ended = await visit(-180, -60);
    await expectRefusal(ended.start(-30), 'CONFLICT');
    const { f, start } = await visit(-10, 60);
    await expectRefusal(start(10), 'BAD_REQUEST', 'checkedInAt', /in the future/);
    await expectRefusal(start(-8 * 24 * 60), 'BAD_REQUEST', 'checkedInAt', /more than 7 days ago/);
    // A clock a minute ahead is taken (at the server's time).
    const before = Date.now();
    const task = await start(1);
    expect(task.checkIn?.at.getTime()).toBeGreaterThanOrEqual(before);
    expect(task.checkIn?.at.getTime()).toBeLessThanOrEqual(Date.now());
    const row = await k().selectFrom('tasks').select('check_in_offline').where('id', '=', f.taskId).executeTakeFirst();
    expect(row?.check_in_offline).toBe(true);
  });
});

describe('work done offline on a task that changed meanwhile', () => {
  const answers = [
    { questionKey: 'ext_signage', value: true },
    { questionKey: 'staff_remarks', value: 'Rayon frais vide à 8 h', comment: 'Photo à suivre' },
  ];

  it('is kept in the history of a cancelled task for the reviewer, once per clientMutationId', async () => {
    const f = await createTaskFixture(t.orm, { status: 'in_progress' });
    const cancelled = await floor.tasks.cancel({ id: f.taskId, reason: 'Store closed for stocktaking' });
    // The device's queue reaches the server: the answers are refused (the task is cancelled)…
    await expectRefusal(inspector.tasks.saveAnswers({ id: f.taskId, answers }), 'CONFLICT');
    // …and handed in instead.
    const input = {
      id: f.taskId,
      clientMutationId: `keep-${f.taskId}`,
      answers,
      refusal: 'This task is cancelled; only an in progress task can be answered',
      filesNotSent: 2,
    };
    expect(await inspector.tasks.keepOfflineWork(input)).toMatchObject({ id: f.taskId, kept: true });
    expect(await inspector.tasks.keepOfflineWork(input)).toMatchObject({ kept: true });
    const history = await analyst.tasks.history({ id: f.taskId });
    const kept = history.events.filter((e) => e.action === 'offline_kept');
    expect(kept).toHaveLength(1);
    expect(kept[0].actor?.name).toBeTruthy();
    expect(kept[0]).toMatchObject({
      reason: input.refusal,
      keptAnswers: answers,
      filesNotSent: 2,
    });
    // The task itself is as the cancellation left it.
    const task = await analyst.tasks.byId({ id: f.taskId });
    expect(task).toMatchObject({ status: 'cancelled', version: cancelled.version, answers: [] });
  });

  it('is taken from an inspector of the task’s team after it went to someone else, and from no one else', async () => {
    const f = await createTaskFixture(t.orm, { status: 'scheduled' });
    // Taken away from the inspector while their device was offline (their team keeps the task).
    await k().updateTable('tasks').set({ assignee_id: null }).where('id', '=', f.taskId).execute();
    expect(
      await inspector.tasks.keepOfflineWork({ id: f.taskId, clientMutationId: `r-${f.taskId}`, answers }),
    ).toMatchObject({ kept: true });
    // Another customer's inspector does not see it; a role that does not perform may not hand in.
    await expectRefusal(
      nwsInspector.tasks.keepOfflineWork({ id: f.taskId, clientMutationId: 'x', answers }),
      'NOT_FOUND',
    );
    await expectRefusal(analyst.tasks.keepOfflineWork({ id: f.taskId, clientMutationId: 'y', answers }), 'FORBIDDEN');
    // Bad input names its field.
    await expectRefusal(
      inspector.tasks.keepOfflineWork({ id: f.taskId, clientMutationId: '', answers }),
      'BAD_REQUEST',
      'clientMutationId',
    );
  });

  it('takes its photos as kept work (offlineKept) in any state of the task, from its inspector only', async () => {
    const f = await createTaskFixture(t.orm, { status: 'in_progress' });
    await floor.tasks.cancel({ id: f.taskId, reason: 'Closed for the day' });
    const boundary = 'kept-boundary';
    const upload = (as: string, fields: Record<string, string>) =>
      t.request({
        method: 'POST',
        url: '/api/files',
        as,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `${Object.entries(fields)
          .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
          .join(
            '',
          )}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\nshelf empty\r\n--${boundary}--\r\n`,
      });
    const fields = { taskId: String(f.taskId), questionKey: 'q1', clientId: `kept-${f.taskId}` };
    // A plain upload to a cancelled task is refused; as kept offline work it is stored with the task, once.
    expect((await upload('qualitycontrol@demo.com', fields)).statusCode).toBe(403);
    const kept = await upload('qualitycontrol@demo.com', { ...fields, offlineKept: '1' });
    expect(kept.statusCode).toBe(201);
    const again = await upload('qualitycontrol@demo.com', { ...fields, offlineKept: '1' });
    expect(again.json<{ id: number }>().id).toBe(kept.json<{ id: number }>().id);
    const rows = await k().selectFrom('files').select(['task_id']).where('task_id', '=', f.taskId).execute();
    expect(rows).toHaveLength(1);
    // Another customer's inspector does not even see the task.
    expect(
      (await upload('qualitycontrol@nws.demo.com', { ...fields, clientId: 'x', offlineKept: '1' })).statusCode,
    ).toBe(404);
    expect((await upload('qualitycontrol@demo.com', { ...fields, offlineKept: 'yes' })).statusCode).toBe(400);
  });
});
