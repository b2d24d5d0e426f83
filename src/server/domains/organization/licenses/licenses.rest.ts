// REST: GET /api/export/licenses.csv?<list filters> — every matching license as CSV.
import type { FastifyPluginAsync } from 'fastify';
import { type TLicense, ZListLicensesInput } from '../../../../shared/schemas/licenses.ts';
import { registerCsvExport } from '../../../rest/csv-export.ts';
import { iterateLicenses } from './licenses.service.ts';

export const licensesRest: FastifyPluginAsync = async (app) => {
  registerCsvExport<typeof ZListLicensesInput, TLicense>(app, {
    name: 'licenses',
    input: ZListLicensesInput,
    iterate: iterateLicenses,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'key', value: (r) => r.key },
      { header: 'customer_code', value: (r) => r.customer.code },
      { header: 'customer_name', value: (r) => r.customer.name },
      { header: 'plan', value: (r) => r.plan },
      { header: 'seats', value: (r) => r.seats },
      { header: 'modules', value: (r) => r.modules.join(' ') },
      { header: 'starts_at', value: (r) => r.startsAt },
      { header: 'expires_at', value: (r) => r.expiresAt },
      { header: 'status', value: (r) => r.status },
      { header: 'revoked_at', value: (r) => r.revokedAt },
      { header: 'revoke_reason', value: (r) => r.revokeReason },
    ],
  });
};
