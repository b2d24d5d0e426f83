// Reports: saved report definitions and running one of the four
// kinds over approved tasks. Procedures: reports.list | byId | create | update | delete | run.
//
// Filters: project, period (months of the visits' slots, inclusive, in the customer's time zone),
// direction, sub-direction, location class, team. Only approved tasks count, except completion
// (approved ÷ planned, planned = every task of the slots in scope that is not cancelled).
import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { zName } from './business.ts';
import { ZExpectedVersion, ZId, ZVersion } from './common.ts';

export const REPORT_KINDS = ['project_summary', 'location_ranking', 'team_performance', 'question_breakdown'] as const;
export type TReportKind = (typeof REPORT_KINDS)[number];
export const ZReportKind = z.enum(REPORT_KINDS, {
  error: msg('reports.kind'),
});

export const MAX_REPORT_NAME = 80;
/** How many saved reports one user may keep. */
export const MAX_REPORTS_PER_USER = 100;

/** A month as `YYYY-MM` (years 2000 to 2999). */
export const ZMonth = z
  .string()
  .trim()
  .regex(/^2\d{3}-(0[1-9]|1[0-2])$/, msg('reports.month'));

const optionalId = (message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), ZId.optional().describe(message));

const REPORT_FILTER_SHAPE = {
  projectId: optionalId('project'),
  /** First month of the period (inclusive), `YYYY-MM`. */
  from: ZMonth.optional(),
  /** Last month of the period (inclusive), `YYYY-MM`. */
  to: ZMonth.optional(),
  directionId: optionalId('direction'),
  subDirectionId: optionalId('sub-direction'),
  classId: optionalId('class'),
  teamId: optionalId('team'),
};

function periodInOrder(f: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (f.from && f.to && f.from > f.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: msg('reports.monthOrder') });
}

export const ZReportFilters = z.object(REPORT_FILTER_SHAPE).strict().superRefine(periodInOrder);
export type TReportFilters = z.infer<typeof ZReportFilters>;

export const ZReport = z.object({
  id: z.number(),
  version: ZVersion,
  name: z.string(),
  kind: ZReportKind,
  filters: ZReportFilters,
  shared: z.boolean(),
  ownerId: z.number(),
  ownerName: z.string(),
  /** The owner's customer (null for the superadmin's). */
  customerId: z.number().nullable(),
  /** Whether the caller may change or delete it (the owner; an admin may delete a shared one). */
  canUpdate: z.boolean(),
  canDelete: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TReport = z.infer<typeof ZReport>;

/** `reports.list` takes no filters (its input may be omitted). */
export const ZListReportsInput = z.object({});

/** The caller's own reports first, then the ones shared in the caller's customer; each by name. */
export const ZReportList = z.object({ items: z.array(ZReport) });
export type TReportList = z.infer<typeof ZReportList>;

export const ZCreateReportInput = z.object({
  name: zName(MAX_REPORT_NAME),
  kind: ZReportKind,
  filters: ZReportFilters.default({}),
  shared: z.boolean().default(false),
});
export type TCreateReportInput = z.infer<typeof ZCreateReportInput>;

export const ZUpdateReportInput = z.object({
  id: ZId,
  version: ZExpectedVersion,
  name: zName(MAX_REPORT_NAME).optional(),
  kind: ZReportKind.optional(),
  filters: ZReportFilters.optional(),
  shared: z.boolean().optional(),
});
export type TUpdateReportInput = z.infer<typeof ZUpdateReportInput>;

export const ZRunReportInput = z.object({ kind: ZReportKind, filters: ZReportFilters.default({}) });

/** `GET /api/reports/export.csv?kind=…&<filters>`: the kind and its filters as flat query parameters. */
export const ZReportExportInput = z.object({ kind: ZReportKind, ...REPORT_FILTER_SHAPE }).superRefine(periodInOrder);
export type TReportExportInput = z.infer<typeof ZReportExportInput>;
export type TRunReportInput = z.infer<typeof ZRunReportInput>;

/* ------------------------------------------------------------------ results */

/** Figures of a set of tasks (a month, a project, a team…). Rates are 0..1, null with nothing to divide. */
export const ZReportFigures = z.object({
  planned: z.number(),
  approved: z.number(),
  passed: z.number(),
  /** approved ÷ planned */
  completion: z.number().nullable(),
  /** passed ÷ approved */
  passRate: z.number().nullable(),
  /** Mean score of the approved tasks with a score, one decimal. */
  averageScore: z.number().nullable(),
  onTime: z.number(),
  /** onTime ÷ approved */
  onTimeRate: z.number().nullable(),
  reworked: z.number(),
  /** reworked ÷ approved */
  reworkRate: z.number().nullable(),
});
export type TReportFigures = z.infer<typeof ZReportFigures>;

export const ZReportTrendPoint = ZReportFigures.extend({ month: z.string() });
export type TReportTrendPoint = z.infer<typeof ZReportTrendPoint>;

const ZRef = z.object({ id: z.number(), name: z.string() });
const ZCodeRef = z.object({ id: z.number(), code: z.string(), name: z.string() });

export const ZProjectSummaryRow = ZReportFigures.extend({ project: ZCodeRef });
export const ZLocationRankingRow = z.object({
  rank: z.number(),
  location: ZCodeRef,
  direction: ZRef.nullable(),
  subDirection: ZRef.nullable(),
  class: ZRef.nullable(),
  approved: z.number(),
  passRate: z.number().nullable(),
  averageScore: z.number().nullable(),
  /** Least-squares slope of the monthly average score, points per month (null under two months). */
  trend: z.number().nullable(),
});
export const ZTeamPerformanceRow = ZReportFigures.extend({ team: ZRef });
export const ZQuestionBreakdownRow = z.object({
  questionKey: z.string(),
  /** The question's text in the newest scheme version that has the key. */
  text: z.string().nullable(),
  answered: z.number(),
  failed: z.number(),
  passed: z.number(),
  na: z.number(),
  /** failed ÷ (failed + passed) */
  failRate: z.number().nullable(),
});

/** A run: the totals, the monthly trend, and the kind's rows. The period's bounds are instants for drill-down links. */
export const ZReportResult = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('project_summary'),
    totals: ZReportFigures,
    trend: z.array(ZReportTrendPoint),
    rows: z.array(ZProjectSummaryRow),
    period: z.object({ from: z.date().nullable(), to: z.date().nullable() }),
  }),
  z.object({
    kind: z.literal('location_ranking'),
    totals: ZReportFigures,
    trend: z.array(ZReportTrendPoint),
    rows: z.array(ZLocationRankingRow),
    period: z.object({ from: z.date().nullable(), to: z.date().nullable() }),
  }),
  z.object({
    kind: z.literal('team_performance'),
    totals: ZReportFigures,
    trend: z.array(ZReportTrendPoint),
    rows: z.array(ZTeamPerformanceRow),
    period: z.object({ from: z.date().nullable(), to: z.date().nullable() }),
  }),
  z.object({
    kind: z.literal('question_breakdown'),
    totals: ZReportFigures,
    trend: z.array(ZReportTrendPoint),
    rows: z.array(ZQuestionBreakdownRow),
    period: z.object({ from: z.date().nullable(), to: z.date().nullable() }),
  }),
]);
export type TReportResult = z.infer<typeof ZReportResult>;
export type TProjectSummaryRow = z.infer<typeof ZProjectSummaryRow>;
export type TLocationRankingRow = z.infer<typeof ZLocationRankingRow>;
export type TTeamPerformanceRow = z.infer<typeof ZTeamPerformanceRow>;
export type TQuestionBreakdownRow = z.infer<typeof ZQuestionBreakdownRow>;

/** Rows a location ranking returns at most (best first; the table pages in the browser). */
export const MAX_RANKING_ROWS = 1000;
