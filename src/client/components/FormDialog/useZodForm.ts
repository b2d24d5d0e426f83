// Form state validated by a shared zod schema (the same object the server's procedure uses), with
// field-level messages from the client check and from the server's field issues, translated by key.
import { type FormEvent, useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';
import { type FieldIssue, parseError } from '../../../shared/errors.ts';
import { useErrorText } from '../../lib/error-text.ts';
import { type FieldErrors, issuesToFieldErrors, withoutPath } from './form-errors.ts';

/** The form-level issue when the server put its messages on fields ("Check the highlighted fields"). */
const FIX_FIELDS: FieldIssue = { code: 'error', key: 'common.invalidInput', params: {} };

/** What the last submit's refusal says about the whole form: an issue of its own, or the error itself. */
type Refusal = { issue: FieldIssue } | { error: unknown };

export interface ZodForm<V extends Record<string, unknown>, O = unknown> {
  values: V;
  /** Set one top-level field (clears the server's message for it). */
  set: <K extends keyof V & string>(name: K, value: V[K]) => void;
  /** Replace several fields at once; `touched` names the paths whose server messages to clear. */
  patch: (patch: Partial<V>, touched?: string[]) => void;
  /** Start over with new values (no messages). */
  reset: (values: V) => void;
  /** Current messages by dotted path (client check once submitted, plus the server's). */
  errors: FieldErrors;
  /** The first translated message at `path`, if any. */
  error: (path: string) => string | undefined;
  /** A translated message for the whole form (server refusal, conflict…), if any. */
  formError: string | null;
  submitting: boolean;
  /** Whether the values differ from the starting ones (or the last `reset`): closing would lose them. */
  dirty: boolean;
  /** Bumped on every failed submit so the dialog can move focus to the first invalid field. */
  failedSubmits: number;
  /** A submit handler: validates, then calls `onValid` with the parsed data; server errors land on the fields. */
  handleSubmit: (onValid: (data: O) => Promise<unknown> | unknown) => (event?: FormEvent) => Promise<boolean>;
}

/**
 * @param schema the shared input schema (`ZCreateDirectionInput`…)
 * @param initial the form's starting values
 * @param toInput maps form values to the schema's input (e.g. '' -> null); identity by default
 */
export function useZodForm<S extends z.ZodType, V extends Record<string, unknown>>(
  schema: S,
  initial: V | (() => V),
  toInput: (values: V) => unknown = (v) => v,
): ZodForm<V, z.output<S>> {
  const text = useErrorText();
  const [values, setValues] = useState<V>(initial);
  // What "unchanged" means: the values the form started with, or was last reset to.
  const [pristine, setPristine] = useState<V>(values);
  const dirty = useMemo(() => !sameValues(values, pristine), [values, pristine]);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [failedSubmits, setFailedSubmits] = useState(0);

  const clientErrors = useMemo<FieldErrors>(() => {
    if (!attempted) return {};
    const input = toInput(values);
    const result = schema.safeParse(input);
    return result.success ? {} : issuesToFieldErrors(result.error.issues, input);
    // toInput is a pure mapping given inline by callers; values and schema decide the result.
  }, [attempted, schema, values]);

  const errors = useMemo(() => ({ ...serverErrors, ...clientErrors }), [serverErrors, clientErrors]);

  const patch = useCallback((next: Partial<V>, touched: string[] = Object.keys(next)) => {
    setValues((current) => ({ ...current, ...next }));
    setServerErrors((current) => touched.reduce((acc, path) => withoutPath(acc, path), current));
  }, []);

  // Stable (state setters only): safe in an effect's dependencies.
  const reset = useCallback((next: V) => {
    setValues(next);
    setPristine(next);
    setAttempted(false);
    setServerErrors({});
    setRefusal(null);
  }, []);

  const handleSubmit = useCallback(
    (onValid: (data: z.output<S>) => Promise<unknown> | unknown) => async (event?: FormEvent) => {
      event?.preventDefault();
      setAttempted(true);
      setRefusal(null);
      const result = schema.safeParse(toInput(values));
      if (!result.success) {
        setFailedSubmits((n) => n + 1);
        return false;
      }
      setSubmitting(true);
      try {
        await onValid(result.data);
        return true;
      } catch (error) {
        const { fieldIssues } = parseError(error);
        const { '': whole, ...fields } = fieldIssues;
        setServerErrors(fields);
        setRefusal(whole?.[0] ? { issue: whole[0] } : Object.keys(fields).length ? { issue: FIX_FIELDS } : { error });
        setFailedSubmits((n) => n + 1);
        return false;
      } finally {
        setSubmitting(false);
      }
    },
    [schema, values],
  );

  const firstClientRootError = clientErrors['']?.[0] ?? (Object.keys(clientErrors).length ? FIX_FIELDS : undefined);
  return {
    values,
    set: (name, value) => patch({ [name]: value } as unknown as Partial<V>, [name]),
    patch,
    reset,
    errors,
    error: (path) => {
      const first = errors[path]?.[0];
      return first ? text.issue(first) : undefined;
    },
    formError: refusal
      ? 'issue' in refusal
        ? text.issue(refusal.issue)
        : text.error(refusal.error)
      : firstClientRootError
        ? text.issue(firstClientRootError)
        : null,
    submitting,
    dirty,
    failedSubmits,
    handleSubmit,
  };
}

/** Two form states hold the same values (plain data: strings, numbers, arrays, objects, dates). */
function sameValues(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
