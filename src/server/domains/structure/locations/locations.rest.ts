// REST: GET /api/export/locations.csv?<list filters> — every matching location as CSV.
import type { FastifyPluginAsync } from 'fastify';
import { openingHoursText } from '../../../../shared/schemas/imports.ts';
import { type TLocationDetail, ZListLocationsInput } from '../../../../shared/schemas/locations.ts';
import { registerCsvExport } from '../../../rest/csv-export.ts';
import { iterateLocations } from './locations.service.ts';

export const locationsRest: FastifyPluginAsync = async (app) => {
  registerCsvExport<typeof ZListLocationsInput, TLocationDetail>(app, {
    name: 'locations',
    input: ZListLocationsInput,
    iterate: iterateLocations,
    // The import's columns under its names first (an export imports back unchanged), then the rest.
    columns: [
      { header: 'code', value: (r) => r.code },
      { header: 'name', value: (r) => r.name },
      { header: 'address', value: (r) => r.address },
      { header: 'city', value: (r) => r.city },
      { header: 'latitude', value: (r) => r.latitude },
      { header: 'longitude', value: (r) => r.longitude },
      { header: 'geofenceRadiusM', value: (r) => r.geofenceRadiusM },
      { header: 'timeZone', value: (r) => r.timeZone },
      { header: 'direction', value: (r) => r.direction.code },
      { header: 'subDirection', value: (r) => r.subDirection.code },
      { header: 'class', value: (r) => r.class?.name },
      { header: 'openingHours', value: (r) => openingHoursText(r.openingHours) },
      { header: 'active', value: (r) => r.active },
      { header: 'id', value: (r) => r.id },
      { header: 'archivedAt', value: (r) => r.archivedAt },
    ],
  });
};
