// The second factor as sign-in checks it: TOTP codes (RFC 6238: SHA-1, 6 digits, 30 s, one step either
// side for clock drift) and single-use recovery codes. Each check that accepts a code is one conditional
// UPDATE whose returned row decides, so of two requests racing with the same code exactly one wins.
// The TOTP key is stored encrypted with SECRETS_KEY (lib/secrets.ts, as SSO client secrets are), so a dump
// or a backup of the database alone cannot compute anyone's codes; without the key it is stored as is.
import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import * as OTPAuth from 'otpauth';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_ADMIN_ROLES } from '../../../../shared/schemas/two-factor.ts';
import { db } from '../../../db/kysely.ts';
import { hashPassword, verifyPassword } from '../../../lib/password.ts';
import { decryptSecret, encryptSecret } from '../../../lib/secrets.ts';

const PERIOD = 30;
const ISSUER = 'Opsdesk';

export function totpOf(secret: string, label = ''): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** A new random key (160 bits, as RFC 4226 recommends), in base32. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The 30-second step a code of `secret` belongs to, within one step of `now`; null when it is none of them. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** Recovery codes as shown: ten characters of an alphabet without look-alikes, in two groups (`k7m2p-x9qrt`). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function newRecoveryCode(): string {
  const chars = Array.from(crypto.randomBytes(10), (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** As typed: case, spaces and dashes do not matter. */
export function normalRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** Replace the user's recovery codes by ten new ones; returns them (shown once, only their hashes are kept). */
export async function replaceRecoveryCodes(em: EntityManager, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashPassword(normalRecoveryCode(c))));
  const now = new Date();
  await db(em).deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db(em)
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now, updated_at: now })))
    .execute();
  return codes;
}

/** SECRETS_KEY, or null when it is not set (keys are then stored readable). */
export type SecretsKey = Buffer | null | undefined;

/** A key stored readable: base32 (set up before SECRETS_KEY was, or without it). */
const READABLE_SECRET = /^[A-Z2-7]+=*$/;

/** What to store for a TOTP key: encrypted with SECRETS_KEY when it is set. */
export function sealTotpSecret(key: SecretsKey, secret: string): string {
  return key ? encryptSecret(key, secret) : secret;
}

/** The base32 key from what is stored; throws when it is encrypted and the key is missing or another one. */
export function openTotpSecret(key: SecretsKey, stored: string): string {
  if (READABLE_SECRET.test(stored)) return stored;
  if (!key) throw new Error('a two-factor key is encrypted, and SECRETS_KEY is not set');
  return decryptSecret(key, stored);
}

export interface TotpState {
  /** The base32 key. */
  secret: string;
  /** The stored value (encrypted or not): a conditional update matches it. */
  stored: string;
  enabled: boolean;
}

export async function totpStateOf(em: EntityManager, userId: number, key: SecretsKey): Promise<TotpState | null> {
  const row = await db(em)
    .selectFrom('user_totp')
    .select(['secret', 'enabled_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { secret: openTotpSecret(key, row.secret), stored: row.secret, enabled: row.enabled_at !== null } : null;
}

/** Whether sign-in must ask this user for a second factor. */
export async function hasTwoFactor(em: EntityManager, userId: number): Promise<boolean> {
  const row = await db(em)
    .selectFrom('user_totp')
    .select('id')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  return !!row;
}

export async function recoveryCodesLeft(em: EntityManager, userId: number): Promise<number> {
  const row = await db(em)
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Accept `code` of the user's key if it belongs to a step later than the last accepted one (a code is
 * never accepted twice, nor an older one after a newer). `pending` checks the key waiting for confirmation.
 * A key still stored readable while SECRETS_KEY is set is encrypted by the same update.
 */
export async function useTotpCode(
  em: EntityManager,
  userId: number,
  code: string,
  opts: { key: SecretsKey; pending?: boolean; now?: number },
): Promise<boolean> {
  const state = await totpStateOf(em, userId, opts.key);
  if (!state || state.enabled === !!opts.pending) return false;
  const step = totpStep(state.secret, code.replace(/\s/g, ''), opts.now);
  if (step === null) return false;
  const reseal = opts.key && state.stored === state.secret ? { secret: sealTotpSecret(opts.key, state.secret) } : {};
  const accepted = await db(em)
    .updateTable('user_totp')
    .set({ last_step: step, updated_at: sql<Date>`now()`, ...reseal })
    .where('user_id', '=', userId)
    .where('secret', '=', state.stored)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return !!accepted;
}

/** Use one of the user's unused recovery codes: true for the one request whose UPDATE marks it used. */
export async function useRecoveryCode(em: EntityManager, userId: number, code: string): Promise<boolean> {
  const typed = normalRecoveryCode(code);
  if (typed.length !== 10) return false;
  const unused = await db(em)
    .selectFrom('recovery_codes')
    .select(['id', 'code_hash'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  for (const row of unused) {
    if (!(await verifyPassword(row.code_hash, typed))) continue;
    const used = await db(em)
      .updateTable('recovery_codes')
      .set({ used_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return !!used;
  }
  return false;
}

/** A code typed at sign-in or to confirm a change: the authenticator's current code, or a recovery code. */
export async function useSecondFactor(
  em: EntityManager,
  userId: number,
  code: string,
  key: SecretsKey,
): Promise<'totp' | 'recovery' | null> {
  const trimmed = code.trim();
  if (/^\d[\d\s]*$/.test(trimmed)) return (await useTotpCode(em, userId, trimmed, { key })) ? 'totp' : null;
  return (await useRecoveryCode(em, userId, trimmed)) ? 'recovery' : null;
}

export interface TwoFactorPolicyRow {
  policy: 'optional' | 'admins' | 'everyone';
  since: Date | null;
  graceDays: number;
}

/**
 * Whether a customer's policy covers a user of `role`, and until when they may work without a second
 * factor. A user of no customer (the superadmin) is covered by none.
 */
export function twoFactorCoverage(
  row: TwoFactorPolicyRow | null,
  role: string,
): { required: boolean; graceEndsAt: Date | null } {
  if (!row || row.policy === 'optional') return { required: false, graceEndsAt: null };
  if (row.policy === 'admins' && !(TWO_FACTOR_ADMIN_ROLES as readonly string[]).includes(role)) {
    return { required: false, graceEndsAt: null };
  }
  const since = row.since ?? new Date(0);
  return { required: true, graceEndsAt: new Date(since.getTime() + row.graceDays * 86_400_000) };
}

export async function twoFactorPolicyOf(
  em: EntityManager,
  customerId: number | null,
): Promise<TwoFactorPolicyRow | null> {
  if (customerId === null) return null;
  const row = await db(em)
    .selectFrom('customers')
    .select(['two_factor_policy', 'two_factor_policy_since', 'two_factor_grace_days'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  return row
    ? {
        policy: row.two_factor_policy,
        since: row.two_factor_policy_since ? new Date(row.two_factor_policy_since) : null,
        graceDays: row.two_factor_grace_days,
      }
    : null;
}
