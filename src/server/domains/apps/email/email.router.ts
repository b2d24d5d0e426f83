// tRPC: apps.email.* — the caller's mailbox over the same services as REST, and the composer's draft and send.
import {
  ZEmail,
  ZEmailList,
  ZEmailsUpdated,
  ZListEmailsInput,
  ZSaveDraftInput,
  ZSendEmailInput,
  ZUpdateEmailsInput,
} from '../../../../shared/schemas/email.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { listEmails, saveDraft, sendEmail, updateEmails } from './email.service.ts';

export const emailRouter = router({
  list: authedProcedure
    .input(ZListEmailsInput.prefault({}))
    .output(ZEmailList)
    .query(({ ctx, input }) => listEmails(ctx, input)),
  update: authedProcedure
    .input(ZUpdateEmailsInput)
    .output(ZEmailsUpdated)
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
