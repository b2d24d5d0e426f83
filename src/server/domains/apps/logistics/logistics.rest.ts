// REST: GET /api/apps/logistics/vehicles; GET /api/apps/logistics/summary (the dashboard's figures).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZListVehiclesInput, ZLogisticsSummary, ZVehicle } from '../../../../shared/schemas/logistics.ts';
import { restInput } from '../../../rest/input.ts';
import { listVehicles } from './logistics.listing.ts';
import { logisticsSummary } from './logistics.service.ts';

const ZVehiclesReply = z.object({ vehicles: z.array(ZVehicle), totalVehicles: z.number().int() });
/** The demo API's vehicle list has no search: q is ignored. */
const ZVehicleQuery = restInput(ZListVehiclesInput, { read: ({ q: _q, ...query }) => query });

export const logisticsRest: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apps/logistics/vehicles',
    { schema: { querystring: ZVehicleQuery, response: { 200: ZVehiclesReply } } },
    async (request) => {
      const { items, total } = await listVehicles(request, request.query);
      return { vehicles: items, totalVehicles: total };
    },
  );
  app.get('/apps/logistics/summary', { schema: { response: { 200: ZLogisticsSummary } } }, (request) =>
    logisticsSummary(request),
  );
};
