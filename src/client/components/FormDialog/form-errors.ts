// Field errors of forms: zod issues (the client's own check) and the server's field issues, keyed by
// dotted path, each said by code and key in the reader's language (lib/error-text.ts).
import type { z } from 'zod';
import { toFieldIssues } from '../../../shared/errors/issues.ts';
import type { FieldIssue } from '../../../shared/errors.ts';

/** Issues per dotted field path (`name`, `sections.0.questions.2.text`); '' is the whole form. */
export type FieldErrors = Record<string, FieldIssue[]>;

/** Group zod issues by dotted path, as the server's error formatter does; `input` tells missing from wrong. */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[], input?: unknown): FieldErrors {
  return toFieldIssues(issues, input);
}

/** Errors without those at `path` or below it (a field the user just changed). */
export function withoutPath(errors: FieldErrors, path: string): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(errors)) {
    if (key === path || key.startsWith(`${path}.`)) continue;
    out[key] = messages;
  }
  return out;
}

/** Whether any error sits at `path` or below it. */
export function hasErrorsUnder(errors: FieldErrors, path: string): boolean {
  return Object.keys(errors).some((key) => key === path || key.startsWith(`${path}.`));
}
