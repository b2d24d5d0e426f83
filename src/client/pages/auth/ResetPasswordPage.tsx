import { Spinner } from '@primer/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { toFieldIssue } from '../../../shared/errors/issues.ts';
import { ZNewPassword } from '../../../shared/schemas/auth.ts';
import { AuthCard } from '../../components/AuthCard/AuthCard.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { useErrorText } from '../../lib/error-text.ts';
import { trpc } from '../../lib/trpc.ts';
import { AuthForm, AuthMessage } from './AuthForm.tsx';
import { PasswordRules } from './PasswordRules.tsx';

/** Choose a new password with the link's token (/reset-password?token=…); the link works once. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const check = trpc.auth.checkResetToken.useQuery({ token }, { enabled: token.length > 0, retry: false });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const reset = trpc.auth.resetPassword.useMutation();
  const back = <Link href="/login">{t('auth.backToLogin')}</Link>;

  if (reset.isSuccess) {
    return (
      <AuthMessage title={t('reset.doneTitle')} footer={back}>
        <p>{t('reset.doneBody')}</p>
      </AuthMessage>
    );
  }
  if (token && check.isLoading) {
    return (
      <AuthCard title={t('reset.title')}>
        <Spinner srText={t('loading')} />
      </AuthCard>
    );
  }
  if (!token || check.isError || (check.data && !check.data.valid)) {
    return (
      <AuthMessage title={t('reset.invalidTitle')} footer={back} role="alert">
        <p>{t('reset.invalid')}</p>
        <Link href="/forgot-password">{t('reset.requestNew')}</Link>
      </AuthMessage>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZNewPassword.safeParse(password);
    const next = {
      password: parsed.success ? undefined : errorText.issue(toFieldIssue(parsed.error.issues[0], password)),
      confirm: confirm === password ? undefined : t('validation.passwordMismatch'),
    };
    setErrors(next);
    if (next.password || next.confirm) return;
    reset.mutate({ token, password });
  }

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')} footer={back}>
      <AuthForm
        error={reset.error && errorText.error(reset.error)}
        onSubmit={submit}
        submitLabel={t('reset.submit')}
        pending={reset.isPending}
      >
        <TextField
          label={t('reset.newPassword')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          caption={<PasswordRules password={password} />}
          required
          autoFocus
        />
        <TextField
          label={t('reset.confirmPassword')}
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          error={errors.confirm}
          required
        />
      </AuthForm>
    </AuthCard>
  );
}
