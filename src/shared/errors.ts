// Error codes shared by server and client; the server maps each to a tRPC code and HTTP status.
export const APP_ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_MANY_REQUESTS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

/** Parameters of a field issue: a zod issue's `minimum`, `maximum`, `origin`, `format`…, or an AppError's values. */
export type IssueParams = Record<string, string | number | boolean>;

/**
 * One problem with one field, as the client receives it (tRPC `data.fieldIssues[path]`):
 * - a zod issue by its zod 4 `code` ('too_small', 'invalid_type', 'custom'…) and parameters, with `key`
 *   (a key of the `validation` catalogue, src/shared/errors/validation.ts) when the schema named its message;
 * - code 'error': a service refused the field; `key` is a key of the `errors` catalogue (messages.ts).
 */
export type FieldIssue = { code: string; params: IssueParams; key?: string };

export interface ParsedError {
  /** The English message (REST, scripts, logs); show `key` translated instead. */
  message: string;
  /** The `errors` catalogue key, absent for failures that carry none (network, old servers). */
  key?: string;
  values: Record<string, string | number>;
  fieldErrors: Record<string, string[]>;
  fieldIssues: Record<string, FieldIssue[]>;
  /** A machine-readable reason beside the code (`TWO_FACTOR_REQUIRED`), when the server gave one. */
  reason?: string;
}

function objectOr<T>(value: unknown, fallback: T): T {
  return value && typeof value === 'object' ? (value as T) : fallback;
}

/** Pull the key, values, message and field errors out of anything a tRPC or fetch call threw. */
export function parseError(error: unknown): ParsedError {
  const fallback = 'Something went wrong';
  const empty = { message: fallback, key: 'common.somethingWentWrong', values: {}, fieldErrors: {}, fieldIssues: {} };
  if (!error || typeof error !== 'object') return empty;
  const e = error as { message?: unknown; data?: Record<string, unknown> };
  const data = objectOr<Record<string, unknown>>(e.data, {});
  const fieldErrors = objectOr<Record<string, string[]>>(data.fieldErrors, {});
  const fieldIssues = objectOr<Record<string, FieldIssue[]>>(data.fieldIssues, {});
  return {
    message: typeof e.message === 'string' && e.message ? e.message : fallback,
    key: typeof data.key === 'string' ? data.key : undefined,
    values: objectOr(data.values, {}),
    fieldErrors,
    fieldIssues,
    ...(typeof data.reason === 'string' ? { reason: data.reason } : {}),
  };
}

/** A CONFLICT because the record changed since it was read (its version moved): reload or overwrite. */
export function isStaleRecordError(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { data?: { stale?: unknown } }).data?.stale === true;
}
