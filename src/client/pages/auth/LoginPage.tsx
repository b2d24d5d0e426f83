import { Checkbox } from '@primer/react';
import { type FormEvent, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { parseError } from '../../../shared/errors.ts';
import { afterLoginTarget } from '../../app/guard.ts';
import { AuthCard } from '../../components/AuthCard/AuthCard.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { useErrorText } from '../../lib/error-text.ts';
import { trpc } from '../../lib/trpc.ts';
import { AuthForm } from './AuthForm.tsx';
import classes from './AuthForm.module.css';

/** Sign-in (blank layout): email, password, remember me; on success the role's landing page. */
export default function LoginPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const rememberId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [missing, setMissing] = useState<{ email?: string; password?: string }>({});
  const login = trpc.auth.login.useMutation({
    onSuccess(result) {
      window.location.assign(
        afterLoginTarget(result.userData.role_name, window.location.search, window.location.origin),
      );
    },
  });
  const emailIssue = login.error ? parseError(login.error).fieldIssues.email?.[0] : undefined;
  const message = emailIssue ? errorText.issue(emailIssue) : login.error ? errorText.error(login.error) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = {
      email: email.trim() ? undefined : t('validation.emailRequired'),
      password: password ? undefined : t('validation.passwordRequired'),
    };
    setMissing(next);
    if (next.email || next.password) return;
    login.mutate({ email, password, remember });
  }

  return (
    <AuthCard
      title={t('auth.welcome')}
      subtitle={t('auth.signInPrompt')}
      footer={
        <>
          {t('auth.newHere')} <Link href="/register">{t('auth.createAccount')}</Link>
        </>
      }
    >
      <AuthForm error={message} announceError onSubmit={submit} submitLabel={t('auth.login')} pending={login.isPending}>
        <TextField
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={setEmail}
          error={missing.email}
          required
          autoFocus
        />
        <TextField
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={missing.password}
          required
        />
        <div className={classes.row}>
          <span className={classes.check}>
            <Checkbox id={rememberId} checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            <label htmlFor={rememberId}>{t('auth.remember')}</label>
          </span>
          <Link href="/forgot-password">{t('auth.forgotLink')}</Link>
        </div>
      </AuthForm>
      <p className={classes.hint}>
        <Trans i18nKey="auth.demoHint" components={{ code: <code /> }} />
      </p>
    </AuthCard>
  );
}
