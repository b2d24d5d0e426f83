// /two-factor-required: where a person lands when their customer's second-factor policy covers them, the
// grace period is over and they have no second factor (the server refuses them everything else, and
// lib/two-factor-required.ts sends them here). It says why, offers the authenticator app and the passkey
// (the account settings' own cards) and signing out; once one is set up, they go on to where they were.
import { Button, Flash, Heading, Text } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { landingPathFor } from '../../../shared/constants/roles.ts';
import { sameOriginPath } from '../../app/guard.ts';
import { useFormatters } from '../../lib/format.ts';
import { useLogout, useSession } from '../../lib/session.tsx';
import { trpc } from '../../lib/trpc.ts';
import { TWO_FACTOR_PAGE } from '../../lib/two-factor-required.ts';
import { PasskeysCard } from './account/PasskeysCard.tsx';
import { TwoFactorCard } from './account/TwoFactorCard.tsx';
import classes from './account/Account.module.css';

/** Where "Continue" leads: the page they were refused on (same origin only), else their landing page. */
function continueTarget(search: string, role: string | undefined): string {
  const redirect = new URLSearchParams(search).get('redirect');
  const target = redirect ? sameOriginPath(redirect, window.location.origin) : null;
  if (target && target.pathname !== TWO_FACTOR_PAGE) return target.pathname + target.search;
  return (role && landingPathFor(role)) || '/';
}

export default function TwoFactorRequiredPage() {
  const { t } = useTranslation('account');
  const fmt = useFormatters();
  const search = useSearch();
  const { user } = useSession();
  const { logout, pending } = useLogout();
  const status = trpc.account.twoFactor.status.useQuery(undefined, { staleTime: 0 });
  const enrolled = !!status.data && (status.data.enabled || status.data.passkeys > 0);
  const graceEndsAt = status.data?.graceEndsAt;

  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Heading as="h1" className={classes.title}>
          {t('twoFactorRequired.title')}
        </Heading>
        <Text as="p" className={classes.muted}>
          {graceEndsAt
            ? t('twoFactorRequired.explainSince', { date: fmt.dateTime(graceEndsAt) })
            : t('twoFactorRequired.explain')}
        </Text>
      </header>
      {enrolled ? (
        <Flash variant="success">
          <p>{t('twoFactorRequired.done')}</p>
          <Button as="a" href={continueTarget(search, user?.role_name)} variant="primary">
            {t('twoFactorRequired.continue')}
          </Button>
        </Flash>
      ) : (
        <Text as="p">{t('twoFactorRequired.choose')}</Text>
      )}
      <TwoFactorCard />
      <PasskeysCard />
      <div className={classes.buttons}>
        <Button onClick={logout} loading={pending}>
          {t('twoFactorRequired.logout')}
        </Button>
      </div>
    </div>
  );
}
