// Signing in with a passkey (no password): the login page asks for options, the browser lets the person
// pick one of their discoverable passkeys and answers; the answer names the credential, whose stored
// public key checks it. User verification is required, so the passkey proves two factors at once and
// the session counts as signed in with a second factor. Public flows: these take the request's `em`.

import type { EntityManager } from '@mikro-orm/postgresql';
import type { TPasskeyLoginInput } from '../../../../shared/schemas/passkeys.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordSecurityEvent } from '../../../lib/audit/audit.ts';
import { accountById } from '../../organization/users/users.refs.ts';
import { assertMaySignIn, type LoginResult, openSession, type SignInMeta } from './auth.service.ts';
import {
  keepChallenge,
  notePasskeyUse,
  passkeyByCredentialId,
  relyingParty,
  useChallenge,
  userHandleMatches,
} from './passkeys.ts';
import { ssoEnforcedFor } from './sso.refs.ts';

const refusedKey = 'auth.passkeyRefused' as const;
const refusal = () => new AppError('BAD_REQUEST', refusedKey, {}, { response: refusedKey });

/** auth.passkeyOptions: a fresh challenge for navigator.credentials.get, any discoverable passkey of this site. */
export async function passkeySignInOptions(
  em: EntityManager,
  publicUrl: string | undefined,
): Promise<{ challenge: string }> {
  const { rpID } = relyingParty(publicUrl);
  // Loaded by the first passkey ceremony, not by the server's start (a quarter second of modules).
  const { generateAuthenticationOptions } = await import('@simplewebauthn/server');
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
  await keepChallenge(em, options.challenge, 'authenticate', null);
  return options;
}

/**
 * auth.passkeyLogin: check the browser's answer (a challenge of ours, unused; this site's origin and RP id;
 * the stored key's signature; user verification; a growing signature count) and open a session.
 * BAD_REQUEST `auth.passkeyRefused` for anything that does not hold, with a security event when the
 * passkey is known.
 */
export async function passkeyLogin(
  em: EntityManager,
  input: TPasskeyLoginInput,
  meta: SignInMeta & { publicUrl: string | undefined },
): Promise<LoginResult> {
  const { rpID, origin } = relyingParty(meta.publicUrl);
  const passkey = await passkeyByCredentialId(em, input.response.id);
  if (!passkey) throw refusal();
  const user = await accountById(em, passkey.userId);
  const refuse = async (reason: string) => {
    await recordSecurityEvent(em.fork(), {
      action: 'sign_in_failed',
      userId: user.id,
      customerId: user.customer?.id ?? null,
      actor: null,
      changes: { reason, method: 'passkey', passkeyId: passkey.id, ip: meta.ip ?? null },
    });
    return refusal();
  };
  if (!userHandleMatches(input.response.response.userHandle, user.id)) throw await refuse('passkey_user');
  const { verifyAuthenticationResponse } = await import('@simplewebauthn/server');
  const verification = await verifyAuthenticationResponse({
    response: input.response,
    expectedChallenge: (challenge) => useChallenge(em, challenge, 'authenticate', null),
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: passkey.credentialId,
      publicKey: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports ?? undefined,
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw await refuse('passkey');
  if (!(await notePasskeyUse(em, passkey, verification.authenticationInfo.newCounter))) {
    throw await refuse('passkey_counter');
  }
  await assertMaySignIn(em, user, meta);
  // "SSO only" means the organisation's provider decides who gets in, so no other way in is left open.
  if (await ssoEnforcedFor(em, user.email)) throw await refuse('sso_enforced');
  return openSession(em, user, {
    ...meta,
    remember: input.remember ?? false,
    method: 'passkey',
    secondFactor: 'passkey',
  });
}
