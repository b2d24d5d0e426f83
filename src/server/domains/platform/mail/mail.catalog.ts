// The server's own texts: e-mails and in-app notifications, in the reader's language (en, fr, de, ar).
// A text is a key of `kinds` and values; `{{name}}` in a text is replaced by the value (user text is
// escaped by the HTML renderer, never trusted as markup). An unknown language reads English.

import { formatZoned, isZonedTime, type ZonedTime } from '../../../../shared/time/zoned.ts';
import type { MailCatalog, MailKind } from './mail.types.ts';
import { ar } from './messages/ar.ts';
import { de } from './messages/de.ts';
import { en } from './messages/en.ts';
import { fr } from './messages/fr.ts';

export { type KindTexts, MAIL_KINDS, type MailCatalog, type MailKind } from './mail.types.ts';

import { MAIL_KINDS, SIGN_IN_CHANGE_KINDS } from './mail.types.ts';

export type MailLanguage = 'en' | 'fr' | 'de' | 'ar';
const CATALOGS: Record<MailLanguage, MailCatalog> = { en, fr, de, ar };

/** Values put into a text; a time at a place is kept as such and written in the reader's language. */
export type TextValues = Record<string, string | number | ZonedTime>;

/** Who reads a text: their language, and their own clock's zone when known (else a place's zone is named). */
export interface Reader {
  language: string;
  zone?: string | null;
}

/** The catalog of `language` (English when it is not one of ours). */
export function catalogOf(language: string | null | undefined): { language: MailLanguage; catalog: MailCatalog } {
  const lang = (language ?? 'en').slice(0, 2) as MailLanguage;
  return lang in CATALOGS ? { language: lang, catalog: CATALOGS[lang] } : { language: 'en', catalog: en };
}

/** `text` with each `{{name}}` replaced by its value (a missing value reads as empty). */
export function fill(text: string, values: TextValues = {}, reader: Reader = { language: 'en' }): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (isZonedTime(value))
      return formatZoned(value.at, { language: reader.language, zone: value.zone, readerZone: reader.zone });
    return String(value ?? '');
  });
}

/** Whether `key` names one of the server's texts (stored notification keys are read back through it). */
export function isMailKind(key: string): key is MailKind {
  return (MAIL_KINDS as readonly string[]).includes(key);
}

/** A text's title and body in `language` (times named on their place's clock; `readerZone`: the reader's own). */
export function textOf(
  kind: MailKind,
  language: string | null | undefined,
  values: TextValues = {},
  readerZone: string | null = null,
) {
  const { language: lang, catalog } = catalogOf(language);
  const texts = catalog.kinds[kind];
  const reader = { language: lang, zone: readerZone };
  return {
    title: fill(texts.title, values, reader),
    body: fill(texts.body, values, reader),
    action: fill(texts.action, values, reader),
  };
}

/** Security e-mails that answer a request anyone can make: they say they can be ignored if it was not you. */
export const REQUEST_KINDS: ReadonlySet<MailKind> = new Set(['passwordReset', 'registrationAttempt']);

/** E-mails about the account itself: always sent, never unsubscribed from. */
export const SECURITY_KINDS: ReadonlySet<MailKind> = new Set([
  'passwordReset',
  'invitation',
  'registrationAttempt',
  ...SIGN_IN_CHANGE_KINDS,
]);
