// WebAuthn as this app speaks it (@simplewebauthn/server): the relying party is PUBLIC_URL (its host the
// RP id, its origin the only origin accepted), challenges live in PostgreSQL and are used once, and a
// passkey's signature count must grow (a cloned authenticator replaying an old count is refused by one
// conditional UPDATE). Used by the account's passkey service and by signing in with a passkey.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../../db/kysely.ts';

const CHALLENGE_TTL_MS = 5 * 60_000;
export const RP_NAME = 'Opsdesk';

export interface RelyingParty {
  /** PUBLIC_URL's host name (a passkey is bound to it). */
  rpID: string;
  /** PUBLIC_URL's origin: the only page origin whose answers are accepted. */
  origin: string;
}

export function relyingParty(publicUrl: string | undefined): RelyingParty {
  const url = new URL(publicUrl ?? 'http://localhost:3000');
  return { rpID: url.hostname, origin: url.origin };
}

/** The WebAuthn user handle of a user: opaque bytes that name the account (its id, no e-mail). */
export function userHandle(userId: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`u${userId}`);
}

export function userHandleMatches(handle: string | undefined, userId: number): boolean {
  return handle === undefined || handle === Buffer.from(userHandle(userId)).toString('base64url');
}

/**
 * Keep a challenge handed to a browser (as the options carry it: base64url) for `purpose` (and `userId`
 * when adding a passkey), for five minutes; expired ones are swept on the way.
 */
export async function keepChallenge(
  em: EntityManager,
  challenge: string,
  purpose: 'register' | 'authenticate',
  userId: number | null,
): Promise<void> {
  await db(em).deleteFrom('webauthn_challenges').where('expires_at', '<', sql<Date>`now()`).execute();
  await db(em)
    .insertInto('webauthn_challenges')
    .values({
      challenge,
      purpose,
      user_id: userId,
      created_at: new Date(),
      expires_at: new Date(Date.now() + CHALLENGE_TTL_MS),
    })
    .execute();
}

/** Use a challenge once: true for the one caller whose DELETE removes it, while it is fresh and theirs. */
export async function useChallenge(
  em: EntityManager,
  challenge: string,
  purpose: 'register' | 'authenticate',
  userId: number | null,
): Promise<boolean> {
  const used = await db(em)
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', sql<Date>`now()`)
    .where((eb) => (userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', userId)))
    .returning('id')
    .executeTakeFirst();
  return !!used;
}

export interface StoredPasskey {
  id: number;
  userId: number;
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[] | null;
}

export async function passkeyByCredentialId(em: EntityManager, credentialId: string): Promise<StoredPasskey | null> {
  const row = await db(em)
    .selectFrom('passkeys')
    .select(['id', 'user_id', 'credential_id', 'public_key', 'counter', 'transports'])
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        userId: row.user_id,
        credentialId: row.credential_id,
        publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
        counter: Number(row.counter),
        transports: row.transports,
      }
    : null;
}

/**
 * Record a use of the passkey with the authenticator's new signature count. False when the count did not
 * grow past the stored one (a replayed or cloned assertion), unless the authenticator keeps no count (0).
 */
export async function notePasskeyUse(em: EntityManager, passkey: StoredPasskey, newCounter: number): Promise<boolean> {
  const updated = await db(em)
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', passkey.id)
    .where('counter', '=', passkey.counter)
    .where(() =>
      newCounter > passkey.counter || (newCounter === 0 && passkey.counter === 0)
        ? sql<boolean>`true`
        : sql<boolean>`false`,
    )
    .returning('id')
    .executeTakeFirst();
  return !!updated;
}

/** How many passkeys the user has (each counts as a second factor). */
export async function passkeyCount(em: EntityManager, userId: number): Promise<number> {
  const row = await db(em)
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
