// The catalogue of expected failures: one stable key per message, English text beside it. The server
// throws `new AppError(code, key, values)`; its English text is the REST `message` and the log line,
// and the client translates `errors:<key>` (locales/<lng>/errors.json, nested by area). Add an area
// as `messages/<area>.ts` (`export const <area>Messages = { '<area>.<name>': 'Text {{value}}' } as const`),
// then import it and spread it below; give every key its four translations in errors.json. Values that
// are words to translate (`record`, `table`, `hint`) are described in vocabulary.ts.
import { interpolate } from './interpolate.ts';
import { authMessages } from './messages/auth.ts';
import { commonMessages } from './messages/common.ts';
import { type RecordName, recordsMessages } from './messages/records.ts';
import { tablesMessages } from './messages/tables.ts';
import { vocabularyKey } from './vocabulary.ts';

export const ERROR_MESSAGES = {
  ...commonMessages,
  ...authMessages,
  ...recordsMessages,
  ...tablesMessages,
} as const;

export type ErrorKey = keyof typeof ERROR_MESSAGES;
export type ErrorValues = Record<string, string | number>;
export type { RecordName };

export function isErrorKey(key: unknown): key is ErrorKey {
  return typeof key === 'string' && Object.hasOwn(ERROR_MESSAGES, key);
}

/** The English text of `key` with `values` in place (vocabulary values in words). */
export function formatMessage(key: ErrorKey, values: ErrorValues = {}): string {
  const resolved: ErrorValues = {};
  for (const [name, value] of Object.entries(values)) {
    const word = vocabularyKey(name, value);
    resolved[name] = word ? ((ERROR_MESSAGES as Record<string, string>)[word.key] ?? word.words) : value;
  }
  return interpolate(ERROR_MESSAGES[key], resolved);
}
