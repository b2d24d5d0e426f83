// Says a failure in the reader's language: a thrown error by its key in the `errors` namespace and its
// values, a field issue by its own key or by its zod code and parameters (`validation` namespace).
// Nothing here reads the English text; an error without a key (network, a REST body) shows as it came.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { vocabularyKey } from '../../shared/errors/vocabulary.ts';
import { type FieldIssue, type IssueParams, parseError } from '../../shared/errors.ts';
import { ERROR_NAMESPACES } from '../i18n/index.ts';

/** The generic `validation` key of a zod issue that names no message of its own, from its code and parameters. */
export function genericIssueKey(issue: FieldIssue): string {
  const { origin, minimum, inclusive, received, expected } = issue.params;
  const numeric = origin === 'number' || origin === 'int' || origin === 'bigint';
  const items = origin === 'array' || origin === 'set';
  switch (issue.code) {
    case 'invalid_type':
      if (received === 'undefined' || received === 'null' || received === 'nan') return 'zod.required';
      return expected === 'int' ? 'zod.wholeNumber' : 'zod.invalidType';
    case 'too_small':
      if (origin === 'string') return minimum === 1 ? 'zod.required' : 'zod.minLength';
      if (items) return 'zod.minItems';
      // Only ids are positive (exclusive > 0): an empty record select reads as 0, so "choose one".
      if (numeric) return inclusive ? 'zod.minNumber' : minimum === 0 ? 'zod.chooseOption' : 'zod.moreThan';
      return 'zod.invalid';
    case 'too_big':
      if (origin === 'string') return 'zod.maxLength';
      if (items) return 'zod.maxItems';
      return numeric ? 'zod.maxNumber' : 'zod.invalid';
    case 'invalid_value':
      return 'zod.chooseOption';
    case 'invalid_format':
      return 'zod.invalidFormat';
    default:
      return 'zod.invalid';
  }
}

/** The i18n key (with its namespace) of a field issue. */
export function issueKey(issue: FieldIssue): string {
  if (issue.code === 'error' && issue.key) return `errors:${issue.key}`;
  return `validation:${issue.key ?? genericIssueKey(issue)}`;
}

export interface ErrorText {
  /** A thrown error (tRPC, fetch) in the reader's language. */
  error: (error: unknown) => string;
  /** One field issue in the reader's language. */
  issue: (issue: FieldIssue) => string;
}

/** Translating errors and field issues; renders at once and again when the error strings arrive. */
export function useErrorText(): ErrorText {
  const { t, i18n } = useTranslation(ERROR_NAMESPACES, { useSuspense: false });
  const english = (i18n.resolvedLanguage ?? i18n.language) === 'en';
  return useMemo(() => {
    // Values that are words (a kind of record, a table, a hint) in this language, see vocabulary.ts.
    const words = (values: IssueParams | Record<string, string | number>): Record<string, unknown> => {
      const out: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(values)) {
        const word = typeof value === 'boolean' ? null : vocabularyKey(name, value);
        if (!word) out[name] = value;
        else {
          const other = name === 'table' && !english ? t('errors:tables.other') : word.words;
          out[name] = t(`errors:${word.key}`, { defaultValue: other });
        }
      }
      return out;
    };
    return {
      error: (error) => {
        const parsed = parseError(error);
        if (!parsed.key) return parsed.message;
        return t(`errors:${parsed.key}`, { ...words(parsed.values), defaultValue: parsed.message });
      },
      issue: (issue) => {
        const values = issue.code === 'error' ? words(issue.params) : issue.params;
        return t(issueKey(issue), values);
      },
    };
  }, [t, english]);
}
