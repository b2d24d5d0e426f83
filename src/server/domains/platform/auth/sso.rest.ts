// REST: GET /api/auth/sso/start?email=…[&returnTo=/path] sends the browser to the customer's provider;
// GET /api/auth/sso/callback is where the provider sends it back. Both are open (nobody is signed in
// yet) and answer with redirects: to the provider, to the page asked for, or to /login with the refusal's
// key (`?ssoError=sso.invalidState`), which the login page says in the reader's language.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppConfig } from '../../../config.ts';
import { AppError } from '../../../lib/app-error.ts';
import { setSessionCookies } from './auth.cookies.ts';
import { finishSso, SSO_CALLBACK_PATH, safeReturnTo, startSso } from './sso.flow.ts';

const STATE_COOKIE = 'sso_state';
const COOKIE_PATH = '/api/auth/sso';

export const ssoRest: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const opts = { publicUrl: config.publicUrl, settings: config.sso };
  const backToLogin = (reply: FastifyReply, error: unknown) => {
    if (!(error instanceof AppError) || error.code !== 'BAD_REQUEST') throw error;
    return reply.redirect(`/login?ssoError=${encodeURIComponent(error.key)}`, 303);
  };

  app.get('/auth/sso/start', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const email = typeof query.email === 'string' ? query.email.slice(0, 254) : '';
    try {
      const { url, state } = await startSso(request.em, { email, returnTo: safeReturnTo(query.returnTo) }, opts);
      reply.setCookie(STATE_COOKIE, state, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: config.cookieSecure,
        maxAge: 600,
      });
      return reply.redirect(url, 303);
    } catch (error) {
      return backToLogin(reply, error);
    }
  });

  app.get('/auth/sso/callback', async (request, reply) => {
    const browserState = request.cookies[STATE_COOKIE];
    reply.clearCookie(STATE_COOKIE, { path: COOKIE_PATH });
    try {
      const callbackUrl = new URL(request.url, config.publicUrl);
      if (callbackUrl.pathname !== SSO_CALLBACK_PATH) callbackUrl.pathname = SSO_CALLBACK_PATH;
      const { login, returnTo } = await finishSso(request.em, { callbackUrl, browserState }, opts, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        sessionTtlMs: config.sessionTtlMs,
        sessionIdleMinutes: config.sessionIdleMinutes,
      });
      setSessionCookies(reply, login, config.cookieSecure);
      return reply.redirect(returnTo ?? '/', 303);
    } catch (error) {
      return backToLogin(reply, error);
    }
  });
};
