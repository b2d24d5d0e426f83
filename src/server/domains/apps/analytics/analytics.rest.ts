// REST: GET /api/dashboard/analytics/projects.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAnalyticsProject, ZListAnalyticsProjectsInput } from '../../../../shared/schemas/analytics.ts';
import { pageCount } from '../../../lib/list/index.ts';
import { listAnalyticsProjects } from './analytics.listing.ts';

const ZProjectsReply = z.object({
  projects: z.array(ZAnalyticsProject),
  totalPages: z.number().int(),
  totalProjects: z.number().int(),
  page: z.number().int(),
});

export const analyticsRest: FastifyPluginAsyncZod = async (app) => {
  const schema = { querystring: ZListAnalyticsProjectsInput, response: { 200: ZProjectsReply } };
  app.get('/dashboard/analytics/projects', { schema }, async (request) => {
    const input = request.query;
    const { items, total } = await listAnalyticsProjects(request, input);
    return {
      projects: items,
      totalPages: pageCount(total, input.itemsPerPage),
      totalProjects: total,
      page: input.page,
    };
  });
};
