// While the customer's second-factor policy covers the signed-in person and the grace period runs, a banner
// on every page says until when they may still work without one (in their own time zone) and leads to
// account settings to set it up. A plain element, not Primer's Flash: the layout is on every first load. Past the deadline the server refuses them, and the enrolment page takes over.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useFormatters } from '../lib/format.ts';
import { trpc } from '../lib/trpc.ts';
import classes from './DefaultLayout.module.css';

const SECURITY = '/pages/account-settings/security';

export function TwoFactorGraceBanner() {
  const { t } = useTranslation('shell');
  const fmt = useFormatters();
  const status = trpc.account.twoFactor.status.useQuery(undefined, { staleTime: 300_000, retry: false });
  const s = status.data;
  if (
    !s?.required ||
    s.enabled ||
    s.passkeys > 0 ||
    s.providerSecondFactor ||
    !s.graceEndsAt ||
    s.graceEndsAt.getTime() <= Date.now()
  ) {
    return null;
  }
  return (
    <div className={classes.banner} role="status">
      {t('twoFactorGrace.message', { date: fmt.dateTime(s.graceEndsAt) })}{' '}
      <Link href={SECURITY}>{t('twoFactorGrace.setUp')}</Link>
    </div>
  );
}
