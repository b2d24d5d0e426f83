// Messages of sign-in, registration and password resets (platform/auth). Public flows answer alike for
// known and unknown addresses, so these say nothing about whether an account exists.
export const authMessages = {
  'auth.invalidCredentials': 'Invalid email or password',
  'auth.pending': 'Your account is waiting for approval by an administrator',
  'auth.inactive': 'Your account is deactivated; ask your administrator',
  'auth.suspended': 'Your organisation is suspended; contact support',
  'auth.tooManyAttempts': 'Too many sign-in attempts. Try again in {{seconds}} seconds.',
  'auth.tooManyRegistrations': 'Too many sign-up requests from your network. Try again in {{minutes}} minutes.',
  'auth.invalidResetLink': 'This reset link is invalid or has expired',
} as const;
