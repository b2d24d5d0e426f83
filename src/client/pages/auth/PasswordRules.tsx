// Shared with the account settings page: the component lives in components/PasswordRules.
export { PASSWORD_RULES, PasswordRules } from '../../components/PasswordRules/PasswordRules.tsx';
