// The check-in window and how a check-in's time reads to reviewers: a start is accepted from
// CHECK_IN_EARLY_MINUTES before the visit; one before the visit starts is flagged early, one
// CHECK_IN_LATE_MINUTES or more after it late, like an out-of-fence check-in; in lists and the task alike.
import { describe, expect, it } from 'vitest';
import { CHECK_IN_EARLY_MINUTES, CHECK_IN_LATE_MINUTES } from '../../../../shared/workflow/check-in.ts';
import { db } from '../../../db/kysely.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { expectRefusal } from '../../../testing/refusals.ts';
import { createTaskFixture } from '../../../testing/workflow.ts';

const t = await setupTestApp();
const inspector = await t.caller('qualitycontrol@demo.com');
const analyst = await t.caller('analyst@demo.com');
const MINUTE = 60_000;

/** A visit starting `minutes` from now (negative: already started), and the inspector's check-in at the location. */
async function checkInAt(minutes: number) {
  const startsAt = new Date(Date.now() + minutes * MINUTE);
  const f = await createTaskFixture(t.orm, { startsAt, endsAt: new Date(startsAt.getTime() + 120 * MINUTE) });
  const at = await db(t.orm.em.fork())
    .selectFrom('locations')
    .select(['latitude', 'longitude'])
    .where('id', '=', f.locationId)
    .executeTakeFirstOrThrow();
  const start = () =>
    inspector.tasks.start({
      id: f.taskId,
      latitude: Number(at.latitude),
      longitude: Number(at.longitude),
      accuracy: 5,
    });
  return { f, start };
}

describe('check-in timing', () => {
  it('accepts a check-in inside the early tolerance and flags it early to reviewers, in the task and the list', async () => {
    const { f, start } = await checkInAt(10);
    expect(await start()).toMatchObject({ status: 'in_progress', checkInTiming: 'early' });
    expect((await analyst.tasks.byId({ id: f.taskId })).checkInTiming).toBe('early');
    const listed = (await analyst.tasks.list({ projectId: f.projectId })).items.find((x) => x.id === f.taskId);
    expect(listed?.checkInTiming).toBe('early');
  });

  it('refuses a check-in before the window opens', async () => {
    const { start } = await checkInAt(CHECK_IN_EARLY_MINUTES + 5);
    await expectRefusal(start(), 'CONFLICT');
  });

  it('flags a late check-in, and leaves one just after the start on time', async () => {
    const late = await checkInAt(-(CHECK_IN_LATE_MINUTES + 5));
    expect(await late.start()).toMatchObject({ checkInTiming: 'late' });
    const onTime = await checkInAt(-2);
    expect(await onTime.start()).toMatchObject({ checkInTiming: 'on_time' });
  });
});
