// REST: GET /api/export/teams.csv?<list filters> — every matching team as CSV.
import type { FastifyPluginAsync } from 'fastify';
import { type TTeam, ZListTeamsInput } from '../../../../shared/schemas/teams.ts';
import { registerCsvExport } from '../../../rest/csv-export.ts';
import { iterateTeams } from './teams.service.ts';

export const teamsRest: FastifyPluginAsync = async (app) => {
  registerCsvExport<typeof ZListTeamsInput, TTeam>(app, {
    name: 'teams',
    input: ZListTeamsInput,
    iterate: iterateTeams,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'name', value: (r) => r.name },
      { header: 'description', value: (r) => r.description },
      { header: 'floor_manager', value: (r) => r.floorManager?.email },
      { header: 'team_leader', value: (r) => r.teamLeader?.email },
      { header: 'members', value: (r) => r.memberCount },
      { header: 'active', value: (r) => r.active },
      { header: 'archived_at', value: (r) => r.archivedAt },
    ],
  });
};
