import { Banner } from '@primer/react';
import { useTranslation } from 'react-i18next';

export interface StaleRecordBannerProps {
  /** Why Overwrite or Reload failed, in place of the explanation. */
  error: string | null;
  /** What is under way (its button spins, both are disabled). */
  busy: 'reload' | 'overwrite' | null;
  onOverwrite: () => void;
  /** Without it, only Overwrite is offered. */
  onReload?: () => void;
}

/**
 * A save refused because someone else changed the record since it was read: a warning that offers
 * to overwrite their changes (save again without the version) or to reload the record.
 */
export function StaleRecordBanner({ error, busy, onOverwrite, onReload }: StaleRecordBannerProps) {
  const { t } = useTranslation('forms');
  return (
    <Banner
      variant="warning"
      title={t('staleTitle')}
      description={error ?? t('staleDescription')}
      aria-live="assertive"
      primaryAction={
        <Banner.PrimaryAction onClick={onOverwrite} loading={busy === 'overwrite'} disabled={!!busy}>
          {t('staleOverwrite')}
        </Banner.PrimaryAction>
      }
      secondaryAction={
        onReload ? (
          <Banner.SecondaryAction onClick={onReload} loading={busy === 'reload'} disabled={!!busy}>
            {t('staleReload')}
          </Banner.SecondaryAction>
        ) : undefined
      }
    />
  );
}
