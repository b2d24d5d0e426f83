import { LinkButton } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AuthCard } from '../../components/AuthCard/AuthCard.tsx';
import { useSession } from '../../lib/session.tsx';
import classes from './Misc.module.css';

/**
 * The body of the not-found and not-authorized pages: status code, message, a way home. A signed-in
 * user sees it inside the shell (routes.tsx layout `auto`), with the navigation to go on from.
 */
export function MiscMessage({ code, kind }: { code: number; kind: 'notFound' | 'notAuthorized' }) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <AuthCard title={t(`errors.${kind}Title`)} inline={!!user}>
      <p className={classes.code} aria-hidden="true">
        {code}
      </p>
      <p className={classes.body}>{t(`errors.${kind}Body`)}</p>
      <LinkButton as={Link} href="/" variant="primary" block>
        {t('errors.backHome')}
      </LinkButton>
    </AuthCard>
  );
}
