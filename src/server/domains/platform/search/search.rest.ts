// REST (spec section 7): GET /api/app-bar/search?q.
import type { FastifyPluginAsync } from 'fastify';
import { queryString } from '../../../rest/legacy.ts';
import { searchPages } from './search.service.ts';

export const searchRest: FastifyPluginAsync = async (app) => {
  app.get('/app-bar/search', async (request) =>
    searchPages(request, { q: queryString((request.query as Record<string, unknown>).q, 100) }),
  );
};
