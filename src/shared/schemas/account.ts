// The signed-in user's own account (account settings): profile, password, sessions and
// notification preferences. Every procedure acts on the caller only.
import { z } from 'zod';
import { ROLES } from '../constants/roles.ts';
import { LANGUAGE_CODES } from '../constants/ui.ts';
import { msg } from '../errors/validation.ts';
import { PROJECT_STATUSES } from '../workflow/statuses.ts';
import { ZNewPassword } from './auth.ts';
import { ZId, ZVersion } from './common.ts';

/** What a user may silence, by kind of in-app notification. */
export const NOTIFICATION_KINDS = ['planning', 'reminders', 'missed', 'reviews', 'actions'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const ZNotificationKind = z.enum(NOTIFICATION_KINDS);

export const ZAccount = z.object({
  id: z.number(),
  email: z.string(),
  fullName: z.string(),
  role: z.string(),
  language: z.enum(LANGUAGE_CODES),
  /** The avatar's file id (files API), or null. */
  avatarFileId: z.number().nullable(),
  /** Kinds of notifications the user does not want. */
  mutedNotifications: z.array(ZNotificationKind),
  version: z.number(),
});
export type TAccount = z.infer<typeof ZAccount>;

/** A person's place in a team. */
export const TEAM_PLACES = ['floorManager', 'teamLeader', 'member'] as const;
export type TTeamPlace = (typeof TEAM_PLACES)[number];

/**
 * What the profile page says about the caller: who they are, where their organisation is, their teams,
 * the projects they take part in and the tasks they completed.
 */
export const ZAccountProfile = z.object({
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(['active', 'inactive', 'pending']),
  language: z.enum(LANGUAGE_CODES),
  /** ISO date-time the account was made. */
  joinedAt: z.string(),
  /** The caller's customer's country (ISO 3166 alpha-2) and city; null for the platform operator or unset. */
  country: z.string().nullable(),
  city: z.string().nullable(),
  /**
   * The active teams the caller is a member of, by name, with how many members each has and the caller's
   * place in it (its floor manager, its team leader, or a member).
   */
  teams: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string().nullable(),
      members: z.number().int(),
      role: z.enum(TEAM_PLACES),
    }),
  ),
  /**
   * The projects of the caller's organisation they take part in (they own it, or it has locations
   * assigned to them or to one of their teams), not archived, by name: their owner, the teams working on
   * them and their tasks (not cancelled; approved ones; completion = approved ÷ those, null without).
   */
  projects: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      status: z.enum(PROJECT_STATUSES),
      startDate: z.string(),
      endDate: z.string(),
      owner: z.string().nullable(),
      teams: z.array(z.string()),
      tasks: z.number().int(),
      approved: z.number().int(),
      completion: z.number().nullable(),
    }),
  ),
  /** Tasks assigned to the caller that were approved. */
  tasksCompleted: z.number().int(),
});
export type TAccountProfile = z.infer<typeof ZAccountProfile>;

export const ZUpdateAccountInput = z.object({
  fullName: z.string().trim().min(1, msg('name.required')).max(200, msg('name.max')),
  language: z.enum(LANGUAGE_CODES, { error: msg('account.language') }),
  /** An image uploaded through POST /api/files by the caller; null removes the avatar. */
  avatarFileId: ZId.nullable(),
  version: ZVersion.optional(),
});
export type TUpdateAccountInput = z.infer<typeof ZUpdateAccountInput>;

export const ZChangePasswordInput = z
  .object({
    currentPassword: z.string().min(1, msg('account.currentPasswordRequired')).max(128),
    newPassword: ZNewPassword,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ['newPassword'],
    message: msg('account.newPasswordSame'),
  });
export type TChangePasswordInput = z.infer<typeof ZChangePasswordInput>;

export const ZAccountSession = z.object({
  id: z.number(),
  /** Browser and system read from the user agent ("Chrome on Windows"), or null when unknown. */
  device: z.string().nullable(),
  ip: z.string().nullable(),
  signedInAt: z.date(),
  lastSeenAt: z.date().nullable(),
  expiresAt: z.date(),
  /** The session of this request. */
  current: z.boolean(),
});
export type TAccountSession = z.infer<typeof ZAccountSession>;

export const ZNotificationPreferencesInput = z.object({
  muted: z.array(ZNotificationKind).max(NOTIFICATION_KINDS.length),
});
export type TNotificationPreferencesInput = z.infer<typeof ZNotificationPreferencesInput>;
