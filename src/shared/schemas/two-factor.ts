// The second factor of the signed-in user (account settings) and the customer's policy on it.
// Procedures: account.twoFactor.status | setup | enable | disable | regenerateRecoveryCodes.
import { z } from 'zod';
import { msg } from '../errors/validation.ts';

export const TWO_FACTOR_POLICIES = ['optional', 'admins', 'everyone'] as const;
export type TTwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];
/** The roles the `admins` policy covers. */
export const TWO_FACTOR_ADMIN_ROLES = ['superadmin', 'admin', 'businessadmin'] as const;
/** How many recovery codes are handed out at a time. */
export const RECOVERY_CODE_COUNT = 10;

export { TWO_FACTOR_REQUIRED } from '../constants/two-factor.ts';

/** A six-digit code of the authenticator app, or a recovery code (`xxxxx-xxxxx`). */
export const ZOtp = z.string().trim().min(1, msg('twoFactor.codeRequired')).max(64, msg('twoFactor.codeRequired'));

export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** The customer's policy covers this user (also during the grace period). */
  required: z.boolean(),
  /** When the grace period ends; null when the policy does not cover the user. */
  graceEndsAt: z.date().nullable(),
  /** How many passkeys the user has: each counts as a second factor too. */
  passkeys: z.number().int(),
  /** This session came through single sign-on whose provider checked a second factor (it counts for the policy). */
  providerSecondFactor: z.boolean(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

export const ZTwoFactorSetup = z.object({
  /** The key in base32, to type into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code (SVG markup drawn on the server: no outside service sees the key). */
  qrSvg: z.string(),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

export const ZTwoFactorCodeInput = z.object({ code: ZOtp });
export type TTwoFactorCodeInput = z.infer<typeof ZTwoFactorCodeInput>;

export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });

export const ZTwoFactorDisableInput = z.object({
  password: z.string().min(1, msg('account.currentPasswordRequired')).max(128),
  code: ZOtp,
});
export type TTwoFactorDisableInput = z.infer<typeof ZTwoFactorDisableInput>;
