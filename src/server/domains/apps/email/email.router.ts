import { z } from 'zod';
import { ZEmailList, ZListEmailsInput, ZUpdateEmailsInput } from '../../../../shared/schemas/email.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { listEmails, updateEmails } from './email.service.ts';

export const emailRouter = router({
  list: authedProcedure
    .input(ZListEmailsInput.optional())
    .output(ZEmailList)
    .query(({ ctx, input }) => listEmails(ctx, input ?? {})),
  update: authedProcedure
    .input(ZUpdateEmailsInput)
    .output(z.object({ count: z.number().int() }))
    .mutation(({ ctx, input }) => updateEmails(ctx, input)),
});
