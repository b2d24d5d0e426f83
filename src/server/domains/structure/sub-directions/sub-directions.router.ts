import { ZDeleted } from '../../../../shared/schemas/business.ts';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZCreateSubDirectionInput,
  ZListSubDirectionsInput,
  ZSubDirection,
  ZSubDirectionList,
  ZUpdateSubDirectionInput,
} from '../../../../shared/schemas/sub-directions.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import * as subDirections from './sub-directions.service.ts';

export const subDirectionsRouter = router({
  list: authedProcedure
    .input(ZListSubDirectionsInput.prefault({}))
    .output(ZSubDirectionList)
    .query(({ ctx, input }) => subDirections.listSubDirections(ctx, input)),
  byId: authedProcedure
    .input(ZByIdInput)
    .output(ZSubDirection)
    .query(({ ctx, input }) => subDirections.getSubDirection(ctx, input)),
  create: authedProcedure
    .input(ZCreateSubDirectionInput)
    .output(ZSubDirection)
    .mutation(({ ctx, input }) => subDirections.createSubDirection(ctx, input)),
  update: authedProcedure
    .input(ZUpdateSubDirectionInput)
    .output(ZSubDirection)
    .mutation(({ ctx, input }) => subDirections.updateSubDirection(ctx, input)),
  archive: authedProcedure
    .input(ZByIdInput)
    .output(ZSubDirection)
    .mutation(({ ctx, input }) => subDirections.archiveSubDirection(ctx, input)),
  restore: authedProcedure
    .input(ZByIdInput)
    .output(ZSubDirection)
    .mutation(({ ctx, input }) => subDirections.restoreSubDirection(ctx, input)),
  delete: authedProcedure
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => subDirections.deleteSubDirection(ctx, input)),
});
