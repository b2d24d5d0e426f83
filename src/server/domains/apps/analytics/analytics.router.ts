// tRPC: apps.analytics.projects.list over the same service as REST.
import { ZAnalyticsProjectList, ZListAnalyticsProjectsInput } from '../../../../shared/schemas/analytics.ts';
import { router } from '../../../trpc/init.ts';
import { listQuery } from '../../../trpc/procedures.ts';
import { listAnalyticsProjects } from './analytics.service.ts';

export const analyticsRouter = router({
  projects: router({
    list: listQuery(ZListAnalyticsProjectsInput, ZAnalyticsProjectList, listAnalyticsProjects),
  }),
});
