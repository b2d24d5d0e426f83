// REST (spec section 7): GET /api/dashboard/analytics/projects.
import type { FastifyPluginAsync } from 'fastify';
import { ANALYTICS_PROJECT_SORT_KEYS } from '../../../../shared/schemas/analytics.ts';
import { pageCount } from '../../../lib/sql-list.ts';
import { legacyListQuery } from '../../../rest/params.ts';
import { listAnalyticsProjects } from './analytics.service.ts';

export const analyticsRest: FastifyPluginAsync = async (app) => {
  app.get('/dashboard/analytics/projects', async (request) => {
    const input = legacyListQuery(request.query as Record<string, unknown>, ANALYTICS_PROJECT_SORT_KEYS);
    const { items, total } = await listAnalyticsProjects(request, input);
    return { projects: items, totalPages: pageCount(total, input.itemsPerPage), totalProjects: total, page: input.page };
  });
};
