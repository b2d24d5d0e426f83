import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../../db/base.entity.ts';
import { User } from '../../organization/users/user.entity.ts';

/**
 * A passkey (a WebAuthn credential) of a user: found by its credential id alone when someone signs in with
 * it (discoverable credentials: the browser says which one), its public key (COSE, base64url) checks the
 * signature, and `counter` the authenticator's signature count (a count that does not grow is refused).
 */
export const PasskeySchema = defineEntity({
  name: 'Passkey',
  tableName: 'passkeys',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    credentialId: p.string().length(512).unique(),
    publicKey: p.text(),
    counter: p.bigint('number'),
    transports: p.array().nullable(),
    /** `singleDevice` or `multiDevice` (synced by a password manager or a platform account). */
    deviceType: p.string().length(32),
    backedUp: p.boolean(),
    name: p.string().length(100),
    lastUsedAt: p.datetime().nullable(),
  },
});

export class Passkey extends PasskeySchema.class {}
PasskeySchema.setClass(Passkey);

/**
 * A WebAuthn challenge handed to a browser, used at most once within five minutes: kept in PostgreSQL so
 * the process that checks the answer need not be the one that asked. `user` is set for adding a passkey
 * (only that user may answer it), null for signing in (the credential says who).
 */
export const WebauthnChallengeSchema = defineEntity({
  name: 'WebauthnChallenge',
  tableName: 'webauthn_challenges',
  properties: {
    id: p.integer().primary().autoincrement(),
    createdAt: p.datetime().onCreate(() => new Date()),
    challenge: p.string().length(128).unique(),
    purpose: p.enum(['register', 'authenticate'] as const),
    user: () => p.manyToOne(User).deleteRule('cascade').nullable().index(),
    expiresAt: p.datetime().index(),
  },
});

export class WebauthnChallenge extends WebauthnChallengeSchema.class {}
WebauthnChallengeSchema.setClass(WebauthnChallenge);
