// Users demo app: the sample user list, not the product's accounts.
import { z } from 'zod';
import { ROLES, type Role } from '../constants/roles.ts';
import { msg } from '../errors/validation.ts';
import { listInput, listOutput, ZExpectedVersion, ZId, zImageUrl } from './common.ts';

/** A sample person's role: one of the product's own (the roles page's). */
export const DEMO_USER_ROLES = ROLES;
export type TDemoUserRole = Role;
export const DEMO_USER_PLANS = ['basic', 'team', 'company', 'enterprise'] as const;
export type TDemoUserPlan = (typeof DEMO_USER_PLANS)[number];
export const DEMO_USER_STATUSES = ['active', 'inactive', 'pending'] as const;
export type TDemoUserStatus = (typeof DEMO_USER_STATUSES)[number];
export const DEMO_USER_BILLINGS = ['Manual-Credit Card', 'Manual-Cash', 'Manual-PayPal', 'Auto debit'] as const;
export type TDemoUserBilling = (typeof DEMO_USER_BILLINGS)[number];
/** The kinds of notifications a sample person may silence (notifications tab). */
export const DEMO_USER_NOTIFICATIONS = ['newForYou', 'accountActivity', 'newBrowser', 'newDevice'] as const;
export type TDemoUserNotification = (typeof DEMO_USER_NOTIFICATIONS)[number];
export const DEMO_USER_SORT_KEYS = ['user', 'email', 'role', 'plan', 'status', 'billing'] as const;
export type TDemoUserSortKey = (typeof DEMO_USER_SORT_KEYS)[number];

export const ZListDemoUsersInput = listInput(DEMO_USER_SORT_KEYS, {
  role: z.enum(DEMO_USER_ROLES).optional(),
  plan: z.enum(DEMO_USER_PLANS).optional(),
  status: z.enum(DEMO_USER_STATUSES).optional(),
});
export type TListDemoUsersInput = z.infer<typeof ZListDemoUsersInput>;

export const ZDemoUser = z.object({
  id: z.number().int(),
  fullName: z.string(),
  company: z.string(),
  role: z.enum(DEMO_USER_ROLES),
  username: z.string(),
  country: z.string(),
  contact: z.string(),
  email: z.string(),
  currentPlan: z.enum(DEMO_USER_PLANS),
  status: z.enum(DEMO_USER_STATUSES),
  /** Image, or empty. */
  avatar: z.string(),
  billing: z.enum(DEMO_USER_BILLINGS),
});
export type TDemoUser = z.infer<typeof ZDemoUser>;
export const ZDemoUserList = listOutput(ZDemoUser);
export type TDemoUserList = z.infer<typeof ZDemoUserList>;

export const ZDemoUserDetail = ZDemoUser.extend({
  taskDone: z.number().int(),
  projectDone: z.number().int(),
  taxId: z.string(),
  language: z.string(),
  twoFactor: z.boolean(),
  mutedNotifications: z.array(z.enum(DEMO_USER_NOTIFICATIONS)),
  version: z.number().int(),
});
export type TDemoUserDetail = z.infer<typeof ZDemoUserDetail>;

const text = (max: number) => z.string().trim().min(1, msg('demoUsers.required')).max(max, msg('demoUsers.maxChars'));

/** The "add user" form and POST /api/apps/users body. */
export const ZCreateDemoUserInput = z.object({
  fullName: text(120),
  company: text(120),
  role: z.enum(DEMO_USER_ROLES),
  username: z
    .string()
    .trim()
    .min(2, msg('demoUsers.minChars'))
    .max(60, msg('demoUsers.maxChars'))
    .regex(/^[A-Za-z0-9._-]+$/, msg('demoUsers.usernameChars')),
  country: text(80),
  contact: z
    .string()
    .trim()
    .min(5, msg('demoUsers.minChars'))
    .max(40, msg('demoUsers.maxChars'))
    .regex(/^\+?[0-9 ()-]+$/, msg('demoUsers.phoneChars')),
  email: z.email(msg('email.invalid')).max(254),
  currentPlan: z.enum(DEMO_USER_PLANS),
  status: z.enum(DEMO_USER_STATUSES).default('pending'),
  avatar: z.union([z.literal(''), zImageUrl(20_000)]).default(''),
  billing: z.enum(DEMO_USER_BILLINGS).default('Auto debit'),
});
export type TCreateDemoUserInput = z.infer<typeof ZCreateDemoUserInput>;

/** The counts of the list's stat cards: all users, and per status (computed in SQL). */
export const ZDemoUserStats = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  pending: z.number().int(),
});
export type TDemoUserStats = z.infer<typeof ZDemoUserStats>;

/**
 * A change from one tab of the user view (account, billing, security or notifications): only the
 * fields given change. `version` as read; a stale one is refused (CONFLICT).
 */
export const ZUpdateDemoUserInput = ZCreateDemoUserInput.omit({ avatar: true })
  .extend({
    status: z.enum(DEMO_USER_STATUSES),
    billing: z.enum(DEMO_USER_BILLINGS),
    taxId: z.string().trim().max(40, msg('demoUsers.maxChars')),
    language: text(40),
    twoFactor: z.boolean(),
    mutedNotifications: z.array(z.enum(DEMO_USER_NOTIFICATIONS)).max(DEMO_USER_NOTIFICATIONS.length),
  })
  .partial()
  .extend({ id: ZId, version: ZExpectedVersion });
export type TUpdateDemoUserInput = z.infer<typeof ZUpdateDemoUserInput>;
