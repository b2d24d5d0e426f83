// correctiveActions.*: the reads and the lifecycle's transitions, each one service call.
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZCancelCorrectiveActionInput,
  ZCompleteCorrectiveActionInput,
  ZCorrectiveAction,
  ZCorrectiveActionList,
  ZCreateCorrectiveActionInput,
  ZListCorrectiveActionsInput,
  ZUpdateCorrectiveActionInput,
  ZVerifyCorrectiveActionInput,
} from '../../../../shared/schemas/corrective-actions.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { getCorrectiveAction, listCorrectiveActions } from './corrective-actions.listing.ts';
import {
  cancelCorrectiveAction,
  completeCorrectiveAction,
  createCorrectiveAction,
  updateCorrectiveAction,
  verifyCorrectiveAction,
} from './corrective-actions.service.ts';

export const correctiveActionsRouter = router({
  list: authedProcedure
    .input(ZListCorrectiveActionsInput.prefault({}))
    .output(ZCorrectiveActionList)
    .query(({ ctx, input }) => listCorrectiveActions(ctx, input)),
  byId: authedProcedure
    .input(ZByIdInput)
    .output(ZCorrectiveAction)
    .query(({ ctx, input }) => getCorrectiveAction(ctx, input)),
  create: authedProcedure
    .input(ZCreateCorrectiveActionInput)
    .output(ZCorrectiveAction)
    .mutation(({ ctx, input }) => createCorrectiveAction(ctx, input)),
  update: authedProcedure
    .input(ZUpdateCorrectiveActionInput)
    .output(ZCorrectiveAction)
    .mutation(({ ctx, input }) => updateCorrectiveAction(ctx, input)),
  complete: authedProcedure
    .input(ZCompleteCorrectiveActionInput)
    .output(ZCorrectiveAction)
    .mutation(({ ctx, input }) => completeCorrectiveAction(ctx, input)),
  verify: authedProcedure
    .input(ZVerifyCorrectiveActionInput)
    .output(ZCorrectiveAction)
    .mutation(({ ctx, input }) => verifyCorrectiveAction(ctx, input)),
  cancel: authedProcedure
    .input(ZCancelCorrectiveActionInput)
    .output(ZCorrectiveAction)
    .mutation(({ ctx, input }) => cancelCorrectiveAction(ctx, input)),
});
