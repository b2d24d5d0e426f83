import { z } from 'zod';
import { ACTIONS, SUBJECTS } from '../abilities/index.ts';
import { ROLES } from '../constants/roles.ts';
import { msg } from '../errors/validation.ts';

export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: msg('email.invalid') }))
  .pipe(z.string().max(254));

/**
 * Password rules for new passwords (register, reset, change, admin set): 8 to 128 characters of any kind,
 * no composition rules (OWASP ASVS 6.2). The services also refuse common passwords (password-strength.ts).
 */
export const ZNewPassword = z.string().min(8, msg('password.min')).max(128, msg('password.max'));

export const ZLoginInput = z.object({
  email: z.string().trim().min(1, msg('email.required')).max(254),
  password: z.string().min(1, msg('password.required')).max(128),
  remember: z.boolean().optional(),
  /** The second factor, for an account that has one: the authenticator's code or a recovery code. */
  otp: z.string().trim().max(64).optional(),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;

export const ZRegisterInput = z.object({
  fullName: z.string().trim().min(2, msg('fullName.min')).max(200),
  email: ZEmail,
  password: ZNewPassword,
  customerCode: z.string().trim().min(1, msg('auth.customerCodeRequired')).max(16),
});
export type TRegisterInput = z.infer<typeof ZRegisterInput>;

export const ZForgotPasswordInput = z.object({ email: ZEmail });
export type TForgotPasswordInput = z.infer<typeof ZForgotPasswordInput>;

export const ZResetPasswordInput = z.object({
  token: z.string().min(16).max(200),
  password: ZNewPassword,
});
export type TResetPasswordInput = z.infer<typeof ZResetPasswordInput>;

/** What the browser may know about the signed-in user (also the readable `userData` cookie). */
export const ZUserData = z.object({
  id: z.number(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  role_name: z.enum(ROLES),
  customerId: z.number().nullable(),
  customerCode: z.string().nullable(),
  language: z.string(),
  avatar: z.string().nullable(),
});
export type TUserData = z.infer<typeof ZUserData>;

export const ZCheckResetTokenInput = z.object({ token: z.string().max(200) });

/** A CASL rule as the client receives it (the raw rules of shared/abilities' defineRulesFor). */
export const ZAbilityRule = z.object({
  action: z.union([z.enum(ACTIONS), z.array(z.enum(ACTIONS))]),
  subject: z.union([z.enum(SUBJECTS), z.array(z.enum(SUBJECTS))]),
  conditions: z.record(z.string(), z.unknown()).optional(),
  inverted: z.boolean().optional(),
});

/** The signed-in user and what they may do: `auth.me`, and with the token `auth.login`. */
export const ZSignedIn = z.object({ userData: ZUserData, userAbilityRules: z.array(ZAbilityRule) });
export const ZLoginResult = ZSignedIn.extend({ accessToken: z.string() });
export const ZRegisterResult = z.object({ status: z.literal('pending') });
export const ZForgotPasswordResult = z.object({ sent: z.literal(true) });
export const ZResetPasswordResult = z.object({ reset: z.literal(true) });
export const ZCheckResetTokenResult = z.object({ valid: z.boolean() });
export const ZLogoutResult = z.object({ ok: z.literal(true) });
