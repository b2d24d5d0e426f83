import { ZDeleted } from '../../../../shared/schemas/business.ts';
import {
  ZCreateClassInput,
  ZListClassesInput,
  ZLocationClass,
  ZLocationClassList,
  ZUpdateClassInput,
} from '../../../../shared/schemas/classes.ts';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import * as classes from './location-classes.service.ts';

export const classesRouter = router({
  list: authedProcedure
    .input(ZListClassesInput.prefault({}))
    .output(ZLocationClassList)
    .query(({ ctx, input }) => classes.listLocationClasses(ctx, input)),
  byId: authedProcedure
    .input(ZByIdInput)
    .output(ZLocationClass)
    .query(({ ctx, input }) => classes.getLocationClass(ctx, input)),
  create: authedProcedure
    .input(ZCreateClassInput)
    .output(ZLocationClass)
    .mutation(({ ctx, input }) => classes.createLocationClass(ctx, input)),
  update: authedProcedure
    .input(ZUpdateClassInput)
    .output(ZLocationClass)
    .mutation(({ ctx, input }) => classes.updateLocationClass(ctx, input)),
  archive: authedProcedure
    .input(ZByIdInput)
    .output(ZLocationClass)
    .mutation(({ ctx, input }) => classes.archiveLocationClass(ctx, input)),
  restore: authedProcedure
    .input(ZByIdInput)
    .output(ZLocationClass)
    .mutation(({ ctx, input }) => classes.restoreLocationClass(ctx, input)),
  delete: authedProcedure
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => classes.deleteLocationClass(ctx, input)),
});
