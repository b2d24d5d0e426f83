// REST (spec section 7): GET /api/apps/logistics/vehicles.
import type { FastifyPluginAsync } from 'fastify';
import { VEHICLE_SORT_KEYS } from '../../../../shared/schemas/logistics.ts';
import { legacyListQuery } from '../../../rest/params.ts';
import { listVehicles } from './logistics.service.ts';

export const logisticsRest: FastifyPluginAsync = async (app) => {
  app.get('/apps/logistics/vehicles', async (request) => {
    // The spec's vehicle list has no search: q is ignored.
    const { q: _q, ...input } = legacyListQuery(request.query as Record<string, unknown>, VEHICLE_SORT_KEYS);
    const { items, total } = await listVehicles(request, input);
    return { vehicles: items, totalVehicles: total };
  });
};
