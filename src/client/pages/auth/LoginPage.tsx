import { Banner, Button, Checkbox, FormControl, Heading, Text, TextInput } from '@primer/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { landingPathFor } from '../../../shared/constants/roles.ts';
import { parseError } from '../../../shared/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import classes from './AuthPage.module.css';

/** Where to go after sign-in: a same-site `redirect` query target, else the role's landing page. */
export function afterLoginTarget(role: string, search: string): string {
  const redirect = new URLSearchParams(search).get('redirect');
  if (redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/login')) return redirect;
  return landingPathFor(role) ?? '/';
}

export default function LoginPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const login = trpc.auth.login.useMutation({
    onSuccess(result) {
      window.location.assign(afterLoginTarget(result.userData.role_name, window.location.search));
    },
  });
  const error = login.error ? parseError(login.error) : null;
  const message = error ? (error.fieldErrors.email?.[0] ?? error.message) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    login.mutate({ email, password, remember });
  }

  return (
    <main className={classes.page}>
      <div className={classes.card}>
        <Heading as="h1" className={classes.title}>
          {t('auth.welcome')}
        </Heading>
        <Text as="p" className={classes.muted}>
          {t('auth.signInPrompt')}
        </Text>
        {message && (
          <Banner variant="critical" title={message} hideTitle={false} className={classes.banner} aria-live="assertive" />
        )}
        <form onSubmit={submit} noValidate className={classes.form}>
          <FormControl required>
            <FormControl.Label>{t('auth.email')}</FormControl.Label>
            <TextInput
              type="email"
              name="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              block
              autoFocus
            />
          </FormControl>
          <FormControl required>
            <FormControl.Label>{t('auth.password')}</FormControl.Label>
            <TextInput
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              block
            />
          </FormControl>
          <FormControl>
            <Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            <FormControl.Label>{t('auth.remember', { defaultValue: 'Remember me' })}</FormControl.Label>
          </FormControl>
          <Button type="submit" variant="primary" block loading={login.isPending}>
            {t('auth.login')}
          </Button>
        </form>
        <Text as="p" size="small" className={classes.muted}>
          {t('auth.demoHint')}
        </Text>
      </div>
    </main>
  );
}
