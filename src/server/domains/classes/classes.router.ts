import { ZByIdInput } from '../../../shared/schemas/common.ts';
import { ZDeleted } from '../../../shared/schemas/business.ts';
import {
  ZCreateClassInput,
  ZListClassesInput,
  ZLocationClass,
  ZLocationClassList,
  ZUpdateClassInput,
} from '../../../shared/schemas/classes.ts';
import { abilityProcedure, router } from '../../trpc/init.ts';
import * as classes from './classes.service.ts';

export const classesRouter = router({
  list: abilityProcedure('read', 'Class')
    .input(ZListClassesInput.prefault({}))
    .output(ZLocationClassList)
    .query(({ ctx, input }) => classes.listClasses(ctx, input)),
  byId: abilityProcedure('read', 'Class')
    .input(ZByIdInput)
    .output(ZLocationClass)
    .query(({ ctx, input }) => classes.getClass(ctx, input.id)),
  create: abilityProcedure('create', 'Class')
    .input(ZCreateClassInput)
    .output(ZLocationClass)
    .mutation(({ ctx, input }) => classes.createClass(ctx, input)),
  update: abilityProcedure('update', 'Class')
    .input(ZUpdateClassInput)
    .output(ZLocationClass)
    .mutation(({ ctx, input }) => classes.updateClass(ctx, input)),
  archive: abilityProcedure('update', 'Class')
    .input(ZByIdInput)
    .output(ZLocationClass)
    .mutation(({ ctx, input }) => classes.archiveClass(ctx, input.id)),
  restore: abilityProcedure('update', 'Class')
    .input(ZByIdInput)
    .output(ZLocationClass)
    .mutation(({ ctx, input }) => classes.restoreClass(ctx, input.id)),
  delete: abilityProcedure('delete', 'Class')
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => classes.deleteClass(ctx, input.id)),
});
