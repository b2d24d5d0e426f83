import { SignOutIcon } from '@primer/octicons-react';
import { Button, Heading, Text } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { useRoleName } from '../../lib/roles.ts';
import { useLogout, useSession } from '../../lib/session.tsx';
import classes from './SignedInPage.module.css';

/**
 * The signed-in home: who is signed in, and a way out. Shown on a landing route (/dashboards/crm,
 * /tasks) until that route's own page exists (see `fallbackPage` in app/routes.tsx).
 */
export default function SignedInPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const roleName = useRoleName();
  const { logout, pending } = useLogout();
  if (!user) return null;
  return (
    <div className={classes.card}>
      <Heading as="h1" className={classes.title}>
        {t('auth.signedInAs', { name: user.fullName })}
      </Heading>
      <dl className={classes.facts}>
        <dt>{t('auth.email')}</dt>
        <dd data-testid="signed-in-email">{user.email}</dd>
        <dt>{t('auth.roleLabel')}</dt>
        <dd data-testid="signed-in-role">{roleName(user.role_name)}</dd>
        {user.customerCode && (
          <>
            <dt>{t('auth.customerLabel')}</dt>
            <dd>{user.customerCode}</dd>
          </>
        )}
      </dl>
      <Text as="p" className={classes.muted}>
        {t('auth.homeHint')}
      </Text>
      <Button onClick={logout} loading={pending} leadingVisual={SignOutIcon}>
        {t('auth.logout')}
      </Button>
    </div>
  );
}
