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
    const result = await ctx.req.server.guardLogin(ctx.req, input.email, () =>
      auth.login(ctx.em, input, {
        ip: ctx.req.ip,
        userAgent: ctx.req.headers['user-agent'],
        sessionTtlMs: ctx.config.sessionTtlMs,
      }),
    );
    setSessionCookies(ctx.reply, result, ctx.config.cookieSecure);
    return { accessToken: result.accessToken, userData: result.userData, userAbilityRules: result.userAbilityRules };
  }),
  logout: authedProcedure.mutation(async ({ ctx }) => {
    await auth.logout(ctx.em, ctx.user.sessionId);
    clearSessionCookies(ctx.reply);
    return { ok: true };
  }),
  me: authedProcedure.query(({ ctx }) => auth.me(ctx.em, ctx.user)),
  /** Answers `{ status: 'pending' }` for a new and a taken address alike (see auth.register). */
  register: publicProcedure.input(ZRegisterInput).mutation(async ({ ctx, input }) => {
    const notify = await ctx.req.server.allowAccountMail(ctx.req, input.email);
    return auth.register(ctx.em, input, { baseUrl: baseUrl(ctx.req), notify, outbox: ctx.req.server.outbox });
  }),
  /** Answers `{ sent: true }` at once, whatever the address; at most a few mails per address per hour. */
  forgotPassword: publicProcedure.input(ZForgotPasswordInput).mutation(async ({ ctx, input }) => {
    const send = await ctx.req.server.allowAccountMail(ctx.req, input.email);
    return auth.requestPasswordReset(ctx.em, input, {
      baseUrl: baseUrl(ctx.req),
      outbox: ctx.req.server.outbox,
      send,
      onError: (error) => ctx.req.log.error({ err: error }, 'password reset mail failed'),
    });
  }),
  resetPassword: publicProcedure.input(ZResetPasswordInput).mutation(({ ctx, input }) => auth.resetPassword(ctx.em, input)),
  /** Whether a reset token can still be used (the reset page checks before asking for a password). */
  checkResetToken: publicProcedure
    .input(z.object({ token: z.string().max(200) }))
    .query(({ ctx, input }) => auth.checkResetToken(ctx.em, input.token)),
});
