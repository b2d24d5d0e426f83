import { z } from 'zod';
import { ZListOutboxInput, ZOutboxList, ZResendOutboxInput } from '../../../../shared/schemas/outbox.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { listOutbox, resendOutbox } from './outbox.service.ts';

export const outboxRouter = router({
  list: authedProcedure
    .input(ZListOutboxInput.prefault({}))
    .output(ZOutboxList)
    .query(({ ctx, input }) => listOutbox(ctx, input)),
  /** Queue a failed or held e-mail again (superadmin). */
  resend: authedProcedure
    .input(ZResendOutboxInput)
    .output(z.object({ id: z.number(), status: z.literal('queued') }))
    .mutation(({ ctx, input }) => resendOutbox(ctx, input)),
});
