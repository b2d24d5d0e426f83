import { Banner } from '@primer/react';
import { useTranslation } from 'react-i18next';

export interface QueryErrorProps {
  /** What could not be loaded, as the banner's title ("The roles could not be loaded"); a generic one by default. */
  title?: string;
  /** The failed query's error (or a message): its message is the banner's description. */
  error?: { message: string } | string | null;
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
  const message = typeof error === 'string' ? error : error?.message;
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
