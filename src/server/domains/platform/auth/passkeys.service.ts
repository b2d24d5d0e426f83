// The caller's own passkeys (account settings → security): add one (options, then the browser's answer
// checked by @simplewebauthn/server), name it, list and remove them. Acts on `ctx.user` only. A passkey
// counts as a second factor (the customer's policy, the password sign-in step), so each change is a
// security event and an e-mail to its owner (sign-in-changed.ts). Throws BAD_REQUEST (an answer that does not verify), NOT_FOUND (not the caller's).
import { sql } from 'kysely';
import type { TPasskey, TRegisterPasskeyInput, TRenamePasskeyInput } from '../../../../shared/schemas/passkeys.ts';
import { db } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { requireUser } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { keepChallenge, RP_NAME, relyingParty, useChallenge, userHandle } from './passkeys.ts';
import { signInChanged } from './sign-in-changed.ts';

async function passkeysOf(ctx: AuthedContext, id?: number): Promise<TPasskey[]> {
  let query = db(ctx.em)
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at', 'backed_up'])
    .where('user_id', '=', ctx.user.id);
  if (id !== undefined) query = query.where('id', '=', id);
  const rows = await query.orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: new Date(r.created_at),
    lastUsedAt: r.last_used_at ? new Date(r.last_used_at) : null,
    backedUp: r.backed_up,
  }));
}

async function onePasskey(ctx: AuthedContext, id: number): Promise<TPasskey> {
  const [passkey] = await passkeysOf(ctx, id);
  if (!passkey) throw notFound('Passkey');
  return passkey;
}

/** account.passkeys.list: the caller's passkeys, oldest first. */
export async function listPasskeys(ctx: ServiceContext): Promise<TPasskey[]> {
  requireUser(ctx);
  return passkeysOf(ctx);
}

/**
 * account.passkeys.registrationOptions: what navigator.credentials.create needs to make a discoverable
 * passkey for this account (the ones it has are excluded, so one authenticator is not added twice).
 */
export async function passkeyRegistrationOptions(ctx: ServiceContext): Promise<{ challenge: string }> {
  requireUser(ctx);
  const { rpID } = relyingParty(ctx.publicUrl);
  const existing = await db(ctx.em)
    .selectFrom('passkeys')
    .select(['credential_id', 'transports'])
    .where('user_id', '=', ctx.user.id)
    .execute();
  // Loaded by the first passkey ceremony, not by the server's start (a quarter second of modules).
  const { generateRegistrationOptions } = await import('@simplewebauthn/server');
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: ctx.user.email,
    userID: userHandle(ctx.user.id),
    userDisplayName: ctx.user.fullName,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports ?? undefined })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keepChallenge(ctx.em, options.challenge, 'register', ctx.user.id);
  return options;
}

/** account.passkeys.register: the browser's answer to the options above, checked, becomes a named passkey. */
export async function registerPasskey(ctx: ServiceContext, input: TRegisterPasskeyInput): Promise<TPasskey> {
  requireUser(ctx);
  const { rpID, origin } = relyingParty(ctx.publicUrl);
  const refused = () =>
    new AppError('BAD_REQUEST', 'auth.passkeyNotVerified', {}, { response: 'auth.passkeyNotVerified' });
  const { verifyRegistrationResponse } = await import('@simplewebauthn/server');
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: (challenge) => useChallenge(ctx.em, challenge, 'register', ctx.user.id),
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw refused();
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const now = new Date();
  const id = await ctx.em.transactional(async (em) => {
    const row = await db(em)
      .insertInto('passkeys')
      .values({
        user_id: ctx.user.id,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? null,
        device_type: credentialDeviceType,
        backed_up: credentialBackedUp,
        name: input.name,
        last_used_at: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('credential_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new AppError('CONFLICT', 'auth.passkeyExists');
    await signInChanged(em, ctx, 'passkeyAdded', {
      changes: { passkeyId: row.id, name: input.name },
      passkey: input.name,
    });
    return row.id;
  });
  return onePasskey(ctx, id);
}

/** account.passkeys.rename */
export async function renamePasskey(ctx: ServiceContext, input: TRenamePasskeyInput): Promise<TPasskey> {
  requireUser(ctx);
  const result = await db(ctx.em)
    .updateTable('passkeys')
    .set({ name: input.name, updated_at: sql<Date>`now()` })
    .where('id', '=', input.id)
    .where('user_id', '=', ctx.user.id)
    .executeTakeFirst();
  if (!Number(result.numUpdatedRows)) throw notFound('Passkey');
  return onePasskey(ctx, input.id);
}

/** account.passkeys.remove: the passkey no longer signs in (nor counts as a second factor). */
export async function removePasskey(ctx: ServiceContext, input: { id: number }): Promise<{ removed: true }> {
  requireUser(ctx);
  await ctx.em.transactional(async (em) => {
    const removed = await db(em)
      .deleteFrom('passkeys')
      .where('id', '=', input.id)
      .where('user_id', '=', ctx.user.id)
      .returning(['id', 'name'])
      .executeTakeFirst();
    if (!removed) throw notFound('Passkey');
    await signInChanged(em, ctx, 'passkeyRemoved', {
      changes: { passkeyId: removed.id, name: removed.name },
      passkey: removed.name,
    });
  });
  return { removed: true };
}
