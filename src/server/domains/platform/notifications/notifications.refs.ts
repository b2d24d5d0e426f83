// Notifications other domains send (workflow events: assigned, visits planned, missed, reminders).
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { NotificationKind } from '../../../../shared/schemas/account.ts';
import { db } from '../../../db/kysely.ts';
import { type MailKind, type TextValues, textOf } from '../mail/mail.refs.ts';
import { announceMail } from '../outbox/outbox.refs.ts';
import { type Channel, channelOf } from './notifications.preferences.ts';

/** Each kinded item's channel for its user (their choice, else their role's default). */
async function channelsFor(
  em: EntityManager,
  items: readonly NotificationInput[],
): Promise<Map<number, (kind: NotificationKind) => Channel>> {
  const ids = [...new Set(items.filter((n) => n.kind).map((n) => n.userId))];
  if (!ids.length) return new Map();
  const rows = await db(em)
    .selectFrom('users as u')
    .leftJoin('notification_preferences as np', 'np.user_id', 'u.id')
    .select(['u.id', 'u.role', 'u.muted_notifications', 'np.channels'])
    .where('u.id', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => [r.id, (kind: NotificationKind) => channelOf(r.role, kind, r.channels, r.muted_notifications)]),
  );
}

/** A message for one user; `link` is an in-app path of a page that exists (e.g. `/tasks`). */
export interface NotificationInput {
  userId: number;
  title: string;
  body: string;
  link: string | null;
  /** What it is about; users choose per kind (app, e-mail, digest, off). Unnamed kinds always go, in the app. */
  kind?: NotificationKind;
  /** The server's text (read in the reader's language); `title` and `body` are its English. */
  message?: { key: MailKind; values: TextValues };
}

/** A notification from one of the server's texts: its English title and body, and the key to translate it. */
export function notice(key: MailKind, values: TextValues): Pick<NotificationInput, 'title' | 'body' | 'message'> {
  const { title, body } = textOf(key, 'en', values);
  return { title, body, message: { key, values } };
}

/** A notification another service sends (the same shape, as the tasks service names it). */
export type OutgoingNotification = NotificationInput;

/**
 * Queue notifications for users (workflow events: assigned, visits planned, missed, reminders), in
 * one INSERT inside the caller's transaction. Callers decide who is concerned; nothing is authorized here.
 */
export async function sendNotifications(em: EntityManager, all: readonly NotificationInput[]): Promise<void> {
  const channels = await channelsFor(em, all);
  const items = all
    .map((n) => ({ n, channel: n.kind ? (channels.get(n.userId)?.(n.kind) ?? 'app') : 'app' }))
    .filter(({ channel }) => channel !== 'off');
  if (!items.length) return;
  const now = new Date();
  let owed = false;
  for (let i = 0; i < items.length; i += 5000) {
    await db(em)
      .insertInto('notifications')
      .values(
        items.slice(i, i + 5000).map(({ n, channel }) => {
          const email = channel === 'email' ? 'now' : channel === 'digest' ? 'digest' : null;
          if (email === 'now') owed = true;
          return {
            created_at: now,
            updated_at: now,
            user_id: n.userId,
            title: n.title.slice(0, 200),
            body: n.body.slice(0, 1000),
            link: n.link,
            read_at: null,
            kind: n.kind ?? null,
            message_key: n.message?.key ?? null,
            message_values: n.message
              ? sql<Record<string, string | number>>`${JSON.stringify(n.message.values)}::jsonb`
              : null,
            email,
            emailed_at: null,
          };
        }),
      )
      .execute();
  }
  // The mail worker writes the e-mails owed at once when this commits.
  if (owed) await announceMail(em);
}

/**
 * Set some of a user's channels (kind → channel) and, when given, their time zone (null: UTC), in one
 * upsert; kinds not named keep theirs. The unsubscribe link and account settings both come here.
 */
export async function setChannels(
  em: EntityManager,
  userId: number,
  channels: Partial<Record<NotificationKind, Channel>>,
  timeZone?: string | null,
): Promise<void> {
  const now = new Date();
  const json = JSON.stringify(channels);
  await db(em)
    .insertInto('notification_preferences')
    .values({
      user_id: userId,
      created_at: now,
      updated_at: now,
      channels: sql<Record<string, string>>`${json}::jsonb`,
      time_zone: timeZone ?? null,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        channels: sql<Record<string, string>>`${eb.ref('notification_preferences.channels')} || ${json}::jsonb`,
        updated_at: now,
        ...(timeZone !== undefined && { time_zone: timeZone }),
      })),
    )
    .execute();
}
