import { z } from 'zod';
import { ZEmailList, ZListEmailsInput, ZUpdateEmailsInput } from '../../../../shared/schemas/email.ts';
import { abilityProcedure, router } from '../../../trpc/init.ts';
import { listEmails, updateEmails } from './email.service.ts';

const demo = abilityProcedure('read', 'DemoApp');

export const emailRouter = router({
  list: demo
    .input(ZListEmailsInput.optional())
    .output(ZEmailList)
    .query(({ ctx, input }) => listEmails(ctx, input ?? {})),
  update: demo
    .input(ZUpdateEmailsInput)
    .output(z.object({ count: z.number().int() }))
    .mutation(({ ctx, input }) => updateEmails(ctx, input)),
});
