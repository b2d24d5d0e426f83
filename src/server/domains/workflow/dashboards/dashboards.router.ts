// dashboards.*: one read per role dashboard, each one service call.
import {
  ZAdminDashboard,
  ZAnalystDashboard,
  ZBusinessUserDashboard,
  ZDashboardInput,
  ZFloorManagerDashboard,
  ZTeamLeaderDashboard,
} from '../../../../shared/schemas/dashboards.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import {
  adminDashboard,
  analystDashboard,
  businessUserDashboard,
  floorManagerDashboard,
  teamLeaderDashboard,
} from './dashboards.service.ts';

/** A dashboard read: no input (it may be omitted), the role and scope decide. */
const dashboardRead = authedProcedure.input(ZDashboardInput.prefault({}));

export const dashboardsRouter = router({
  admin: dashboardRead.output(ZAdminDashboard).query(({ ctx }) => adminDashboard(ctx)),
  floorManager: dashboardRead.output(ZFloorManagerDashboard).query(({ ctx }) => floorManagerDashboard(ctx)),
  teamLeader: dashboardRead.output(ZTeamLeaderDashboard).query(({ ctx }) => teamLeaderDashboard(ctx)),
  businessUser: dashboardRead.output(ZBusinessUserDashboard).query(({ ctx }) => businessUserDashboard(ctx)),
  analyst: dashboardRead.output(ZAnalystDashboard).query(({ ctx }) => analystDashboard(ctx)),
});
