// The caller's own second factor (account settings → security): status, set-up with a QR code drawn
// here, confirmation by a code, recovery codes, turning it off. Acts on `ctx.user` only. Turning it on
// or off ends every other session of the account (one stolen before the change does not survive it).
// The key is stored encrypted with SECRETS_KEY when it is set (second-factor.ts).
import { sql } from 'kysely';
import QRCode from 'qrcode';
import type {
  TTwoFactorCodeInput,
  TTwoFactorDisableInput,
  TTwoFactorSetup,
  TTwoFactorStatus,
} from '../../../../shared/schemas/two-factor.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import { requireUser } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { verifyPassword } from '../../../lib/password.ts';
import { endOtherSessionsOf } from './auth.refs.ts';
import { passkeyCount } from './passkeys.ts';
import {
  newTotpSecret,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  sealTotpSecret,
  totpOf,
  totpStateOf,
  twoFactorCoverage,
  twoFactorPolicyOf,
  useSecondFactor,
  useTotpCode,
} from './second-factor.ts';
import { signInChanged } from './sign-in-changed.ts';

const invalidCode = (field = 'code') =>
  new AppError('BAD_REQUEST', 'auth.invalidCode', {}, { [field]: 'auth.invalidCode' });

/** Whether the caller's session came through a provider that checked a second factor (sso.flow.ts). */
async function providerSecondFactorOf(ctx: AuthedContext): Promise<boolean> {
  if (!ctx.user.sessionId) return false;
  const row = await db(ctx.em)
    .selectFrom('sessions')
    .select('provider_second_factor')
    .where('id', '=', ctx.user.sessionId)
    .executeTakeFirst();
  return row?.provider_second_factor ?? false;
}

/** account.twoFactor.status */
export async function twoFactorStatus(ctx: ServiceContext): Promise<TTwoFactorStatus> {
  requireUser(ctx);
  const state = await totpStateOf(ctx.em, ctx.user.id, ctx.secretsKey);
  const coverage = twoFactorCoverage(await twoFactorPolicyOf(ctx.em, ctx.user.customerId), ctx.user.role);
  return {
    enabled: state?.enabled ?? false,
    recoveryCodesLeft: state?.enabled ? await recoveryCodesLeft(ctx.em, ctx.user.id) : 0,
    ...coverage,
    passkeys: await passkeyCount(ctx.em, ctx.user.id),
    providerSecondFactor: await providerSecondFactorOf(ctx),
  };
}

/** account.twoFactor.setup: a new key, pending until a code of it confirms it (CONFLICT when already on). */
export async function setupTwoFactor(ctx: ServiceContext): Promise<TTwoFactorSetup> {
  requireUser(ctx);
  const state = await totpStateOf(ctx.em, ctx.user.id, ctx.secretsKey);
  if (state?.enabled) throw new AppError('CONFLICT', 'auth.twoFactorAlreadyOn');
  const secret = newTotpSecret();
  const stored = sealTotpSecret(ctx.secretsKey, secret);
  const now = new Date();
  await db(ctx.em)
    .insertInto('user_totp')
    .values({
      user_id: ctx.user.id,
      secret: stored,
      enabled_at: null,
      last_step: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret: stored, last_step: null, updated_at: now })
        .where('user_totp.enabled_at', 'is', null),
    )
    .execute();
  const otpauthUrl = totpOf(secret, ctx.user.email).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrSvg };
}

/** account.twoFactor.enable: a code of the pending key turns it on; answers the ten recovery codes (shown once). */
export async function enableTwoFactor(
  ctx: ServiceContext,
  input: TTwoFactorCodeInput,
): Promise<{ recoveryCodes: string[] }> {
  requireUser(ctx);
  const state = await totpStateOf(ctx.em, ctx.user.id, ctx.secretsKey);
  if (state?.enabled) throw new AppError('CONFLICT', 'auth.twoFactorAlreadyOn');
  if (!state) throw new AppError('CONFLICT', 'auth.twoFactorNotPending');
  if (!(await useTotpCode(ctx.em, ctx.user.id, input.code, { key: ctx.secretsKey, pending: true })))
    throw invalidCode();
  const recoveryCodes = await ctx.em.transactional(async (em) => {
    await db(em)
      .updateTable('user_totp')
      .set({ enabled_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('user_id', '=', ctx.user.id)
      .execute();
    const codes = await replaceRecoveryCodes(em, ctx.user.id);
    const ended = await endOtherSessionsOf(em, ctx.user.id, ctx.user.sessionId);
    await signInChanged(em, ctx, 'twoFactorEnabled', { changes: { otherSessionsEnded: ended } });
    return codes;
  });
  return { recoveryCodes };
}

/** account.twoFactor.disable: the password and a code (or a recovery code) turn it off. */
export async function disableTwoFactor(
  ctx: ServiceContext,
  input: TTwoFactorDisableInput,
): Promise<{ disabled: true; otherSessionsEnded: number }> {
  requireUser(ctx);
  const state = await totpStateOf(ctx.em, ctx.user.id, ctx.secretsKey);
  if (!state?.enabled) throw new AppError('CONFLICT', 'auth.twoFactorOff');
  const user = await db(ctx.em)
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', ctx.user.id)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.password_hash, input.password))) {
    throw new AppError('BAD_REQUEST', 'account.wrongPassword', {}, { password: 'account.wrongPasswordField' });
  }
  if (!(await useSecondFactor(ctx.em, ctx.user.id, input.code, ctx.secretsKey))) throw invalidCode();
  const ended = await ctx.em.transactional(async (em) => {
    await db(em).deleteFrom('recovery_codes').where('user_id', '=', ctx.user.id).execute();
    await db(em).deleteFrom('user_totp').where('user_id', '=', ctx.user.id).execute();
    const count = await endOtherSessionsOf(em, ctx.user.id, ctx.user.sessionId);
    await signInChanged(em, ctx, 'twoFactorDisabled', { changes: { otherSessionsEnded: count } });
    return count;
  });
  return { disabled: true, otherSessionsEnded: ended };
}

/** account.twoFactor.regenerateRecoveryCodes: a current code replaces every recovery code by ten new ones. */
export async function regenerateRecoveryCodes(
  ctx: ServiceContext,
  input: TTwoFactorCodeInput,
): Promise<{ recoveryCodes: string[] }> {
  requireUser(ctx);
  const state = await totpStateOf(ctx.em, ctx.user.id, ctx.secretsKey);
  if (!state?.enabled) throw new AppError('CONFLICT', 'auth.twoFactorOff');
  if (!(await useSecondFactor(ctx.em, ctx.user.id, input.code, ctx.secretsKey))) throw invalidCode();
  const recoveryCodes = await ctx.em.transactional(async (em) => {
    const codes = await replaceRecoveryCodes(em, ctx.user.id);
    await signInChanged(em, ctx, 'recoveryCodesRenewed');
    return codes;
  });
  return { recoveryCodes };
}
