import { Heading, Link, Text } from '@primer/react';
import { useTranslation } from 'react-i18next';
import classes from '../auth/AuthPage.module.css';

/** The not-found and not-authorized pages (blank layout). */
export default function MessagePage({ kind }: { kind: 'notFound' | 'notAuthorized' }) {
  const { t } = useTranslation();
  return (
    <main className={classes.page}>
      <div className={classes.card}>
        <Heading as="h1" className={classes.title}>
          {t(`errors.${kind}Title`)}
        </Heading>
        <Text as="p" className={classes.muted}>
          {t(`errors.${kind}Body`)}
        </Text>
        <Link href="/">{t('errors.backHome')}</Link>
      </div>
    </main>
  );
}
