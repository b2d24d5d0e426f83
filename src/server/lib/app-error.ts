// One error table, two outlets: each AppErrorCode maps to a tRPC code and an HTTP status.
// Services throw AppError; the tRPC error formatter and the REST error handler read this table.
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

/** Normalise anything thrown into an AppError; unknown errors become INTERNAL. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return new AppError('BAD_REQUEST', zodMessage(error), zodFieldErrors(error));
  return new AppError('INTERNAL', 'Something went wrong');
}
