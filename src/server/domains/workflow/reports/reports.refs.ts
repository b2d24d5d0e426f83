// Report figures for the reports and the role dashboards, read from the rollups (report.entity.ts).
// These never authorize: callers have authorized already.
//
// The rollups are kept by triggers on tasks (and locations) in the same transaction as each write.
// `rollupScope(ctx)` gives the caller's scope (their customer; team roles their teams); build a
// RollupFilter from it with `rollupFilter(scope, …)`, then call rollupTotals / rollupTrend /
// rollupByProject / rollupByLocation / rollupByTeam / rollupByDirection / rollupQuestions. Each is one
// grouped query over the smallest rollup that covers the filter (see `Source`; no task rows), filtered
// by customer, project, month range, team, location, and direction, sub-direction and class.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { TReportFigures } from '../../../../shared/schemas/reports.ts';
import { roundOneDecimal } from '../../../../shared/workflow/score.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import { tenantId } from '../../../lib/authz.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import { abilityConditions } from '../../../lib/scope.ts';
import { type LocationAttributeFilter, locationAttributeSql } from '../../structure/locations/locations.refs.ts';

/**
 * In a transaction about to change a few tasks: fold their changes into the rollups as it commits, not
 * at each write (migration report_rollups_deferred). The rollup rows are then locked only for the
 * commit, so concurrent changes of one customer's tasks no longer wait for each other's remaining work.
 */
export async function deferRollups(em: EntityManager): Promise<void> {
  await sql`select set_config('opsdesk.defer_rollups', 'on', true)`.execute(db(em));
}

/** Who sees what: a customer (null: the superadmin, every customer) and, for team roles, their teams. */
export interface RollupScope {
  customerId: number | null;
  /** null: every team of the customer. */
  teamIds: number[] | null;
}

/** What one read covers. Months are first days (`YYYY-MM-01`), both inclusive. */
export interface RollupFilter extends LocationAttributeFilter {
  scope: RollupScope;
  projectId?: number;
  teamId?: number;
  fromMonth?: string;
  toMonth?: string;
  locationId?: number;
}

/** The caller's scope: their customer, and the `read Report` conditions (team roles' teams). */
export function rollupScope(ctx: AuthedContext): RollupScope {
  const conditions = abilityConditions(ctx, 'read', 'Report');
  if (conditions === 'all') return { customerId: tenantId(ctx), teamIds: null };
  const teams = new Set<number>();
  for (const c of conditions) {
    const team = c.teamId as { $in?: number[] } | number | undefined;
    if (typeof team === 'number') teams.add(team);
    else for (const id of team?.$in ?? []) teams.add(id);
  }
  return { customerId: tenantId(ctx), teamIds: [...teams] };
}

/** A filter inside the scope; a team outside a team role's teams is FORBIDDEN naming `teamId`. */
export function rollupFilter(scope: RollupScope, f: Omit<RollupFilter, 'scope'>): RollupFilter {
  if (f.teamId !== undefined && scope.teamIds !== null && !scope.teamIds.includes(f.teamId)) {
    throw new AppError('FORBIDDEN', 'reports.ownTeamsOnly', {}, { teamId: 'reports.ownTeamsOnly' });
  }
  return { scope, ...f };
}

/**
 * Which rollup a read uses, the smallest that covers its filter (alias `r` everywhere):
 * - `task`: report_task_monthly (per location and project) — only with a location filter;
 * - `segment`: report_task_segment_monthly / report_question_segment_monthly (per project, team,
 *   sub-direction and class, no location) — every other task read, and question reads with a
 *   direction, sub-direction or class filter;
 * - `location`: report_location_monthly (per location and team, every project summed) — the ranking
 *   without a project filter;
 * - `questionLocation`: report_question_monthly — a question read with a location filter;
 * - `questionTeam`: report_question_team_monthly — a question read without any location filter.
 */
type Source = 'task' | 'segment' | 'location' | 'questionLocation' | 'questionTeam';

const hasLocationAttributes = (f: RollupFilter) =>
  f.directionId !== undefined || f.subDirectionId !== undefined || f.classId !== undefined;

/** The task rollup of a read: the per-location one only when one location is asked. */
const taskSource = (f: RollupFilter): Source => (f.locationId !== undefined ? 'task' : 'segment');
const TASK_TABLES = { task: 'report_task_monthly', segment: 'report_task_segment_monthly' } as const;
const taskTable = (source: Source) => sql.table(source === 'task' ? TASK_TABLES.task : TASK_TABLES.segment);

/** The WHERE of a rollup read (alias `r`) on the given source. */
function conditions(f: RollupFilter, source: Source): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (f.scope.customerId !== null) out.push(sql<SqlBool>`r.customer_id = ${f.scope.customerId}`);
  if (f.scope.teamIds !== null)
    out.push(f.scope.teamIds.length ? sql<SqlBool>`r.team_id = any(${f.scope.teamIds}::int[])` : sql<SqlBool>`false`);
  if (f.projectId !== undefined) {
    if (source === 'location') throw new Error('report_location_monthly has no project');
    out.push(sql<SqlBool>`r.project_id = ${f.projectId}`);
  }
  if (f.teamId !== undefined) out.push(sql<SqlBool>`r.team_id = ${f.teamId}`);
  if (f.fromMonth !== undefined) out.push(sql<SqlBool>`r.month >= ${f.fromMonth}::date`);
  if (f.toMonth !== undefined) out.push(sql<SqlBool>`r.month <= ${f.toMonth}::date`);
  const perLocation = source === 'task' || source === 'location' || source === 'questionLocation';
  if (f.locationId !== undefined) {
    if (!perLocation) throw new Error(`no location in the ${source} rollup`);
    out.push(sql<SqlBool>`r.location_id = ${f.locationId}`);
  }
  if (perLocation) {
    const location = locationAttributeSql('r.location_id', f.scope.customerId, f);
    if (location) out.push(location);
  } else if (source === 'segment') {
    // The location's sub-direction and class are columns here (kept current by the trigger on locations).
    if (f.subDirectionId !== undefined) out.push(sql<SqlBool>`r.sub_direction_id = ${f.subDirectionId}`);
    if (f.classId !== undefined) out.push(sql<SqlBool>`r.location_class_id = ${f.classId}`);
    if (f.directionId !== undefined) {
      const customer = f.scope.customerId === null ? sql`` : sql` and s.customer_id = ${f.scope.customerId}`;
      out.push(
        sql<SqlBool>`r.sub_direction_id in (select s.id from sub_directions s where s.direction_id = ${f.directionId}${customer})`,
      );
    }
  } else if (hasLocationAttributes(f)) {
    throw new Error('no location attributes in the per-team question rollup');
  }
  return out;
}

function where(f: RollupFilter, source: Source) {
  const parts = conditions(f, source);
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

/** The summed columns of the task rollups, as a raw row. */
export interface RollupSums {
  planned: number;
  approved: number;
  passed: number;
  scored: number;
  score_sum: number;
  on_time: number;
  reworked: number;
}

const SUMS = sql`coalesce(sum(r.planned), 0)::int as planned, coalesce(sum(r.approved), 0)::int as approved,
  coalesce(sum(r.passed), 0)::int as passed, coalesce(sum(r.scored), 0)::int as scored,
  coalesce(sum(r.score_sum), 0)::float8 as score_sum, coalesce(sum(r.on_time), 0)::int as on_time,
  coalesce(sum(r.reworked), 0)::int as reworked`;

const ratio = (a: number, b: number): number | null => (b > 0 ? a / b : null);

/** Figures from summed rollup columns (rates 0..1, the average score to one decimal). */
export function figuresOf(s: RollupSums): TReportFigures {
  return {
    planned: s.planned,
    approved: s.approved,
    passed: s.passed,
    completion: ratio(s.approved, s.planned),
    passRate: ratio(s.passed, s.approved),
    averageScore: s.scored > 0 ? roundOneDecimal(s.score_sum / s.scored) : null,
    onTime: s.on_time,
    onTimeRate: ratio(s.on_time, s.approved),
    reworked: s.reworked,
    reworkRate: ratio(s.reworked, s.approved),
  };
}

/** The figures of everything the filter covers. */
export async function rollupTotals(em: EntityManager, f: RollupFilter): Promise<TReportFigures> {
  const source = taskSource(f);
  const { rows } = await sql<RollupSums>`select ${SUMS} from ${taskTable(source)} r ${where(f, source)}`.execute(
    db(em),
  );
  return figuresOf(rows[0]);
}

/** The figures per month (`YYYY-MM`), oldest first; months without tasks are left out. */
export async function rollupTrend(em: EntityManager, f: RollupFilter): Promise<(TReportFigures & { month: string })[]> {
  return (await rollupTrendAndTotals(em, f)).trend;
}

/** The monthly trend and the totals in one scan (the totals are the months' sums). */
export async function rollupTrendAndTotals(
  em: EntityManager,
  f: RollupFilter,
): Promise<{ trend: (TReportFigures & { month: string })[]; totals: TReportFigures }> {
  const source = taskSource(f);
  const { rows } = await sql<RollupSums & { month: string }>`
    select to_char(r.month, 'YYYY-MM') as month, ${SUMS} from ${taskTable(source)} r ${where(f, source)}
    group by r.month having sum(r.planned) > 0 or sum(r.approved) > 0 order by r.month`.execute(db(em));
  const sum: RollupSums = { planned: 0, approved: 0, passed: 0, scored: 0, score_sum: 0, on_time: 0, reworked: 0 };
  for (const r of rows) for (const key of Object.keys(sum) as (keyof RollupSums)[]) sum[key] += r[key];
  return { trend: rows.map((r) => ({ month: r.month, ...figuresOf(r) })), totals: figuresOf(sum) };
}

/** The figures per project (ids; callers add names), most approved first. */
export async function rollupByProject(
  em: EntityManager,
  f: RollupFilter,
): Promise<(TReportFigures & { projectId: number })[]> {
  const source = taskSource(f);
  const { rows } = await sql<RollupSums & { project_id: number }>`
    select r.project_id, ${SUMS} from ${taskTable(source)} r ${where(f, source)}
    group by r.project_id having sum(r.planned) > 0 or sum(r.approved) > 0 order by sum(r.approved) desc, r.project_id`.execute(
    db(em),
  );
  return rows.map((r) => ({ projectId: r.project_id, ...figuresOf(r) }));
}

/** The figures per team, most approved first. */
export async function rollupByTeam(
  em: EntityManager,
  f: RollupFilter,
): Promise<(TReportFigures & { teamId: number })[]> {
  const source = taskSource(f);
  const { rows } = await sql<RollupSums & { team_id: number }>`
    select r.team_id, ${SUMS} from ${taskTable(source)} r ${where(f, source)}
    group by r.team_id having sum(r.planned) > 0 or sum(r.approved) > 0 order by sum(r.approved) desc, r.team_id`.execute(
    db(em),
  );
  return rows.map((r) => ({ teamId: r.team_id, ...figuresOf(r) }));
}

/** The figures per direction (with its name) of the locations' current sub-directions, best average score first. */
export async function rollupByDirection(
  em: EntityManager,
  f: RollupFilter,
): Promise<(TReportFigures & { directionId: number; name: string })[]> {
  const source = taskSource(f);
  const subDirection =
    source === 'task'
      ? sql`(select l.sub_direction_id from locations l where l.id = r.location_id)`
      : sql`r.sub_direction_id`;
  const { rows } = await sql<RollupSums & { direction_id: number; name: string }>`
    select d.id as direction_id, d.name, ${SUMS}
      from ${taskTable(source)} r
      join sub_directions s on s.id = ${subDirection}
      join directions d on d.id = s.direction_id
     ${where(f, source)}
     group by d.id, d.name having sum(r.planned) > 0 or sum(r.approved) > 0`.execute(db(em));
  return rows
    .map((r) => ({ directionId: r.direction_id, name: r.name, ...figuresOf(r) }))
    .sort((a, b) => (b.averageScore ?? -1) - (a.averageScore ?? -1) || a.name.localeCompare(b.name));
}

/**
 * Locations with approved tasks, best average score first (then more approved, then id), with the
 * trend: the least-squares slope of their monthly average score in points per month (null under two
 * months with a score). At most `limit`. `{ trend: false }` leaves the trend out (null) and groups once,
 * by location, for screens that show no trend (the dashboards).
 */
export async function rollupByLocation(
  em: EntityManager,
  f: RollupFilter,
  limit = 1000,
  options: { trend?: boolean } = {},
): Promise<
  {
    locationId: number;
    approved: number;
    passed: number;
    passRate: number | null;
    averageScore: number | null;
    trend: number | null;
  }[]
> {
  // Without a project filter, the per-location rollup (every project summed: ~1/projects of the rows).
  const source: Source = f.projectId === undefined ? 'location' : 'task';
  const table = sql.table(source === 'location' ? 'report_location_monthly' : TASK_TABLES.task);
  type Row = {
    location_id: number;
    approved: number;
    passed: number;
    scored: number;
    score_sum: number;
    trend: number | null;
  };
  const { rows } =
    options.trend === false
      ? await sql<Row>`
    select r.location_id, sum(r.approved)::int as approved, sum(r.passed)::int as passed, sum(r.scored)::int as scored,
           sum(r.score_sum)::float8 as score_sum, null::float8 as trend
      from ${table} r ${where(f, source)}
     group by r.location_id
    having sum(r.approved) > 0
     order by case when sum(r.scored) > 0 then sum(r.score_sum) / sum(r.scored) end desc nulls last, sum(r.approved) desc, r.location_id
     limit ${limit}`.execute(db(em))
      : await sql<Row>`
    with m as (
      select r.location_id, r.month, sum(r.approved) as approved, sum(r.passed) as passed, sum(r.scored) as scored, sum(r.score_sum) as score_sum
        from ${table} r ${where(f, source)}
       group by r.location_id, r.month
      having sum(r.approved) > 0
    )
    select location_id, sum(approved)::int as approved, sum(passed)::int as passed, sum(scored)::int as scored, sum(score_sum)::float8 as score_sum,
           regr_slope(case when scored > 0 then score_sum / scored end, extract(year from month) * 12 + extract(month from month))::float8 as trend
      from m group by location_id
     order by case when sum(scored) > 0 then sum(score_sum) / sum(scored) end desc nulls last, sum(approved) desc, location_id
     limit ${limit}`.execute(db(em));
  return rows.map((r) => ({
    locationId: r.location_id,
    approved: r.approved,
    passed: r.passed,
    passRate: ratio(r.passed, r.approved),
    averageScore: r.scored > 0 ? roundOneDecimal(r.score_sum / r.scored) : null,
    trend: r.trend === null ? null : Math.round(r.trend * 100) / 100,
  }));
}

/**
 * Outcomes per question key over the approved tasks the filter covers (keys are stable across scheme
 * versions), weakest first: fail rate (failed ÷ failed + passed) descending, then more failures, then
 * key. One location: the per-location rollup; a direction, sub-direction or class: the per-segment one;
 * otherwise the per-team one.
 */
export async function rollupQuestions(
  em: EntityManager,
  f: RollupFilter,
): Promise<{ questionKey: string; failed: number; passed: number; na: number; failRate: number | null }[]> {
  const source: Source =
    f.locationId !== undefined ? 'questionLocation' : hasLocationAttributes(f) ? 'segment' : 'questionTeam';
  const table = sql.table(
    {
      questionLocation: 'report_question_monthly',
      segment: 'report_question_segment_monthly',
      questionTeam: 'report_question_team_monthly',
    }[source],
  );
  const { rows } = await sql<{ question_key: string; failed: number; passed: number; na: number }>`
    select r.question_key, sum(r.failed)::int as failed, sum(r.passed)::int as passed, sum(r.na)::int as na
      from ${table} r ${where(f, source)}
     group by r.question_key
    having sum(r.failed) + sum(r.passed) + sum(r.na) > 0
     order by case when sum(r.failed) + sum(r.passed) > 0 then sum(r.failed)::float8 / (sum(r.failed) + sum(r.passed)) end desc nulls last,
              sum(r.failed) desc, r.question_key`.execute(db(em));
  return rows.map((r) => ({
    questionKey: r.question_key,
    failed: r.failed,
    passed: r.passed,
    na: r.na,
    failRate: ratio(r.failed, r.failed + r.passed),
  }));
}
