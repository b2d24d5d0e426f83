// Role dashboards, the authorized entry points: one read per dashboard.
//
// Authorization, once per read, here: the caller must read reports and their role must be one of the
// dashboard's roles (DASHBOARD_ROLES: its own role, plus the superadmin and admins); `rollupScope` gives
// the scope — their customer (the superadmin: every customer), and for team roles (floormanager,
// teamleader) their teams only. Anything else is FORBIDDEN.
//
// Score figures (completion, pass rate, average score, trend, per project / location / direction,
// questions) come from the report rollups (reports.refs.ts; approved tasks only). Live operational
// counts (today's slots, this week, overdue, missed, reviews waiting, workload) are grouped queries on
// `tasks` over its (customer|team|assignee, starts_at) indexes and the submitted-queue index.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Expression, type SqlBool, sql } from 'kysely';
import { ROLES } from '../../../../shared/constants/roles.ts';
import {
  DASHBOARD_ROLES,
  SCORE_BUCKETS,
  type TAdminDashboard,
  type TAnalystDashboard,
  type TBusinessUserDashboard,
  type TDashboardKind,
  type TFloorManagerDashboard,
  type TTeamLeaderDashboard,
} from '../../../../shared/schemas/dashboards.ts';
import { PROJECT_STATUSES, TASK_STATUSES, type TTaskStatus } from '../../../../shared/workflow/statuses.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import { authorize } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { customerTimeZones } from '../../organization/customers/customers.refs.ts';
import { activeLicenseSummaries, countActiveUsersByCustomer } from '../../organization/licenses/licenses.refs.ts';
import { teamRefs } from '../../organization/teams/teams.refs.ts';
import { userRefs } from '../../organization/users/users.refs.ts';
import { locationReportRefs } from '../../structure/locations/locations.refs.ts';
import { questionTextsByKey } from '../../structure/schemes/schemes.refs.ts';
import {
  type RollupScope,
  rollupByDirection,
  rollupByLocation,
  rollupByProject,
  rollupFilter,
  rollupQuestions,
  rollupScope,
  rollupTrendAndTotals,
} from '../reports/reports.refs.ts';

/** How many months the trends show (this one included). */
export const TREND_MONTHS = 12;
/** How many weakest questions, best/worst locations and workload rows a dashboard lists. */
export const DASHBOARD_ROWS = 10;

const OPEN: TTaskStatus[] = ['scheduled', 'in_progress', 'rejected'];

/** Authorizes one dashboard (`read Report`, then the role: FORBIDDEN otherwise) and gives its scope. */
function dashboardScope(ctx: ServiceContext, kind: TDashboardKind): RollupScope {
  authorize(ctx, 'read', 'Report');
  const scope = rollupScope(ctx);
  if (!DASHBOARD_ROLES[kind].includes(ctx.user.role)) throw new AppError('FORBIDDEN', 'dashboards.notYourRole');
  return scope;
}

/** The WHERE of a live read on `tasks` (alias `t`) inside the scope. */
function taskScope(scope: RollupScope): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (scope.customerId !== null) out.push(sql<SqlBool>`t.customer_id = ${scope.customerId}`);
  if (scope.teamIds !== null)
    out.push(scope.teamIds.length ? sql<SqlBool>`t.team_id = any(${scope.teamIds}::int[])` : sql<SqlBool>`false`);
  return out;
}
const whereAll = (parts: Expression<SqlBool>[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

async function zoneOf(em: EntityManager, scope: RollupScope): Promise<string> {
  if (scope.customerId === null) return 'UTC';
  return (await customerTimeZones(em, [scope.customerId])).get(scope.customerId) ?? 'UTC';
}

/** The local day or ISO week (Monday first) around now, in the zone, as [from, to). */
async function localPeriod(em: EntityManager, zone: string, unit: 'day' | 'week'): Promise<{ from: Date; to: Date }> {
  const step = unit === 'day' ? sql`interval '1 day'` : sql`interval '7 days'`;
  const { rows } = await sql<{ from: Date; to: Date }>`
    select (date_trunc(${unit}, now() at time zone ${zone}) at time zone ${zone}) as "from",
           ((date_trunc(${unit}, now() at time zone ${zone}) + ${step}) at time zone ${zone}) as "to"`.execute(db(em));
  return { from: new Date(rows[0].from), to: new Date(rows[0].to) };
}

/** The trend window: the last TREND_MONTHS months up to this one (`YYYY-MM-01`), in the zone. */
async function trendWindow(em: EntityManager, zone: string): Promise<{ fromMonth: string; toMonth: string }> {
  const { rows } = await sql<{ from: string; to: string }>`
    select to_char(date_trunc('month', now() at time zone ${zone}) - interval '${sql.raw(String(TREND_MONTHS - 1))} months', 'YYYY-MM-DD') as "from",
           to_char(date_trunc('month', now() at time zone ${zone}), 'YYYY-MM-DD') as "to"`.execute(db(em));
  return { fromMonth: rows[0].from, toMonth: rows[0].to };
}

const emptyStatuses = (): Record<TTaskStatus, number> =>
  Object.fromEntries(TASK_STATUSES.map((s) => [s, 0])) as Record<TTaskStatus, number>;

/** The team when the scope is exactly one team (its lists can filter by it). */
const singleTeam = (scope: RollupScope) => (scope.teamIds?.length === 1 ? scope.teamIds[0] : null);

/* ------------------------------------------------------------------ admin */

/**
 * `dashboards.admin`, for the superadmin, admins and business admins (FORBIDDEN otherwise): seats,
 * users by role, projects by status, completion and pass rates (rollups).
 */
export async function adminDashboard(ctx: ServiceContext): Promise<TAdminDashboard> {
  const scope = dashboardScope(ctx, 'admin');
  const em = ctx.em;
  const k = db(em);
  const customer = scope.customerId;
  const users = await k
    .selectFrom('users as u')
    .select(['u.role', sql<number>`count(*)::int`.as('n')])
    .$if(customer !== null, (q) => q.where('u.customer_id', '=', customer!))
    .groupBy('u.role')
    .execute();
  const projects = await k
    .selectFrom('projects as p')
    .select(['p.status', sql<number>`count(*)::int`.as('n')])
    .$if(customer !== null, (q) => q.where('p.customer_id', '=', customer!))
    .groupBy('p.status')
    .execute();
  let seats: TAdminDashboard['seats'];
  if (customer === null) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from users where status = 'active' and customer_id is not null`.execute(k);
    seats = { used: rows[0].n, total: null, licenseId: null };
  } else {
    const license = (await activeLicenseSummaries(em, [customer])).get(customer);
    const used = (await countActiveUsersByCustomer(em, [customer])).get(customer) ?? 0;
    seats = { used, total: license?.seats ?? null, licenseId: license?.id ?? null };
  }
  const byRole = new Map(users.map((u) => [u.role as string, u.n]));
  const byStatus = new Map(projects.map((p) => [p.status as string, p.n]));
  const zone = await zoneOf(em, scope);
  const { totals } = await rollupTrendAndTotals(em, rollupFilter(scope, {}));
  const { trend } = await rollupTrendAndTotals(em, rollupFilter(scope, await trendWindow(em, zone)));
  return {
    seats,
    usersByRole: ROLES.filter((r) => byRole.has(r)).map((role) => ({ role, count: byRole.get(role)! })),
    projectsByStatus: PROJECT_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
    totals,
    trend,
  };
}

/* ------------------------------------------------------------------ floor manager */

/**
 * `dashboards.floorManager`, for floor managers, admins and the superadmin (FORBIDDEN otherwise):
 * today's slots per team, missed and overdue tasks, workload per inspector, open and overdue
 * corrective actions.
 */
export async function floorManagerDashboard(ctx: ServiceContext): Promise<TFloorManagerDashboard> {
  const scope = dashboardScope(ctx, 'floorManager');
  const em = ctx.em;
  const today = await localPeriod(em, await zoneOf(em, scope), 'day');
  const inScope = taskScope(scope);
  const { rows: todays } = await sql<{ team_id: number; status: TTaskStatus; n: number }>`
    select t.team_id, t.status, count(*)::int as n from tasks t
    ${whereAll([...inScope, sql<SqlBool>`t.starts_at >= ${today.from} and t.starts_at < ${today.to}`])}
    group by t.team_id, t.status`.execute(db(em));
  const { rows: counts } = await sql<{ missed: number; overdue: number }>`
    select count(*) filter (where t.status = 'missed')::int as missed,
           count(*) filter (where t.status = any(${OPEN}::text[]) and t.ends_at < now())::int as overdue
      from tasks t ${whereAll([...inScope, sql<SqlBool>`t.status = any(${[...OPEN, 'missed']}::text[])`])}`.execute(
    db(em),
  );
  const { rows: load } = await sql<{ assignee_id: number; open: number; overdue: number; today: number }>`
    select t.assignee_id, count(*)::int as open,
           count(*) filter (where t.ends_at < now())::int as overdue,
           count(*) filter (where t.starts_at >= ${today.from} and t.starts_at < ${today.to})::int as today
      from tasks t ${whereAll([...inScope, sql<SqlBool>`t.status = any(${OPEN}::text[])`, sql<SqlBool>`t.assignee_id is not null`])}
     group by t.assignee_id order by count(*) desc, t.assignee_id limit ${DASHBOARD_ROWS}`.execute(db(em));
  // Open corrective actions of the scope: an action carries its task's customer_id and team_id, so the
  // tasks' scope applies under the same alias (corrective_actions_customer_status_due_index).
  const { rows: actions } = await sql<{ open: number; overdue: number }>`
    select count(*)::int as open, count(*) filter (where t.due_at < now())::int as overdue
      from corrective_actions t ${whereAll([...inScope, sql<SqlBool>`t.status = 'open'`])}`.execute(db(em));
  const teams = await teamRefs(em, [...todays.map((r) => r.team_id), ...(scope.teamIds ?? [])]);
  const byTeam = new Map<number, TFloorManagerDashboard['todayByTeam'][number]>();
  for (const id of scope.teamIds ?? [])
    byTeam.set(id, { teamId: id, teamName: teams.get(id)?.name ?? '', total: 0, byStatus: emptyStatuses() });
  for (const r of todays) {
    const row = byTeam.get(r.team_id) ?? {
      teamId: r.team_id,
      teamName: teams.get(r.team_id)?.name ?? '',
      total: 0,
      byStatus: emptyStatuses(),
    };
    row.total += r.n;
    row.byStatus[r.status] += r.n;
    byTeam.set(r.team_id, row);
  }
  const people = await userRefs(
    em,
    load.map((r) => r.assignee_id),
  );
  const todayByTeam = [...byTeam.values()].sort((a, b) => b.total - a.total || a.teamName.localeCompare(b.teamName));
  return {
    today,
    todayByTeam,
    todayTotal: todayByTeam.reduce((s, r) => s + r.total, 0),
    missed: counts[0].missed,
    overdue: counts[0].overdue,
    workload: load.map((r) => ({
      assigneeId: r.assignee_id,
      name: people.get(r.assignee_id)?.fullName ?? '',
      open: r.open,
      overdue: r.overdue,
      today: r.today,
    })),
    actions: actions[0],
    teamId: singleTeam(scope),
  };
}

/* ------------------------------------------------------------------ team leader */

/**
 * `dashboards.teamLeader`, for team leaders, admins and the superadmin (FORBIDDEN otherwise): the
 * team's tasks this week, reviews waiting, the scores trend (rollups).
 */
export async function teamLeaderDashboard(ctx: ServiceContext): Promise<TTeamLeaderDashboard> {
  const scope = dashboardScope(ctx, 'teamLeader');
  const em = ctx.em;
  const zone = await zoneOf(em, scope);
  const week = await localPeriod(em, zone, 'week');
  const inScope = taskScope(scope);
  const { rows: weekRows } = await sql<{ status: TTaskStatus; n: number }>`
    select t.status, count(*)::int as n from tasks t
    ${whereAll([...inScope, sql<SqlBool>`t.starts_at >= ${week.from} and t.starts_at < ${week.to}`])} group by t.status`.execute(
    db(em),
  );
  const { rows: waiting } = await sql<{ n: number }>`
    select count(*)::int as n from tasks t ${whereAll([...inScope, sql<SqlBool>`t.status = 'submitted'`])}`.execute(
    db(em),
  );
  const weekByStatus = emptyStatuses();
  for (const r of weekRows) weekByStatus[r.status] = r.n;
  const { trend, totals } = await rollupTrendAndTotals(em, rollupFilter(scope, await trendWindow(em, zone)));
  const teams = await teamRefs(em, scope.teamIds ?? []);
  return {
    week,
    weekByStatus,
    weekTotal: weekRows.reduce((s, r) => s + r.n, 0),
    reviewsWaiting: waiting[0].n,
    teams: [...teams.values()].map((t) => ({ id: t.id, name: t.name })).sort((a, b) => a.name.localeCompare(b.name)),
    teamId: singleTeam(scope),
    totals,
    trend,
  };
}

/* ------------------------------------------------------------------ business user */

/**
 * `dashboards.businessUser`, for business users, admins and the superadmin (FORBIDDEN otherwise):
 * project progress, score by location and by direction (rollups).
 */
export async function businessUserDashboard(ctx: ServiceContext): Promise<TBusinessUserDashboard> {
  const scope = dashboardScope(ctx, 'businessUser');
  const em = ctx.em;
  const f = rollupFilter(scope, {});
  const byProject = await rollupByProject(em, f);
  const projectRows = byProject.length
    ? await db(em)
        .selectFrom('projects')
        .select(['id', 'code', 'name', 'status'])
        .where(
          'id',
          'in',
          byProject.map((p) => p.projectId),
        )
        .execute()
    : [];
  const projects = new Map(projectRows.map((p) => [p.id, p]));
  const ranking = await rollupByLocation(em, f, 1000, { trend: false });
  const shown =
    ranking.length > DASHBOARD_ROWS * 2
      ? [...ranking.slice(0, DASHBOARD_ROWS), ...ranking.slice(-DASHBOARD_ROWS)]
      : ranking;
  const refs = await locationReportRefs(
    em,
    shown.map((r) => r.locationId),
  );
  // One grouped read for every direction (those with approved tasks: the ones the ranking's locations belong to).
  const directions: TBusinessUserDashboard['directions'] = (await rollupByDirection(em, f)).filter(
    (d) => d.approved > 0,
  );
  return {
    projects: byProject
      .filter((p) => projects.has(p.projectId))
      .map((p) => {
        const project = projects.get(p.projectId)!;
        return { ...p, code: project.code, name: project.name, status: project.status };
      }),
    locations: shown.map((r) => {
      const ref = refs.get(r.locationId);
      return {
        locationId: r.locationId,
        code: ref?.code ?? '',
        name: ref?.name ?? '',
        approved: r.approved,
        averageScore: r.averageScore,
        passRate: r.passRate,
      };
    }),
    directions,
  };
}

/* ------------------------------------------------------------------ analyst */

/**
 * `dashboards.analyst`, for analysts, admins and the superadmin (FORBIDDEN otherwise): the review
 * queue (live), score distribution and weakest questions (rollups).
 */
export async function analystDashboard(ctx: ServiceContext): Promise<TAnalystDashboard> {
  const scope = dashboardScope(ctx, 'analyst');
  const em = ctx.em;
  const inScope = [...taskScope(scope), sql<SqlBool>`t.status = 'submitted'`];
  const { rows: queue } = await sql<{ project_id: number; n: number; oldest: Date }>`
    select t.project_id, count(*)::int as n, min(t.submitted_at) as oldest from tasks t ${whereAll(inScope)}
     group by t.project_id order by count(*) desc, t.project_id`.execute(db(em));
  const projectRows = queue.length
    ? await db(em)
        .selectFrom('projects')
        .select(['id', 'code', 'name'])
        .where(
          'id',
          'in',
          queue.map((q) => q.project_id),
        )
        .execute()
    : [];
  const projects = new Map(projectRows.map((p) => [p.id, p]));
  const f = rollupFilter(scope, {});
  const ranking = await rollupByLocation(em, f, 100_000, { trend: false });
  const buckets = Array.from({ length: SCORE_BUCKETS }, (_, i) => ({ from: i * 10, to: (i + 1) * 10, locations: 0 }));
  for (const r of ranking) {
    if (r.averageScore === null) continue;
    buckets[Math.min(SCORE_BUCKETS - 1, Math.max(0, Math.floor(r.averageScore / 10)))].locations += 1;
  }
  const questions = (await rollupQuestions(em, f)).filter((q) => q.failed > 0).slice(0, DASHBOARD_ROWS);
  const texts = await questionTextsByKey(
    em,
    scope.customerId,
    questions.map((q) => q.questionKey),
  );
  const oldest = queue.reduce<Date | null>(
    (min, q) => (q.oldest && (!min || new Date(q.oldest) < min) ? new Date(q.oldest) : min),
    null,
  );
  return {
    reviewQueue: queue.reduce((s, q) => s + q.n, 0),
    oldestWaiting: oldest,
    queueByProject: queue.map((q) => ({
      projectId: q.project_id,
      code: projects.get(q.project_id)?.code ?? '',
      name: projects.get(q.project_id)?.name ?? '',
      count: q.n,
    })),
    scoreDistribution: buckets,
    weakestQuestions: questions.map((q) => ({ ...q, text: texts.get(q.questionKey) ?? null })),
  };
}
