// The browser session cookies: httpOnly accessToken, readable userData, XSRF-TOKEN.
import type { FastifyReply } from 'fastify';
import { ACCESS_TOKEN_COOKIE, USER_DATA_COOKIE, XSRF_COOKIE } from '../../../../shared/constants/http.ts';
import type { LoginResult } from './auth.service.ts';

export function setSessionCookies(reply: FastifyReply, result: LoginResult, secure: boolean): void {
  const base = {
    path: '/',
    sameSite: 'lax' as const,
    secure,
    ...(result.remember ? { expires: result.expiresAt } : {}),
  };
  reply.setCookie(ACCESS_TOKEN_COOKIE, result.accessToken, { ...base, httpOnly: true });
  reply.setCookie(USER_DATA_COOKIE, JSON.stringify(result.userData), { ...base, httpOnly: false });
  reply.setCookie(XSRF_COOKIE, result.csrfToken, { ...base, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply): void {
  for (const name of [ACCESS_TOKEN_COOKIE, USER_DATA_COOKIE, XSRF_COOKIE]) reply.clearCookie(name, { path: '/' });
}
