import {
  ZCheckResetTokenInput,
  ZCheckResetTokenResult,
  ZForgotPasswordInput,
  ZForgotPasswordResult,
  ZLoginInput,
  ZLoginResult,
  ZLogoutResult,
  ZRegisterInput,
  ZRegisterResult,
  ZResetPasswordInput,
  ZResetPasswordResult,
  ZSignedIn,
} from '../../../../shared/schemas/auth.ts';
import { ZPasskeyLoginInput, ZWebauthnOptions } from '../../../../shared/schemas/passkeys.ts';
import { ZSsoFor, ZSsoForInput } from '../../../../shared/schemas/sso.ts';
import { authedProcedure, httpProcedure, publicProcedure, requireHttp, router } from '../../../trpc/init.ts';
import { clearSessionCookies, setSessionCookies } from './auth.cookies.ts';
import * as auth from './auth.service.ts';
import { passkeyLogin, passkeySignInOptions } from './passkeys.sign-in.ts';
import { ssoFor } from './sso.refs.ts';

export const authRouter = router({
  /** Signs in and sets the browser session cookies; the token is also returned for scripts. */
  login: httpProcedure
    .input(ZLoginInput)
    .output(ZLoginResult)
    .mutation(async ({ ctx, input }) => {
      const { req, reply, config } = ctx.http;
      const result = await req.server.guardLogin(req, input.email, () =>
        auth.login(ctx.em, input, {
          ip: req.ip,
          userAgent: req.headers['user-agent'],
          sessionTtlMs: config.sessionTtlMs,
          sessionIdleMinutes: config.sessionIdleMinutes,
          secretsKey: config.secretsKey,
        }),
      );
      setSessionCookies(reply, result, config.cookieSecure);
      return { accessToken: result.accessToken, userData: result.userData, userAbilityRules: result.userAbilityRules };
    }),
  /** A challenge for signing in with any passkey of this site (discoverable credentials). */
  passkeyOptions: publicProcedure
    .output(ZWebauthnOptions)
    .mutation(({ ctx }) => passkeySignInOptions(ctx.em, ctx.publicUrl)),
  /** Signs in with the browser's passkey answer (no password) and sets the session cookies. */
  passkeyLogin: httpProcedure
    .input(ZPasskeyLoginInput)
    .output(ZLoginResult)
    .mutation(async ({ ctx, input }) => {
      const { req, reply, config } = ctx.http;
      const result = await req.server.guardLogin(req, `passkey:${input.response.id.slice(0, 200)}`, () =>
        passkeyLogin(ctx.em, input, {
          ip: req.ip,
          userAgent: req.headers['user-agent'],
          sessionTtlMs: config.sessionTtlMs,
          sessionIdleMinutes: config.sessionIdleMinutes,
          publicUrl: config.publicUrl,
        }),
      );
      setSessionCookies(reply, result, config.cookieSecure);
      return { accessToken: result.accessToken, userData: result.userData, userAbilityRules: result.userAbilityRules };
    }),
  /** Whether an address's domain signs in through its organisation's provider (the login page's button). */
  ssoFor: publicProcedure
    .input(ZSsoForInput)
    .output(ZSsoFor)
    .query(({ ctx, input }) => ssoFor(ctx.em, input.email)),
  logout: authedProcedure
    .use(requireHttp)
    .output(ZLogoutResult)
    .mutation(async ({ ctx }) => {
      await auth.logout(ctx.em, ctx.user.sessionId);
      clearSessionCookies(ctx.http.reply);
      return { ok: true as const };
    }),
  me: authedProcedure.output(ZSignedIn).query(({ ctx }) => auth.me(ctx.em, ctx.user)),
  /**
   * Answers `{ status: 'pending' }` for a new and a taken address, a known and an unknown customer code
   * alike (see auth.register); at most REGISTER_PER_CLIENT_PER_HOUR per client address (429 past it).
   */
  register: httpProcedure
    .input(ZRegisterInput)
    .output(ZRegisterResult)
    .mutation(async ({ ctx, input }) => {
      const { req, config } = ctx.http;
      await req.server.guardRegistration(req);
      const notify = await req.server.allowAccountMail(req, input.email);
      return auth.register(ctx.em, input, { baseUrl: config.publicUrl, notify, outbox: req.server.outbox });
    }),
  /** Answers `{ sent: true }` at once, whatever the address; at most a few mails per address per hour. */
  forgotPassword: httpProcedure
    .input(ZForgotPasswordInput)
    .output(ZForgotPasswordResult)
    .mutation(async ({ ctx, input }) => {
      const { req, config } = ctx.http;
      const send = await req.server.allowAccountMail(req, input.email);
      return auth.requestPasswordReset(ctx.em, input, {
        baseUrl: config.publicUrl,
        outbox: req.server.outbox,
        send,
        onError: (error) => req.log.error({ err: error }, 'password reset mail failed'),
      });
    }),
  resetPassword: publicProcedure
    .input(ZResetPasswordInput)
    .output(ZResetPasswordResult)
    .mutation(({ ctx, input }) => auth.resetPassword(ctx.em, input)),
  /** Whether a reset token can still be used (the reset page checks before asking for a password). */
  checkResetToken: publicProcedure
    .input(ZCheckResetTokenInput)
    .output(ZCheckResetTokenResult)
    .query(({ ctx, input }) => auth.checkResetToken(ctx.em, input.token)),
});
