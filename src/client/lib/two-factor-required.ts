// Past the grace period of their customer's second-factor policy, the server refuses a covered user
// everything but sign-in and enrolment (FORBIDDEN, reason TWO_FACTOR_REQUIRED). Whatever query or mutation
// meets that refusal first sends the browser to the one page where they can enrol (or sign out), with the
// page they were on kept to come back to.

import { TWO_FACTOR_REQUIRED } from '../../shared/constants/two-factor.ts';
import { parseError } from '../../shared/errors.ts';

export const TWO_FACTOR_PAGE = '/two-factor-required';

export function isTwoFactorRequired(error: unknown): boolean {
  const parsed = parseError(error);
  return parsed.reason === TWO_FACTOR_REQUIRED && parsed.key === 'auth.twoFactorEnrolmentRequired';
}

/** Go to the enrolment page when `error` is the policy's refusal (and we are not there already). */
export function redirectWhenTwoFactorRequired(error: unknown): void {
  if (!isTwoFactorRequired(error) || window.location.pathname === TWO_FACTOR_PAGE) return;
  const back = window.location.pathname + window.location.search;
  window.location.assign(`${TWO_FACTOR_PAGE}?${new URLSearchParams({ redirect: back })}`);
}
