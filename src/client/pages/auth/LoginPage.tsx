import { Button, Checkbox } from '@primer/react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { TWO_FACTOR_REQUIRED } from '../../../shared/constants/two-factor.ts';
import { parseError } from '../../../shared/errors.ts';
import { afterLoginTarget } from '../../app/guard.ts';
import { AuthCard } from '../../components/AuthCard/AuthCard.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { useErrorText } from '../../lib/error-text.ts';
import { trpc } from '../../lib/trpc.ts';
import { AuthForm } from './AuthForm.tsx';
import classes from './AuthForm.module.css';

/** A typed address whose domain may have single sign-on: something@domain.tld. */
const LOOKS_LIKE_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]{2,}$/;

/** What the address bar says of a refused single sign-on (`?ssoError=<key>`), kept to this flow's keys. */
function ssoErrorOf(search: string): string | null {
  const key = new URLSearchParams(search).get('ssoError');
  return key && /^(sso|auth)\.[A-Za-z]+$/.test(key) ? key : null;
}

/** The address typed, once it has stopped changing for a moment. */
function useSettled(value: string, ms = 400): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Sign-in (blank layout): email, password, remember me; on success the role's landing page. Also a
 * passkey (no password) and, for an address whose organisation has one, its identity provider.
 */
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
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [passkeyPending, setPasskeyPending] = useState(false);
  const search = useSearch();
  const [ssoError] = useState(() => ssoErrorOf(search));
  const signedIn = (result: { userData: { role_name: string } }) =>
    window.location.assign(afterLoginTarget(result.userData.role_name, window.location.search, window.location.origin));
  const login = trpc.auth.login.useMutation({
    onSuccess: signedIn,
    onError(error) {
      const parsedError = parseError(error);
      // A passkey is this account's second factor: the passkey button below signs in with both at once.
      if (parsedError.reason === TWO_FACTOR_REQUIRED && parsedError.key !== 'auth.passkeyRequired')
        setOtp((current) => current ?? '');
    },
  });
  const passkeyOptions = trpc.auth.passkeyOptions.useMutation();
  const passkeyLogin = trpc.auth.passkeyLogin.useMutation();
  const settledEmail = useSettled(email.trim());
  const sso = trpc.auth.ssoFor.useQuery(
    { email: settledEmail },
    { enabled: LOOKS_LIKE_EMAIL.test(settledEmail), staleTime: 60_000 },
  );
  const ssoOffered = !!sso.data?.sso && LOOKS_LIKE_EMAIL.test(email.trim());
  const parsed = login.error ? parseError(login.error) : null;
  const fieldIssue = parsed?.fieldIssues.email?.[0] ?? parsed?.fieldIssues.otp?.[0];
  const message =
    passkeyError ??
    (!parsed || (parsed.reason === TWO_FACTOR_REQUIRED && parsed.key !== 'auth.passkeyRequired')
      ? ssoError && !login.error
        ? errorText.error({ data: { key: ssoError } })
        : null
      : fieldIssue
        ? errorText.issue(fieldIssue)
        : errorText.error(login.error));

  async function signInWithPasskey() {
    setPasskeyError(null);
    login.reset();
    setPasskeyPending(true);
    try {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const optionsJSON = (await passkeyOptions.mutateAsync()) as unknown as Parameters<
        typeof startAuthentication
      >[0]['optionsJSON'];
      const response = await startAuthentication({ optionsJSON });
      signedIn(await passkeyLogin.mutateAsync({ response: response as never, remember }));
    } catch (error) {
      setPasskeyError(
        error instanceof Error && error.name === 'NotAllowedError'
          ? t('auth.passkeyCancelled')
          : errorText.error(error),
      );
      setPasskeyPending(false);
    }
  }

  function continueWithSso() {
    const query = new URLSearchParams({ email: email.trim() });
    const next = new URLSearchParams(window.location.search).get('redirect');
    if (next?.startsWith('/') && !next.startsWith('//')) query.set('returnTo', next);
    window.location.assign(`/api/auth/sso/start?${query.toString()}`);
  }

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
      <div className={classes.alternatives}>
        {ssoOffered && (
          <Button block variant="primary" onClick={continueWithSso}>
            {t('auth.continueWithSso')}
          </Button>
        )}
        <Button block onClick={() => void signInWithPasskey()} loading={passkeyPending}>
          {t('auth.signInWithPasskey')}
        </Button>
      </div>
      <p className={classes.hint}>
        <Trans i18nKey="auth.demoHint" components={{ code: <code /> }} />
      </p>
    </AuthCard>
  );
}
