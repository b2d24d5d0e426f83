// tRPC: apps.analytics.projects.list over the same service as REST.
import { ZAnalyticsProjectList, ZListAnalyticsProjectsInput } from '../../../shared/schemas/analytics.ts';
import { abilityProcedure, router } from '../../trpc/init.ts';
import { listAnalyticsProjects } from './analytics.service.ts';

export const analyticsRouter = router({
  projects: router({
    list: abilityProcedure('read', 'DemoApp')
      .input(ZListAnalyticsProjectsInput.optional())
      .output(ZAnalyticsProjectList)
      .query(({ ctx, input }) => listAnalyticsProjects(ctx, ZListAnalyticsProjectsInput.parse(input ?? {}))),
  }),
});
