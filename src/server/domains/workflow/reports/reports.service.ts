// Reports (issue 13; DOMAIN.md "Report"): saved report definitions and running the four kinds.
//
// Definitions: every role that may read reports keeps its own (personal) and may share one with its
// customer; the list shows the caller's own, then the shared ones of the customer. Only the owner
// changes one (with its `version`); the owner, or an admin of the customer for a shared one, deletes
// it. Someone else's personal report, or another customer's, is NOT_FOUND.
//
// Runs: `runReport` reads only the rollups (rollups.service.ts) within the caller's scope — their
// customer, and for team roles (floormanager, teamleader: `read Report` on their teams) their teams.
// Filters naming a record the caller's customer does not have are BAD_REQUEST naming the field.

import { sql } from 'kysely';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import {
  MAX_RANKING_ROWS,
  MAX_REPORTS_PER_USER,
  type TCreateReportInput,
  type TReport,
  type TReportFilters,
  type TReportList,
  type TReportResult,
  type TRunReportInput,
  type TUpdateReportInput,
} from '../../../../shared/schemas/reports.ts';
import { db } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { recordAudit, recordUpdate } from '../../../lib/audit/audit.ts';
import { authorize, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { definedOnly } from '../../../lib/objects.ts';
import { assertCurrent } from '../../../lib/records.ts';
import { assertUnique, flushUnique, type UniqueRule, withTransaction } from '../../../lib/scope.ts';
import { customerTimeZones } from '../../organization/customers/customers.refs.ts';
import { teamIdsOfCustomer, teamRefs } from '../../organization/teams/teams.refs.ts';
import { requireDirectionRef } from '../../structure/directions/directions.refs.ts';
import { requireLocationClassRef } from '../../structure/location-classes/location-classes.refs.ts';
import { locationReportRefs } from '../../structure/locations/locations.refs.ts';
import { questionTextsByKey } from '../../structure/schemes/schemes.refs.ts';
import { requireSubDirectionRef } from '../../structure/sub-directions/sub-directions.refs.ts';
import { Report } from './report.entity.ts';
import {
  type RollupFilter,
  rollupByLocation,
  rollupByProject,
  rollupByTeam,
  rollupFilter,
  rollupQuestions,
  rollupScope,
  rollupTrendAndTotals,
} from './rollups.service.ts';

/* ------------------------------------------------------------------ definitions */

const UNIQUE_NAME: UniqueRule<Report> = {
  entity: Report,
  field: 'name',
  message: 'You already have a report with this name',
};

function visibleWhere(ctx: AuthedContext): Record<string, unknown> {
  const tenant = tenantId(ctx);
  const own = { owner: ctx.user.id };
  return tenant === null ? own : { $or: [own, { customer: tenant, shared: true }] };
}

function mayDelete(ctx: AuthedContext, report: Report): boolean {
  if (report.owner.id === ctx.user.id) return true;
  return report.shared && (ctx.user.role === 'admin' || ctx.user.role === 'superadmin');
}

function toDto(ctx: AuthedContext, report: Report): TReport {
  return {
    id: report.id,
    version: report.version,
    name: report.name,
    kind: report.kind,
    filters: report.filters,
    shared: report.shared,
    ownerId: report.owner.id,
    ownerName: report.owner.fullName,
    customerId: report.customer?.id ?? null,
    canUpdate: report.owner.id === ctx.user.id,
    canDelete: mayDelete(ctx, report),
    createdAt: report.createdAt,
    updatedAt: report.updatedAt,
  };
}

function snapshot(report: Report): Record<string, unknown> {
  return { name: report.name, kind: report.kind, filters: report.filters, shared: report.shared };
}

function refuseSharingWithoutCustomer(customerId: number | null, shared: boolean | undefined): void {
  if (shared && customerId === null) {
    const message = 'Your account belongs to no customer, so its reports cannot be shared';
    throw new AppError('BAD_REQUEST', message, { shared: [message] });
  }
}

async function loadVisible(ctx: AuthedContext, id: number): Promise<Report> {
  const report = await ctx.em.findOne(Report, { id, ...visibleWhere(ctx) }, { populate: ['owner'] });
  if (!report) throw notFound('Report');
  return report;
}

/** `reports.list`: the caller's own reports, then the ones shared in the caller's customer; each by name. */
export async function listReports(ctx: ServiceContext): Promise<TReportList> {
  authorize(ctx, 'read', 'Report');
  const reports = await ctx.em.find(Report, visibleWhere(ctx), {
    populate: ['owner'],
    orderBy: { name: 'asc', id: 'asc' },
  });
  const mine = reports.filter((r) => r.owner.id === ctx.user.id);
  const others = reports.filter((r) => r.owner.id !== ctx.user.id);
  return { items: [...mine, ...others].map((r) => toDto(ctx, r)) };
}

/** `reports.byId`: one visible report (NOT_FOUND otherwise). */
export async function getReport(ctx: ServiceContext, id: number): Promise<TReport> {
  authorize(ctx, 'read', 'Report');
  return toDto(ctx, await loadVisible(ctx, id));
}

/** `reports.create`: a personal (or shared) definition; its filters are checked like a run's. */
export async function createReport(ctx: ServiceContext, input: TCreateReportInput): Promise<TReport> {
  authorize(ctx, 'read', 'Report');
  const customerId = tenantId(ctx);
  refuseSharingWithoutCustomer(customerId, input.shared);
  await resolveFilters(ctx, input.filters);
  return withTransaction(ctx, async (tx) => {
    const owner = tx.user.id;
    if ((await tx.em.count(Report, { owner })) >= MAX_REPORTS_PER_USER) {
      const message = `You can keep at most ${MAX_REPORTS_PER_USER} reports; delete one first`;
      throw new AppError('CONFLICT', message, { name: [message] });
    }
    await assertUnique(tx.em, UNIQUE_NAME, { owner, name: input.name });
    const report = tx.em.create(Report, {
      owner,
      customer: customerId,
      name: input.name,
      kind: input.kind,
      filters: input.filters,
      shared: input.shared,
    });
    await flushUnique(tx.em, UNIQUE_NAME);
    await tx.em.populate(report, ['owner']);
    recordAudit(tx, {
      action: 'create',
      entityType: 'Report',
      entityId: report.id,
      customerId,
      changes: snapshot(report),
    });
    return toDto(tx, report);
  });
}

/** `reports.update`: the owner renames, re-kinds, re-filters, shares or unshares (with `version`: CONFLICT when stale). */
export async function updateReport(ctx: ServiceContext, input: TUpdateReportInput): Promise<TReport> {
  authorize(ctx, 'read', 'Report');
  if (input.filters) await resolveFilters(ctx, input.filters);
  return withTransaction(ctx, async (tx) => {
    const report = await loadVisible(tx, input.id);
    if (report.owner.id !== tx.user.id) throw new AppError('FORBIDDEN', 'Only its owner can change this report');
    assertCurrent(report, input.version, 'Report');
    const { id: _id, version: _version, ...patch } = input;
    const changes = definedOnly(patch);
    refuseSharingWithoutCustomer(report.customer?.id ?? null, changes.shared);
    if (changes.name !== undefined && changes.name !== report.name) {
      await assertUnique(tx.em, UNIQUE_NAME, { owner: report.owner.id, name: changes.name }, report.id);
    }
    const before = snapshot(report);
    tx.em.assign(report, changes);
    recordUpdate(
      tx,
      { entityType: 'Report', entityId: report.id, customerId: report.customer?.id ?? null },
      before,
      snapshot(report),
    );
    await flushUnique(tx.em, UNIQUE_NAME);
    return toDto(tx, report);
  });
}

/** `reports.delete`: the owner's, or (an admin) a shared one of the admin's customer. */
export async function deleteReport(ctx: ServiceContext, id: number): Promise<TDeleted> {
  authorize(ctx, 'read', 'Report');
  await withTransaction(ctx, async (tx) => {
    const report = await loadVisible(tx, id);
    if (!mayDelete(tx, report)) throw new AppError('FORBIDDEN', 'Only its owner can delete this report');
    const customerId = report.customer?.id ?? null;
    recordAudit(tx, {
      action: 'delete',
      entityType: 'Report',
      entityId: report.id,
      customerId,
      changes: { ...snapshot(report), ownerId: report.owner.id },
    });
    tx.em.remove(report);
  });
  return { id, deleted: true };
}

/* ------------------------------------------------------------------ runs */

function badFilter(field: string, message: string): AppError {
  return new AppError('BAD_REQUEST', message, { [field]: [message] });
}

/** Checks a filter's references against the caller's customer and scope, and turns it into a rollup filter. */
async function resolveFilters(ctx: ServiceContext, filters: TReportFilters): Promise<RollupFilter> {
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
    if (!found) throw badFilter('projectId', 'No such project');
  }
  const ref = async (field: string, label: string, check: (customer: number) => Promise<unknown>) => {
    if (customerId === null) return;
    try {
      await check(customerId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw badFilter(field, `No such ${label}`);
      throw error;
    }
  };
  if (filters.directionId !== undefined)
    await ref('directionId', 'direction', (c) => requireDirectionRef(ctx.em, filters.directionId as number, c));
  if (filters.subDirectionId !== undefined)
    await ref('subDirectionId', 'sub-direction', (c) =>
      requireSubDirectionRef(ctx.em, filters.subDirectionId as number, c),
    );
  if (filters.classId !== undefined)
    await ref('classId', 'class', (c) => requireLocationClassRef(ctx.em, filters.classId as number, c));
  if (filters.teamId !== undefined && scope.teamIds === null) {
    const known =
      customerId === null
        ? (await teamRefs(ctx.em, [filters.teamId])).has(filters.teamId)
        : (await teamIdsOfCustomer(ctx.em, [filters.teamId], customerId)).has(filters.teamId);
    if (!known) throw badFilter('teamId', 'No such team');
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
async function periodBounds(ctx: ServiceContext, f: RollupFilter): Promise<{ from: Date | null; to: Date | null }> {
  if (f.fromMonth === undefined && f.toMonth === undefined) return { from: null, to: null };
  const zone =
    f.scope.customerId === null
      ? 'UTC'
      : ((await customerTimeZones(ctx.em, [f.scope.customerId])).get(f.scope.customerId) ?? 'UTC');
  const { rows } = await sql<{ from: Date | null; to: Date | null }>`
    select (${f.fromMonth ?? null}::date::timestamp at time zone ${zone}) as "from",
           ((${f.toMonth ?? null}::date + interval '1 month')::timestamp at time zone ${zone}) as "to"`.execute(
    db(ctx.em),
  );
  const toDate = (v: Date | string | null) => (v === null ? null : new Date(v));
  return { from: toDate(rows[0].from), to: toDate(rows[0].to) };
}

/** Projects by id (same context). */
async function projectRefs(
  ctx: ServiceContext,
  ids: number[],
): Promise<Map<number, { id: number; code: string; name: string }>> {
  if (!ids.length) return new Map();
  const rows = await db(ctx.em)
    .selectFrom('projects')
    .select(['id', 'code', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** `reports.run`: one report kind over the filters, in the caller's scope. */
export async function runReport(ctx: ServiceContext, input: TRunReportInput): Promise<TReportResult> {
  const f = await resolveFilters(ctx, input.filters);
  const em = ctx.em;
  const [{ totals, trend }, period] = await Promise.all([rollupTrendAndTotals(em, f), periodBounds(ctx, f)]);
  switch (input.kind) {
    case 'project_summary': {
      const rows = await rollupByProject(em, f);
      const projects = await projectRefs(
        ctx,
        rows.map((r) => r.projectId),
      );
      return {
        kind: input.kind,
        totals,
        trend,
        period,
        rows: rows.map(({ projectId, ...figures }) => ({
          project: projects.get(projectId) ?? { id: projectId, code: '', name: '' },
          ...figures,
        })),
      };
    }
    case 'team_performance': {
      const rows = await rollupByTeam(em, f);
      const teams = await teamRefs(
        em,
        rows.map((r) => r.teamId),
      );
      return {
        kind: input.kind,
        totals,
        trend,
        period,
        rows: rows.map(({ teamId, ...figures }) => ({
          team: { id: teamId, name: teams.get(teamId)?.name ?? '' },
          ...figures,
        })),
      };
    }
    case 'location_ranking': {
      const rows = await rollupByLocation(em, f, MAX_RANKING_ROWS);
      const locations = await locationReportRefs(
        em,
        rows.map((r) => r.locationId),
      );
      return {
        kind: input.kind,
        totals,
        trend,
        period,
        rows: rows.map((r, i) => {
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
        }),
      };
    }
    case 'question_breakdown': {
      const rows = await rollupQuestions(em, f);
      const texts = await questionTextsByKey(
        em,
        f.scope.customerId,
        rows.map((r) => r.questionKey),
      );
      return {
        kind: input.kind,
        totals,
        trend,
        period,
        rows: rows.map((r) => ({ ...r, text: texts.get(r.questionKey) ?? null, answered: r.failed + r.passed + r.na })),
      };
    }
  }
}
