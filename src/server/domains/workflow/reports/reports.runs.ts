// What running a report takes: its filters checked against the caller's customer and scope (a record
// the customer does not have is BAD_REQUEST naming the field) and turned into a rollup filter, the
// period's bounds in the customer's time zone, and the rows of each kind with their names.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { ErrorKey } from '../../../../shared/errors/messages.ts';
import {
  MAX_RANKING_ROWS,
  type TReportFilters,
  type TReportKind,
  type TReportResult,
} from '../../../../shared/schemas/reports.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import { customerTimeZones } from '../../organization/customers/customers.refs.ts';
import { teamIdsOfCustomer, teamRefs } from '../../organization/teams/teams.refs.ts';
import { requireDirectionRef } from '../../structure/directions/directions.refs.ts';
import { requireLocationClassRef } from '../../structure/location-classes/location-classes.refs.ts';
import { locationReportRefs } from '../../structure/locations/locations.refs.ts';
import { questionTextsByKey } from '../../structure/schemes/schemes.refs.ts';
import { requireSubDirectionRef } from '../../structure/sub-directions/sub-directions.refs.ts';
import {
  type RollupFilter,
  rollupByLocation,
  rollupByProject,
  rollupByTeam,
  rollupFilter,
  rollupQuestions,
  rollupScope,
} from './reports.refs.ts';

function badFilter(field: string, key: ErrorKey): AppError {
  return new AppError('BAD_REQUEST', key, {}, { [field]: key });
}

/** Checks a filter's references against the caller's customer and scope, and turns it into a rollup filter. */
export async function resolveFilters(ctx: AuthedContext, filters: TReportFilters): Promise<RollupFilter> {
  const scope = rollupScope(ctx);
  const k = db(ctx.em);
  const customerId = scope.customerId;
  if (filters.projectId !== undefined) {
    const found = await k
      .selectFrom('projects')
      .select('id')
      .where('id', '=', filters.projectId)
      .$if(customerId !== null, (qb) => qb.where('customer_id', '=', customerId as number))
      .executeTakeFirst();
    if (!found) throw badFilter('projectId', 'reports.noSuchProject');
  }
  const ref = async (field: string, unknown: ErrorKey, check: (customer: number) => Promise<unknown>) => {
    if (customerId === null) return;
    try {
      await check(customerId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw badFilter(field, unknown);
      throw error;
    }
  };
  if (filters.directionId !== undefined)
    await ref('directionId', 'reports.noSuchDirection', (c) =>
      requireDirectionRef(ctx.em, filters.directionId as number, c),
    );
  if (filters.subDirectionId !== undefined)
    await ref('subDirectionId', 'reports.noSuchSubDirection', (c) =>
      requireSubDirectionRef(ctx.em, filters.subDirectionId as number, c),
    );
  if (filters.classId !== undefined)
    await ref('classId', 'reports.noSuchClass', (c) => requireLocationClassRef(ctx.em, filters.classId as number, c));
  if (filters.teamId !== undefined && scope.teamIds === null) {
    const known =
      customerId === null
        ? (await teamRefs(ctx.em, [filters.teamId])).has(filters.teamId)
        : (await teamIdsOfCustomer(ctx.em, [filters.teamId], customerId)).has(filters.teamId);
    if (!known) throw badFilter('teamId', 'reports.noSuchTeam');
  }
  return rollupFilter(scope, {
    projectId: filters.projectId,
    teamId: filters.teamId,
    directionId: filters.directionId,
    subDirectionId: filters.subDirectionId,
    classId: filters.classId,
    fromMonth: filters.from === undefined ? undefined : `${filters.from}-01`,
    toMonth: filters.to === undefined ? undefined : `${filters.to}-01`,
  });
}

/** The period's bounds as instants in the customer's time zone (UTC for the superadmin), for drill-down links. */
export async function periodBounds(
  em: EntityManager,
  f: RollupFilter,
): Promise<{ from: Date | null; to: Date | null }> {
  if (f.fromMonth === undefined && f.toMonth === undefined) return { from: null, to: null };
  const zone =
    f.scope.customerId === null
      ? 'UTC'
      : ((await customerTimeZones(em, [f.scope.customerId])).get(f.scope.customerId) ?? 'UTC');
  const { rows } = await sql<{ from: Date | null; to: Date | null }>`
    select (${f.fromMonth ?? null}::date::timestamp at time zone ${zone}) as "from",
           ((${f.toMonth ?? null}::date + interval '1 month')::timestamp at time zone ${zone}) as "to"`.execute(db(em));
  const toDate = (v: Date | string | null) => (v === null ? null : new Date(v));
  return { from: toDate(rows[0].from), to: toDate(rows[0].to) };
}

/** Projects by id (same context). */
async function projectRefs(
  em: EntityManager,
  ids: number[],
): Promise<Map<number, { id: number; code: string; name: string }>> {
  if (!ids.length) return new Map();
  const rows = await db(em)
    .selectFrom('projects')
    .select(['id', 'code', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

type ReportRows<K extends TReportKind> = Extract<TReportResult, { kind: K }>['rows'];

/** The figures per project, most approved first, with the projects' codes and names. */
export async function projectSummaryRows(em: EntityManager, f: RollupFilter): Promise<ReportRows<'project_summary'>> {
  const rows = await rollupByProject(em, f);
  const projects = await projectRefs(
    em,
    rows.map((r) => r.projectId),
  );
  return rows.map(({ projectId, ...figures }) => ({
    project: projects.get(projectId) ?? { id: projectId, code: '', name: '' },
    ...figures,
  }));
}

/** The figures per team, most approved first, with the teams' names. */
export async function teamPerformanceRows(em: EntityManager, f: RollupFilter): Promise<ReportRows<'team_performance'>> {
  const rows = await rollupByTeam(em, f);
  const teams = await teamRefs(
    em,
    rows.map((r) => r.teamId),
  );
  return rows.map(({ teamId, ...figures }) => ({
    team: { id: teamId, name: teams.get(teamId)?.name ?? '' },
    ...figures,
  }));
}

/** The locations ranked (best average score first, at most MAX_RANKING_ROWS) with their attributes. */
export async function locationRankingRows(em: EntityManager, f: RollupFilter): Promise<ReportRows<'location_ranking'>> {
  const rows = await rollupByLocation(em, f, MAX_RANKING_ROWS);
  const locations = await locationReportRefs(
    em,
    rows.map((r) => r.locationId),
  );
  return rows.map((r, i) => {
    const l = locations.get(r.locationId);
    return {
      rank: i + 1,
      location: { id: r.locationId, code: l?.code ?? '', name: l?.name ?? '' },
      direction: l?.direction ?? null,
      subDirection: l?.subDirection ?? null,
      class: l?.class ?? null,
      approved: r.approved,
      passRate: r.passRate,
      averageScore: r.averageScore,
      trend: r.trend,
    };
  });
}

/** The outcomes per question key, weakest first, with the questions' texts. */
export async function questionBreakdownRows(
  em: EntityManager,
  f: RollupFilter,
): Promise<ReportRows<'question_breakdown'>> {
  const rows = await rollupQuestions(em, f);
  const texts = await questionTextsByKey(
    em,
    f.scope.customerId,
    rows.map((r) => r.questionKey),
  );
  return rows.map((r) => ({ ...r, text: texts.get(r.questionKey) ?? null, answered: r.failed + r.passed + r.na }));
}
