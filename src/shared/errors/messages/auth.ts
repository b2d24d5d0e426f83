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
  'auth.commonPassword': 'This password is too common or too easy to guess: choose another',
  'auth.twoFactorRequired': 'Enter the code of your authenticator app',
  'auth.invalidCode': 'This code is not valid (or was already used); try the next one',
  'auth.twoFactorEnrolmentRequired': 'Your organisation requires a second factor: set one up in account settings',
  'auth.twoFactorNotPending': 'Start the set-up again: no key is waiting for confirmation',
  'auth.twoFactorAlreadyOn': 'Two-factor authentication is already on',
  'auth.twoFactorOff': 'Two-factor authentication is off',
  'auth.ssoEnforced': 'Your organisation signs in through its identity provider: use “Continue with single sign-on”',
  'auth.passkeyRequired': 'This account’s second factor is a passkey: use “Sign in with a passkey”',
  'auth.passkeyNotVerified': 'The passkey could not be verified; try again',
  'auth.passkeyExists': 'This passkey is already registered',
  'auth.passkeyRefused': 'This passkey could not sign you in',
} as const;
