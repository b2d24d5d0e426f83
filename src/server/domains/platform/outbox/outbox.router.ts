import { ZListOutboxInput, ZOutboxList } from '../../../../shared/schemas/outbox.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { listOutbox } from './outbox.service.ts';

export const outboxRouter = router({
  list: authedProcedure
    .input(ZListOutboxInput.prefault({}))
    .output(ZOutboxList)
    .query(({ ctx, input }) => listOutbox(ctx, input)),
});
