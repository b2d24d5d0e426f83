// REST: GET /api/export/users.csv?<list filters> — every matching user the caller may see, as CSV.
import type { FastifyPluginAsync } from 'fastify';
import { type TUser, ZListUsersInput } from '../../../../shared/schemas/users.ts';
import { registerCsvExport } from '../../../rest/csv-export.ts';
import { iterateUsers } from './users.service.ts';

export const usersRest: FastifyPluginAsync = async (app) => {
  registerCsvExport<typeof ZListUsersInput, TUser>(app, {
    name: 'users',
    input: ZListUsersInput,
    iterate: iterateUsers,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'customer_code', value: (r) => r.customerCode },
      { header: 'email', value: (r) => r.email },
      { header: 'full_name', value: (r) => r.fullName },
      { header: 'role', value: (r) => r.role },
      { header: 'status', value: (r) => r.status },
      { header: 'team', value: (r) => r.team?.name },
      { header: 'language', value: (r) => r.language },
      { header: 'last_login_at', value: (r) => r.lastLoginAt },
      { header: 'created_at', value: (r) => r.createdAt },
    ],
  });
};
