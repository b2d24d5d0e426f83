// REST: GET /api/export/directions.csv?<list filters> — every matching direction as CSV.
import type { FastifyPluginAsync } from 'fastify';
import { type TDirection, ZListDirectionsInput } from '../../../../shared/schemas/directions.ts';
import { registerCsvExport } from '../../../rest/csv-export.ts';
import { iterateDirections } from './directions.service.ts';

export const directionsRest: FastifyPluginAsync = async (app) => {
  registerCsvExport<typeof ZListDirectionsInput, TDirection>(app, {
    name: 'directions',
    input: ZListDirectionsInput,
    iterate: iterateDirections,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'code', value: (r) => r.code },
      { header: 'name', value: (r) => r.name },
      { header: 'description', value: (r) => r.description },
      { header: 'active', value: (r) => r.active },
      { header: 'sub_directions', value: (r) => r.subDirectionCount },
      { header: 'archived_at', value: (r) => r.archivedAt },
      { header: 'created_at', value: (r) => r.createdAt },
    ],
  });
};
