// One error table, two outlets (tRPC, REST): each AppErrorCode maps to a tRPC code and an HTTP status, and
// unique (23505) / foreign-key (23503, 23001) violations are CONFLICT. Edit to give a thrown error its meaning.
import {
  DriverException,
  ForeignKeyConstraintViolationException,
  OptimisticLockError,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { ZodError } from 'zod';
import { issueParams, toFieldIssues } from '../../shared/errors/issues.ts';
import { type ErrorKey, type ErrorValues, formatMessage, type RecordName } from '../../shared/errors/messages.ts';
import { formatValidation, isValidationKey } from '../../shared/errors/validation.ts';
import type { AppErrorCode, FieldIssue } from '../../shared/errors.ts';

export const ERROR_TABLE: Record<AppErrorCode, { trpc: TRPC_ERROR_CODE_KEY; status: number }> = {
  BAD_REQUEST: { trpc: 'BAD_REQUEST', status: 400 },
  UNAUTHORIZED: { trpc: 'UNAUTHORIZED', status: 401 },
  FORBIDDEN: { trpc: 'FORBIDDEN', status: 403 },
  NOT_FOUND: { trpc: 'NOT_FOUND', status: 404 },
  CONFLICT: { trpc: 'CONFLICT', status: 409 },
  TOO_MANY_REQUESTS: { trpc: 'TOO_MANY_REQUESTS', status: 429 },
  PAYLOAD_TOO_LARGE: { trpc: 'PAYLOAD_TOO_LARGE', status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { trpc: 'UNSUPPORTED_MEDIA_TYPE', status: 415 },
  SERVICE_UNAVAILABLE: { trpc: 'SERVICE_UNAVAILABLE', status: 503 },
  INTERNAL: { trpc: 'INTERNAL_SERVER_ERROR', status: 500 },
};

/** A message key per field; the fields share the error's values. */
export type FieldKeys = Record<string, ErrorKey>;

/**
 * An expected failure: its code (the table above), a catalogue key with values, and the English text
 * of that key as `message` (REST bodies, logs). Field keys say which inputs are at fault.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  /** The catalogue key (src/shared/errors/messages.ts). */
  readonly key: ErrorKey;
  readonly values: ErrorValues;
  /** English messages per field: REST `errors`, tRPC `data.fieldErrors`. */
  fieldErrors?: Record<string, string[]>;
  /** The same by code and key: tRPC `data.fieldIssues`, which the client translates. */
  fieldIssues?: Record<string, FieldIssue[]>;
  /** A machine-readable reason beside the code (`TWO_FACTOR_REQUIRED`): tRPC `data.reason`, REST `reason`. */
  reason?: string;

  constructor(code: AppErrorCode, key: ErrorKey, values: ErrorValues = {}, fieldKeys?: FieldKeys) {
    super(formatMessage(key, values));
    this.name = 'AppError';
    this.code = code;
    this.key = key;
    this.values = values;
    if (fieldKeys) {
      const fields = Object.entries(fieldKeys);
      this.fieldErrors = Object.fromEntries(fields.map(([path, key]) => [path, [formatMessage(key, values)]]));
      this.fieldIssues = Object.fromEntries(
        fields.map(([path, key]) => [path, [{ code: 'error', key, params: values }]]),
      );
    }
  }

  get status(): number {
    return ERROR_TABLE[this.code].status;
  }

  /** This error with a machine-readable `reason` (see `reason`). */
  because(reason: string): this {
    this.reason = reason;
    return this;
  }
}

/**
 * BAD_REQUEST for input refused field by field (zod issues, unsafe strings): key `common.invalidInput`,
 * the English `message` a summary of the fields ("name: Name is required; …"), the issues by code.
 */
export class InputError extends AppError {
  constructor(message: string, fieldErrors: Record<string, string[]>, fieldIssues: Record<string, FieldIssue[]>) {
    super('BAD_REQUEST', 'common.invalidInput');
    this.name = 'InputError';
    this.message = message;
    this.fieldErrors = fieldErrors;
    this.fieldIssues = fieldIssues;
  }

  /** The InputError of a zod error; `input` (when known) tells a missing value from a wrong one. */
  static fromZod(error: ZodError, input?: unknown): InputError {
    return new InputError(zodMessage(error), zodFieldErrors(error), toFieldIssues(error.issues, input));
  }
}

/**
 * CONFLICT: the record was changed by someone else since the caller read it (its version moved).
 * tRPC errors say so with `data.stale: true`, so a form can offer to reload or overwrite.
 */
export class StaleRecordError extends AppError {
  constructor(record?: RecordLabel) {
    super('CONFLICT', record ? 'common.staleRecord' : 'common.stale', record ? { record } : {});
    this.name = 'StaleRecordError';
  }
}

/** A kind of record as messages name it ('Task', 'SubDirection'), which the client translates. */
export type RecordLabel = RecordName;

/** One record as messages name it: its kind and its code or name (`Direction "NORTH"`). */
export interface RecordRef {
  record: RecordLabel;
  name: string;
}

/** NOT_FOUND: "Task not found" (also for another customer's record). */
export function notFound(record: RecordLabel): AppError {
  return new AppError('NOT_FOUND', 'common.notFound', { record });
}

/** The English text of an issue: the schema's key in words, or zod's own message. */
export function zodIssueText(issue: ZodError['issues'][number]): string {
  return isValidationKey(issue.message) ? formatValidation(issue.message, issueParams(issue)) : issue.message;
}

/** Field messages of a zod error, keyed by dotted path ("" for the whole input). */
export function zodFieldErrors(error: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    (out[key] ??= []).push(zodIssueText(issue));
  }
  return out;
}

/** A readable one-line summary of a zod error. */
export function zodMessage(error: ZodError): string {
  return error.issues
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${zodIssueText(i)}` : zodIssueText(i)))
    .join('; ');
}

/** PostgreSQL's error fields, which MikroORM's DriverException copies from the driver's error. */
interface PgErrorFields {
  table?: string;
  detail?: string;
}

/** 23505: the columns of the violated key ("customer id and code") from the detail `Key (customer_id, code)=(…)`. */
function uniqueConflict(error: PgErrorFields): AppError {
  const columns = /^Key \(([^)]*)\)=/
    .exec(error.detail ?? '')?.[1]
    ?.split(',')
    .map((c) => c.trim().replace(/_/g, ' '));
  const table = error.table ?? 'other';
  return columns?.length
    ? new AppError('CONFLICT', 'common.uniqueConflict', { table, columns: columns.join(' and ') })
    : new AppError('CONFLICT', 'common.uniqueConflictValues', { table });
}

/** 23503 (MikroORM's ForeignKeyConstraintViolationException), or 23001 from an ON DELETE RESTRICT key. */
function isForeignKeyViolation(error: unknown): boolean {
  return (
    error instanceof ForeignKeyConstraintViolationException ||
    (error instanceof DriverException && error.code === '23001')
  );
}

/**
 * Deleting a row others still point at names the referencing table; writing a reference to a
 * missing row names the table it should be in.
 */
function foreignKeyConflict(error: PgErrorFields): AppError {
  const detail = error.detail ?? '';
  const missing = /is not present in table "([^"]+)"/.exec(detail)?.[1];
  if (missing) return new AppError('CONFLICT', 'common.missingReference', { table: missing });
  const user = /referenced from table "([^"]+)"/.exec(detail)?.[1] ?? error.table ?? 'other';
  return new AppError('CONFLICT', 'common.stillUsed', { table: user });
}

/** How long a caller refused for want of a database connection is asked to wait (its 503's Retry-After). */
export const BUSY_RETRY_SECONDS = 5;

/**
 * pg's pool gave no connection within its wait (db/orm.ts `connectionTimeoutMillis`): every connection
 * busy, or a new one not opened in time. MikroORM's DriverException keeps pg's message.
 */
function isPoolTimeout(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.message === 'timeout exceeded when trying to connect' ||
      error.message === 'Connection terminated due to connection timeout')
  );
}

/** The AppError for errors with a known meaning (AppError, zod, constraint violations); null for the rest. */
export function knownAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (isPoolTimeout(error)) return new AppError('SERVICE_UNAVAILABLE', 'common.busy', { seconds: BUSY_RETRY_SECONDS });
  if (error instanceof ZodError) return InputError.fromZod(error);
  if (error instanceof UniqueConstraintViolationException) return uniqueConflict(error as PgErrorFields);
  if (isForeignKeyViolation(error)) return foreignKeyConflict(error as PgErrorFields);
  // A flush whose UPDATE found the row at another version than the one loaded (records' `version`).
  if (error instanceof OptimisticLockError) return new StaleRecordError();
  return null;
}

/** Normalise anything thrown into an AppError; unknown errors become INTERNAL. */
export function toAppError(error: unknown): AppError {
  return knownAppError(error) ?? new AppError('INTERNAL', 'common.somethingWentWrong');
}
