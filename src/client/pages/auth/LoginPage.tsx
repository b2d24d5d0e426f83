import { Button, Checkbox } from '@primer/react';
import { type FormEvent, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { TWO_FACTOR_REQUIRED } from '../../../shared/constants/two-factor.ts';
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
  const [missing, setMissing] = useState<{ email?: string; password?: string; otp?: string }>({});
  // After the right password of an account with a second factor, the same form asks for its code.
  const [otp, setOtp] = useState<string | null>(null);
  const login = trpc.auth.login.useMutation({
    onSuccess(result) {
      window.location.assign(
        afterLoginTarget(result.userData.role_name, window.location.search, window.location.origin),
      );
    },
    onError(error) {
      if (parseError(error).reason === TWO_FACTOR_REQUIRED) setOtp((current) => current ?? '');
    },
  });
  const parsed = login.error ? parseError(login.error) : null;
  const fieldIssue = parsed?.fieldIssues.email?.[0] ?? parsed?.fieldIssues.otp?.[0];
  const message =
    !parsed || parsed.reason === TWO_FACTOR_REQUIRED
      ? null
      : fieldIssue
        ? errorText.issue(fieldIssue)
        : errorText.error(login.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (otp !== null) {
      const next = { otp: otp.trim() ? undefined : t('auth.codeRequired') };
      setMissing(next);
      if (next.otp) return;
      login.mutate({ email, password, remember, otp });
      return;
    }
    const next = {
      email: email.trim() ? undefined : t('validation.emailRequired'),
      password: password ? undefined : t('validation.passwordRequired'),
    };
    setMissing(next);
    if (next.email || next.password) return;
    login.mutate({ email, password, remember });
  }

  if (otp !== null) {
    return (
      <AuthCard title={t('auth.twoFactorTitle')} subtitle={t('auth.twoFactorPrompt')}>
        <AuthForm
          error={message}
          announceError
          onSubmit={submit}
          submitLabel={t('auth.verify')}
          pending={login.isPending}
        >
          <TextField
            label={t('auth.authenticationCode')}
            name="otp"
            autoComplete="one-time-code"
            caption={t('auth.codeCaption')}
            value={otp}
            onChange={setOtp}
            error={missing.otp}
            required
            autoFocus
          />
        </AuthForm>
        <p className={classes.hint}>
          <Button
            variant="invisible"
            size="small"
            onClick={() => {
              setOtp(null);
              setPassword('');
              login.reset();
            }}
          >
            {t('auth.otherAccount')}
          </Button>
        </p>
      </AuthCard>
    );
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
