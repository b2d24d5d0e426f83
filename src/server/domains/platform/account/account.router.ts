import { z } from 'zod';
import {
  ZAccount,
  ZAccountProfile,
  ZAccountSession,
  ZChangePasswordInput,
  ZNotificationPreferencesInput,
  ZUpdateAccountInput,
} from '../../../../shared/schemas/account.ts';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZPasskey,
  ZRegisterPasskeyInput,
  ZRenamePasskeyInput,
  ZWebauthnOptions,
} from '../../../../shared/schemas/passkeys.ts';
import {
  ZRecoveryCodes,
  ZTwoFactorCodeInput,
  ZTwoFactorDisableInput,
  ZTwoFactorSetup,
  ZTwoFactorStatus,
} from '../../../../shared/schemas/two-factor.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import type { TrpcContext } from '../../../trpc/context.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import * as passkeys from '../auth/passkeys.service.ts';
import * as twoFactor from '../auth/two-factor.service.ts';
import * as account from './account.service.ts';

/** A call that checks a code or the password runs under the sign-in limits of the caller's address. */
function guarded<T>(ctx: TrpcContext & AuthedContext, attempt: () => Promise<T>): Promise<T> {
  return ctx.http ? ctx.http.req.server.guardLogin(ctx.http.req, ctx.user.email, attempt) : attempt();
}

const twoFactorRouter = router({
  status: authedProcedure.output(ZTwoFactorStatus).query(({ ctx }) => twoFactor.twoFactorStatus(ctx)),
  setup: authedProcedure.output(ZTwoFactorSetup).mutation(({ ctx }) => twoFactor.setupTwoFactor(ctx)),
  enable: authedProcedure
    .input(ZTwoFactorCodeInput)
    .output(ZRecoveryCodes)
    .mutation(({ ctx, input }) => guarded(ctx, () => twoFactor.enableTwoFactor(ctx, input))),
  disable: authedProcedure
    .input(ZTwoFactorDisableInput)
    .output(z.object({ disabled: z.literal(true), otherSessionsEnded: z.number().int() }))
    .mutation(({ ctx, input }) => guarded(ctx, () => twoFactor.disableTwoFactor(ctx, input))),
  regenerateRecoveryCodes: authedProcedure
    .input(ZTwoFactorCodeInput)
    .output(ZRecoveryCodes)
    .mutation(({ ctx, input }) => guarded(ctx, () => twoFactor.regenerateRecoveryCodes(ctx, input))),
});

const passkeysRouter = router({
  list: authedProcedure.output(z.array(ZPasskey)).query(({ ctx }) => passkeys.listPasskeys(ctx)),
  registrationOptions: authedProcedure
    .output(ZWebauthnOptions)
    .mutation(({ ctx }) => passkeys.passkeyRegistrationOptions(ctx)),
  register: authedProcedure
    .input(ZRegisterPasskeyInput)
    .output(ZPasskey)
    .mutation(({ ctx, input }) => passkeys.registerPasskey(ctx, input)),
  rename: authedProcedure
    .input(ZRenamePasskeyInput)
    .output(ZPasskey)
    .mutation(({ ctx, input }) => passkeys.renamePasskey(ctx, input)),
  remove: authedProcedure
    .input(ZByIdInput)
    .output(z.object({ removed: z.literal(true) }))
    .mutation(({ ctx, input }) => passkeys.removePasskey(ctx, input)),
});

export const accountRouter = router({
  get: authedProcedure.output(ZAccount).query(({ ctx }) => account.getAccount(ctx)),
  profile: authedProcedure.output(ZAccountProfile).query(({ ctx }) => account.getAccountProfile(ctx)),
  update: authedProcedure
    .input(ZUpdateAccountInput)
    .output(ZAccount)
    .mutation(({ ctx, input }) => account.updateAccount(ctx, input)),
  changePassword: authedProcedure
    .input(ZChangePasswordInput)
    .output(z.object({ changed: z.literal(true), otherSessionsEnded: z.number().int() }))
    .mutation(({ ctx, input }) => guarded(ctx, () => account.changePassword(ctx, input))),
  twoFactor: twoFactorRouter,
  passkeys: passkeysRouter,
  sessions: authedProcedure.output(z.array(ZAccountSession)).query(({ ctx }) => account.listSessions(ctx)),
  revokeSession: authedProcedure
    .input(ZByIdInput)
    .output(z.object({ revoked: z.literal(true), current: z.boolean() }))
    .mutation(({ ctx, input }) => account.revokeSession(ctx, input)),
  revokeOtherSessions: authedProcedure
    .output(z.object({ revoked: z.number().int() }))
    .mutation(({ ctx }) => account.revokeOtherSessions(ctx)),
  updateNotificationPreferences: authedProcedure
    .input(ZNotificationPreferencesInput)
    .output(ZAccount)
    .mutation(({ ctx, input }) => account.updateNotificationPreferences(ctx, input)),
});
