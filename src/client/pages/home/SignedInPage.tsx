import { Button, Heading, Text } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session.tsx';
import { trpc } from '../../lib/trpc.ts';
import classes from '../auth/AuthPage.module.css';

/** Who is signed in, and a way out. The application shell replaces this frame. */
export default function SignedInPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const logout = trpc.auth.logout.useMutation({
    onSettled() {
      window.location.assign('/login');
    },
  });
  if (!user) return null;
  return (
    <main className={classes.page}>
      <div className={classes.card}>
        <Heading as="h1" className={classes.title}>
          {t('auth.signedInAs', { name: user.fullName })}
        </Heading>
        <Text as="p" data-testid="signed-in-email">{user.email}</Text>
        <Text as="p" data-testid="signed-in-role">{t('auth.role', { role: user.role_name })}</Text>
        {user.customerCode && <Text as="p">{t('auth.customer', { code: user.customerCode })}</Text>}
        <Button onClick={() => logout.mutate()} loading={logout.isPending}>
          {t('auth.logout')}
        </Button>
      </div>
    </main>
  );
}
