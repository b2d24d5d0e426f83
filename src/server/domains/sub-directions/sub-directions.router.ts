import { ZByIdInput } from '../../../shared/schemas/common.ts';
import { ZDeleted } from '../../../shared/schemas/business.ts';
import {
  ZCreateSubDirectionInput,
  ZListSubDirectionsInput,
  ZSubDirection,
  ZSubDirectionList,
  ZUpdateSubDirectionInput,
} from '../../../shared/schemas/sub-directions.ts';
import { abilityProcedure, router } from '../../trpc/init.ts';
import * as subDirections from './sub-directions.service.ts';

export const subDirectionsRouter = router({
  list: abilityProcedure('read', 'SubDirection')
    .input(ZListSubDirectionsInput.prefault({}))
    .output(ZSubDirectionList)
    .query(({ ctx, input }) => subDirections.listSubDirections(ctx, input)),
  byId: abilityProcedure('read', 'SubDirection')
    .input(ZByIdInput)
    .output(ZSubDirection)
    .query(({ ctx, input }) => subDirections.getSubDirection(ctx, input.id)),
  create: abilityProcedure('create', 'SubDirection')
    .input(ZCreateSubDirectionInput)
    .output(ZSubDirection)
    .mutation(({ ctx, input }) => subDirections.createSubDirection(ctx, input)),
  update: abilityProcedure('update', 'SubDirection')
    .input(ZUpdateSubDirectionInput)
    .output(ZSubDirection)
    .mutation(({ ctx, input }) => subDirections.updateSubDirection(ctx, input)),
  archive: abilityProcedure('update', 'SubDirection')
    .input(ZByIdInput)
    .output(ZSubDirection)
    .mutation(({ ctx, input }) => subDirections.archiveSubDirection(ctx, input.id)),
  restore: abilityProcedure('update', 'SubDirection')
    .input(ZByIdInput)
    .output(ZSubDirection)
    .mutation(({ ctx, input }) => subDirections.restoreSubDirection(ctx, input.id)),
  delete: abilityProcedure('delete', 'SubDirection')
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => subDirections.deleteSubDirection(ctx, input.id)),
});
