// REST: GET /api/export/subDirections.csv?<list filters> — every matching sub-direction as CSV.
import type { FastifyPluginAsync } from 'fastify';
import { type TSubDirection, ZListSubDirectionsInput } from '../../../../shared/schemas/sub-directions.ts';
import { registerCsvExport } from '../../../rest/csv-export.ts';
import { iterateSubDirections } from './sub-directions.service.ts';

export const subDirectionsRest: FastifyPluginAsync = async (app) => {
  registerCsvExport<typeof ZListSubDirectionsInput, TSubDirection>(app, {
    name: 'subDirections',
    input: ZListSubDirectionsInput,
    iterate: iterateSubDirections,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'direction_code', value: (r) => r.direction.code },
      { header: 'code', value: (r) => r.code },
      { header: 'name', value: (r) => r.name },
      { header: 'description', value: (r) => r.description },
      { header: 'active', value: (r) => r.active },
      { header: 'locations', value: (r) => r.locationCount },
      { header: 'archived_at', value: (r) => r.archivedAt },
      { header: 'created_at', value: (r) => r.createdAt },
    ],
  });
};
