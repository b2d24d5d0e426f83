import { useTranslation } from 'react-i18next';

/**
 * Server and schema messages are English (src/shared/schemas); this shows the known ones in the
 * current language and anything else as it came.
 */
const KEYS: Record<string, string> = {
  'Invalid email or password': 'auth.invalid',
  'Something went wrong': 'errors.generic',
  'Email is required': 'validation.emailRequired',
  'Password is required': 'validation.passwordRequired',
  'Enter a valid email address': 'validation.emailInvalid',
  'Password must be at least 8 characters': 'validation.passwordMin',
  'Password must be at most 128 characters': 'validation.passwordMax',
  'Password must contain a lowercase letter': 'validation.passwordLower',
  'Password must contain an uppercase letter': 'validation.passwordUpper',
  'Password must contain a digit': 'validation.passwordDigit',
  'Full name must be at least 2 characters': 'validation.fullNameMin',
  'Customer code is required': 'validation.customerCodeRequired',
  'Unknown customer code': 'validation.customerCodeUnknown',
  'An account with this email already exists': 'validation.emailTaken',
  'This reset link is invalid or has expired': 'reset.invalid',
  'Your account is waiting for approval by an administrator': 'auth.pending',
  'Your account is deactivated; ask your administrator': 'auth.inactive',
  'Your organisation is suspended; contact support': 'auth.suspended',
};

export function useServerMessage(): (message: string) => string {
  const { t } = useTranslation();
  return (message) => {
    const key = KEYS[message];
    if (key) return t(key);
    if (/too many/i.test(message)) return t('auth.tooMany');
    return message;
  };
}
