// "A new version is ready — Reload to update": shown while a new service worker waits (update.ts).
// Reloading hands the page to the new worker; it is not offered while changes wait on the device to
// be sent (pending.ts), so a version change never lands in the middle of the queue.
import { Banner } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePendingCount } from './pending.ts';
import { applyUpdate } from './update.ts';
import classes from './UpdatePrompt.module.css';

export default function UpdatePrompt() {
  const { t } = useTranslation('pwa');
  const pending = usePendingCount();
  const [later, setLater] = useState(false);
  const [applying, setApplying] = useState(false);
  if (later) return null;
  const held = pending > 0;
  return (
    <div className={classes.viewport}>
      <Banner
        aria-label={t('updateRegion')}
        variant="info"
        layout="compact"
        title={t('updateTitle')}
        description={
          <span aria-live="polite">{held ? t('updateHeld', { count: pending }) : t('updateDescription')}</span>
        }
        primaryAction={
          held ? undefined : (
            <Banner.PrimaryAction loading={applying} onClick={() => setApplying(applyUpdate())}>
              {t('reload')}
            </Banner.PrimaryAction>
          )
        }
        secondaryAction={<Banner.SecondaryAction onClick={() => setLater(true)}>{t('later')}</Banner.SecondaryAction>}
      />
    </div>
  );
}
