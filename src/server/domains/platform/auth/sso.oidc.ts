// The OpenID Connect client side (openid-client): discovery of a customer's provider, checked to be on
// https and not on a loopback address unless SSO_ALLOW_INSECURE_ISSUER (tests, a provider on the same
// machine). Discovered metadata is kept a few minutes per process: losing it costs one request.
import { isIP } from 'node:net';
import * as oidc from 'openid-client';
import type { SsoSettings } from '../../../lib/context.ts';

const DISCOVERY_TTL_MS = 5 * 60_000;
const cache = new Map<string, { config: oidc.Configuration; at: number }>();

/** Why an issuer is refused before any request is made to it, or null when it may be used. */
export function issuerProblem(issuer: string, settings: SsoSettings | undefined): 'sso.issuerInsecure' | null {
  if (settings?.allowInsecureIssuer) return null;
  const url = new URL(issuer);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const loopback =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    (isIP(host) === 4 && host.startsWith('127.')) ||
    (isIP(host) === 6 && (host === '::1' || host === '0:0:0:0:0:0:0:1'));
  return url.protocol !== 'https:' || loopback ? 'sso.issuerInsecure' : null;
}

/** The provider's configuration for this client (discovery at `issuer`), from this process's cache when fresh. */
export async function clientConfiguration(
  provider: { issuer: string; clientId: string; clientSecret: string },
  settings: SsoSettings | undefined,
): Promise<oidc.Configuration> {
  const key = JSON.stringify([provider.issuer, provider.clientId, provider.clientSecret]);
  const kept = cache.get(key);
  if (kept && Date.now() - kept.at < DISCOVERY_TTL_MS) return kept.config;
  const config = await oidc.discovery(
    new URL(provider.issuer),
    provider.clientId,
    undefined,
    oidc.ClientSecretBasic(provider.clientSecret),
    { timeout: 10, ...(settings?.allowInsecureIssuer ? { execute: [oidc.allowInsecureRequests] } : {}) },
  );
  cache.set(key, { config, at: Date.now() });
  return config;
}

export { oidc };
