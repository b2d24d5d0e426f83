// Role dashboards: every dashboard's figures against figures computed here,
// independently, from raw rows (tasks, users, projects, licenses; JavaScript's own day, week and month
// in the customer's zone); team roles see their teams only; another customer never; refused roles and
// other roles' dashboards are FORBIDDEN.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TReportFigures } from '../../../../shared/schemas/reports.ts';
import { db } from '../../../db/kysely.ts';
import { type AppCaller, setupTestApp } from '../../../testing/app.ts';
import { codeOf } from '../../../testing/trpc.ts';
import { createTaskFixture } from '../../../testing/workflow.ts';

const t = await setupTestApp();
const k = () => db(t.orm.em.fork());
const callers = new Map<string, AppCaller>();
const as = async (email: string) => {
  if (!callers.has(email)) callers.set(email, await t.caller(email));
  return callers.get(email)!;
};

let acmeId = 0;
let zone = 'UTC';
let schemeId = 0;
let projectId = 0;
let mutation = 0;
const codes = { lyon: '', paris: '' };

type Answers = { safe: boolean; stock: number };
const answersOf = (a: Answers) => [
  { questionKey: 'dash_safe', value: a.safe },
  { questionKey: 'dash_stock', value: a.stock },
];

async function approvedTask(where: 'lyon' | 'paris', answers: Answers, startsAt?: Date): Promise<number> {
  const f = await createTaskFixture(t.orm, {
    projectId,
    schemeId,
    location: codes[where],
    status: 'in_progress',
    assignee: 'qualitycontrol@demo.com',
    team: where === 'paris' ? 'Paris field team' : 'Lyon field team',
    startsAt,
  });
  const inspector = await as('qualitycontrol@demo.com');
  await inspector.tasks.saveAnswers({ id: f.taskId, answers: answersOf(answers) });
  await inspector.tasks.submit({ id: f.taskId, clientMutationId: `dashboards-${++mutation}` });
  await (await as('analyst@demo.com')).tasks.approve({ id: f.taskId });
  return f.taskId;
}

/** A date's parts in the customer's zone. */
function local(d: Date) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  }).formatToParts(d);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    day: `${get('year')}-${get('month')}-${get('day')}`,
    month: `${get('year')}-${get('month')}`,
    hour: get('hour'),
    minute: get('minute'),
    weekday: get('weekday'),
  };
}

interface RawTask {
  status: string;
  projectId: number;
  teamId: number;
  locationId: number;
  directionId: number;
  assigneeId: number | null;
  startsAt: Date;
  endsAt: Date;
  score: number | null;
  passed: boolean | null;
  onTime: boolean;
  reworked: boolean;
  answers: { questionKey: string; value: unknown; na: boolean }[];
}

async function rawTasks(customerId: number): Promise<RawTask[]> {
  const rows = await k()
    .selectFrom('tasks as t')
    .innerJoin('locations as l', 'l.id', 't.location_id')
    .innerJoin('sub_directions as s', 's.id', 'l.sub_direction_id')
    .select([
      't.status',
      't.project_id',
      't.team_id',
      't.location_id',
      's.direction_id',
      't.assignee_id',
      't.starts_at',
      't.ends_at',
      't.submitted_at',
      't.score',
      't.passed',
      't.rework_count',
      't.answers',
    ])
    .where('t.customer_id', '=', customerId)
    .execute();
  return rows.map((r) => ({
    status: r.status,
    projectId: r.project_id,
    teamId: r.team_id,
    locationId: r.location_id,
    directionId: r.direction_id,
    assigneeId: r.assignee_id,
    startsAt: new Date(r.starts_at),
    endsAt: new Date(r.ends_at),
    score: r.score === null ? null : Number(r.score),
    passed: r.passed,
    onTime: r.submitted_at !== null && new Date(r.submitted_at) <= new Date(r.ends_at),
    reworked: r.rework_count > 0,
    answers: r.answers,
  }));
}

/** Figures from raw tasks (only approved ones score; completion over the not cancelled). */
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

function expectFigures(actual: TReportFigures, expected: TReportFigures, label = ''): void {
  for (const key of ['planned', 'approved', 'passed', 'onTime', 'reworked'] as const)
    expect(actual[key], `${label} ${key}`).toBe(expected[key]);
  for (const key of ['completion', 'passRate', 'onTimeRate', 'reworkRate', 'averageScore'] as const) {
    if (expected[key] === null) expect(actual[key], `${label} ${key}`).toBeNull();
    else expect(actual[key], `${label} ${key}`).toBeCloseTo(expected[key], 6);
  }
}

const OPEN = ['scheduled', 'in_progress', 'rejected'];

async function teamsOf(email: string): Promise<number[]> {
  const user = await k().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const led = await k()
    .selectFrom('teams')
    .select('id')
    .where((eb) => eb.or([eb('team_leader_id', '=', user.id), eb('floor_manager_id', '=', user.id)]))
    .execute();
  const members = await k().selectFrom('team_members').select('team_id as id').where('user_id', '=', user.id).execute();
  return [...new Set([...led, ...members].map((x) => x.id))].sort((a, b) => a - b);
}

/** The last twelve months (`YYYY-MM`), this one included, in the zone. */
function trendMonths(): string[] {
  const [y, m] = local(new Date()).month.split('-').map(Number);
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
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
    name: 'Dashboards scheme',
    passingScore: 60,
    sections: [
      {
        title: 'Store',
        questions: [
          { key: 'dash_safe', text: 'Fire doors closed?', type: 'yesno', critical: true },
          { key: 'dash_stock', text: 'Shelves filled (0-4)', type: 'score', maxScore: 4 },
        ],
      },
    ],
  });
  schemeId = (await admin.schemes.publish({ id: draft.id })).id;
  const locationIn = (sub: string) =>
    k()
      .selectFrom('locations as l')
      .innerJoin('sub_directions as s', 's.id', 'l.sub_direction_id')
      .select('l.code')
      .where('l.customer_id', '=', acmeId)
      .where('s.code', '=', sub)
      .where('l.latitude', 'is not', null)
      .orderBy('l.id')
      .executeTakeFirstOrThrow();
  codes.lyon = (await locationIn('LYON')).code;
  codes.paris = (await locationIn('PAR-W')).code;
  projectId = (
    await createTaskFixture(t.orm, { schemeId, location: codes.lyon, status: 'scheduled', team: 'Lyon field team' })
  ).projectId;
  const lastMonth = new Date(Date.now() - 40 * 864e5);
  await approvedTask('lyon', { safe: true, stock: 4 });
  await approvedTask('lyon', { safe: false, stock: 1 });
  await approvedTask('paris', { safe: true, stock: 0 }, lastMonth);
  // Live work: overdue (ended yesterday, still scheduled), missed, waiting for review, today's.
  const yesterday = new Date(Date.now() - 30 * 3600_000);
  await createTaskFixture(t.orm, {
    projectId,
    location: codes.lyon,
    team: 'Lyon field team',
    status: 'scheduled',
    startsAt: yesterday,
    endsAt: new Date(yesterday.getTime() + 3600_000),
  });
  await createTaskFixture(t.orm, {
    projectId,
    location: codes.paris,
    team: 'Paris field team',
    status: 'missed',
    startsAt: yesterday,
    endsAt: new Date(yesterday.getTime() + 3600_000),
  });
  await createTaskFixture(t.orm, { projectId, location: codes.paris, team: 'Paris field team', status: 'submitted' });
  await createTaskFixture(t.orm, { projectId, location: codes.lyon, team: 'Lyon field team', status: 'submitted' });
});

describe('admin dashboard', () => {
  it('counts seats, users by role, projects by status and the approved tasks’ figures', async () => {
    const d = await (await as('admin@demo.com')).dashboards.admin();
    const users = await k().selectFrom('users').select(['role', 'status']).where('customer_id', '=', acmeId).execute();
    const roles = new Map<string, number>();
    for (const u of users) roles.set(u.role, (roles.get(u.role) ?? 0) + 1);
    expect(new Map(d.usersByRole.map((r) => [r.role as string, r.count]))).toEqual(roles);
    expect(d.seats.used).toBe(users.filter((u) => u.status === 'active').length);
    const now = new Date();
    const licenses = await k()
      .selectFrom('licenses')
      .select(['id', 'seats', 'starts_at', 'expires_at', 'revoked_at'])
      .where('customer_id', '=', acmeId)
      .execute();
    const inForce = licenses
      .filter((l) => !l.revoked_at && new Date(l.starts_at) <= now && new Date(l.expires_at) > now)
      .sort((a, b) => +new Date(b.starts_at) - +new Date(a.starts_at));
    expect(d.seats.total).toBe(inForce[0]?.seats ?? null);
    const projects = await k().selectFrom('projects').select('status').where('customer_id', '=', acmeId).execute();
    for (const row of d.projectsByStatus)
      expect(row.count, row.status).toBe(projects.filter((p) => p.status === row.status).length);
    const tasks = await rawTasks(acmeId);
    expectFigures(d.totals, figures(tasks), 'totals');
    const months = new Set(trendMonths());
    const inTrend = tasks.filter((x) => months.has(local(x.startsAt).month));
    expect(d.trend.map((p) => p.month)).toEqual(
      [...new Set(inTrend.filter((x) => x.status !== 'cancelled').map((x) => local(x.startsAt).month))].sort(),
    );
    for (const point of d.trend)
      expectFigures(point, figures(inTrend.filter((x) => local(x.startsAt).month === point.month)), point.month);
  });

  it('never shows another customer', async () => {
    const nws = await k().selectFrom('customers').select('id').where('code', '=', 'NWS').executeTakeFirstOrThrow();
    const d = await (await as('admin@nws.demo.com')).dashboards.admin();
    expectFigures(d.totals, figures(await rawTasks(nws.id)), 'nws');
    const nwsUsers = await k().selectFrom('users').select('id').where('customer_id', '=', nws.id).execute();
    expect(d.usersByRole.reduce((s, r) => s + r.count, 0)).toBe(nwsUsers.length);
  });
});

describe('floor manager dashboard', () => {
  it('counts today’s slots per team, missed, overdue and workload within the floor manager’s teams', async () => {
    const teamIds = await teamsOf('floormanager@demo.com');
    const d = await (await as('floormanager@demo.com')).dashboards.floorManager();
    const now = new Date();
    expect(local(d.today.from)).toMatchObject({ day: local(now).day, hour: '00', minute: '00' });
    expect(d.today.from <= now && now < d.today.to).toBe(true);
    const tasks = (await rawTasks(acmeId)).filter((x) => teamIds.includes(x.teamId));
    const today = tasks.filter((x) => local(x.startsAt).day === local(now).day);
    expect(d.todayTotal).toBe(today.length);
    for (const row of d.todayByTeam) {
      expect(teamIds).toContain(row.teamId);
      expect(row.total, row.teamName).toBe(today.filter((x) => x.teamId === row.teamId).length);
    }
    expect(d.missed).toBe(tasks.filter((x) => x.status === 'missed').length);
    expect(d.overdue).toBe(tasks.filter((x) => OPEN.includes(x.status) && x.endsAt < now).length);
    expect(d.overdue).toBeGreaterThan(0);
    for (const w of d.workload) {
      const mine = tasks.filter((x) => x.assigneeId === w.assigneeId && OPEN.includes(x.status));
      expect(w.open).toBe(mine.length);
      expect(w.overdue).toBe(mine.filter((x) => x.endsAt < now).length);
    }
    // Open corrective actions of the teams, and the overdue among them, counted here from the rows.
    const actions = await k()
      .selectFrom('corrective_actions')
      .select(['status', 'due_at', 'team_id'])
      .where('customer_id', '=', acmeId)
      .execute();
    const open = actions.filter((a) => a.status === 'open' && teamIds.includes(a.team_id));
    expect(d.actions).toEqual({ open: open.length, overdue: open.filter((a) => new Date(a.due_at) < now).length });
    expect(d.actions.open).toBeGreaterThan(0);
  });
});

describe('team leader dashboard', () => {
  it('counts the team’s tasks this week and reviews waiting, with the team’s score trend', async () => {
    const teamIds = await teamsOf('teamleader@demo.com');
    const d = await (await as('teamleader@demo.com')).dashboards.teamLeader();
    expect(d.teams.map((x) => x.id).sort((a, b) => a - b)).toEqual(teamIds);
    const now = new Date();
    expect(local(d.week.from)).toMatchObject({ weekday: 'Mon', hour: '00', minute: '00' });
    expect(d.week.from <= now && now < d.week.to).toBe(true);
    const tasks = (await rawTasks(acmeId)).filter((x) => teamIds.includes(x.teamId));
    const week = tasks.filter((x) => x.startsAt >= d.week.from && x.startsAt < d.week.to);
    expect(d.weekTotal).toBe(week.length);
    for (const [status, n] of Object.entries(d.weekByStatus))
      expect(n, status).toBe(week.filter((x) => x.status === status).length);
    expect(d.reviewsWaiting).toBe(tasks.filter((x) => x.status === 'submitted').length);
    const months = new Set(trendMonths());
    expectFigures(d.totals, figures(tasks.filter((x) => months.has(local(x.startsAt).month))), 'team totals');
  });
});

describe('business user dashboard', () => {
  it('gives project progress and scores by location and direction from approved tasks', async () => {
    const d = await (await as('businessuser@demo.com')).dashboards.businessUser();
    const tasks = await rawTasks(acmeId);
    expect(d.projects.length).toBeGreaterThan(0);
    for (const p of d.projects) expectFigures(p, figures(tasks.filter((x) => x.projectId === p.projectId)), p.code);
    expect(d.projects.map((p) => p.projectId)).toContain(projectId);
    for (const l of d.locations) {
      const f = figures(tasks.filter((x) => x.locationId === l.locationId));
      expect(l.approved).toBe(f.approved);
      if (f.averageScore === null) expect(l.averageScore).toBeNull();
      else expect(l.averageScore).toBeCloseTo(f.averageScore, 6);
    }
    const directions = new Set(tasks.filter((x) => x.status === 'approved').map((x) => x.directionId));
    expect(new Set(d.directions.map((x) => x.directionId))).toEqual(directions);
    for (const dir of d.directions)
      expectFigures(dir, figures(tasks.filter((x) => x.directionId === dir.directionId)), dir.name);
  });
});

describe('analyst dashboard', () => {
  it('gives the review queue, the score distribution and the weakest questions', async () => {
    const d = await (await as('analyst@demo.com')).dashboards.analyst();
    const tasks = await rawTasks(acmeId);
    const submitted = tasks.filter((x) => x.status === 'submitted');
    expect(d.reviewQueue).toBe(submitted.length);
    for (const q of d.queueByProject) expect(q.count).toBe(submitted.filter((x) => x.projectId === q.projectId).length);
    const byLocation = new Map<number, RawTask[]>();
    for (const x of tasks.filter((x) => x.status === 'approved'))
      byLocation.set(x.locationId, [...(byLocation.get(x.locationId) ?? []), x]);
    const buckets = Array.from({ length: 10 }, () => 0);
    for (const list of byLocation.values()) {
      const avg = figures(list).averageScore;
      if (avg !== null) buckets[Math.min(9, Math.floor(avg / 10))]++;
    }
    expect(d.scoreDistribution.map((b) => b.locations)).toEqual(buckets);
    const rates = d.weakestQuestions.map((q) => q.failRate ?? -1);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    // Our scheme's keys are unique: their outcomes computed from the answers (yes/no fails on no, stock under 2 of 4).
    const ours = tasks.filter((x) => x.status === 'approved' && x.answers.some((a) => a.questionKey === 'dash_safe'));
    for (const q of d.weakestQuestions.filter((x) => x.questionKey.startsWith('dash_'))) {
      const answers = ours.flatMap((x) => x.answers.filter((a) => a.questionKey === q.questionKey));
      const failed = answers.filter((a) =>
        q.questionKey === 'dash_stock' ? Number(a.value) < 2 : a.value === false,
      ).length;
      expect({ failed: q.failed, passed: q.passed }).toEqual({ failed, passed: answers.length - failed });
    }
  });
});

describe('dashboard scope', () => {
  it('refuses roles without dashboards and other roles’ dashboards', async () => {
    for (const email of ['qualitycontrol@demo.com', 'client@demo.com']) {
      const caller = await as(email);
      for (const read of [
        caller.dashboards.admin,
        caller.dashboards.floorManager,
        caller.dashboards.teamLeader,
        caller.dashboards.businessUser,
        caller.dashboards.analyst,
      ]) {
        expect(await codeOf(read()), email).toBe('FORBIDDEN');
      }
    }
    const leader = await as('teamleader@demo.com');
    expect(await codeOf(leader.dashboards.admin())).toBe('FORBIDDEN');
    expect(await codeOf(leader.dashboards.floorManager())).toBe('FORBIDDEN');
    expect(await codeOf((await as('analyst@demo.com')).dashboards.businessUser())).toBe('FORBIDDEN');
    expect(await codeOf((await as('businessuser@demo.com')).dashboards.analyst())).toBe('FORBIDDEN');
    expect(await codeOf((await as('floormanager@demo.com')).dashboards.teamLeader())).toBe('FORBIDDEN');
  });

  it('gives admins every dashboard customer-wide, and another customer nothing of ACME', async () => {
    const admin = await as('admin@demo.com');
    const d = await admin.dashboards.analyst();
    expect(d.reviewQueue).toBe((await rawTasks(acmeId)).filter((x) => x.status === 'submitted').length);
    const nwsAdmin = await as('admin@nws.demo.com');
    const nws = await nwsAdmin.dashboards.businessUser();
    expect(nws.projects.map((p) => p.projectId)).not.toContain(projectId);
    const nwsQueue = await nwsAdmin.dashboards.analyst();
    const acmeProjects = new Set(
      (await k().selectFrom('projects').select('id').where('customer_id', '=', acmeId).execute()).map((x) => x.id),
    );
    for (const q of nwsQueue.queueByProject) expect(acmeProjects.has(q.projectId)).toBe(false);
  });
});
