import { ZByIdInput } from '../../../shared/schemas/common.ts';
import { ZDeleted } from '../../../shared/schemas/business.ts';
import {
  ZCreateDirectionInput,
  ZDirection,
  ZDirectionList,
  ZListDirectionsInput,
  ZUpdateDirectionInput,
} from '../../../shared/schemas/directions.ts';
import { abilityProcedure, router } from '../../trpc/init.ts';
import * as directions from './directions.service.ts';

export const directionsRouter = router({
  list: abilityProcedure('read', 'Direction')
    .input(ZListDirectionsInput.prefault({}))
    .output(ZDirectionList)
    .query(({ ctx, input }) => directions.listDirections(ctx, input)),
  byId: abilityProcedure('read', 'Direction')
    .input(ZByIdInput)
    .output(ZDirection)
    .query(({ ctx, input }) => directions.getDirection(ctx, input.id)),
  create: abilityProcedure('create', 'Direction')
    .input(ZCreateDirectionInput)
    .output(ZDirection)
    .mutation(({ ctx, input }) => directions.createDirection(ctx, input)),
  update: abilityProcedure('update', 'Direction')
    .input(ZUpdateDirectionInput)
    .output(ZDirection)
    .mutation(({ ctx, input }) => directions.updateDirection(ctx, input)),
  archive: abilityProcedure('update', 'Direction')
    .input(ZByIdInput)
    .output(ZDirection)
    .mutation(({ ctx, input }) => directions.archiveDirection(ctx, input.id)),
  restore: abilityProcedure('update', 'Direction')
    .input(ZByIdInput)
    .output(ZDirection)
    .mutation(({ ctx, input }) => directions.restoreDirection(ctx, input.id)),
  delete: abilityProcedure('delete', 'Direction')
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => directions.deleteDirection(ctx, input.id)),
});
