import { ZByIdInput } from '../../../shared/schemas/common.ts';
import { ZDeleted } from '../../../shared/schemas/business.ts';
import { ZCreateTeamInput, ZListTeamsInput, ZTeamDetail, ZTeamList, ZUpdateTeamInput } from '../../../shared/schemas/teams.ts';
import { abilityProcedure, router } from '../../trpc/init.ts';
// Importing the service wires team membership into sessions (CASL "team" conditions).
import * as teams from './teams.service.ts';

export const teamsRouter = router({
  list: abilityProcedure('read', 'Team')
    .input(ZListTeamsInput.prefault({}))
    .output(ZTeamList)
    .query(({ ctx, input }) => teams.listTeams(ctx, input)),
  byId: abilityProcedure('read', 'Team')
    .input(ZByIdInput)
    .output(ZTeamDetail)
    .query(({ ctx, input }) => teams.getTeam(ctx, input.id)),
  create: abilityProcedure('create', 'Team')
    .input(ZCreateTeamInput)
    .output(ZTeamDetail)
    .mutation(({ ctx, input }) => teams.createTeam(ctx, input)),
  update: abilityProcedure('update', 'Team')
    .input(ZUpdateTeamInput)
    .output(ZTeamDetail)
    .mutation(({ ctx, input }) => teams.updateTeam(ctx, input)),
  archive: abilityProcedure('update', 'Team')
    .input(ZByIdInput)
    .output(ZTeamDetail)
    .mutation(({ ctx, input }) => teams.archiveTeam(ctx, input.id)),
  restore: abilityProcedure('update', 'Team')
    .input(ZByIdInput)
    .output(ZTeamDetail)
    .mutation(({ ctx, input }) => teams.restoreTeam(ctx, input.id)),
  delete: abilityProcedure('delete', 'Team')
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => teams.deleteTeam(ctx, input.id)),
});
