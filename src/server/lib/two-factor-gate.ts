// The one place the second-factor policy is enforced: a signed-in user whom their customer's policy
// requires to have a second factor, past the grace period, without one (`twoFactorBlocked`, worked out
// with the session in auth/session.resolve.ts) may reach only sign-in and enrolment. The tRPC base
// procedure and the REST gate both ask here, so the list of what stays open is written once.
import { TWO_FACTOR_REQUIRED } from '../../shared/schemas/two-factor.ts';
import { AppError } from './app-error.ts';
import type { SessionUser } from './context.ts';

/** tRPC procedures a blocked user may still call: sign-in and sign-out, their account, enrolment (a key or a passkey). */
const OPEN_PROCEDURES = [/^auth\./, /^account\.get$/, /^account\.twoFactor\./, /^account\.passkeys\./];
/** REST paths a blocked user may still call. */
const OPEN_PATHS = [/^\/api\/auth\//];

function refusal(): AppError {
  return new AppError('FORBIDDEN', 'auth.twoFactorEnrolmentRequired').because(TWO_FACTOR_REQUIRED);
}

/** Throws FORBIDDEN with reason TWO_FACTOR_REQUIRED when `user` is blocked and `procedure` is not enrolment. */
export function assertTwoFactorProcedure(user: SessionUser | null, procedure: string): void {
  if (user?.twoFactorBlocked && !OPEN_PROCEDURES.some((open) => open.test(procedure))) throw refusal();
}

/** The same for a REST path (without its query string). */
export function assertTwoFactorPath(user: SessionUser | null, path: string): void {
  if (user?.twoFactorBlocked && !OPEN_PATHS.some((open) => open.test(path))) throw refusal();
}
