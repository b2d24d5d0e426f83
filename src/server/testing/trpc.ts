// Helpers for tests that call tRPC procedures directly (t.caller / t.createAnonCaller).
import { TRPCError } from '@trpc/server';

/** The tRPC error code the call fails with ('NOT_FOUND', 'FORBIDDEN'…), or 'OK' when it succeeds. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    throw error;
  }
  return 'OK';
}
