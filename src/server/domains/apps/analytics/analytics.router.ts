// tRPC: apps.analytics.projects.list over the same service as REST.
import { ZAnalyticsProjectList, ZListAnalyticsProjectsInput } from '../../../../shared/schemas/analytics.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { listAnalyticsProjects } from './analytics.listing.ts';

export const analyticsRouter = router({
  projects: router({
    list: authedProcedure
      .input(ZListAnalyticsProjectsInput.prefault({}))
      .output(ZAnalyticsProjectList)
      .query(({ ctx, input }) => listAnalyticsProjects(ctx, input)),
  }),
});
