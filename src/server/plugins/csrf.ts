// Double-submit XSRF check: a state-changing request authenticated by the session cookie must echo
// the XSRF-TOKEN cookie in X-XSRF-TOKEN, and both must match the session's token. Bearer callers skip it.
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import { XSRF_COOKIE, XSRF_HEADER } from '../../shared/constants/http.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export const csrfPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (SAFE.has(request.method) || request.authVia !== 'cookie' || !request.csrfToken) return;
      const header = request.headers[XSRF_HEADER];
      const cookie = request.cookies[XSRF_COOKIE];
      if (typeof header !== 'string' || !cookie || !same(header, cookie) || !same(header, request.csrfToken)) {
        return reply.code(403).send({ message: 'Missing or invalid XSRF token (X-XSRF-TOKEN header)' });
      }
    });
  },
  { name: 'csrf', dependencies: ['session'] },
);
