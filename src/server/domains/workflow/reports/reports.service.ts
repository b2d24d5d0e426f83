// Reports, the authorized entry points: saved report definitions (create, update, delete) and running
// one of the four kinds.
//
// Definitions: every role that may read reports keeps its own (personal) and may share one with its
// customer. Only the owner changes one (with its `version`); the owner, or an admin of the customer for
// a shared one, deletes it. Reads of definitions are in reports.listing.ts.
//
// Runs read only the rollups (reports.refs.ts) within the caller's scope: their customer, and for team
// roles (floormanager, teamleader: `read Report` on their teams) their teams.
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type { TByIdInput } from '../../../../shared/schemas/common.ts';
import {
  MAX_REPORTS_PER_USER,
  type TCreateReportInput,
  type TReport,
  type TReportResult,
  type TRunReportInput,
  type TUpdateReportInput,
} from '../../../../shared/schemas/reports.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit, recordUpdate } from '../../../lib/audit/audit.ts';
import { authorize, tenantId } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { definedOnly } from '../../../lib/objects.ts';
import { assertCurrent } from '../../../lib/records.ts';
import { assertUnique, flushUnique, type UniqueRule, withTransaction } from '../../../lib/scope.ts';
import { Report } from './report.entity.ts';
import { loadVisibleReport, mayDeleteReport, toReport } from './reports.listing.ts';
import { rollupTrendAndTotals } from './reports.refs.ts';
import {
  locationRankingRows,
  periodBounds,
  projectSummaryRows,
  questionBreakdownRows,
  resolveFilters,
  teamPerformanceRows,
} from './reports.runs.ts';

const UNIQUE_NAME: UniqueRule<Report> = {
  entity: Report,
  field: 'name',
  key: 'reports.nameTaken',
};

function snapshot(report: Report): Record<string, unknown> {
  return { name: report.name, kind: report.kind, filters: report.filters, shared: report.shared };
}

/** BAD_REQUEST on `shared` for an account of no customer: there is nobody to share with. */
function refuseSharingWithoutCustomer(customerId: number | null, shared: boolean | undefined): void {
  if (shared && customerId === null) {
    throw new AppError('BAD_REQUEST', 'reports.noCustomerToShare', {}, { shared: 'reports.noCustomerToShare' });
  }
}

/**
 * `reports.create`, for roles that read reports (FORBIDDEN otherwise): a personal (or shared)
 * definition; its filters are checked like a run's (BAD_REQUEST naming the filter). CONFLICT on `name`
 * when the caller has a report of that name or already keeps MAX_REPORTS_PER_USER.
 */
export async function createReport(ctx: ServiceContext, input: TCreateReportInput): Promise<TReport> {
  authorize(ctx, 'read', 'Report');
  const customerId = tenantId(ctx);
  refuseSharingWithoutCustomer(customerId, input.shared);
  await resolveFilters(ctx, input.filters);
  return withTransaction(ctx, async (tx) => {
    const owner = tx.user.id;
    if ((await tx.em.count(Report, { owner })) >= MAX_REPORTS_PER_USER) {
      throw new AppError('CONFLICT', 'reports.tooMany', { max: MAX_REPORTS_PER_USER }, { name: 'reports.tooMany' });
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
    return toReport(tx, report);
  });
}

/**
 * `reports.update`: the owner renames, re-kinds, re-filters, shares or unshares. Throws NOT_FOUND (not
 * visible), FORBIDDEN (not the owner), CONFLICT (stale `version`, a name the owner already uses),
 * BAD_REQUEST naming a filter or `shared`.
 */
export async function updateReport(ctx: ServiceContext, input: TUpdateReportInput): Promise<TReport> {
  authorize(ctx, 'read', 'Report');
  if (input.filters) await resolveFilters(ctx, input.filters);
  return withTransaction(ctx, async (tx) => {
    const report = await loadVisibleReport(tx, input.id);
    if (report.owner.id !== tx.user.id) throw new AppError('FORBIDDEN', 'reports.onlyOwnerChanges');
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
    return toReport(tx, report);
  });
}

/**
 * `reports.delete`: the owner's, or (an admin) a shared one of the admin's customer. Throws NOT_FOUND
 * (not visible), FORBIDDEN (anyone else).
 */
export async function deleteReport(ctx: ServiceContext, input: TByIdInput): Promise<TDeleted> {
  authorize(ctx, 'read', 'Report');
  const { id } = input;
  await withTransaction(ctx, async (tx) => {
    const report = await loadVisibleReport(tx, id);
    if (!mayDeleteReport(tx, report)) throw new AppError('FORBIDDEN', 'reports.onlyOwnerDeletes');
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

/**
 * `reports.run`, for roles that read reports (FORBIDDEN otherwise): one report kind over the filters,
 * in the caller's scope. Throws BAD_REQUEST naming a filter whose record the customer does not have,
 * FORBIDDEN on `teamId` for a team outside a team role's teams.
 */
export async function runReport(ctx: ServiceContext, input: TRunReportInput): Promise<TReportResult> {
  authorize(ctx, 'read', 'Report');
  const f = await resolveFilters(ctx, input.filters);
  const em = ctx.em;
  const [{ totals, trend }, period] = await Promise.all([rollupTrendAndTotals(em, f), periodBounds(em, f)]);
  const figures = { totals, trend, period };
  switch (input.kind) {
    case 'project_summary':
      return { kind: input.kind, ...figures, rows: await projectSummaryRows(em, f) };
    case 'team_performance':
      return { kind: input.kind, ...figures, rows: await teamPerformanceRows(em, f) };
    case 'location_ranking':
      return { kind: input.kind, ...figures, rows: await locationRankingRows(em, f) };
    case 'question_breakdown':
      return { kind: input.kind, ...figures, rows: await questionBreakdownRows(em, f) };
  }
}
