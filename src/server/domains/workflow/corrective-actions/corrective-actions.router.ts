// correctiveActions.* (CONTRACTS.md "Workflow over tRPC"): reads and the lifecycle's transitions, each one service call.
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
import { router } from '../../../trpc/init.ts';
import { recordProcedures } from '../../../trpc/procedures.ts';
import * as actions from './corrective-actions.service.ts';

const p = recordProcedures(ZCorrectiveAction);

export const correctiveActionsRouter = router({
  list: p.list(ZListCorrectiveActionsInput, ZCorrectiveActionList, actions.listCorrectiveActions),
  byId: p.byId(actions.getCorrectiveAction),
  create: p.mutation(ZCreateCorrectiveActionInput, actions.createCorrectiveAction),
  update: p.mutation(ZUpdateCorrectiveActionInput, actions.updateCorrectiveAction),
  complete: p.mutation(ZCompleteCorrectiveActionInput, actions.completeCorrectiveAction),
  verify: p.mutation(ZVerifyCorrectiveActionInput, actions.verifyCorrectiveAction),
  cancel: p.mutation(ZCancelCorrectiveActionInput, actions.cancelCorrectiveAction),
});
