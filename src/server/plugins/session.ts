// Resolves the caller of /api and /trpc requests from `Authorization: Bearer` or the httpOnly
// accessToken cookie, and builds their CASL ability. Edit to change how callers are identified.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AppAbility, createAbility, defineRulesFor } from '../../shared/abilities/index.ts';
import { ACCESS_TOKEN_COOKIE } from '../../shared/constants/http.ts';
import { type ResolvedSession, resolveSession } from '../domains/platform/auth/session.resolve.ts';
import { looksLikeApiKey, resolveApiKey } from '../domains/platform/integrations/api-keys.refs.ts';
import type { ServiceContext, SessionUser, SsoSettings } from '../lib/context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    ability: AppAbility;
    /** How the caller authenticated; cookie callers must pass the XSRF check on mutations. */
    authVia: 'bearer' | 'cookie' | null;
    csrfToken: string | null;
    serviceContext(): ServiceContext;
  }
}

const NOBODY = createAbility([]);

export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/trpc/') || url === '/trpc';
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// A session answered from the process's cache is the same object on every request: its ability is
// built once (abilities are never changed after creation).
const abilities = new WeakMap<ResolvedSession, AppAbility>();
function abilityOf(session: ResolvedSession): AppAbility {
  let ability = abilities.get(session);
  if (!ability) abilities.set(session, (ability = createAbility(defineRulesFor(session.user))));
  return ability;
}

/** The business API, the only place an API key is accepted. */
export function isV1Path(url: string): boolean {
  return url.startsWith('/api/v1/') || url === '/api/v1' || url.startsWith('/api/v1?');
}

export const sessionPlugin = fp<{
  publicUrl: string;
  allowPrivateWebhookTargets?: boolean;
  secretsKey?: Buffer | null;
  sso?: SsoSettings;
}>(
  async (app, { publicUrl, allowPrivateWebhookTargets = false, secretsKey = null, sso }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('ability', null as unknown as AppAbility);
    app.decorateRequest('authVia', null);
    app.decorateRequest('csrfToken', null);
    app.decorateRequest('serviceContext', function (this: FastifyRequest) {
      return {
        em: this.em,
        user: this.user,
        ability: this.ability,
        ip: this.ip,
        publicUrl,
        outbox: this.server.outbox,
        accounts: this.server.accounts,
        fileStorage: this.server.fileStorage,
        signals: this.server.signals,
        jobs: this.server.jobs,
        allowPrivateWebhookTargets,
        sso,
        secretsKey,
      };
    });
    app.addHook('onRequest', async (request) => {
      request.ability = NOBODY;
      if (!isApiPath(request.url)) return;
      const header = request.headers.authorization;
      let token: string | undefined;
      if (header?.startsWith('Bearer ')) {
        token = header.slice(7).trim();
        request.authVia = 'bearer';
      } else if (request.cookies[ACCESS_TOKEN_COOKIE]) {
        token = request.cookies[ACCESS_TOKEN_COOKIE];
        request.authVia = 'cookie';
      }
      if (!token) return;
      // The one door for API keys: sent as a bearer token to /api/v1, the key becomes the same kind of
      // caller as a session (user, customer, role, ability); anywhere else it authenticates nobody.
      if (looksLikeApiKey(token)) {
        const user =
          request.authVia === 'bearer' && isV1Path(request.url)
            ? await resolveApiKey(request.em, token, request.ip)
            : null;
        if (!user) {
          request.authVia = null;
          return;
        }
        request.user = user;
        request.ability = createAbility(defineRulesFor(user));
        return;
      }
      const session = await resolveSession(request.em, token, request.server.sessionCache);
      if (!session) {
        request.authVia = null;
        return;
      }
      request.user = session.user;
      request.csrfToken = session.csrfToken;
      request.ability = abilityOf(session);
    });
    // A write answered by this process may have ended or changed a session (a logout, a new role): the
    // change's notification reaches every process, but this one forgets its sessions before it answers,
    // so the writer's next request can never meet the old session here.
    app.addHook('onSend', async (request) => {
      if (!SAFE_METHODS.has(request.method)) request.server.sessionCache.clear();
    });
  },
  { name: 'session', dependencies: ['database', '@fastify/cookie'] },
);
