// A real OpenID provider for the single sign-on tests: oidc-provider (the certified Node implementation)
// on a random port of this process, with its development sign-in and consent pages (any login is
// accepted; the login typed is the account). Claims: `email` is the login, `email_verified` true unless
// the login starts with `unverified`, `name` from the login's local part. A login starting with `mfa`
// signs in with `amr: ['pwd', 'mfa']` in its ID token, as a provider that asked for a second factor says.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll } from 'vitest';

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export async function startIdentityProvider(redirectUri: string): Promise<TestIdentityProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'opsdesk';
  const clientSecret = 'test-client-secret-of-opsdesk-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        email: sub,
        email_verified: !sub.startsWith('unverified'),
        name: sub.split('@')[0].replace(/[._]/g, ' '),
      }),
    }),
    claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['opsdesk-test-cookie-key'] },
  });
  // The development sign-in page finishes with `{ login: { accountId } }` only; the methods used are added
  // here, as a provider's own interaction would record them (the ID token is then signed with them).
  const finish = provider.interactionFinished.bind(provider);
  provider.interactionFinished = (req, res, result, options) => {
    const login = (result as { login?: { accountId: string; amr?: string[] } }).login;
    if (login?.accountId.startsWith('mfa')) login.amr = ['pwd', 'mfa'];
    return finish(req, res, result, options);
  };
  server.on('request', provider.callback());
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { issuer, clientId, clientSecret };
}

/**
 * Go through the provider's sign-in and consent pages as a browser would (following redirects, keeping
 * its cookies) from its authorization URL until it redirects to `redirectUri`; returns that URL.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  };
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      headers: { cookie: cookieHeader(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      redirect: 'manual',
    });
    keep(res);
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri)) return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the provider answered ${res.status} without a form: ${html.slice(0, 300)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    body = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'any' })
      : new URLSearchParams({ prompt: 'consent' });
  }
  throw new Error('too many redirects at the provider');
}
