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
import { recordProcedures } from '../../../trpc/procedures.ts';
import * as slots from './slots.service.ts';

const p = recordProcedures(ZSlot);

export const slotsRouter = router({
  list: p.list(ZListSlotsInput, ZSlotList, slots.listSlots),
  create: p.mutation(ZCreateSlotInput, slots.createSlot),
  update: p.mutation(ZUpdateSlotInput, slots.updateSlot),
  delete: p.delete(slots.deleteSlot),
  generate: authedProcedure
    .input(ZGenerateSlotsInput)
    .output(ZGenerateSlotsResult)
    .mutation(({ ctx, input }) => slots.generateSlots(ctx, input)),
});
