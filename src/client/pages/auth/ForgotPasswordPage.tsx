import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { toFieldIssue } from '../../../shared/errors/issues.ts';
import { ZForgotPasswordInput } from '../../../shared/schemas/auth.ts';
import { AuthCard } from '../../components/AuthCard/AuthCard.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { useErrorText } from '../../lib/error-text.ts';
import { trpc } from '../../lib/trpc.ts';
import { AuthForm, AuthMessage } from './AuthForm.tsx';

/** Ask for a reset link (blank layout). The answer is the same whether the address is known or not. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const forgot = trpc.auth.forgotPassword.useMutation();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZForgotPasswordInput.safeParse({ email });
    if (!parsed.success) {
      setError(errorText.issue(toFieldIssue(parsed.error.issues[0], { email })));
      return;
    }
    setError(undefined);
    forgot.mutate(parsed.data);
  }

  const back = <Link href="/login">{t('auth.backToLogin')}</Link>;
  if (forgot.isSuccess) {
    return (
      <AuthMessage title={t('forgot.sentTitle')} footer={back}>
        <p>{t('forgot.sentBody', { email: email.trim() })}</p>
      </AuthMessage>
    );
  }
  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')} footer={back}>
      <AuthForm
        error={forgot.error && errorText.error(forgot.error)}
        onSubmit={submit}
        submitLabel={t('forgot.submit')}
        pending={forgot.isPending}
      >
        <TextField
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={error}
          required
          autoFocus
        />
      </AuthForm>
    </AuthCard>
  );
}
