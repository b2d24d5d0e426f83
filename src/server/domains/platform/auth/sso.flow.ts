// Signing in through a customer's OpenID Connect provider (authorization code flow with PKCE, state and
// nonce, all checked by openid-client): `start` finds the provider by the address's domain, keeps the
// attempt in PostgreSQL and answers the provider's authorization URL; `finish` takes the provider's
// redirect back, uses the attempt once, exchanges the code, requires a verified e-mail of one of the
// provider's domains, and opens a session (creating the person first when the customer allows).
// Public flows: these take the request's `em`. Every refusal of a known customer is a security event.
import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { ErrorKey } from '../../../../shared/errors/messages.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordSecurityEvent } from '../../../lib/audit/audit.ts';
import type { SsoSettings } from '../../../lib/context.ts';
import { hashPassword } from '../../../lib/password.ts';
import { decryptSecret } from '../../../lib/secrets.ts';
import { type Account, createSsoAccount, findAccountByEmail } from '../../organization/users/users.refs.ts';
import { assertMaySignIn, type LoginResult, openSession, type SignInMeta } from './auth.service.ts';
import { clientConfiguration, oidc } from './sso.oidc.ts';
import { emailDomain, type SsoProviderRow, ssoProviderForEmail, ssoProviderOfCustomer } from './sso.refs.ts';

const ATTEMPT_TTL_MS = 10 * 60_000;
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';

export interface SsoFlowOptions {
  publicUrl: string;
  settings: SsoSettings | undefined;
}

function refusal(key: ErrorKey): AppError {
  return new AppError('BAD_REQUEST', key);
}

async function configurationOf(provider: SsoProviderRow, settings: SsoSettings | undefined) {
  if (!settings?.secretsKey) throw refusal('sso.secretsKeyMissing');
  const clientSecret = decryptSecret(settings.secretsKey, provider.clientSecretEncrypted);
  return clientConfiguration({ issuer: provider.issuer, clientId: provider.clientId, clientSecret }, settings);
}

/** A path of this app to come back to after signing in (never another site). */
export function safeReturnTo(value: unknown): string | null {
  return typeof value === 'string' && /^\/(?![/\\])[^\s]*$/.test(value) && value.length <= 500 ? value : null;
}

/** GET /api/auth/sso/start: the provider's authorization URL for this address, and the attempt's state. */
export async function startSso(
  em: EntityManager,
  input: { email: string; returnTo: string | null },
  opts: SsoFlowOptions,
): Promise<{ url: string; state: string }> {
  const provider = await ssoProviderForEmail(em, input.email);
  if (!provider) throw refusal('sso.notConfigured');
  let config: oidc.Configuration;
  try {
    config = await configurationOf(provider, opts.settings);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refusal('sso.providerUnavailable');
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await db(em).deleteFrom('sso_logins').where('expires_at', '<', sql<Date>`now()`).execute();
  await db(em)
    .insertInto('sso_logins')
    .values({
      state,
      nonce,
      code_verifier: codeVerifier,
      customer_id: provider.customerId,
      return_to: input.returnTo,
      created_at: new Date(),
      expires_at: new Date(Date.now() + ATTEMPT_TTL_MS),
    })
    .execute();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${opts.publicUrl}${SSO_CALLBACK_PATH}`,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    login_hint: input.email.trim().toLowerCase(),
  });
  return { url: url.href, state };
}

/** The attempt named by `state`, used once (null when unknown, used or expired). */
async function useAttempt(em: EntityManager, state: string) {
  return db(em)
    .deleteFrom('sso_logins')
    .where('state', '=', state)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['nonce', 'code_verifier', 'customer_id', 'return_to'])
    .executeTakeFirst();
}

/**
 * Authentication method references (RFC 8176) that mean the provider checked a second factor at this
 * sign-in: `mfa` itself, one-time codes, hardware or software keys, smart cards and biometrics (each
 * alongside what the person knows, or a passkey). `pwd`, `pin`, `kba`, `sms` and `tel` alone do not count.
 */
const SECOND_FACTOR_AMR = new Set(['mfa', 'otp', 'hwk', 'swk', 'sc', 'fpt', 'face', 'iris', 'retina', 'vbm']);

/** The first `amr` value of the ID token that names a second factor, or null. */
export function secondFactorOfAmr(amr: unknown): string | null {
  if (!Array.isArray(amr)) return null;
  return amr.find((m): m is string => typeof m === 'string' && SECOND_FACTOR_AMR.has(m)) ?? null;
}

/**
 * GET /api/auth/sso/callback: `callbackUrl` is the full URL the provider redirected to (PUBLIC_URL + path
 * and query); `browserState` the state this browser was given at the start (its cookie), so an attempt
 * started in another browser cannot be finished in this one. Answers the session and where to go.
 */
export async function finishSso(
  em: EntityManager,
  input: { callbackUrl: URL; browserState: string | undefined },
  opts: SsoFlowOptions,
  meta: SignInMeta,
): Promise<{ login: LoginResult; returnTo: string | null }> {
  const state = input.callbackUrl.searchParams.get('state') ?? '';
  const stateMatches =
    !!state &&
    !!input.browserState &&
    state.length === input.browserState.length &&
    crypto.timingSafeEqual(Buffer.from(state), Buffer.from(input.browserState));
  const attempt = stateMatches ? await useAttempt(em, state) : undefined;
  if (!attempt) throw refusal('sso.invalidState');
  const provider = await ssoProviderOfCustomer(em, attempt.customer_id);
  if (!provider) throw refusal('sso.notConfigured');

  const refuse = async (key: ErrorKey, reason: string, user: Account | null = null) => {
    await recordSecurityEvent(em.fork(), {
      action: 'sso_sign_in_refused',
      userId: user?.id ?? provider.customerId,
      customerId: provider.customerId,
      aboutCustomer: !user,
      actor: null,
      changes: { reason, ip: meta.ip ?? null, issuer: provider.issuer },
    });
    return refusal(key);
  };

  if (input.callbackUrl.searchParams.has('error')) throw await refuse('sso.providerRefused', 'provider_error');
  let claims: oidc.IDToken | undefined;
  try {
    const config = await configurationOf(provider, opts.settings);
    const tokens = await oidc.authorizationCodeGrant(config, input.callbackUrl, {
      pkceCodeVerifier: attempt.code_verifier,
      expectedState: state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
    // Providers that keep the ID token lean (the spec's default for the code flow) give the e-mail
    // through the userinfo endpoint, for the same subject.
    if (claims && (claims.email === undefined || claims.email_verified === undefined)) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      claims = { ...claims, email: info.email, email_verified: info.email_verified, name: claims.name ?? info.name };
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 200) : 'token';
    throw await refuse('sso.failed', reason);
  }
  const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email || claims?.email_verified !== true) throw await refuse('sso.emailUnverified', 'email_unverified');
  const domain = emailDomain(email);
  if (!domain || !provider.emailDomains.includes(domain)) throw await refuse('sso.foreignDomain', 'foreign_domain');

  let account = await findAccountByEmail(em, email);
  if (account && account.customer?.id !== provider.customerId) throw await refuse('sso.unknownUser', 'other_customer');
  if (!account) {
    if (!provider.autoCreate) throw await refuse('sso.unknownUser', 'unknown_user');
    const name = typeof claims?.name === 'string' && claims.name.trim() ? claims.name.trim() : email.split('@')[0];
    account = await createSsoAccount(em, {
      customerId: provider.customerId,
      email,
      fullName: name,
      role: provider.defaultRole as Account['role'],
      passwordHash: await hashPassword(crypto.randomBytes(32).toString('base64url')),
    });
    if (account.customer?.id !== provider.customerId) throw await refuse('sso.unknownUser', 'other_customer');
  }
  try {
    await assertMaySignIn(em, account, meta);
  } catch (error) {
    await refuse('sso.refused', 'account_status', account);
    throw error;
  }
  const factor = secondFactorOfAmr(claims?.amr);
  const login = await openSession(em, account, {
    ...meta,
    remember: false,
    method: 'sso',
    secondFactor: factor ? `amr:${factor}` : null,
    providerSecondFactor: !!factor,
  });
  return { login, returnTo: attempt.return_to };
}
