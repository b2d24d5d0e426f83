// REST: GET /api/export/customers.csv?<list filters> — every matching customer as CSV.
import type { FastifyPluginAsync } from 'fastify';
import { type TCustomer, ZListCustomersInput } from '../../../../shared/schemas/customers.ts';
import { registerCsvExport } from '../../../rest/csv-export.ts';
import { iterateCustomers } from './customers.service.ts';

export const customersRest: FastifyPluginAsync = async (app) => {
  registerCsvExport<typeof ZListCustomersInput, TCustomer>(app, {
    name: 'customers',
    input: ZListCustomersInput,
    iterate: iterateCustomers,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'code', value: (r) => r.code },
      { header: 'name', value: (r) => r.name },
      { header: 'email', value: (r) => r.email },
      { header: 'phone', value: (r) => r.phone },
      { header: 'country', value: (r) => r.country },
      { header: 'city', value: (r) => r.city },
      { header: 'address', value: (r) => r.address },
      { header: 'status', value: (r) => r.status },
      { header: 'license_plan', value: (r) => r.activeLicense?.plan },
      { header: 'license_seats', value: (r) => r.activeLicense?.seats },
      { header: 'license_expires_at', value: (r) => r.activeLicense?.expiresAt },
      { header: 'active_users', value: (r) => r.activeUsers },
      { header: 'created_at', value: (r) => r.createdAt },
    ],
  });
};
