// dashboards.* (issue 13 item 3): one read per role dashboard, each one service call.
import { z } from 'zod';
import {
  ZAdminDashboard,
  ZAnalystDashboard,
  ZBusinessUserDashboard,
  ZFloorManagerDashboard,
  ZTeamLeaderDashboard,
} from '../../../../shared/schemas/dashboards.ts';
import { router } from '../../../trpc/init.ts';
import { listQuery } from '../../../trpc/procedures.ts';
import * as dashboards from './dashboards.service.ts';

const none = z.object({});

export const dashboardsRouter = router({
  admin: listQuery(none, ZAdminDashboard, (ctx) => dashboards.adminDashboard(ctx)),
  floorManager: listQuery(none, ZFloorManagerDashboard, (ctx) => dashboards.floorManagerDashboard(ctx)),
  teamLeader: listQuery(none, ZTeamLeaderDashboard, (ctx) => dashboards.teamLeaderDashboard(ctx)),
  businessUser: listQuery(none, ZBusinessUserDashboard, (ctx) => dashboards.businessUserDashboard(ctx)),
  analyst: listQuery(none, ZAnalystDashboard, (ctx) => dashboards.analystDashboard(ctx)),
});
