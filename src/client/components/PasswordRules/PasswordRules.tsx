import { CheckIcon, XIcon } from '@primer/octicons-react';
import { useTranslation } from 'react-i18next';
import classes from './PasswordRules.module.css';

/** The password rules of ZNewPassword (src/shared/schemas/auth.ts), ticked as they are met. */
export const PASSWORD_RULES = [
  { key: 'passwordMin', test: (p: string) => p.length >= 8 },
  { key: 'passwordLower', test: (p: string) => /[a-z]/.test(p) },
  { key: 'passwordUpper', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'passwordDigit', test: (p: string) => /[0-9]/.test(p) },
] as const;

export function PasswordRules({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation();
  return (
    <ul className={classes.rules} id={id} aria-label={t('register.rulesTitle')}>
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        const Icon = met ? CheckIcon : XIcon;
        return (
          <li key={rule.key} className={classes.rule} data-met={met || undefined}>
            <Icon size={12} />
            <span>{t(`rules.${rule.key}`)}</span>
            <span className={classes.srOnly}>{met ? t('rules.met') : t('rules.notMet')}</span>
          </li>
        );
      })}
    </ul>
  );
}
