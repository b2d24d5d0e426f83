// Notifications that are owed an e-mail become e-mails here, run by the mail worker (which knows
// PUBLIC_URL): `now` ones within seconds of their commit, `digest` ones in one e-mail per user at 07:00 in
// the user's time zone (their own, else their customer's, else UTC). Each notification is e-mailed once:
// it is marked in the transaction that writes its e-mail. Every text is in the recipient's language.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../../db/kysely.ts';
import {
  isMailKind,
  type MailItem,
  sendTemplatedMail,
  type TemplatedMail,
  type TextValues,
  textOf,
} from '../mail/mail.refs.ts';

interface OwedRow {
  id: number;
  user_id: number;
  title: string;
  body: string;
  link: string | null;
  kind: string | null;
  message_key: string | null;
  message_values: unknown;
  created_at: Date | string;
  email: string;
  full_name: string;
  language: string;
  customer_id: number | null;
}

/** Stored values of a text (jsonb, parsed by the driver or not). */
function valuesOf(value: unknown): TextValues {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return parsed && typeof parsed === 'object' ? (parsed as TextValues) : {};
}

/** A notification's title and body in `language` (its stored English when it has no key). */
function textsOf(row: OwedRow, language: string): { title: string; body: string; action: string | null } {
  if (row.message_key && isMailKind(row.message_key)) {
    return textOf(row.message_key, language, valuesOf(row.message_values));
  }
  return { title: row.title, body: row.body, action: null };
}

function owed(em: EntityManager, channel: 'now' | 'digest') {
  return db(em)
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select([
      'n.id',
      'n.user_id',
      'n.title',
      'n.body',
      'n.link',
      'n.kind',
      'n.message_key',
      'n.message_values',
      'n.created_at',
      'u.email',
      'u.full_name',
      'u.language',
      'u.customer_id',
    ])
    .where('n.email', '=', channel)
    .where('n.emailed_at', 'is', null)
    .where('u.status', '=', 'active');
}

/** Write the e-mails of notifications owed `now` (in one transaction with their marks). Returns how many. */
export async function emailOwedNotifications(em: EntityManager, baseUrl: string): Promise<number> {
  return em.fork().transactional(async (tx) => {
    const rows = (await owed(tx, 'now').orderBy('n.id').limit(2000).forUpdate('n').skipLocked().execute()) as OwedRow[];
    if (!rows.length) return 0;
    const mails: TemplatedMail[] = rows.map((r) => {
      const key = r.message_key && isMailKind(r.message_key) ? r.message_key : null;
      const values = valuesOf(r.message_values);
      return key
        ? {
            to: r.email,
            kind: key,
            language: r.language,
            values,
            name: r.full_name,
            baseUrl,
            path: r.link ?? '/',
            userId: r.user_id,
            preferenceKind: r.kind,
            customerId: r.customer_id,
            outboxKind: `notice:${r.kind ?? ''}`,
          }
        : {
            // A notification without a key of its own is sent as a one-item digest in the reader's language.
            to: r.email,
            kind: 'digest',
            language: r.language,
            values: { count: 1, date: new Date(r.created_at).toISOString().slice(0, 10) },
            name: r.full_name,
            baseUrl,
            path: r.link ?? '/',
            items: [{ title: r.title, body: r.body, link: r.link ? `${baseUrl}${r.link}` : null }],
            userId: r.user_id,
            preferenceKind: r.kind,
            customerId: r.customer_id,
            outboxKind: `notice:${r.kind ?? ''}`,
          };
    });
    await sendTemplatedMail(tx, mails);
    await db(tx)
      .updateTable('notifications')
      .set({ emailed_at: sql<Date>`now()` })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    return rows.length;
  });
}

/**
 * The daily digest: each user for whom it is 07:00–07:59 now in their time zone, who has not had one in
 * the last 20 hours, gets one e-mail listing their notifications owed to the digest (theirs only), which
 * are then marked. Returns the users sent one.
 */
export async function sendDigests(em: EntityManager, baseUrl: string, now: Date = new Date()): Promise<number[]> {
  return em.fork().transactional(async (tx) => {
    const due = await db(tx)
      .selectFrom('notifications as n')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .leftJoin('notification_preferences as np', 'np.user_id', 'u.id')
      .select('n.user_id')
      .distinct()
      .where('n.email', '=', 'digest')
      .where('n.emailed_at', 'is', null)
      .where('u.status', '=', 'active')
      .where(
        sql<boolean>`extract(hour from ${now}::timestamptz at time zone coalesce(np.time_zone, 'UTC'))`,
        '=',
        7 as never,
      )
      .where((eb) =>
        eb.or([
          eb('np.digest_sent_at', 'is', null),
          eb('np.digest_sent_at', '<', sql<Date>`${now}::timestamptz - interval '20 hours'`),
        ]),
      )
      .execute();
    const users = due.map((r) => r.user_id);
    if (!users.length) return [];
    const rows = (await owed(tx, 'digest').where('n.user_id', 'in', users).orderBy('n.id').execute()) as OwedRow[];
    const byUser = new Map<number, OwedRow[]>();
    for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
    const mails: TemplatedMail[] = [...byUser].map(([userId, list]) => {
      const first = list[0];
      const items: MailItem[] = list.map((r) => {
        const texts = textsOf(r, first.language);
        return { title: texts.title, body: texts.body, link: r.link ? `${baseUrl}${r.link}` : null };
      });
      return {
        to: first.email,
        kind: 'digest',
        language: first.language,
        values: { count: list.length, date: now.toISOString().slice(0, 10) },
        name: first.full_name,
        baseUrl,
        path: '/',
        items,
        userId,
        preferenceKind: 'digest',
        customerId: first.customer_id,
      };
    });
    await sendTemplatedMail(tx, mails);
    await db(tx)
      .updateTable('notifications')
      .set({ emailed_at: now })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    await db(tx)
      .insertInto('notification_preferences')
      .values(
        users.map((id) => ({
          user_id: id,
          created_at: now,
          updated_at: now,
          channels: sql<Record<string, string>>`'{}'::jsonb`,
          digest_sent_at: now,
        })),
      )
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ digest_sent_at: now, updated_at: now }))
      .execute();
    return [...byUser.keys()];
  });
}

/** A notification's texts in the reader's language (the in-app list). */
export function localizedNotification(
  row: {
    title: string;
    body: string;
    messageKey?: string | null;
    messageValues?: Record<string, string | number> | null;
  },
  language: string,
): { title: string; body: string } {
  if (row.messageKey && isMailKind(row.messageKey)) {
    const { title, body } = textOf(row.messageKey, language, row.messageValues ?? {});
    return { title, body };
  }
  return { title: row.title, body: row.body };
}
