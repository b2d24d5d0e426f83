// Assertions on refused tRPC calls made through test callers: the error code and, when given, the
// field the message is on, whether the service refused it (AppError field errors) or the input schema
// did (a zod error, keyed by its dotted path as the error formatter reports it).
import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import { ZodError } from 'zod';
import { AppError, zodFieldErrors } from '../lib/app-error.ts';

/** The field messages a refused call carries (as clients receive them in `data.fieldErrors`). */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  const cause = error instanceof TRPCError ? error.cause : error;
  if (cause instanceof ZodError) return zodFieldErrors(cause);
  if (cause instanceof AppError) return cause.fieldErrors ?? {};
  return {};
}

/** The call fails with `code`; with `field`, one of that field's messages matches `message` (any when omitted). */
export async function expectRefusal(
  call: Promise<unknown>,
  code: string,
  field?: string,
  message: RegExp = /./,
): Promise<void> {
  let error: unknown;
  try {
    await call;
  } catch (thrown) {
    error = thrown;
  }
  expect(error, `expected a ${code} refusal`).toBeInstanceOf(TRPCError);
  expect((error as TRPCError).code, (error as Error).message).toBe(code);
  if (field) {
    const messages = fieldErrorsOf(error)[field] ?? [];
    expect(
      messages.some((m) => message.test(m)),
      `${field}: ${JSON.stringify(fieldErrorsOf(error))}`,
    ).toBe(true);
  }
}
