import {
  ZCreateTeamInput,
  ZListTeamsInput,
  ZTeamDetail,
  ZTeamList,
  ZTeamMembersInput,
  ZUpdateTeamInput,
} from '../../../../shared/schemas/teams.ts';
import { router } from '../../../trpc/init.ts';
import { recordProcedures } from '../../../trpc/procedures.ts';
// Importing the service wires team membership into sessions (CASL "team" conditions).
import * as teams from './teams.service.ts';

const p = recordProcedures(ZTeamDetail);

export const teamsRouter = router({
  list: p.list(ZListTeamsInput, ZTeamList, teams.listTeams),
  byId: p.byId(teams.getTeam),
  create: p.mutation(ZCreateTeamInput, teams.createTeam),
  update: p.mutation(ZUpdateTeamInput, teams.updateTeam),
  addMembers: p.mutation(ZTeamMembersInput, teams.addMembers),
  removeMembers: p.mutation(ZTeamMembersInput, teams.removeMembers),
  archive: p.byIdMutation(teams.archiveTeam),
  restore: p.byIdMutation(teams.restoreTeam),
  delete: p.delete(teams.deleteTeam),
});
