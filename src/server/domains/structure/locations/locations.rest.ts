// REST: GET /api/export/locations.csv?<list filters> — every matching location as CSV.
import type { FastifyPluginAsync } from 'fastify';
import { type TLocationDetail, WEEKDAYS, ZListLocationsInput } from '../../../../shared/schemas/locations.ts';
import { registerCsvExport } from '../../../rest/csv-export.ts';
import { iterateLocations } from './locations.service.ts';

export const locationsRest: FastifyPluginAsync = async (app) => {
  registerCsvExport<typeof ZListLocationsInput, TLocationDetail>(app, {
    name: 'locations',
    input: ZListLocationsInput,
    iterate: iterateLocations,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'code', value: (r) => r.code },
      { header: 'name', value: (r) => r.name },
      { header: 'direction_code', value: (r) => r.direction.code },
      { header: 'sub_direction_code', value: (r) => r.subDirection.code },
      { header: 'class', value: (r) => r.class?.name },
      { header: 'address', value: (r) => r.address },
      { header: 'city', value: (r) => r.city },
      { header: 'latitude', value: (r) => r.latitude },
      { header: 'longitude', value: (r) => r.longitude },
      { header: 'geofence_radius_m', value: (r) => r.geofenceRadiusM },
      ...WEEKDAYS.map((day) => ({
        header: `hours_${day}`,
        value: (r: TLocationDetail) => r.openingHours[day].map((i) => `${i.open}-${i.close}`).join(' '),
      })),
      { header: 'active', value: (r) => r.active },
      { header: 'archived_at', value: (r) => r.archivedAt },
    ],
  });
};
