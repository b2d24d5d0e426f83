// Reviewing a task (the view page's reads): a rejection's per-question comments on the
// review record, each submission's answers kept per round and the last round's diff, and the history
// of transitions (who, when, reason) in tasks.history; who may review (never the performer, not
// another team's leader) and what another customer sees (NOT_FOUND).
import { beforeAll, describe, expect, it } from 'vitest';
import type { TAnswerInput } from '../../../../shared/schemas/tasks.ts';
import { db } from '../../../db/kysely.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { anyDate, stringContaining } from '../../../testing/matchers.ts';
import { createTaskFixture, type TaskFixtureOptions } from '../../../testing/workflow.ts';
import { answerChanges } from './task-history.service.ts';

const t = await setupTestApp();
const admin = await t.caller('admin@demo.com');
const inspector = await t.caller('qualitycontrol@demo.com');
const leader = await t.caller('teamleader@demo.com');
const analyst = await t.caller('analyst@demo.com');
const nws = await t.caller('admin@nws.demo.com');

const k = () => db(t.orm.em.fork());
const userId = async (email: string) =>
  (await k().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

let schemeId = 0;
beforeAll(async () => {
  const draft = await admin.schemes.create({
    name: 'Review test scheme',
    passingScore: 60,
    sections: [
      {
        title: 'Shop floor',
        questions: [
          { key: 'exits', text: 'Exits clear?', type: 'yesno', critical: true },
          { key: 'labels', text: 'Price labels (0-4)', type: 'score', maxScore: 4 },
          { key: 'notes', text: 'Remarks', type: 'text', maxScore: 0, weight: 0, required: false },
        ],
      },
    ],
  });
  schemeId = (await admin.schemes.publish({ id: draft.id })).id;
});

const fixture = (options: TaskFixtureOptions = {}) => createTaskFixture(t.orm, { schemeId, ...options });

/** A task checked in, answered and submitted by the demo inspector. */
async function submitted(
  answers: TAnswerInput[] = [
    { questionKey: 'exits', value: false },
    { questionKey: 'labels', value: 4 },
  ],
) {
  const f = await fixture();
  const at = await k()
    .selectFrom('locations')
    .select(['latitude', 'longitude'])
    .where('id', '=', f.locationId)
    .executeTakeFirstOrThrow();
  await inspector.tasks.start({
    id: f.taskId,
    latitude: Number(at.latitude),
    longitude: Number(at.longitude),
    accuracy: 5,
  });
  await inspector.tasks.saveAnswers({ id: f.taskId, answers });
  return inspector.tasks.submit({ id: f.taskId, clientMutationId: `round-1-${f.taskId}` });
}

describe('per-question comments', () => {
  it('a rejection keeps its question comments on the review, in scheme order, for the inspector to see on rework', async () => {
    const task = await submitted();
    const rejected = await analyst.tasks.reject({
      id: task.id,
      version: task.version,
      reason: 'Please check the exits again',
      questionComments: [
        { questionKey: 'labels', comment: '  Four of four looks generous  ' },
        { questionKey: 'exits', comment: 'Photo of the blocked exit, please' },
      ],
    });
    expect(rejected.reviews).toHaveLength(1);
    expect(rejected.reviews[0]).toMatchObject({
      round: 1,
      decision: 'rejected',
      reason: 'Please check the exits again',
      questionComments: [
        { questionKey: 'exits', comment: 'Photo of the blocked exit, please' },
        { questionKey: 'labels', comment: 'Four of four looks generous' },
      ],
    });
    // The inspector reads the same review record (tasks.byId).
    expect((await inspector.tasks.byId({ id: task.id })).reviews[0].questionComments.map((c) => c.questionKey)).toEqual(
      ['exits', 'labels'],
    );
  });

  it('refuses unknown, repeated or empty question comments with a BAD_REQUEST naming them, and changes nothing', async () => {
    const task = await submitted();
    await expect(
      analyst.tasks.reject({ id: task.id, reason: 'No', questionComments: [{ questionKey: 'nope', comment: 'x' }] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: stringContaining('"nope" is not a question'),
    });
    await expect(
      analyst.tasks.reject({
        id: task.id,
        reason: 'No',
        questionComments: [
          { questionKey: 'exits', comment: 'a' },
          { questionKey: 'exits', comment: 'b' },
        ],
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: stringContaining('"exits" has more than one comment') });
    await expect(
      analyst.tasks.reject({ id: task.id, reason: 'No', questionComments: [{ questionKey: 'exits', comment: '   ' }] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const after = await analyst.tasks.byId({ id: task.id });
    expect(after).toMatchObject({ status: 'submitted', version: task.version, reviews: [] });
  });

  it('an approval has no question comments', async () => {
    const task = await submitted();
    const approved = await leader.tasks.approve({ id: task.id, comment: 'Fine' });
    expect(approved.reviews[0]).toMatchObject({ decision: 'approved', comment: 'Fine', questionComments: [] });
  });
});

describe('rounds and their diff', () => {
  it('keeps each submission round and shows what changed since the previous one, question by question', async () => {
    const task = await submitted([
      { questionKey: 'exits', value: false },
      { questionKey: 'labels', value: 2 },
      { questionKey: 'notes', value: 'Back door blocked by pallets' },
    ]);
    const first = await analyst.tasks.history({ id: task.id });
    expect(first.rounds).toEqual([{ round: 1, submittedAt: anyDate(), score: task.score, passed: false }]);
    expect(first.diff).toBeNull();

    const rejected = await analyst.tasks.reject({
      id: task.id,
      reason: 'Exits',
      questionComments: [{ questionKey: 'exits', comment: 'Check again' }],
    });
    await inspector.tasks.resume({ id: task.id, version: rejected.version });
    await inspector.tasks.saveAnswers({
      id: task.id,
      answers: [
        { questionKey: 'exits', value: true, comment: 'Pallets moved' },
        { questionKey: 'notes', value: null },
      ],
    });
    const second = await inspector.tasks.submit({ id: task.id, clientMutationId: `round-2-${task.id}` });
    expect(second.score).toBe(100 * (0.5 * 1 + 0.5 * 0.5));

    const history = await analyst.tasks.history({ id: task.id });
    expect(history.rounds.map((r) => [r.round, r.score, r.passed])).toEqual([
      [1, task.score, false],
      [2, second.score, true],
    ]);
    expect(history.diff).toMatchObject({ fromRound: 1, toRound: 2 });
    // labels did not change; exits went no → yes with a comment; the note was cleared.
    expect(history.diff!.changes).toEqual([
      {
        questionKey: 'exits',
        before: { questionKey: 'exits', value: false, na: false, comment: null, fileIds: [] },
        after: { questionKey: 'exits', value: true, na: false, comment: 'Pallets moved', fileIds: [] },
        filesAdded: [],
        filesRemoved: [],
      },
      {
        questionKey: 'notes',
        before: { questionKey: 'notes', value: 'Back door blocked by pallets', na: false, comment: null, fileIds: [] },
        after: expect.objectContaining({ questionKey: 'notes', value: null }) as unknown,
        filesAdded: [],
        filesRemoved: [],
      },
    ]);
  });

  it('answerChanges names the photos added and removed when only the evidence changed', () => {
    const a = (fileIds: number[]) => ({ questionKey: 'p', value: false, na: false, comment: null, fileIds });
    expect(answerChanges([a([1, 2])], [a([2, 3, 4])])).toEqual([
      { questionKey: 'p', before: a([1, 2]), after: a([2, 3, 4]), filesAdded: [3, 4], filesRemoved: [1] },
    ]);
  });

  it('answerChanges: added, changed and dropped questions; unchanged ones are left out', () => {
    const a = (questionKey: string, value: boolean | number | string | null, extra = {}) => ({
      questionKey,
      value,
      na: false,
      comment: null,
      fileIds: [],
      ...extra,
    });
    expect(
      answerChanges([a('x', 1), a('y', true), a('z', 'old')], [a('x', 1), a('y', true, { fileIds: [4] }), a('w', 3)]),
    ).toEqual([
      {
        questionKey: 'y',
        before: a('y', true),
        after: a('y', true, { fileIds: [4] }),
        filesAdded: [4],
        filesRemoved: [],
      },
      { questionKey: 'w', before: null, after: a('w', 3), filesAdded: [], filesRemoved: [] },
      { questionKey: 'z', before: a('z', 'old'), after: null, filesAdded: [], filesRemoved: [] },
    ]);
  });
});

describe('history', () => {
  it('lists every transition with who, when and the reason, oldest first', async () => {
    const task = await submitted();
    await leader.tasks.reject({ id: task.id, reason: 'Labels photo missing' });
    const history = await inspector.tasks.history({ id: task.id });
    const inspectorId = await userId('qualitycontrol@demo.com');
    const leaderId = await userId('teamleader@demo.com');
    expect(history.events.map((e) => [e.action, e.from, e.to, e.actor?.id ?? null])).toEqual([
      ['start', 'scheduled', 'in_progress', inspectorId],
      ['submit', 'in_progress', 'submitted', inspectorId],
      ['reject', 'submitted', 'rejected', leaderId],
    ]);
    expect(history.events[0]).toMatchObject({ outOfFence: false, distanceM: expect.any(Number) as number });
    expect(history.events[1].score).toBe(task.score);
    expect(history.events[2]).toMatchObject({
      reason: 'Labels photo missing',
      round: 1,
      actor: { name: stringContaining('') },
    });
    expect(history.events[2].actor!.name).not.toBe('');
    const times = history.events.map((e) => e.at.getTime());
    expect([...times].sort((x, y) => x - y)).toEqual(times);
  });

  it("an out-of-fence check-in carries its reason; a missed visit is the system's", async () => {
    const f = await fixture();
    const at = await k()
      .selectFrom('locations')
      .select(['latitude', 'longitude'])
      .where('id', '=', f.locationId)
      .executeTakeFirstOrThrow();
    await inspector.tasks.start({
      id: f.taskId,
      latitude: Number(at.latitude) + 0.05,
      longitude: Number(at.longitude),
      accuracy: 10,
      outOfFenceReason: 'Entrance closed',
    });
    const [start] = (await analyst.tasks.history({ id: f.taskId })).events;
    expect(start).toMatchObject({ action: 'start', outOfFence: true, reason: 'Entrance closed' });
    expect(start.distanceM).toBeGreaterThan(5000);

    const missed = await fixture({
      startsAt: new Date(Date.now() - 5 * 3600_000),
      endsAt: new Date(Date.now() - 3600_000),
    });
    const { markMissedTasks } = await import('../jobs/task-jobs.ts');
    await markMissedTasks(t.orm.em.fork(), new Date());
    const events = (await admin.tasks.history({ id: missed.taskId })).events;
    expect(events).toEqual([
      expect.objectContaining({ action: 'missed', from: 'scheduled', to: 'missed', actor: null }),
    ]);
  });

  it('the seeded demo: a reworked approved task has both rounds, its flagged questions and a full history', async () => {
    const reworked = await k()
      .selectFrom('tasks')
      .select('id')
      .where('status', '=', 'approved')
      .where('rework_count', '=', 1)
      .where(
        'customer_id',
        '=',
        (await k().selectFrom('customers').select('id').where('code', '=', 'ACME').executeTakeFirstOrThrow()).id,
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const task = await analyst.tasks.byId({ id: reworked.id });
    expect(task.reviews[0].decision).toBe('rejected');
    expect(task.reviews[0].questionComments.length).toBeGreaterThan(0);
    const history = await analyst.tasks.history({ id: reworked.id });
    expect(history.events.map((e) => e.action)).toEqual(['start', 'submit', 'reject', 'resume', 'submit', 'approve']);
    expect(history.diff!.changes.map((c) => c.questionKey)).toEqual(
      task.reviews[0].questionComments.map((c) => c.questionKey),
    );
  });
});

describe('who may review and read', () => {
  it("the performer cannot review, even as a team leader; another team's leader cannot see it", async () => {
    const own = await fixture({ assignee: 'teamleader@demo.com', status: 'submitted' });
    await expect(
      leader.tasks.reject({
        id: own.taskId,
        reason: 'Mine',
        questionComments: [{ questionKey: 'exits', comment: 'x' }],
      }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const paris = await fixture({ assignee: null, team: 'Paris field team', status: 'submitted' });
    await expect(leader.tasks.reject({ id: paris.taskId, reason: 'Not my team' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(leader.tasks.history({ id: paris.taskId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // The inspector never reviews their own task.
    const task = await submitted();
    await expect(inspector.tasks.approve({ id: task.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(inspector.tasks.reject({ id: task.id, reason: 'Self' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it("another customer's task is NOT_FOUND: history, review", async () => {
    const task = await submitted();
    await expect(nws.tasks.history({ id: task.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      nws.tasks.reject({ id: task.id, reason: 'x', questionComments: [{ questionKey: 'exits', comment: 'x' }] }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await analyst.tasks.byId({ id: task.id })).reviews).toEqual([]);
  });
});
