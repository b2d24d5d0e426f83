import { Banner } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/error-text.ts';

export interface QueryErrorProps {
  /** What could not be loaded, as the banner's title ("The roles could not be loaded"); a generic one by default. */
  title?: string;
  /** The failed query's error (or a message): said in the reader's language, it is the banner's description. */
  error?: unknown;
  /** Runs the failed query again; without it the banner has no "Try again" button. */
  onRetry?: () => unknown;
  className?: string;
}

/**
 * The one banner for a query that failed to load: a critical Banner, announced as an alert, naming what
 * failed and why, with a "Try again" button that runs the query again. The caller decides when to show it
 * (`{list.error && <QueryError … />}`) and where (in place of the content, or above what is still shown).
 */
export function QueryError({ title, error, onRetry, className }: QueryErrorProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const message = typeof error === 'string' ? error : error ? errorText.error(error) : undefined;
  return (
    <Banner
      role="alert"
      variant="critical"
      className={className}
      title={title ?? t('errors.loadFailed')}
      description={message || undefined}
      primaryAction={
        onRetry ? (
          <Banner.PrimaryAction onClick={() => void onRetry()}>{t('errors.tryAgain')}</Banner.PrimaryAction>
        ) : undefined
      }
    />
  );
}
