// The schemas' own validation messages, by key: a schema writes `.max(200, msg('name.max'))`, so the
// issue's message is the key; the client translates `validation:<key>` with the parameters
// (`{{maximum}}`, `{{minimum}}`…) and the server formats the English below for REST bodies and logs.
// zod's built-in messages carry no key: the client words them by issue code (see `FieldIssue`).
import { interpolate } from './messages.ts';

export const VALIDATION_MESSAGES = {
  'name.required': 'Name is required',
  'name.max': 'Name must be at most {{maximum}} characters',
} as const;

export type ValidationKey = keyof typeof VALIDATION_MESSAGES;

export function isValidationKey(key: unknown): key is ValidationKey {
  return typeof key === 'string' && Object.hasOwn(VALIDATION_MESSAGES, key);
}

/** A schema's own message, by key (the message is the key itself). */
export function msg(key: ValidationKey): ValidationKey {
  return key;
}

/** The English text of a validation key with the parameters in place. */
export function formatValidation(key: ValidationKey, params: Record<string, string | number | boolean> = {}): string {
  return interpolate(
    VALIDATION_MESSAGES[key],
    Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
  );
}
