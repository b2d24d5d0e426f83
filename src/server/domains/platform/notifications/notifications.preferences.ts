// How each user hears about each kind of notification: in the app only, also by e-mail at once, also in
// the daily digest (07:00 in their time zone), or not at all. A kind the user never chose takes their
// role's default; a kind silenced in the older "muted" list is off.
import type { Role } from '../../../../shared/constants/roles.ts';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../../shared/schemas/account.ts';

export const CHANNELS = ['app', 'email', 'digest', 'off'] as const;
export type Channel = (typeof CHANNELS)[number];

/** What a role hears by e-mail without choosing: inspectors their reminders, floor managers actions, reviewers a digest. */
const ROLE_DEFAULTS: Partial<Record<Role, Partial<Record<NotificationKind, Channel>>>> = {
  qualitycontrol: { reminders: 'email', missed: 'email', reviews: 'email' },
  floormanager: { actions: 'email', missed: 'email' },
  teamleader: { reviews: 'digest', actions: 'email' },
  analyst: { reviews: 'digest' },
};

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && (CHANNELS as readonly string[]).includes(value);
}

/** The channel of `kind` for a user with these choices. */
export function channelOf(
  role: string,
  kind: NotificationKind,
  chosen: Record<string, unknown> | null | undefined,
  muted: readonly string[] | null | undefined,
): Channel {
  const own = chosen?.[kind];
  if (isChannel(own)) return own;
  if (muted?.includes(kind)) return 'off';
  return ROLE_DEFAULTS[role as Role]?.[kind] ?? 'app';
}

/** Every kind's channel for a user. */
export function channelsOf(
  role: string,
  chosen: Record<string, unknown> | null | undefined,
  muted: readonly string[] | null | undefined,
): Record<NotificationKind, Channel> {
  return Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, channelOf(role, k, chosen, muted)])) as Record<
    NotificationKind,
    Channel
  >;
}
