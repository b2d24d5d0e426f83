// Unsubscribing by the link of an e-mail, without signing in: the link's signed token names the user and
// what the e-mail was about (a kind of notification, or the daily digest). The page reads what the link
// would turn off, then the person confirms; a mail client's one-click button (RFC 8058) posts straight to
// the same change. Turning e-mail off moves a kind back to "in the app": the notifications still show in
// the app, and security e-mail (password links, invitations) is never touched.
// Public entry points: the token is the whole check (a forged or altered one is a 400, never a 500).
import type { EntityManager } from '@mikro-orm/postgresql';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../../shared/schemas/account.ts';
import {
  type TUnsubscribeInfo,
  type TUnsubscribeInput,
  UNSUBSCRIBE_TOPICS,
} from '../../../../shared/schemas/notifications.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import { readUnsubscribeToken } from '../mail/mail.refs.ts';
import { type Channel, channelsOf } from './notifications.preferences.ts';
import { setChannels } from './notifications.refs.ts';

type Topic = (typeof UNSUBSCRIBE_TOPICS)[number];

const badLink = () =>
  new AppError('BAD_REQUEST', 'outbox.badUnsubscribeLink', {}, { token: 'outbox.badUnsubscribeLink' });

/** The user and topic of a genuine token whose account still exists; BAD_REQUEST otherwise. */
async function holderOf(em: EntityManager, token: string) {
  const read = await readUnsubscribeToken(em, token);
  if (!read || !(UNSUBSCRIBE_TOPICS as readonly string[]).includes(read.kind)) throw badLink();
  if (!Number.isInteger(read.userId) || read.userId < 1 || read.userId > 2 ** 31 - 1) throw badLink();
  const row = await db(em)
    .selectFrom('users as u')
    .leftJoin('notification_preferences as np', 'np.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.role', 'u.muted_notifications', 'np.channels'])
    .where('u.id', '=', read.userId)
    .executeTakeFirst();
  if (!row) throw badLink();
  return {
    userId: row.id,
    email: row.email,
    topic: read.kind as Topic,
    channels: channelsOf(row.role, row.channels, row.muted_notifications),
  };
}

const emailedKinds = (channels: Record<NotificationKind, Channel>) =>
  NOTIFICATION_KINDS.filter((k) => channels[k] === 'email' || channels[k] === 'digest');

/** What the link is about and which kinds still arrive by e-mail. Throws BAD_REQUEST for a bad link. */
export async function readUnsubscribe(em: EntityManager, input: { token: string }): Promise<TUnsubscribeInfo> {
  const holder = await holderOf(em, input.token);
  return { topic: holder.topic, email: holder.email, emailed: emailedKinds(holder.channels) };
}

/**
 * Turn e-mail off: the link's kind (`topic`), every kind gathered in the digest (a digest's link), or
 * every kind (`all`); each goes back to the app only. Throws BAD_REQUEST for a bad link.
 */
export async function unsubscribe(em: EntityManager, input: TUnsubscribeInput): Promise<TUnsubscribeInfo> {
  const holder = await holderOf(em, input.token);
  const off = NOTIFICATION_KINDS.filter((kind) => {
    const channel = holder.channels[kind];
    if (channel !== 'email' && channel !== 'digest') return false;
    if (input.scope === 'all') return true;
    return holder.topic === 'digest' ? channel === 'digest' : kind === holder.topic;
  });
  if (off.length) await setChannels(em, holder.userId, Object.fromEntries(off.map((k) => [k, 'app' as const])));
  const channels = { ...holder.channels, ...Object.fromEntries(off.map((k) => [k, 'app'])) } as Record<
    NotificationKind,
    Channel
  >;
  return { topic: holder.topic, email: holder.email, emailed: emailedKinds(channels) };
}
