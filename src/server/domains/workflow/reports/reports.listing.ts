// Reads of saved report definitions: which the caller sees (their own; the shared ones of their
// customer), the read model with what the caller may do with each, the list and one by id.
// Someone else's personal report, or another customer's, is NOT_FOUND.
import type { TByIdInput } from '../../../../shared/schemas/common.ts';
import type { TReport, TReportList } from '../../../../shared/schemas/reports.ts';
import { notFound } from '../../../lib/app-error.ts';
import { authorize, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { Report } from './report.entity.ts';

function visibleWhere(ctx: AuthedContext): Record<string, unknown> {
  const tenant = tenantId(ctx);
  const own = { owner: ctx.user.id };
  return tenant === null ? own : { $or: [own, { customer: tenant, shared: true }] };
}

/** The owner deletes their report; an admin of the customer also a shared one. */
export function mayDeleteReport(ctx: AuthedContext, report: Report): boolean {
  if (report.owner.id === ctx.user.id) return true;
  return report.shared && (ctx.user.role === 'admin' || ctx.user.role === 'superadmin');
}

/** The report as callers see it, with what the caller may do with it. */
export function toReport(ctx: AuthedContext, report: Report): TReport {
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
    canDelete: mayDeleteReport(ctx, report),
    createdAt: report.createdAt,
    updatedAt: report.updatedAt,
  };
}

/** The report with its owner, if the caller sees it (NOT_FOUND otherwise). */
export async function loadVisibleReport(ctx: AuthedContext, id: number): Promise<Report> {
  const report = await ctx.em.findOne(Report, { id, ...visibleWhere(ctx) }, { populate: ['owner'] });
  if (!report) throw notFound('Report');
  return report;
}

/**
 * `reports.list`, for roles that read reports (FORBIDDEN otherwise): the caller's own reports, then
 * the ones shared in the caller's customer; each by name.
 */
export async function listReports(ctx: ServiceContext): Promise<TReportList> {
  authorize(ctx, 'read', 'Report');
  const reports = await ctx.em.find(Report, visibleWhere(ctx), {
    populate: ['owner'],
    orderBy: { name: 'asc', id: 'asc' },
  });
  const mine = reports.filter((r) => r.owner.id === ctx.user.id);
  const others = reports.filter((r) => r.owner.id !== ctx.user.id);
  return { items: [...mine, ...others].map((r) => toReport(ctx, r)) };
}

/** `reports.byId`, for roles that read reports: one visible report (NOT_FOUND otherwise). */
export async function getReport(ctx: ServiceContext, input: TByIdInput): Promise<TReport> {
  authorize(ctx, 'read', 'Report');
  return toReport(ctx, await loadVisibleReport(ctx, input.id));
}
