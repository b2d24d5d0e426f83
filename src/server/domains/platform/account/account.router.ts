import { z } from 'zod';
import {
  ZAccount,
  ZAccountSession,
  ZChangePasswordInput,
  ZNotificationPreferencesInput,
  ZUpdateAccountInput,
} from '../../../../shared/schemas/account.ts';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import * as account from './account.service.ts';

export const accountRouter = router({
  get: authedProcedure.output(ZAccount).query(({ ctx }) => account.getAccount(ctx)),
  update: authedProcedure
    .input(ZUpdateAccountInput)
    .output(ZAccount)
    .mutation(({ ctx, input }) => account.updateAccount(ctx, input)),
  changePassword: authedProcedure
    .input(ZChangePasswordInput)
    .output(z.object({ changed: z.literal(true), otherSessionsEnded: z.number().int() }))
    .mutation(({ ctx, input }) => account.changePassword(ctx, input)),
  sessions: authedProcedure.output(z.array(ZAccountSession)).query(({ ctx }) => account.listSessions(ctx)),
  revokeSession: authedProcedure
    .input(ZByIdInput)
    .output(z.object({ revoked: z.literal(true), current: z.boolean() }))
    .mutation(({ ctx, input }) => account.revokeSession(ctx, input)),
  updateNotificationPreferences: authedProcedure
    .input(ZNotificationPreferencesInput)
    .output(ZAccount)
    .mutation(({ ctx, input }) => account.updateNotificationPreferences(ctx, input)),
});
