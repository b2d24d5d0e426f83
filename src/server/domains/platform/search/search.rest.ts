// REST: GET /api/app-bar/search?q, and the record search beside it, GET /api/search/records?q.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZRecordSearchInput,
  ZRecordSearchResult,
  ZSearchInput,
  ZSearchResult,
} from '../../../../shared/schemas/search.ts';
import { searchRecords } from './records.service.ts';
import { searchPages } from './search.service.ts';

export const searchRest: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/app-bar/search',
    { schema: { querystring: ZSearchInput, response: { 200: ZSearchResult } } },
    async (request) => searchPages(request, request.query),
  );
  app.get(
    '/search/records',
    { schema: { querystring: ZRecordSearchInput, response: { 200: ZRecordSearchResult } } },
    async (request) => searchRecords(request, request.query),
  );
};
