// E-mail from the server's texts, for other domains: rendered in the recipient's language (plain text and
// HTML), links starting with PUBLIC_URL, written to the outbox in the caller's transaction.
// These never authorize: callers have authorized already.
import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '../../../db/kysely.ts';
import { queueMail } from '../outbox/outbox.refs.ts';
import { type MailKind, SECURITY_KINDS, type TextValues } from './mail.catalog.ts';
import { type MailItem, renderMail } from './mail.render.ts';

export { catalogOf, isMailKind, type MailKind, type TextValues, textOf } from './mail.catalog.ts';
export type { MailItem } from './mail.render.ts';

export interface TemplatedMail {
  to: string;
  kind: MailKind;
  /** The recipient's language (their account's; English when unknown). */
  language: string | null | undefined;
  values?: TextValues;
  /** The recipient's name, for the greeting. */
  name?: string | null;
  /** PUBLIC_URL, without a trailing slash. */
  baseUrl: string;
  /** The button's in-app path (`/reset-password?token=…`), joined to `baseUrl`. */
  path: string;
  items?: readonly MailItem[];
  lines?: readonly string[];
  /** The sender's own words (an invoice's message). */
  note?: string | null;
  /** The recipient's account: their e-mail then links to their preferences and a one-click unsubscribe. */
  userId?: number | null;
  /** The preference kind an unsubscribe link turns off (notifications only). */
  preferenceKind?: string | null;
  customerId?: number | null;
  /** The outbox's kind (what the superadmin's list shows); `kind` by default. */
  outboxKind?: string;
  /** One attachment (a sent invoice's PDF). */
  attachment?: { filename: string; content: Buffer } | null;
}

/** Where a user chooses which e-mails arrive (the account settings' notifications tab). */
export const PREFERENCES_PATH = '/pages/account-settings/notifications';

/** The page an unsubscribe link opens (it confirms, then turns the e-mail off); no sign-in needed. */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

/** Where a mail client's one-click unsubscribe posts (RFC 8058); a GET there opens the page. */
export const ONE_CLICK_PATH = '/api/unsubscribe';

/** The secret unsubscribe links are signed with (made once by a migration, shared by every process). */
async function unsubscribeSecret(em: EntityManager): Promise<string> {
  const row = await db(em)
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', 'unsubscribe')
    .executeTakeFirstOrThrow();
  return row.value;
}

function sign(secret: string, payload: string): string {
  return crypto.createHmac('sha256', secret).update(payload).digest('base64url');
}

/** A token that turns off e-mail of `kind` for `userId` without signing in (never expires; signed). */
export async function unsubscribeToken(em: EntityManager, userId: number, kind: string): Promise<string> {
  return tokenOf(await unsubscribeSecret(em), userId, kind);
}

function tokenOf(secret: string, userId: number, kind: string): string {
  const payload = Buffer.from(JSON.stringify({ u: userId, k: kind })).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The user and kind of a genuine unsubscribe token; null for anything forged or malformed. */
export async function readUnsubscribeToken(
  em: EntityManager,
  token: string,
): Promise<{ userId: number; kind: string } | null> {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || token.length > 300) return null;
  const expected = Buffer.from(sign(await unsubscribeSecret(em), payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u?: unknown; k?: unknown };
    return typeof value.u === 'number' && typeof value.k === 'string' ? { userId: value.u, kind: value.k } : null;
  } catch {
    return null;
  }
}

/** Render and queue e-mails (in the caller's transaction); security e-mails never get an unsubscribe link. */
export async function sendTemplatedMail(em: EntityManager, mails: readonly TemplatedMail[]): Promise<void> {
  const queued = [];
  let secret: string | undefined;
  for (const mail of mails) {
    const personal = mail.userId != null && !SECURITY_KINDS.has(mail.kind) && mail.preferenceKind;
    let token: string | undefined;
    if (personal && mail.userId != null && mail.preferenceKind) {
      secret ??= await unsubscribeSecret(em);
      token = tokenOf(secret, mail.userId, mail.preferenceKind);
    }
    const rendered = renderMail({
      kind: mail.kind,
      language: mail.language,
      values: mail.values,
      name: mail.name,
      link: `${mail.baseUrl}${mail.path}`,
      items: mail.items,
      lines: mail.lines,
      note: mail.note,
      preferencesLink: personal ? `${mail.baseUrl}${PREFERENCES_PATH}` : undefined,
      unsubscribeLink: token ? `${mail.baseUrl}${UNSUBSCRIBE_PATH}?token=${token}` : undefined,
    });
    queued.push({
      to: mail.to,
      subject: rendered.subject,
      body: rendered.text,
      html: rendered.html,
      kind: mail.outboxKind ?? mail.kind,
      language: rendered.language,
      userId: mail.userId ?? null,
      customerId: mail.customerId ?? null,
      listUnsubscribe: token ? `${mail.baseUrl}${ONE_CLICK_PATH}?token=${token}` : null,
      attachment: mail.attachment ?? null,
    });
  }
  await queueMail(em, queued);
}

/** Render one e-mail without queueing it (what the outbox's report logs, previews). */
export { renderMail };
