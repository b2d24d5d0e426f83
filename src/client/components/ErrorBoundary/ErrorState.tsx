import { AlertIcon } from '@primer/octicons-react';
import { Button, Heading, Text } from '@primer/react';
import { useTranslation } from 'react-i18next';
import classes from './ErrorBoundary.module.css';

/** "Something went wrong" with a reload button. */
export function ErrorState() {
  const { t } = useTranslation();
  return (
    <div className={classes.ErrorState} role="alert">
      <AlertIcon size={32} className={classes.icon} />
      <Heading as="h1" variant="medium">
        {t('errors.pageTitle')}
      </Heading>
      <Text as="p" className={classes.body}>
        {t('errors.pageBody')}
      </Text>
      <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
    </div>
  );
}
