// REST: GET /api/export/classes.csv?<list filters> — every matching class as CSV.
import type { FastifyPluginAsync } from 'fastify';
import { type TLocationClass, ZListClassesInput } from '../../../../shared/schemas/classes.ts';
import { registerCsvExport } from '../../../rest/csv-export.ts';
import { iterateLocationClasses } from './location-classes.service.ts';

export const classesRest: FastifyPluginAsync = async (app) => {
  registerCsvExport<typeof ZListClassesInput, TLocationClass>(app, {
    name: 'classes',
    input: ZListClassesInput,
    iterate: iterateLocationClasses,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'name', value: (r) => r.name },
      { header: 'description', value: (r) => r.description },
      { header: 'color', value: (r) => r.color },
      { header: 'locations', value: (r) => r.locationCount },
      { header: 'archived_at', value: (r) => r.archivedAt },
      { header: 'created_at', value: (r) => r.createdAt },
    ],
  });
};
