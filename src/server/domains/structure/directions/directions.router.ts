import { ZDeleted } from '../../../../shared/schemas/business.ts';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZCreateDirectionInput,
  ZDirection,
  ZDirectionList,
  ZListDirectionsInput,
  ZUpdateDirectionInput,
} from '../../../../shared/schemas/directions.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import * as directions from './directions.service.ts';

export const directionsRouter = router({
  list: authedProcedure
    .input(ZListDirectionsInput.prefault({}))
    .output(ZDirectionList)
    .query(({ ctx, input }) => directions.listDirections(ctx, input)),
  byId: authedProcedure
    .input(ZByIdInput)
    .output(ZDirection)
    .query(({ ctx, input }) => directions.getDirection(ctx, input)),
  create: authedProcedure
    .input(ZCreateDirectionInput)
    .output(ZDirection)
    .mutation(({ ctx, input }) => directions.createDirection(ctx, input)),
  update: authedProcedure
    .input(ZUpdateDirectionInput)
    .output(ZDirection)
    .mutation(({ ctx, input }) => directions.updateDirection(ctx, input)),
  archive: authedProcedure
    .input(ZByIdInput)
    .output(ZDirection)
    .mutation(({ ctx, input }) => directions.archiveDirection(ctx, input)),
  restore: authedProcedure
    .input(ZByIdInput)
    .output(ZDirection)
    .mutation(({ ctx, input }) => directions.restoreDirection(ctx, input)),
  delete: authedProcedure
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => directions.deleteDirection(ctx, input)),
});
