// REST: GET /api/export/users.csv|.xlsx?<list filters> — every matching user the caller may see. The
// import's columns come first under its names (an export imports back unchanged), then the rest.
import type { FastifyPluginAsync } from 'fastify';
import { type TUser, ZListUsersInput } from '../../../../shared/schemas/users.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { registerCsvExport } from '../../../rest/csv-export.ts';
import { teamNamesOfUsers } from './users.import.refs.ts';
import { iterateUsers } from './users.service.ts';

type ExportedUser = TUser & { teams: string[] };

/** The list's batches, each with its users' teams (one query a batch, in the listing's transaction). */
function withTeams(ctx: ServiceContext, input: Parameters<typeof iterateUsers>[1]) {
  return iterateUsers(ctx, input, async (em, batch) => {
    const teams = await teamNamesOfUsers(
      em,
      batch.map((u) => u.id),
    );
    return batch.map((u): ExportedUser => ({ ...u, teams: teams.get(u.id) ?? [] }));
  });
}

export const usersRest: FastifyPluginAsync = async (app) => {
  registerCsvExport<typeof ZListUsersInput, ExportedUser>(app, {
    name: 'users',
    input: ZListUsersInput,
    iterate: withTeams,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'customerCode', value: (r) => r.customerCode },
      { header: 'email', value: (r) => r.email },
      { header: 'fullName', value: (r) => r.fullName },
      { header: 'role', value: (r) => r.role },
      { header: 'teams', value: (r) => r.teams.join('; ') },
      { header: 'language', value: (r) => r.language },
      { header: 'active', value: (r) => r.status !== 'inactive' },
      { header: 'status', value: (r) => r.status },
      { header: 'lastLoginAt', value: (r) => r.lastLoginAt },
      { header: 'createdAt', value: (r) => r.createdAt },
    ],
  });
};
