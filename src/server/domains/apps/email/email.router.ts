import { z } from 'zod';
import {
  ZEmail,
  ZEmailList,
  ZListEmailsInput,
  ZSaveDraftInput,
  ZSendEmailInput,
  ZUpdateEmailsInput,
} from '../../../../shared/schemas/email.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { listEmails, saveDraft, sendEmail, updateEmails } from './email.service.ts';

export const emailRouter = router({
  list: authedProcedure
    .input(ZListEmailsInput.optional())
    .output(ZEmailList)
    .query(({ ctx, input }) => listEmails(ctx, input ?? {})),
  update: authedProcedure
    .input(ZUpdateEmailsInput)
    .output(z.object({ count: z.number().int() }))
    .mutation(({ ctx, input }) => updateEmails(ctx, input)),
  /** The composer's autosave. */
  saveDraft: authedProcedure
    .input(ZSaveDraftInput)
    .output(ZEmail)
    .mutation(({ ctx, input }) => saveDraft(ctx, input)),
  send: authedProcedure
    .input(ZSendEmailInput)
    .output(ZEmail)
    .mutation(({ ctx, input }) => sendEmail(ctx, input)),
});
