// REST (spec section 7): GET /api/app-bar/search?q.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSearchInput, ZSearchResult } from '../../../../shared/schemas/search.ts';
import { searchPages } from './search.service.ts';

export const searchRest: FastifyPluginAsyncZod = async (app) => {
  app.get('/app-bar/search', { schema: { querystring: ZSearchInput, response: { 200: ZSearchResult } } }, async (request) =>
    searchPages(request, request.query),
  );
};
