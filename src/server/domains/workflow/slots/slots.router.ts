// slots.*: a project's planned visits, each procedure one service call.
import { ZDeleted } from '../../../../shared/schemas/business.ts';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZCreateSlotInput,
  ZGenerateSlotsInput,
  ZGenerateSlotsResult,
  ZListSlotsInput,
  ZSlot,
  ZSlotList,
  ZUpdateSlotInput,
} from '../../../../shared/schemas/slots.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import * as slots from './slots.service.ts';

export const slotsRouter = router({
  list: authedProcedure
    .input(ZListSlotsInput.prefault({}))
    .output(ZSlotList)
    .query(({ ctx, input }) => slots.listSlots(ctx, input)),
  create: authedProcedure
    .input(ZCreateSlotInput)
    .output(ZSlot)
    .mutation(({ ctx, input }) => slots.createSlot(ctx, input)),
  update: authedProcedure
    .input(ZUpdateSlotInput)
    .output(ZSlot)
    .mutation(({ ctx, input }) => slots.updateSlot(ctx, input)),
  delete: authedProcedure
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => slots.deleteSlot(ctx, input)),
  generate: authedProcedure
    .input(ZGenerateSlotsInput)
    .output(ZGenerateSlotsResult)
    .mutation(({ ctx, input }) => slots.generateSlots(ctx, input)),
});
