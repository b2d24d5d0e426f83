import { ZCreateTeamInput, ZListTeamsInput, ZTeamDetail, ZTeamList, ZUpdateTeamInput } from '../../../../shared/schemas/teams.ts';
import { router } from '../../../trpc/init.ts';
import { recordProcedures } from '../../../trpc/procedures.ts';
// Importing the service wires team membership into sessions (CASL "team" conditions).
import * as teams from './teams.service.ts';

const p = recordProcedures('Team', ZTeamDetail);

export const teamsRouter = router({
  list: p.list(ZListTeamsInput, ZTeamList, teams.listTeams),
  byId: p.byId(teams.getTeam),
  create: p.mutation('create', ZCreateTeamInput, teams.createTeam),
  update: p.mutation('update', ZUpdateTeamInput, teams.updateTeam),
  archive: p.byIdMutation('update', teams.archiveTeam),
  restore: p.byIdMutation('update', teams.restoreTeam),
  delete: p.delete(teams.deleteTeam),
});
