// The server's own texts: e-mails and in-app notifications, in the reader's language (en, fr, de, ar).
// A text is a key of `kinds` and values; `{{name}}` in a text is replaced by the value (user text is
// escaped by the HTML renderer, never trusted as markup). An unknown language reads English.

import type { MailCatalog, MailKind } from './mail.types.ts';
import { ar } from './messages/ar.ts';
import { de } from './messages/de.ts';
import { en } from './messages/en.ts';
import { fr } from './messages/fr.ts';

export { type KindTexts, MAIL_KINDS, type MailCatalog, type MailKind } from './mail.types.ts';

import { MAIL_KINDS } from './mail.types.ts';

export type MailLanguage = 'en' | 'fr' | 'de' | 'ar';
const CATALOGS: Record<MailLanguage, MailCatalog> = { en, fr, de, ar };

/** Values put into a text. */
export type TextValues = Record<string, string | number>;

/** The catalog of `language` (English when it is not one of ours). */
export function catalogOf(language: string | null | undefined): { language: MailLanguage; catalog: MailCatalog } {
  const lang = (language ?? 'en').slice(0, 2) as MailLanguage;
  return lang in CATALOGS ? { language: lang, catalog: CATALOGS[lang] } : { language: 'en', catalog: en };
}

/** `text` with each `{{name}}` replaced by its value (a missing value reads as empty). */
export function fill(text: string, values: TextValues = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** Whether `key` names one of the server's texts (stored notification keys are read back through it). */
export function isMailKind(key: string): key is MailKind {
  return (MAIL_KINDS as readonly string[]).includes(key);
}

/** A text's title and body in `language`. */
export function textOf(kind: MailKind, language: string | null | undefined, values: TextValues = {}) {
  const texts = catalogOf(language).catalog.kinds[kind];
  return { title: fill(texts.title, values), body: fill(texts.body, values), action: fill(texts.action, values) };
}

/** E-mails about the account itself: always sent, never unsubscribed from. */
export const SECURITY_KINDS: ReadonlySet<MailKind> = new Set(['passwordReset', 'invitation', 'registrationAttempt']);
