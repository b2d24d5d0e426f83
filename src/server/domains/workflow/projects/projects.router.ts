import {
  ZCreateProjectInput,
  ZListProjectsInput,
  ZProject,
  ZProjectList,
  ZProjectTransitionInput,
  ZUpdateProjectInput,
} from '../../../../shared/schemas/projects.ts';
import { router } from '../../../trpc/init.ts';
import { recordProcedures } from '../../../trpc/procedures.ts';
import * as projects from './projects.service.ts';

const p = recordProcedures(ZProject);

export const projectsRouter = router({
  list: p.list(ZListProjectsInput, ZProjectList, projects.listProjects),
  byId: p.byId(projects.getProject),
  create: p.mutation(ZCreateProjectInput, projects.createProject),
  update: p.mutation(ZUpdateProjectInput, projects.updateProject),
  activate: p.mutation(ZProjectTransitionInput, projects.activateProject),
  hold: p.mutation(ZProjectTransitionInput, projects.holdProject),
  complete: p.mutation(ZProjectTransitionInput, projects.completeProject),
  archive: p.mutation(ZProjectTransitionInput, projects.archiveProject),
  restore: p.mutation(ZProjectTransitionInput, projects.restoreProject),
  delete: p.delete(projects.deleteProject),
});
