// projects.*: reads, create and update, the lifecycle's transitions and delete, each one service call.
import { ZDeleted } from '../../../../shared/schemas/business.ts';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZCreateProjectInput,
  ZListProjectsInput,
  ZProject,
  ZProjectList,
  ZProjectLocationChoice,
  ZProjectTransitionInput,
  ZSaveLocationChoiceInput,
  ZUpdateProjectInput,
} from '../../../../shared/schemas/projects.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import * as projects from './projects.service.ts';

export const projectsRouter = router({
  list: authedProcedure
    .input(ZListProjectsInput.prefault({}))
    .output(ZProjectList)
    .query(({ ctx, input }) => projects.listProjects(ctx, input)),
  byId: authedProcedure
    .input(ZByIdInput)
    .output(ZProject)
    .query(({ ctx, input }) => projects.getProject(ctx, input)),
  create: authedProcedure
    .input(ZCreateProjectInput)
    .output(ZProject)
    .mutation(({ ctx, input }) => projects.createProject(ctx, input)),
  update: authedProcedure
    .input(ZUpdateProjectInput)
    .output(ZProject)
    .mutation(({ ctx, input }) => projects.updateProject(ctx, input)),
  activate: authedProcedure
    .input(ZProjectTransitionInput)
    .output(ZProject)
    .mutation(({ ctx, input }) => projects.activateProject(ctx, input)),
  hold: authedProcedure
    .input(ZProjectTransitionInput)
    .output(ZProject)
    .mutation(({ ctx, input }) => projects.holdProject(ctx, input)),
  complete: authedProcedure
    .input(ZProjectTransitionInput)
    .output(ZProject)
    .mutation(({ ctx, input }) => projects.completeProject(ctx, input)),
  archive: authedProcedure
    .input(ZProjectTransitionInput)
    .output(ZProject)
    .mutation(({ ctx, input }) => projects.archiveProject(ctx, input)),
  restore: authedProcedure
    .input(ZProjectTransitionInput)
    .output(ZProject)
    .mutation(({ ctx, input }) => projects.restoreProject(ctx, input)),
  locationChoice: authedProcedure
    .input(ZByIdInput)
    .output(ZProjectLocationChoice)
    .query(({ ctx, input }) => projects.getLocationChoice(ctx, input)),
  saveLocationChoice: authedProcedure
    .input(ZSaveLocationChoiceInput)
    .output(ZProjectLocationChoice)
    .mutation(({ ctx, input }) => projects.saveLocationChoice(ctx, input)),
  delete: authedProcedure
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => projects.deleteProject(ctx, input)),
});
