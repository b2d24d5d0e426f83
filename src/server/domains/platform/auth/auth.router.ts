import { z } from 'zod';
import {
  ZForgotPasswordInput,
  ZLoginInput,
  ZRegisterInput,
  ZResetPasswordInput,
} from '../../../../shared/schemas/auth.ts';
import { authedProcedure, publicProcedure, router } from '../../../trpc/init.ts';
import { clearSessionCookies, setSessionCookies } from './auth.cookies.ts';
import * as auth from './auth.service.ts';

function baseUrl(req: { protocol: string; host: string }): string {
  return `${req.protocol}://${req.host}`;
}

export const authRouter = router({
  /** Signs in and sets the browser session cookies; the token is also returned for scripts. */
  login: publicProcedure.input(ZLoginInput).mutation(async ({ ctx, input }) => {
    await ctx.req.server.limitLogin(ctx.req, input.email);
    const result = await auth.login(ctx.em, input, {
      ip: ctx.req.ip,
      userAgent: ctx.req.headers['user-agent'],
      sessionTtlMs: ctx.config.sessionTtlMs,
    });
    setSessionCookies(ctx.reply, result, ctx.config.cookieSecure);
    return { accessToken: result.accessToken, userData: result.userData, userAbilityRules: result.userAbilityRules };
  }),
  logout: authedProcedure.mutation(async ({ ctx }) => {
    await auth.logout(ctx.em, ctx.user.sessionId);
    clearSessionCookies(ctx.reply);
    return { ok: true };
  }),
  me: authedProcedure.query(({ ctx }) => auth.me(ctx.em, ctx.user)),
  register: publicProcedure.input(ZRegisterInput).mutation(({ ctx, input }) => auth.register(ctx.em, input)),
  forgotPassword: publicProcedure
    .input(ZForgotPasswordInput)
    .mutation(({ ctx, input }) => auth.forgotPassword(ctx.em, input, baseUrl(ctx.req))),
  resetPassword: publicProcedure.input(ZResetPasswordInput).mutation(({ ctx, input }) => auth.resetPassword(ctx.em, input)),
  /** Whether a reset token can still be used (the reset page checks before asking for a password). */
  checkResetToken: publicProcedure
    .input(z.object({ token: z.string().max(200) }))
    .query(({ ctx, input }) => auth.checkResetToken(ctx.em, input.token)),
});
