// Role dashboards: one read per role dashboard,
// `dashboards.admin | floorManager | teamLeader | businessUser | analyst`. Score figures come from the
// report rollups (approved tasks only); live operational counts (today, this week, overdue, waiting for
// review) from the tasks table. Every figure carries what its list needs (ids, period bounds).
import { z } from 'zod';
import { ROLES } from '../constants/roles.ts';
import { PROJECT_STATUSES, TASK_STATUSES } from '../workflow/statuses.ts';
import { ZReportFigures } from './reports.ts';

export { DASHBOARD_KINDS, DASHBOARD_ROLES, dashboardOfRole, type TDashboardKind } from '../constants/dashboards.ts';

/** A dashboard read takes no input (it may be omitted): the caller's role and scope decide. */
export const ZDashboardInput = z.object({});

const ZCount = z.number().int().nonnegative();
const ZTrend = z.array(ZReportFigures.extend({ month: z.string() }));
/** A local period: [from, to) in the customer's time zone, and the day it was read (`YYYY-MM-DD`). */
const ZPeriod = z.object({ from: z.date(), to: z.date() });

export const ZAdminDashboard = z.object({
  /** null seats: no license in force (or the superadmin, across customers). */
  seats: z.object({ used: ZCount, total: ZCount.nullable(), licenseId: z.number().nullable() }),
  usersByRole: z.array(z.object({ role: z.enum(ROLES), count: ZCount })),
  projectsByStatus: z.array(z.object({ status: z.enum(PROJECT_STATUSES), count: ZCount })),
  /** All-time figures of approved tasks (rollups) and the last twelve months' trend. */
  totals: ZReportFigures,
  trend: ZTrend,
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;

const ZStatusCounts = z.record(z.enum(TASK_STATUSES), ZCount);

export const ZFloorManagerDashboard = z.object({
  today: ZPeriod,
  /** Today's slots (tasks starting today) per team of the scope, with their statuses. */
  todayByTeam: z.array(z.object({ teamId: z.number(), teamName: z.string(), total: ZCount, byStatus: ZStatusCounts })),
  todayTotal: ZCount,
  missed: ZCount,
  /** Not submitted (scheduled, in progress, rejected) after their slot ended. */
  overdue: ZCount,
  /** Open tasks (scheduled, in progress, rejected) per inspector, with the overdue among them. */
  workload: z.array(
    z.object({ assigneeId: z.number(), name: z.string(), open: ZCount, overdue: ZCount, today: ZCount }),
  ),
  /** Corrective actions of the scope's teams still open, and the overdue among them (open past their due date). */
  actions: z.object({ open: ZCount, overdue: ZCount }),
  /** The single team of the scope when there is exactly one (lists filter by it), else null. */
  teamId: z.number().nullable(),
});
export type TFloorManagerDashboard = z.infer<typeof ZFloorManagerDashboard>;

export const ZTeamLeaderDashboard = z.object({
  week: ZPeriod,
  weekByStatus: ZStatusCounts,
  weekTotal: ZCount,
  reviewsWaiting: ZCount,
  teams: z.array(z.object({ id: z.number(), name: z.string() })),
  teamId: z.number().nullable(),
  totals: ZReportFigures,
  trend: ZTrend,
});
export type TTeamLeaderDashboard = z.infer<typeof ZTeamLeaderDashboard>;

export const ZBusinessUserDashboard = z.object({
  projects: z.array(
    ZReportFigures.extend({
      projectId: z.number(),
      code: z.string(),
      name: z.string(),
      status: z.enum(PROJECT_STATUSES),
    }),
  ),
  locations: z.array(
    z.object({
      locationId: z.number(),
      code: z.string(),
      name: z.string(),
      approved: ZCount,
      averageScore: z.number().nullable(),
      passRate: z.number().nullable(),
    }),
  ),
  directions: z.array(ZReportFigures.extend({ directionId: z.number(), name: z.string() })),
});
export type TBusinessUserDashboard = z.infer<typeof ZBusinessUserDashboard>;

/** Ten-point buckets of locations' average scores: [0,10), [10,20) … [90,100]. */
export const SCORE_BUCKETS = 10;

export const ZAnalystDashboard = z.object({
  reviewQueue: ZCount,
  /** The oldest submission waiting (null: none). */
  oldestWaiting: z.date().nullable(),
  queueByProject: z.array(z.object({ projectId: z.number(), code: z.string(), name: z.string(), count: ZCount })),
  /** Locations per ten-point bucket of their average score (approved tasks). */
  scoreDistribution: z.array(z.object({ from: z.number(), to: z.number(), locations: ZCount })),
  weakestQuestions: z.array(
    z.object({
      questionKey: z.string(),
      text: z.string().nullable(),
      failed: ZCount,
      passed: ZCount,
      na: ZCount,
      failRate: z.number().nullable(),
    }),
  ),
});
export type TAnalystDashboard = z.infer<typeof ZAnalystDashboard>;
