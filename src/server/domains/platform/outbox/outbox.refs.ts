// Queueing e-mail for other domains (notifications, digests, invitations). An e-mail is a row of
// `outbox_emails` written in the caller's transaction, and a NOTIFY that PostgreSQL sends only when that
// transaction commits: the delivery worker (outbox.delivery.ts) then hands it to the SMTP server. Nothing
// leaves for a change that did not commit.
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../../db/kysely.ts';

/** The channel a committed e-mail is announced on (the payload is empty: the worker reads the table). */
export const MAIL_CHANNEL = 'opsdesk_mail';

export interface QueuedEmail {
  to: string;
  subject: string;
  /** The plain-text part. */
  body: string;
  /** The HTML part, when there is one. */
  html?: string | null;
  kind: string;
  /** The language it is written in (`en`, `fr`, `de`, `ar`). */
  language?: string;
  /** The recipient's account, when they have one. */
  userId?: number | null;
  /** The customer it is about (attachments are only ever of this customer). */
  customerId?: number | null;
  /** The one-click unsubscribe address (RFC 8058 List-Unsubscribe), for optional e-mail only. */
  listUnsubscribe?: string | null;
  /** One attachment (a sent invoice's PDF), rendered by the caller from what it authorized. */
  attachment?: { filename: string; content: Buffer } | null;
}

/** One line: a subject is a header, and a line break in a header would start another header. */
export function oneLine(text: string, max: number): string {
  return text
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .trim()
    .slice(0, max);
}

/**
 * Write e-mails in the caller's transaction (at once, when there is none); announced to the delivery
 * worker on commit. Throws for an address with a line break or angle brackets (a programming error:
 * addresses come from validated input).
 */
export async function queueMail(em: EntityManager, mails: readonly QueuedEmail[]): Promise<number[]> {
  if (!mails.length) return [];
  for (const m of mails) {
    if (/[\r\n<>,;\s]/.test(m.to) || !m.to.includes('@'))
      throw new Error(`not a plain e-mail address: ${JSON.stringify(m.to)}`);
  }
  const now = new Date();
  const ids: number[] = [];
  for (let i = 0; i < mails.length; i += 1000) {
    const rows = await db(em)
      .insertInto('outbox_emails')
      .values(
        mails.slice(i, i + 1000).map((m) => ({
          created_at: now,
          updated_at: now,
          to: m.to,
          subject: oneLine(m.subject, 300),
          body: m.body,
          html: m.html ?? null,
          kind: m.kind.slice(0, 40),
          language: m.language ?? 'en',
          user_id: m.userId ?? null,
          customer_id: m.customerId ?? null,
          list_unsubscribe: m.listUnsubscribe ?? null,
          attachment_name: m.attachment ? oneLine(m.attachment.filename, 120) : null,
          attachment: m.attachment?.content ?? null,
          status: 'queued',
          attempts: 0,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  await announceMail(em);
  return ids;
}

/** Wake the mail worker when the caller's transaction commits (e-mail or notifications owed by e-mail). */
export async function announceMail(em: EntityManager): Promise<void> {
  await sql`select pg_notify(${MAIL_CHANNEL}, '')`.execute(db(em));
}
