// Form state validated by a shared zod schema (the same object the server's procedure uses), with
// field-level messages from the client check and from the server's `fieldErrors`, translated.
import { type FormEvent, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { parseError } from '../../../shared/errors.ts';
import { describeMessage, type FieldErrors, issuesToFieldErrors, withoutPath } from './form-errors.ts';

/** Translate one validation message (client or server) through the `validation` namespace. */
export function useValidationMessage(): (message: string) => string {
  const { t } = useTranslation('validation');
  return useCallback(
    (message: string) => {
      const { key, values } = describeMessage(message);
      return t(key, { ...values, keySeparator: false, nsSeparator: false, defaultValue: message });
    },
    [t],
  );
}

/** The form-level message when the server put its messages on fields. */
export const FIX_FIELDS = 'Check the highlighted fields';

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
  const message = useValidationMessage();
  const [values, setValues] = useState<V>(initial);
  // What "unchanged" means: the values the form started with, or was last reset to.
  const [pristine, setPristine] = useState<V>(values);
  const dirty = useMemo(() => !sameValues(values, pristine), [values, pristine]);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [failedSubmits, setFailedSubmits] = useState(0);

  const clientErrors = useMemo<FieldErrors>(() => {
    if (!attempted) return {};
    const result = schema.safeParse(toInput(values));
    return result.success ? {} : issuesToFieldErrors(result.error.issues);
    // toInput is a pure mapping given inline by callers; values and schema decide the result.
  }, [attempted, schema, values]);

  const errors = useMemo(() => ({ ...serverErrors, ...clientErrors }), [serverErrors, clientErrors]);

  const patch = useCallback((next: Partial<V>, touched: string[] = Object.keys(next)) => {
    setValues((current) => ({ ...current, ...next }));
    setServerErrors((current) => touched.reduce((acc, path) => withoutPath(acc, path), current));
  }, []);

  const handleSubmit = useCallback(
    (onValid: (data: z.output<S>) => Promise<unknown> | unknown) => async (event?: FormEvent) => {
      event?.preventDefault();
      setAttempted(true);
      setServerMessage(null);
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
        const parsed = parseError(error);
        const fieldErrors = { ...parsed.fieldErrors };
        const whole = fieldErrors[''];
        delete fieldErrors[''];
        setServerErrors(fieldErrors);
        setServerMessage(whole?.[0] ?? (Object.keys(fieldErrors).length ? FIX_FIELDS : parsed.message));
        setFailedSubmits((n) => n + 1);
        return false;
      } finally {
        setSubmitting(false);
      }
    },
    [schema, values],
  );

  const firstClientRootError = clientErrors['']?.[0];
  return {
    values,
    set: (name, value) => patch({ [name]: value } as unknown as Partial<V>, [name]),
    patch,
    reset: (next) => {
      setValues(next);
      setPristine(next);
      setAttempted(false);
      setServerErrors({});
      setServerMessage(null);
    },
    errors,
    error: (path) => {
      const first = errors[path]?.[0];
      return first ? message(first) : undefined;
    },
    formError: serverMessage
      ? message(serverMessage)
      : firstClientRootError
        ? message(firstClientRootError)
        : Object.keys(clientErrors).length
          ? message(FIX_FIELDS)
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
