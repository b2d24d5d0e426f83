// Users of Opsdesk (the business accounts, not the demo app's `apps.users`).
// Procedures: users.list | byId | create | update | activate | deactivate | resetPassword | delete.
// superadmin manages all; admin manages the users of their own customer but never a superadmin;
// businessadmin and analyst read their customer's users; floormanager and teamleader read the members
// of their teams; qualitycontrol reads only themself; businessuser and client are refused.
// Seats: creating or activating a user beyond the active license's seats is refused (CONFLICT).
// Deactivation ends the user's sessions at once.
import { z } from 'zod';
import { ROLES } from '../constants/roles.ts';
import { msg } from '../errors/validation.ts';
import { ZEmail, ZNewPassword } from './auth.ts';
import { customerFilter, ZNameRef } from './business.ts';
import { listInput, listOutput, ZExpectedVersion, ZId, ZInputDate, ZVersion, zHttpUrl } from './common.ts';

export const USER_STATUSES = ['active', 'inactive', 'pending'] as const;
export type TUserStatus = (typeof USER_STATUSES)[number];
export const LANGUAGES = ['en', 'fr', 'de', 'ar'] as const;

export const ZUser = z.object({
  id: z.number(),
  version: ZVersion,
  customerId: z.number().nullable(),
  customerCode: z.string().nullable(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  language: z.string(),
  avatar: z.string().nullable(),
  /** The primary team. */
  team: ZNameRef.nullable(),
  lastLoginAt: z.date().nullable(),
  /** A pending invitation (sent, never used nor revoked): the list shows "Invited" with its date. */
  invitation: z.object({ sentAt: z.date(), expiresAt: z.date() }).nullable(),
  /** Invited and not in yet (never signed in, an invitation pending): lists show "Invited", not `status`. */
  invited: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TUser = z.infer<typeof ZUser>;

/** byId adds every team the user belongs to (member, floor manager or team leader). */
export const ZUserDetail = ZUser.extend({ teams: z.array(ZNameRef) });
export type TUserDetail = z.infer<typeof ZUserDetail>;

export const USER_SORT_KEYS = ['fullName', 'email', 'role', 'status', 'lastLoginAt', 'createdAt'] as const;
/** q matches full name and e-mail. `teamId` keeps members of that team. Default sort: fullName asc. */
export const ZListUsersInput = listInput(USER_SORT_KEYS, {
  /** Changed at or after this instant (incremental sync of the business API). */
  updatedSince: ZInputDate.optional(),
  ...customerFilter,
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  teamId: ZId.optional(),
});
export type TListUsersInput = z.infer<typeof ZListUsersInput>;
export const ZUserList = listOutput(ZUser);

const ZFullName = z.string().trim().min(2, msg('fullName.min')).max(200);

/**
 * Create (with `password`: the account is usable at once) or invite (without: an e-mail with a link
 * to choose a password is queued). `customerId` is required from the superadmin for any role but
 * superadmin, and ignored for admins (own customer). `teamId` makes the user a member of that team.
 */
export const ZCreateUserInput = z.object({
  ...customerFilter,
  email: ZEmail,
  fullName: ZFullName,
  role: z.enum(ROLES),
  teamId: ZId.nullable().default(null),
  language: z.enum(LANGUAGES).default('en'),
  password: ZNewPassword.optional(),
});
export type TCreateUserInput = z.infer<typeof ZCreateUserInput>;

export const ZUpdateUserInput = z.object({
  id: ZId,
  version: ZExpectedVersion,
  email: ZEmail.optional(),
  fullName: ZFullName.optional(),
  role: z.enum(ROLES).optional(),
  teamId: ZId.nullable().optional(),
  language: z.enum(LANGUAGES).optional(),
  avatar: z
    .union([z.literal(''), zHttpUrl(255)])
    .nullable()
    .optional(),
});
export type TUpdateUserInput = z.infer<typeof ZUpdateUserInput>;

/** With `password`: set it (and end the user's sessions). Without: e-mail a reset link. */
export const ZAdminResetPasswordInput = z.object({ id: ZId, password: ZNewPassword.optional() });
export type TAdminResetPasswordInput = z.infer<typeof ZAdminResetPasswordInput>;
export const ZAdminResetPasswordResult = z.object({ id: z.number(), mode: z.enum(['set', 'email']) });
