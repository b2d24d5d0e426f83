import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { toFieldIssue } from '../../../shared/errors/issues.ts';
import { parseError } from '../../../shared/errors.ts';
import { ZRegisterInput } from '../../../shared/schemas/auth.ts';
import { AuthCard } from '../../components/AuthCard/AuthCard.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { useErrorText } from '../../lib/error-text.ts';
import { trpc } from '../../lib/trpc.ts';
import { AuthForm, AuthMessage } from './AuthForm.tsx';
import { PasswordRules } from './PasswordRules.tsx';

type Field = 'fullName' | 'email' | 'password' | 'customerCode';

/** Self-registration (blank layout): a pending account of the customer named by its code. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [values, setValues] = useState<Record<Field, string>>({
    fullName: '',
    email: '',
    password: '',
    customerCode: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const register = trpc.auth.register.useMutation({
    onError(error) {
      const parsed = parseError(error);
      const next: Partial<Record<Field, string>> = {};
      for (const [key, issues] of Object.entries(parsed.fieldIssues)) {
        if (key in values && issues[0]) next[key as Field] = errorText.issue(issues[0]);
      }
      setErrors(next);
    },
  });
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const failure = register.error ? parseError(register.error) : null;
  const generalError =
    register.error && failure && Object.keys(failure.fieldIssues).length === 0 ? errorText.error(register.error) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    // The same schema the server applies (ZRegisterInput); its messages are shown translated.
    const parsed = ZRegisterInput.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field;
        next[key] ??= errorText.issue(toFieldIssue(issue, values));
      }
      setErrors(next);
      return;
    }
    setErrors({});
    register.mutate(parsed.data);
  }

  if (register.isSuccess) {
    return (
      <AuthMessage title={t('register.doneTitle')}>
        <p>{t('register.doneBody', { code: values.customerCode.trim().toUpperCase() })}</p>
        <Link href="/login">{t('auth.backToLogin')}</Link>
      </AuthMessage>
    );
  }

  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')} <Link href="/login">{t('register.signInInstead')}</Link>
        </>
      }
    >
      <AuthForm error={generalError} onSubmit={submit} submitLabel={t('register.submit')} pending={register.isPending}>
        <TextField
          label={t('register.fullName')}
          name="fullName"
          autoComplete="name"
          value={values.fullName}
          onChange={set('fullName')}
          error={errors.fullName}
          required
          autoFocus
        />
        <TextField
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
          required
        />
        <TextField
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          caption={<PasswordRules password={values.password} userInputs={[values.email, values.fullName]} />}
          required
        />
        <TextField
          label={t('register.customerCode')}
          name="customerCode"
          autoComplete="organization"
          value={values.customerCode}
          onChange={set('customerCode')}
          error={errors.customerCode}
          caption={t('register.customerCodeHelp')}
          required
        />
      </AuthForm>
    </AuthCard>
  );
}
