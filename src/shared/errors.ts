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
  'INTERNAL',
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export interface ParsedError {
  message: string;
  fieldErrors: Record<string, string[]>;
}

/** Pull a message and field errors out of anything a tRPC or fetch call threw. */
export function parseError(error: unknown): ParsedError {
  const fallback = 'Something went wrong';
  if (!error || typeof error !== 'object') return { message: fallback, fieldErrors: {} };
  const e = error as { message?: unknown; data?: { fieldErrors?: unknown } };
  const fieldErrors =
    e.data && typeof e.data.fieldErrors === 'object' && e.data.fieldErrors
      ? (e.data.fieldErrors as Record<string, string[]>)
      : {};
  return { message: typeof e.message === 'string' && e.message ? e.message : fallback, fieldErrors };
}

/** A CONFLICT because the record changed since it was read (its version moved): reload or overwrite. */
export function isStaleRecordError(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { data?: { stale?: unknown } }).data?.stale === true;
}
