import { ZDeleted } from '../../../../shared/schemas/business.ts';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZCreateTeamInput,
  ZListTeamsInput,
  ZTeamDetail,
  ZTeamList,
  ZTeamMembersInput,
  ZUpdateTeamInput,
} from '../../../../shared/schemas/teams.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import * as teams from './teams.service.ts';

export const teamsRouter = router({
  list: authedProcedure
    .input(ZListTeamsInput.prefault({}))
    .output(ZTeamList)
    .query(({ ctx, input }) => teams.listTeams(ctx, input)),
  byId: authedProcedure
    .input(ZByIdInput)
    .output(ZTeamDetail)
    .query(({ ctx, input }) => teams.getTeam(ctx, input)),
  create: authedProcedure
    .input(ZCreateTeamInput)
    .output(ZTeamDetail)
    .mutation(({ ctx, input }) => teams.createTeam(ctx, input)),
  update: authedProcedure
    .input(ZUpdateTeamInput)
    .output(ZTeamDetail)
    .mutation(({ ctx, input }) => teams.updateTeam(ctx, input)),
  addMembers: authedProcedure
    .input(ZTeamMembersInput)
    .output(ZTeamDetail)
    .mutation(({ ctx, input }) => teams.addMembers(ctx, input)),
  removeMembers: authedProcedure
    .input(ZTeamMembersInput)
    .output(ZTeamDetail)
    .mutation(({ ctx, input }) => teams.removeMembers(ctx, input)),
  archive: authedProcedure
    .input(ZByIdInput)
    .output(ZTeamDetail)
    .mutation(({ ctx, input }) => teams.archiveTeam(ctx, input)),
  restore: authedProcedure
    .input(ZByIdInput)
    .output(ZTeamDetail)
    .mutation(({ ctx, input }) => teams.restoreTeam(ctx, input)),
  delete: authedProcedure
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => teams.deleteTeam(ctx, input)),
});
