import { AlertIcon, LocationIcon } from '@primer/octicons-react';
import { Label } from '@primer/react';
import { useTranslation } from 'react-i18next';
import type { TTaskDetail } from '../../../../shared/schemas/tasks.ts';
import { Bdi, Coordinates, Ltr } from '../../../components/Bidi/index.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useUnits } from '../../../lib/units.ts';
import classes from './View.module.css';

/**
 * Where and when the inspector checked in (on the location's clock, like the visit's window): distance to
 * the location, accuracy, and the out-of-fence flag with its reason.
 */
export function CheckInPanel({ task }: { task: TTaskDetail }) {
  const { t } = useTranslation('review');
  const fmt = useFormatters();
  const units = useUnits();
  const checkIn = task.checkIn;
  return (
    <section aria-labelledby="task-checkin" className={classes.card}>
      <h2 id="task-checkin" className={classes.cardHeading}>
        {t('checkIn.heading')}
      </h2>
      {!checkIn ? (
        <p className={classes.muted}>{t('checkIn.none')}</p>
      ) : (
        <>
          <p>{t('checkIn.at', { at: fmt.zoned(checkIn.at, task.timeZone) })}</p>
          <p className={classes.scoreLine}>
            <LocationIcon size={16} />
            {checkIn.distanceM === null ? (
              <span>{t('checkIn.noDistance')}</span>
            ) : (
              <Ltr>{t('checkIn.distance', { distance: units.distance(Math.round(checkIn.distanceM)) })}</Ltr>
            )}
            <Label variant={task.outOfFence ? 'attention' : 'success'}>
              {task.outOfFence ? t('checkIn.outside') : t('checkIn.inside')}
            </Label>
            {checkIn.offline && <Label variant="attention">{t('checkIn.offline')}</Label>}
            {task.checkInTiming && (
              <Label variant={task.checkInTiming === 'on_time' ? 'success' : 'attention'}>
                {t(`checkIn.timing.${task.checkInTiming}`)}
              </Label>
            )}
          </p>
          <p className={classes.muted}>
            {t('checkIn.accuracy', {
              accuracy: fmt.number(Math.round(checkIn.accuracy)),
              radius: fmt.number(task.location.geofenceRadiusM),
            })}{' '}
            · <Coordinates latitude={checkIn.latitude} longitude={checkIn.longitude} />
          </p>
          {checkIn.offline && <p className={classes.muted}>{t('checkIn.offlineHelp')}</p>}
          {task.outOfFence && (
            <div className={classes.warningBox} role="note">
              <AlertIcon size={16} /> <span>{t('checkIn.reason')}: </span>
              <Bdi>{task.outOfFenceReason ?? '—'}</Bdi>
            </div>
          )}
        </>
      )}
    </section>
  );
}
