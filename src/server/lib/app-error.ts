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
import type { AppErrorCode } from '../../shared/errors.ts';

export const ERROR_TABLE: Record<AppErrorCode, { trpc: TRPC_ERROR_CODE_KEY; status: number }> = {
  BAD_REQUEST: { trpc: 'BAD_REQUEST', status: 400 },
  UNAUTHORIZED: { trpc: 'UNAUTHORIZED', status: 401 },
  FORBIDDEN: { trpc: 'FORBIDDEN', status: 403 },
  NOT_FOUND: { trpc: 'NOT_FOUND', status: 404 },
  CONFLICT: { trpc: 'CONFLICT', status: 409 },
  TOO_MANY_REQUESTS: { trpc: 'TOO_MANY_REQUESTS', status: 429 },
  PAYLOAD_TOO_LARGE: { trpc: 'PAYLOAD_TOO_LARGE', status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { trpc: 'UNSUPPORTED_MEDIA_TYPE', status: 415 },
  INTERNAL: { trpc: 'INTERNAL_SERVER_ERROR', status: 500 },
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly fieldErrors?: Record<string, string[]>;

  constructor(code: AppErrorCode, message: string, fieldErrors?: Record<string, string[]>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = fieldErrors;
  }

  get status(): number {
    return ERROR_TABLE[this.code].status;
  }
}

/**
 * CONFLICT: the record was changed by someone else since the caller read it (its version moved).
 * tRPC errors say so with `data.stale: true`, so a form can offer to reload or overwrite.
 */
export class StaleRecordError extends AppError {
  constructor(message: string) {
    super('CONFLICT', message);
    this.name = 'StaleRecordError';
  }
}

/** Field messages of a zod error, keyed by dotted path ("" for the whole input). */
/** NOT_FOUND: `${label} not found` (also for another customer's record). */
export function notFound(label: string): AppError {
  return new AppError('NOT_FOUND', `${label} not found`);
}

export function zodFieldErrors(error: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** A readable one-line summary of a zod error. */
export function zodMessage(error: ZodError): string {
  return error.issues
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/** PostgreSQL's error fields, which MikroORM's DriverException copies from the driver's error. */
interface PgErrorFields {
  table?: string;
  detail?: string;
}

/** A table name in words: `sub_directions` -> "sub directions". */
function tableWords(table: string | undefined): string {
  return table ? table.replace(/_/g, ' ') : 'other records';
}

/** 23505: the columns of the violated key ("customer id and code") from the detail `Key (customer_id, code)=(…)`. */
function uniqueMessage(error: PgErrorFields): string {
  const columns = /^Key \(([^)]*)\)=/
    .exec(error.detail ?? '')?.[1]
    ?.split(',')
    .map((c) => c.trim().replace(/_/g, ' '));
  const what = columns?.length ? `this ${columns.join(' and ')}` : 'these values';
  return `Another record in ${tableWords(error.table)} already has ${what}`;
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
function foreignKeyMessage(error: PgErrorFields): string {
  const detail = error.detail ?? '';
  const missing = /is not present in table "([^"]+)"/.exec(detail)?.[1];
  if (missing) return `It refers to a record of ${tableWords(missing)} that does not exist`;
  const user = /referenced from table "([^"]+)"/.exec(detail)?.[1] ?? error.table;
  return `It is still used by ${tableWords(user)}`;
}

/** The AppError for errors with a known meaning (AppError, zod, constraint violations); null for the rest. */
export function knownAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return new AppError('BAD_REQUEST', zodMessage(error), zodFieldErrors(error));
  if (error instanceof UniqueConstraintViolationException)
    return new AppError('CONFLICT', uniqueMessage(error as PgErrorFields));
  if (isForeignKeyViolation(error)) return new AppError('CONFLICT', foreignKeyMessage(error as PgErrorFields));
  // A flush whose UPDATE found the row at another version than the one loaded (records' `version`).
  if (error instanceof OptimisticLockError) {
    return new StaleRecordError(
      'This record was changed by someone else at the same time. Reload it to see their changes, or save again to overwrite them.',
    );
  }
  return null;
}

/** Normalise anything thrown into an AppError; unknown errors become INTERNAL. */
export function toAppError(error: unknown): AppError {
  return knownAppError(error) ?? new AppError('INTERNAL', 'Something went wrong');
}
