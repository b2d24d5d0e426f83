import { LinkButton } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AuthCard } from '../../components/AuthCard/AuthCard.tsx';
import classes from './Misc.module.css';

/** The body of the not-found and not-authorized pages: status code, message, a way home. */
export function MiscMessage({ code, kind }: { code: number; kind: 'notFound' | 'notAuthorized' }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t(`errors.${kind}Title`)}>
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
