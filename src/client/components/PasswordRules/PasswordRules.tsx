import { CheckIcon, XIcon } from '@primer/octicons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commonPasswordIssue } from '../../../shared/password-strength.ts';
import classes from './PasswordRules.module.css';

/** The length rules of ZNewPassword (src/shared/schemas/auth.ts), ticked as they are met. */
export const PASSWORD_RULES = [
  { key: 'passwordMin', test: (p: string) => p.length >= 8 },
  { key: 'passwordMax', test: (p: string) => p.length <= 128 },
] as const;

/**
 * Whether the password is a common one, as the server will judge it: the lists load (lazily, about 1 MB)
 * once something is typed, and each change is checked after a short pause. null while unknown.
 */
function useUncommon(password: string, userInputs: readonly string[]): boolean | null {
  const [result, setResult] = useState<{ password: string; uncommon: boolean } | null>(null);
  const inputs = userInputs.join('\n');
  useEffect(() => {
    if (!password) return;
    let live = true;
    const timer = setTimeout(() => {
      void commonPasswordIssue(password, inputs ? inputs.split('\n') : []).then((issue) => {
        if (live) setResult({ password, uncommon: issue === null });
      });
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [password, inputs]);
  return result?.password === password ? result.uncommon : null;
}

export function PasswordRules({
  password,
  id,
  userInputs = [],
}: {
  password: string;
  id?: string;
  /** The person's e-mail and name: a password made of them is refused too. */
  userInputs?: readonly string[];
}) {
  const { t } = useTranslation();
  const uncommon = useUncommon(password, userInputs);
  const rules: { key: string; met: boolean | null }[] = [
    ...PASSWORD_RULES.map((rule) => ({ key: rule.key, met: rule.test(password) })),
    { key: 'passwordCommon', met: password ? uncommon : false },
  ];
  return (
    <ul className={classes.rules} id={id} aria-label={t('register.rulesTitle')}>
      {rules.map((rule) => {
        const Icon = rule.met ? CheckIcon : XIcon;
        return (
          <li key={rule.key} className={classes.rule} data-met={rule.met || undefined}>
            <Icon size={12} />
            <span>{t(`rules.${rule.key}`)}</span>
            <span className={classes.srOnly}>
              {rule.met === null ? t('rules.checking') : rule.met ? t('rules.met') : t('rules.notMet')}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
