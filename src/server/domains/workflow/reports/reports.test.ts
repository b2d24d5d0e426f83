// Reports: the figures of every kind against figures computed here, independently, from the
// raw tasks (rows of `tasks`, the scheme's questions, JavaScript's own month in the customer's zone);
// the rollups after approval, rework, a scripted re-score, a move to another team, a cancel and a
// delete; the segment and per-location rollups row for row against grouped SQL over `tasks` after an
// insert, an approval, a reopen (reject → resume → approve), a location's move and a delete; the role
// and tenant scope; bad filters naming the field; saved definitions; the CSV export.
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import type { TReportFigures, TReportFilters, TReportKind, TReportResult } from '../../../../shared/schemas/reports.ts';
import { db } from '../../../db/kysely.ts';
import { AppError, zodFieldErrors } from '../../../lib/app-error.ts';
import { type AppCaller, setupTestApp } from '../../../testing/app.ts';
import { codeOf } from '../../../testing/trpc.ts';
import { createTaskFixture } from '../../../testing/workflow.ts';
import { deferRollups } from './reports.refs.ts';

const t = await setupTestApp();
const k = () => db(t.orm.em.fork());
const callers = new Map<string, AppCaller>();
const as = async (email: string) => {
  if (!callers.has(email)) callers.set(email, await t.caller(email));
  return callers.get(email)!;
};

/** The fields a refused call names (tRPC field errors of an AppError or of the input's zod error). */
async function fieldsOf(promise: Promise<unknown>): Promise<string[]> {
  try {
    await promise;
  } catch (error) {
    const cause = error instanceof TRPCError ? error.cause : error;
    if (cause instanceof AppError) return Object.keys(cause.fieldErrors ?? {});
    if (cause instanceof ZodError) return Object.keys(zodFieldErrors(cause));
    throw error;
  }
  return [];
}

let acmeId = 0;
let zone = 'UTC';
let schemeId = 0;
let projectId = 0;
let lyonTeam = 0;
let parisTeam = 0;
let lyonLocation = { id: 0, code: '' };
let parisLocation = { id: 0, code: '' };
let mutation = 0;

type Answers = { safe: boolean; clean: boolean; stock: number; sign: boolean | 'na' };
const answersOf = (a: Answers) => [
  { questionKey: 'safe', value: a.safe },
  { questionKey: 'clean', value: a.clean },
  { questionKey: 'stock', value: a.stock },
  a.sign === 'na' ? { questionKey: 'sign', na: true } : { questionKey: 'sign', value: a.sign },
];

/** An approved task of the test project through the real services: in progress, answered, submitted, approved. */
async function approvedTask(options: { where: 'lyon' | 'paris'; answers: Answers; startsAt?: Date }): Promise<number> {
  const paris = options.where === 'paris';
  const f = await createTaskFixture(t.orm, {
    projectId,
    schemeId,
    location: paris ? parisLocation.code : lyonLocation.code,
    status: 'in_progress',
    // The demo inspector performs both (only demo accounts sign in here); the task's team is the fixture's.
    assignee: 'qualitycontrol@demo.com',
    team: paris ? 'Paris field team' : 'Lyon field team',
    startsAt: options.startsAt,
  });
  const inspector = await as('qualitycontrol@demo.com');
  await inspector.tasks.saveAnswers({ id: f.taskId, answers: answersOf(options.answers) });
  await inspector.tasks.submit({ id: f.taskId, clientMutationId: `reports-${++mutation}` });
  await (await as('analyst@demo.com')).tasks.approve({ id: f.taskId });
  return f.taskId;
}

const monthFormat = () => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit' });
const monthOf = (d: Date) => {
  const parts = monthFormat().formatToParts(d);
  return `${parts.find((p) => p.type === 'year')!.value}-${parts.find((p) => p.type === 'month')!.value}`;
};

interface RawTask {
  id: number;
  status: string;
  projectId: number;
  teamId: number;
  locationId: number;
  subDirectionId: number;
  directionId: number;
  classId: number | null;
  month: string;
  score: number | null;
  passed: boolean | null;
  onTime: boolean;
  reworked: boolean;
  answers: { questionKey: string; value: unknown; na: boolean }[];
  schemeId: number;
}

/** Every task of a customer, raw, with its location's attributes read now. */
async function rawTasks(customerId: number): Promise<RawTask[]> {
  const rows = await k()
    .selectFrom('tasks as t')
    .innerJoin('locations as l', 'l.id', 't.location_id')
    .innerJoin('sub_directions as s', 's.id', 'l.sub_direction_id')
    .select([
      't.id',
      't.status',
      't.project_id',
      't.team_id',
      't.location_id',
      'l.sub_direction_id',
      's.direction_id',
      'l.location_class_id',
      't.starts_at',
      't.ends_at',
      't.submitted_at',
      't.score',
      't.passed',
      't.rework_count',
      't.answers',
      't.scheme_id',
    ])
    .where('t.customer_id', '=', customerId)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    projectId: r.project_id,
    teamId: r.team_id,
    locationId: r.location_id,
    subDirectionId: r.sub_direction_id,
    directionId: r.direction_id,
    classId: r.location_class_id,
    month: monthOf(new Date(r.starts_at)),
    score: r.score === null ? null : Number(r.score),
    passed: r.passed,
    onTime: r.submitted_at !== null && new Date(r.submitted_at) <= new Date(r.ends_at),
    reworked: r.rework_count > 0,
    answers: r.answers,
    schemeId: r.scheme_id,
  }));
}

function matches(task: RawTask, f: TReportFilters & { teamIds?: number[] }): boolean {
  return (
    (f.projectId === undefined || task.projectId === f.projectId) &&
    (f.teamId === undefined || task.teamId === f.teamId) &&
    (f.teamIds === undefined || f.teamIds.includes(task.teamId)) &&
    (f.directionId === undefined || task.directionId === f.directionId) &&
    (f.subDirectionId === undefined || task.subDirectionId === f.subDirectionId) &&
    (f.classId === undefined || task.classId === f.classId) &&
    (f.from === undefined || task.month >= f.from) &&
    (f.to === undefined || task.month <= f.to)
  );
}

/** Figures computed here from raw tasks (the same definitions as the API's, written again). */
function figures(tasks: RawTask[]): TReportFigures {
  const planned = tasks.filter((x) => x.status !== 'cancelled').length;
  const approved = tasks.filter((x) => x.status === 'approved');
  const scored = approved.filter((x) => x.score !== null);
  const passed = approved.filter((x) => x.passed).length;
  const onTime = approved.filter((x) => x.onTime).length;
  const reworked = approved.filter((x) => x.reworked).length;
  const div = (a: number, b: number) => (b ? a / b : null);
  const sum = scored.reduce((s, x) => s + (x.score as number), 0);
  return {
    planned,
    approved: approved.length,
    passed,
    completion: div(approved.length, planned),
    passRate: div(passed, approved.length),
    averageScore: scored.length ? Math.round((sum / scored.length) * 10) / 10 : null,
    onTime,
    onTimeRate: div(onTime, approved.length),
    reworked,
    reworkRate: div(reworked, approved.length),
  };
}

function expectFigures(actual: TReportFigures, expected: TReportFigures): void {
  for (const key of ['planned', 'approved', 'passed', 'onTime', 'reworked'] as const)
    expect(actual[key], key).toBe(expected[key]);
  for (const key of ['completion', 'passRate', 'onTimeRate', 'reworkRate', 'averageScore'] as const) {
    if (expected[key] === null) expect(actual[key], key).toBeNull();
    else expect(actual[key], key).toBeCloseTo(expected[key], 6);
  }
}

async function run<K extends TReportKind>(
  email: string,
  kind: K,
  filters: TReportFilters = {},
): Promise<Extract<TReportResult, { kind: K }>> {
  return (await (await as(email)).reports.run({ kind, filters })) as Extract<TReportResult, { kind: K }>;
}

/** Compares totals, trend, per-project and per-team rows of `email`'s run with the raw tasks in `teamIds`' scope. */
async function checkAgainstRaw(
  email: string,
  filters: TReportFilters,
  scope: { customerId: number; teamIds?: number[] },
): Promise<void> {
  const tasks = (await rawTasks(scope.customerId)).filter((x) => matches(x, { ...filters, teamIds: scope.teamIds }));
  const summary = await run(email, 'project_summary', filters);
  expectFigures(summary.totals, figures(tasks));
  const months = [...new Set(tasks.filter((x) => x.status !== 'cancelled').map((x) => x.month))].sort();
  expect(summary.trend.map((p) => p.month)).toEqual(months);
  for (const point of summary.trend) expectFigures(point, figures(tasks.filter((x) => x.month === point.month)));
  expect(summary.rows.map((r) => r.project.id).sort()).toEqual(
    [...new Set(tasks.filter((x) => x.status !== 'cancelled').map((x) => x.projectId))].sort(),
  );
  for (const row of summary.rows) expectFigures(row, figures(tasks.filter((x) => x.projectId === row.project.id)));

  const teams = await run(email, 'team_performance', filters);
  expect(teams.rows.map((r) => r.team.id).sort()).toEqual(
    [...new Set(tasks.filter((x) => x.status !== 'cancelled').map((x) => x.teamId))].sort(),
  );
  for (const row of teams.rows) expectFigures(row, figures(tasks.filter((x) => x.teamId === row.team.id)));

  const ranking = await run(email, 'location_ranking', filters);
  const approvedLocations = [...new Set(tasks.filter((x) => x.status === 'approved').map((x) => x.locationId))];
  expect(ranking.rows.map((r) => r.location.id).sort()).toEqual(approvedLocations.sort());
  for (const row of ranking.rows) {
    const mine = figures(tasks.filter((x) => x.locationId === row.location.id));
    expect(row.approved).toBe(mine.approved);
    if (mine.averageScore === null) expect(row.averageScore).toBeNull();
    else expect(row.averageScore).toBeCloseTo(mine.averageScore, 6);
  }
  const scores = ranking.rows.map((r) => r.averageScore ?? -1);
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
}

/** Outcomes per key computed here for the test project's scheme (yes/no fail on "no", stock fails under 2 of 4). */
function questionOutcomes(tasks: RawTask[]): Map<string, { failed: number; passed: number; na: number }> {
  const out = new Map<string, { failed: number; passed: number; na: number }>();
  for (const task of tasks.filter((x) => x.status === 'approved')) {
    for (const a of task.answers) {
      const entry = out.get(a.questionKey) ?? { failed: 0, passed: 0, na: 0 };
      if (a.na) entry.na++;
      else if (a.questionKey === 'stock' ? Number(a.value) < 2 : a.value === false) entry.failed++;
      else entry.passed++;
      out.set(a.questionKey, entry);
    }
  }
  return out;
}

async function checkQuestions(filters: TReportFilters): Promise<void> {
  const tasks = (await rawTasks(acmeId)).filter((x) => matches(x, filters));
  const expected = questionOutcomes(tasks);
  const result = await run('admin@demo.com', 'question_breakdown', filters);
  expect(new Set(result.rows.map((r) => r.questionKey))).toEqual(new Set(expected.keys()));
  for (const row of result.rows) {
    const e = expected.get(row.questionKey)!;
    expect({ failed: row.failed, passed: row.passed, na: row.na }, row.questionKey).toEqual(e);
    expect(row.answered).toBe(e.failed + e.passed + e.na);
  }
  const rates = result.rows.map((r) => r.failRate ?? -1);
  expect(rates).toEqual([...rates].sort((a, b) => b - a));
}

beforeAll(async () => {
  const acme = await k()
    .selectFrom('customers')
    .select(['id', 'time_zone'])
    .where('code', '=', 'ACME')
    .executeTakeFirstOrThrow();
  acmeId = acme.id;
  zone = acme.time_zone;
  const admin = await as('admin@demo.com');
  const draft = await admin.schemes.create({
    name: 'Reports scheme',
    passingScore: 60,
    sections: [
      {
        title: 'Store',
        questions: [
          { key: 'safe', text: 'Emergency exits clear?', type: 'yesno', critical: true },
          { key: 'clean', text: 'Floor clean?', type: 'yesno' },
          { key: 'stock', text: 'Shelves stocked (0-4)', type: 'score', maxScore: 4 },
          { key: 'sign', text: 'Opening hours posted?', type: 'yesno', allowNA: true },
        ],
      },
    ],
  });
  schemeId = (await admin.schemes.publish({ id: draft.id })).id;
  const teams = await k().selectFrom('teams').select(['id', 'name']).where('customer_id', '=', acmeId).execute();
  lyonTeam = teams.find((x) => x.name === 'Lyon field team')!.id;
  parisTeam = teams.find((x) => x.name === 'Paris field team')!.id;
  const locationIn = (sub: string) =>
    k()
      .selectFrom('locations as l')
      .innerJoin('sub_directions as s', 's.id', 'l.sub_direction_id')
      .select(['l.id', 'l.code'])
      .where('l.customer_id', '=', acmeId)
      .where('s.code', '=', sub)
      .where('l.latitude', 'is not', null)
      .orderBy('l.id')
      .executeTakeFirstOrThrow();
  lyonLocation = await locationIn('LYON');
  parisLocation = await locationIn('PAR-W');
  projectId = (await createTaskFixture(t.orm, { schemeId, location: lyonLocation.code, status: 'scheduled' }))
    .projectId;

  const lastMonth = new Date(Date.now() - 40 * 864e5);
  await approvedTask({ where: 'lyon', answers: { safe: true, clean: true, stock: 4, sign: true } });
  await approvedTask({ where: 'lyon', answers: { safe: false, clean: true, stock: 3, sign: 'na' } });
  await approvedTask({
    where: 'lyon',
    answers: { safe: true, clean: false, stock: 1, sign: false },
    startsAt: lastMonth,
  });
  await approvedTask({ where: 'paris', answers: { safe: true, clean: true, stock: 2, sign: true } });
  await approvedTask({
    where: 'paris',
    answers: { safe: true, clean: false, stock: 0, sign: 'na' },
    startsAt: lastMonth,
  });
});

describe('report figures', () => {
  it('match figures computed from the raw tasks, for every kind and filter', async () => {
    const lyonSub = await k()
      .selectFrom('locations')
      .select(['sub_direction_id', 'location_class_id'])
      .where('id', '=', lyonLocation.id)
      .executeTakeFirstOrThrow();
    const direction = await k()
      .selectFrom('sub_directions')
      .select('direction_id')
      .where('id', '=', lyonSub.sub_direction_id)
      .executeTakeFirstOrThrow();
    const thisMonth = monthOf(new Date());
    const all = { customerId: acmeId };
    await checkAgainstRaw('admin@demo.com', {}, all);
    await checkAgainstRaw('admin@demo.com', { projectId }, all);
    await checkAgainstRaw('admin@demo.com', { projectId, teamId: parisTeam }, all);
    await checkAgainstRaw('admin@demo.com', { from: thisMonth, to: thisMonth }, all);
    await checkAgainstRaw('analyst@demo.com', { directionId: direction.direction_id }, all);
    await checkAgainstRaw('businessuser@demo.com', { subDirectionId: lyonSub.sub_direction_id, projectId }, all);
    if (lyonSub.location_class_id !== null)
      await checkAgainstRaw('admin@demo.com', { classId: lyonSub.location_class_id }, all);
    await checkQuestions({ projectId });
    await checkQuestions({ projectId, teamId: lyonTeam });
    await checkQuestions({ projectId, subDirectionId: lyonSub.sub_direction_id });
    await checkQuestions({ projectId, from: thisMonth });
  });

  it('counts the test project as approved, passed, on time and failed questions say so', async () => {
    const summary = await run('admin@demo.com', 'project_summary', { projectId });
    // Five approved of six planned (the project fixture came with one scheduled task); one failed the critical "safe".
    expect(summary.totals.approved).toBe(5);
    expect(summary.totals.planned).toBe(6);
    const questions = await run('admin@demo.com', 'question_breakdown', { projectId });
    const safe = questions.rows.find((r) => r.questionKey === 'safe')!;
    expect(safe).toMatchObject({ failed: 1, passed: 4, na: 0, text: 'Emergency exits clear?' });
    expect(questions.rows.find((r) => r.questionKey === 'sign')).toMatchObject({ na: 2, failed: 1, passed: 2 });
  });

  it('stay exact after rework, a scripted re-score, a move to another team, a cancel and a delete', async () => {
    // Rework: rejected, resumed, submitted again and approved — counted once, as reworked.
    const f = await createTaskFixture(t.orm, {
      projectId,
      schemeId,
      location: lyonLocation.code,
      status: 'in_progress',
      team: 'Lyon field team',
    });
    const inspector = await as('qualitycontrol@demo.com');
    const analyst = await as('analyst@demo.com');
    await inspector.tasks.saveAnswers({
      id: f.taskId,
      answers: answersOf({ safe: true, clean: true, stock: 4, sign: true }),
    });
    await inspector.tasks.submit({ id: f.taskId, clientMutationId: `reports-${++mutation}` });
    await analyst.tasks.reject({ id: f.taskId, reason: 'Photos missing' });
    await inspector.tasks.resume({ id: f.taskId });
    await inspector.tasks.submit({ id: f.taskId, clientMutationId: `reports-${++mutation}` });
    await analyst.tasks.approve({ id: f.taskId });
    expect((await run('admin@demo.com', 'team_performance', { projectId, teamId: lyonTeam })).rows[0].reworked).toBe(1);
    await checkAgainstRaw('admin@demo.com', { projectId }, { customerId: acmeId });

    // A script re-scores an approved task (score, passed, outcomes) in one UPDATE.
    await k()
      .updateTable('tasks')
      .set({
        score: 12.5,
        passed: false,
        answer_outcomes: JSON.stringify({ safe: 'failed', clean: 'failed', stock: 'failed', sign: 'na' }) as never,
      })
      .where('id', '=', f.taskId)
      .execute();
    await k()
      .updateTable('tasks')
      .set({
        answers: JSON.stringify(
          answersOf({ safe: false, clean: false, stock: 0, sign: 'na' }).map((a) => ({
            na: false,
            value: null,
            comment: null,
            fileIds: [],
            ...a,
          })),
        ) as never,
      })
      .where('id', '=', f.taskId)
      .execute();
    await checkAgainstRaw('admin@demo.com', { projectId }, { customerId: acmeId });
    await checkQuestions({ projectId });

    // The assignment moves to the Paris team: its tasks' copies change, and so do the rollups.
    await k().updateTable('tasks').set({ team_id: parisTeam }).where('id', '=', f.taskId).execute();
    await checkAgainstRaw('admin@demo.com', { projectId, teamId: parisTeam }, { customerId: acmeId });
    await checkQuestions({ projectId, teamId: lyonTeam });

    // A scheduled task cancelled leaves "planned"; a task deleted leaves everything.
    const scheduled = await k()
      .selectFrom('tasks')
      .select('id')
      .where('project_id', '=', projectId)
      .where('status', '=', 'scheduled')
      .executeTakeFirstOrThrow();
    await (await as('admin@demo.com')).tasks.cancel({ id: scheduled.id, reason: 'Store closed' });
    await k().deleteFrom('task_reviews').where('task_id', '=', f.taskId).execute();
    await k().deleteFrom('tasks').where('id', '=', f.taskId).execute();
    await checkAgainstRaw('admin@demo.com', { projectId }, { customerId: acmeId });
    await checkQuestions({ projectId });
    const after = await run('admin@demo.com', 'project_summary', { projectId });
    expect(after.totals.planned).toBe(5);
    expect(after.totals.approved).toBe(5);
    // Transitions fold their changes into the rollups as they commit: nothing is left waiting.
    const waiting = await k()
      .selectFrom('report_rollup_deferred' as never)
      .select(sql`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(waiting).toEqual({ n: 0 });
  });

  it("fold a transition's changes in as it commits, and none of a transaction that rolled back", async () => {
    const scheduled = {
      id: (await createTaskFixture(t.orm, { projectId, schemeId, location: lyonLocation.code, status: 'scheduled' }))
        .taskId,
      project_id: projectId,
    };
    const before = await run('admin@demo.com', 'project_summary', { projectId: scheduled.project_id });
    // A transaction that defers, cancels the task, then fails: no trace in the rollups or the kept deltas.
    await expect(
      t.orm.em.fork().transactional(async (em) => {
        await deferRollups(em);
        await db(em).updateTable('tasks').set({ status: 'cancelled' }).where('id', '=', scheduled.id).execute();
        const kept = await db(em)
          .selectFrom('report_rollup_deferred' as never)
          .select(sql`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow();
        // The task as it was (-1) and as it is (+1), for each of the two rollup families, waiting for the commit.
        expect(kept).toEqual({ n: 4 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await run('admin@demo.com', 'project_summary', { projectId: scheduled.project_id })).totals).toEqual(
      before.totals,
    );
    // The same change through tasks.cancel (deferred, folded at commit): exact against the raw tasks.
    await (await as('admin@demo.com')).tasks.cancel({ id: scheduled.id, reason: 'Store closed' });
    await checkAgainstRaw('admin@demo.com', { projectId: scheduled.project_id }, { customerId: acmeId });
    await checkQuestions({ projectId: scheduled.project_id });
    expect((await run('admin@demo.com', 'project_summary', { projectId: scheduled.project_id })).totals.planned).toBe(
      before.totals.planned - 1,
    );
  });
});

describe('report scope', () => {
  it('gives team roles their teams only, and refuses another team', async () => {
    for (const email of ['teamleader@demo.com', 'floormanager@demo.com']) {
      const user = await k().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const led = await k()
        .selectFrom('teams')
        .select('id')
        .where((eb) => eb.or([eb('team_leader_id', '=', user.id), eb('floor_manager_id', '=', user.id)]))
        .execute();
      const members = await k()
        .selectFrom('team_members')
        .select('team_id as id')
        .where('user_id', '=', user.id)
        .execute();
      const teamIds = [...new Set([...led, ...members].map((x) => x.id))];
      await checkAgainstRaw(email, { projectId }, { customerId: acmeId, teamIds });
      const teams = await run(email, 'team_performance', {});
      for (const row of teams.rows) expect(teamIds).toContain(row.team.id);
    }
    const leader = await as('teamleader@demo.com');
    expect((await run('teamleader@demo.com', 'team_performance', { projectId })).rows.map((r) => r.team.id)).toEqual([
      lyonTeam,
    ]);
    expect(await codeOf(leader.reports.run({ kind: 'project_summary', filters: { teamId: parisTeam } }))).toBe(
      'FORBIDDEN',
    );
    expect(await fieldsOf(leader.reports.run({ kind: 'project_summary', filters: { teamId: parisTeam } }))).toEqual([
      'teamId',
    ]);
  });

  it('refuses roles without reports and never shows another customer', async () => {
    for (const email of ['qualitycontrol@demo.com', 'client@demo.com']) {
      const caller = await as(email);
      expect(await codeOf(caller.reports.run({ kind: 'project_summary', filters: {} })), email).toBe('FORBIDDEN');
      expect(await codeOf(caller.reports.list()), email).toBe('FORBIDDEN');
    }
    const nws = await k().selectFrom('customers').select('id').where('code', '=', 'NWS').executeTakeFirstOrThrow();
    await checkAgainstRaw('admin@nws.demo.com', {}, { customerId: nws.id });
    const nwsRun = await run('admin@nws.demo.com', 'project_summary', {});
    const acmeProjects = new Set(
      (await k().selectFrom('projects').select('id').where('customer_id', '=', acmeId).execute()).map((x) => x.id),
    );
    for (const row of nwsRun.rows) expect(acmeProjects.has(row.project.id)).toBe(false);
    const nwsAdmin = await as('admin@nws.demo.com');
    expect(await fieldsOf(nwsAdmin.reports.run({ kind: 'project_summary', filters: { projectId } }))).toEqual([
      'projectId',
    ]);
    expect(await fieldsOf(nwsAdmin.reports.run({ kind: 'location_ranking', filters: { teamId: lyonTeam } }))).toEqual([
      'teamId',
    ]);
  });
});

describe('report inputs', () => {
  it('refuse bad filters with a 4xx naming the field', async () => {
    const admin = await as('admin@demo.com');
    expect(await codeOf(admin.reports.run({ kind: 'project_summary', filters: { from: '2026-13' } }))).toBe(
      'BAD_REQUEST',
    );
    expect(await fieldsOf(admin.reports.run({ kind: 'project_summary', filters: { from: '2026-13' } }))).toEqual([
      'filters.from',
    ]);
    expect(
      await fieldsOf(admin.reports.run({ kind: 'project_summary', filters: { from: '2026-05', to: '2026-01' } })),
    ).toEqual(['filters.to']);
    expect(await fieldsOf(admin.reports.run({ kind: 'nope' as never, filters: {} }))).toEqual(['kind']);
    expect(await fieldsOf(admin.reports.run({ kind: 'project_summary', filters: { projectId: -3 } }))).toEqual([
      'filters.projectId',
    ]);
    expect(await fieldsOf(admin.reports.run({ kind: 'project_summary', filters: { directionId: 999999 } }))).toEqual([
      'directionId',
    ]);
    expect(await fieldsOf(admin.reports.run({ kind: 'project_summary', filters: { extra: 1 } as never }))).toHaveLength(
      1,
    );
    const res = await t.request({
      method: 'GET',
      url: '/api/reports/export.csv?kind=project_summary&from=2026-99',
      as: 'admin@demo.com',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('from');
  });

  it('export the rows as CSV in the caller scope', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/reports/export.csv?kind=team_performance&projectId=${projectId}`,
      as: 'teamleader@demo.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'team_id,team_name,planned,approved,passed,completion,pass_rate,average_score,on_time,on_time_rate,reworked,rework_rate',
    );
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([lyonTeam]);
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/reports/export.csv?kind=team_performance',
          as: 'qualitycontrol@demo.com',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('drill-down', () => {
  it('tasks.list filters approved tasks by direction, sub-direction and class like the reports', async () => {
    const admin = await as('admin@demo.com');
    const raw = (await rawTasks(acmeId)).filter((x) => x.status === 'approved');
    const sample = raw.find((x) => x.classId !== null)!;
    for (const filter of [
      { directionId: sample.directionId },
      { subDirectionId: sample.subDirectionId },
      { classId: sample.classId! },
    ]) {
      const list = await admin.tasks.list({ status: 'approved', itemsPerPage: -1, ...filter });
      const expected = raw.filter((x) => matches(x, filter));
      expect(list.total, JSON.stringify(filter)).toBe(expected.length);
      expect(list.items.map((i) => i.id).sort((a, b) => a - b)).toEqual(
        expected.map((x) => x.id).sort((a, b) => a - b),
      );
      const report = await run('admin@demo.com', 'project_summary', filter);
      expect(report.totals.approved).toBe(expected.length);
    }
  });
});

describe('saved reports', () => {
  it('are personal or shared with the customer, changed by their owner with their version', async () => {
    const analyst = await as('analyst@demo.com');
    const leader = await as('teamleader@demo.com');
    const nws = await as('admin@nws.demo.com');
    const admin = await as('admin@demo.com');
    const personal = await analyst.reports.create({
      name: 'My weakest questions',
      kind: 'question_breakdown',
      filters: { projectId },
    });
    const shared = await analyst.reports.create({
      name: 'Monday ranking',
      kind: 'location_ranking',
      filters: { from: '2026-01' },
      shared: true,
    });
    expect(personal).toMatchObject({
      kind: 'question_breakdown',
      filters: { projectId },
      shared: false,
      canUpdate: true,
      canDelete: true,
    });
    expect((await analyst.reports.list()).items.map((r) => r.name)).toEqual(['Monday ranking', 'My weakest questions']);
    expect((await leader.reports.list()).items.map((r) => r.name)).toEqual(['Monday ranking']);
    expect((await leader.reports.list()).items[0]).toMatchObject({ canUpdate: false, canDelete: false });
    expect((await nws.reports.list()).items).toEqual([]);
    expect(await codeOf(leader.reports.byId({ id: personal.id }))).toBe('NOT_FOUND');
    expect(await codeOf(nws.reports.byId({ id: shared.id }))).toBe('NOT_FOUND');
    expect(await codeOf(leader.reports.update({ id: shared.id, name: 'Mine now' }))).toBe('FORBIDDEN');
    expect(await codeOf(nws.reports.delete({ id: shared.id }))).toBe('NOT_FOUND');

    const renamed = await analyst.reports.update({
      id: personal.id,
      version: personal.version,
      name: 'Weakest questions',
    });
    expect(renamed.version).toBe(personal.version + 1);
    expect(await codeOf(analyst.reports.update({ id: personal.id, version: personal.version, shared: true }))).toBe(
      'CONFLICT',
    );
    expect(await fieldsOf(analyst.reports.create({ name: 'Weakest questions', kind: 'project_summary' }))).toEqual([
      'name',
    ]);
    expect(
      await fieldsOf(analyst.reports.create({ name: 'Bad', kind: 'project_summary', filters: { classId: 999999 } })),
    ).toEqual(['classId']);

    expect(await codeOf(admin.reports.delete({ id: personal.id }))).toBe('NOT_FOUND');
    expect(await admin.reports.delete({ id: shared.id })).toEqual({ id: shared.id, deleted: true });
    expect((await analyst.reports.list()).items.map((r) => r.name)).toEqual(['Weakest questions']);
    const audit = await k()
      .selectFrom('audit_events')
      .select('action')
      .where('entity_type', '=', 'Report')
      .where('entity_id', '=', personal.id)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'update']);
  });
});

/* The smaller rollups (migration report_segment_rollups), row for row against grouped SQL over `tasks`. */

type Row = Record<string, unknown>;
const rowsOf = async (text: string): Promise<Row[]> => (await sql.raw<Row>(text).execute(k())).rows;
/** Rows with any non-zero figure, in a stable order (a rollup may keep a key whose figures went back to 0). */
const significant = (rows: Row[], keys: string[]) =>
  rows
    .filter((r) => Object.entries(r).some(([key, v]) => !keys.includes(key) && Number(v) !== 0))
    .map((r) => JSON.stringify(r))
    .sort();

async function expectRollupsExact(): Promise<void> {
  const c = Number(acmeId);
  const month = `to_char(date_trunc('month', t.starts_at at time zone c.time_zone), 'YYYY-MM')`;
  const from = `from tasks t join locations l on l.id = t.location_id join customers c on c.id = t.customer_id where t.customer_id = ${c}`;
  const segmentKeys = ['project_id', 'team_id', 'sub', 'cls', 'm'];
  const rawSegments = await rowsOf(`
    select t.project_id, t.team_id, coalesce(l.sub_direction_id, 0) as sub, coalesce(l.location_class_id, 0) as cls, ${month} as m,
           count(*) filter (where t.status <> 'cancelled')::int as planned, count(*) filter (where t.status = 'approved')::int as approved,
           count(*) filter (where t.status = 'approved' and t.passed)::int as passed, count(*) filter (where t.status = 'approved' and t.score is not null)::int as scored,
           coalesce(sum(t.score) filter (where t.status = 'approved'), 0)::float8 as score_sum,
           count(*) filter (where t.status = 'approved' and t.submitted_at <= t.ends_at)::int as on_time,
           count(*) filter (where t.status = 'approved' and t.rework_count > 0)::int as reworked
      ${from} group by 1, 2, 3, 4, 5`);
  const segments = await rowsOf(`
    select project_id, team_id, sub_direction_id as sub, location_class_id as cls, to_char(month, 'YYYY-MM') as m,
           planned, approved, passed, scored, score_sum::float8 as score_sum, on_time, reworked
      from report_task_segment_monthly where customer_id = ${c}`);
  expect(significant(segments, segmentKeys)).toEqual(significant(rawSegments, segmentKeys));

  const questionKeys = [...segmentKeys, 'key'];
  const rawQuestions = await rowsOf(`
    select t.project_id, t.team_id, coalesce(l.sub_direction_id, 0) as sub, coalesce(l.location_class_id, 0) as cls, ${month} as m, e.key,
           count(*) filter (where e.value = 'failed')::int as failed, count(*) filter (where e.value = 'passed')::int as passed, count(*) filter (where e.value = 'na')::int as na
      from tasks t join locations l on l.id = t.location_id join customers c on c.id = t.customer_id
           cross join lateral jsonb_each_text(coalesce(t.answer_outcomes, '{}'::jsonb)) e
     where t.customer_id = ${c} and t.status = 'approved' group by 1, 2, 3, 4, 5, 6`);
  const questions = await rowsOf(`
    select project_id, team_id, sub_direction_id as sub, location_class_id as cls, to_char(month, 'YYYY-MM') as m, question_key as key, failed, passed, na
      from report_question_segment_monthly where customer_id = ${c}`);
  expect(significant(questions, questionKeys)).toEqual(significant(rawQuestions, questionKeys));

  const locationKeys = ['location_id', 'team_id', 'm'];
  const rawLocations = await rowsOf(`
    select t.location_id, t.team_id, ${month} as m, count(*)::int as approved, count(*) filter (where t.passed)::int as passed,
           count(t.score)::int as scored, coalesce(sum(t.score), 0)::float8 as score_sum
      ${from} and t.status = 'approved' group by 1, 2, 3`);
  const locations = await rowsOf(`
    select location_id, team_id, to_char(month, 'YYYY-MM') as m, approved, passed, scored, score_sum::float8 as score_sum
      from report_location_monthly where customer_id = ${c}`);
  expect(significant(locations, locationKeys)).toEqual(significant(rawLocations, locationKeys));
}

describe('segment and per-location rollups', () => {
  it('equal grouped SQL over the tasks after an insert, an approval, a reopen, a location move and a delete', async () => {
    await expectRollupsExact();
    const inspector = await as('qualitycontrol@demo.com');
    const analyst = await as('analyst@demo.com');
    // Insert: a new project's task in progress at the Paris location (planned only).
    const f = await createTaskFixture(t.orm, {
      schemeId,
      location: parisLocation.code,
      status: 'in_progress',
      team: 'Paris field team',
    });
    await expectRollupsExact();
    // Approve.
    await inspector.tasks.saveAnswers({
      id: f.taskId,
      answers: answersOf({ safe: true, clean: false, stock: 3, sign: 'na' }),
    });
    await inspector.tasks.submit({ id: f.taskId, clientMutationId: `reports-${++mutation}` });
    await analyst.tasks.approve({ id: f.taskId });
    await expectRollupsExact();
    // Reopen: a second task rejected (leaves nothing approved), resumed with other answers, approved again.
    const g = await createTaskFixture(t.orm, {
      projectId: f.projectId,
      schemeId,
      location: lyonLocation.code,
      status: 'in_progress',
      team: 'Lyon field team',
    });
    await inspector.tasks.saveAnswers({
      id: g.taskId,
      answers: answersOf({ safe: true, clean: true, stock: 4, sign: true }),
    });
    await inspector.tasks.submit({ id: g.taskId, clientMutationId: `reports-${++mutation}` });
    await analyst.tasks.reject({ id: g.taskId, reason: 'Photos missing' });
    await expectRollupsExact();
    await inspector.tasks.resume({ id: g.taskId });
    await inspector.tasks.saveAnswers({
      id: g.taskId,
      answers: answersOf({ safe: false, clean: true, stock: 1, sign: false }),
    });
    await inspector.tasks.submit({ id: g.taskId, clientMutationId: `reports-${++mutation}` });
    await analyst.tasks.approve({ id: g.taskId });
    await expectRollupsExact();

    // The Lyon location moves to the Paris location's sub-direction and to another class (then back).
    const before = await k()
      .selectFrom('locations')
      .select(['sub_direction_id', 'location_class_id'])
      .where('id', '=', lyonLocation.id)
      .executeTakeFirstOrThrow();
    const paris = await k()
      .selectFrom('locations')
      .select(['sub_direction_id'])
      .where('id', '=', parisLocation.id)
      .executeTakeFirstOrThrow();
    const otherClass = await k()
      .selectFrom('location_classes')
      .select('id')
      .where('customer_id', '=', acmeId)
      .$if(before.location_class_id !== null, (q) => q.where('id', '<>', before.location_class_id!))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(paris.sub_direction_id).not.toBe(before.sub_direction_id);
    await k()
      .updateTable('locations')
      .set({ sub_direction_id: paris.sub_direction_id, location_class_id: otherClass.id })
      .where('id', '=', lyonLocation.id)
      .execute();
    await expectRollupsExact();
    await checkAgainstRaw('admin@demo.com', { classId: otherClass.id }, { customerId: acmeId });
    await checkAgainstRaw(
      'admin@demo.com',
      { subDirectionId: paris.sub_direction_id, projectId: f.projectId },
      { customerId: acmeId },
    );
    await checkQuestions({ classId: otherClass.id, projectId });
    await checkQuestions({ subDirectionId: paris.sub_direction_id, projectId });
    await k().updateTable('locations').set({ location_class_id: null }).where('id', '=', lyonLocation.id).execute();
    await expectRollupsExact();
    await k()
      .updateTable('locations')
      .set({ sub_direction_id: before.sub_direction_id, location_class_id: before.location_class_id })
      .where('id', '=', lyonLocation.id)
      .execute();
    await expectRollupsExact();

    // Delete both tasks (the failed critical question opened a corrective action): their contributions leave every rollup.
    await k().deleteFrom('corrective_actions').where('task_id', 'in', [f.taskId, g.taskId]).execute();
    await k().deleteFrom('task_reviews').where('task_id', 'in', [f.taskId, g.taskId]).execute();
    await k().deleteFrom('tasks').where('project_id', '=', f.projectId).execute();
    await expectRollupsExact();
    await checkAgainstRaw('admin@demo.com', {}, { customerId: acmeId });
  });
});
