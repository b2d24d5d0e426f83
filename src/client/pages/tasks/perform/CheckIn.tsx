// Check-in: the browser's position with its accuracy, the distance to the location and whether that is
// inside its geofence, the slot window; outside the fence a reason is asked for first and the task will
// be flagged. Geolocation refused or unavailable is said plainly, with a way to try again.
import { Banner, Button, Spinner } from '@primer/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTaskDetail } from '../../../../shared/schemas/tasks.ts';
import { CHECK_IN_EARLY_MINUTES, CHECK_IN_LATE_MINUTES, checkInOpensAt } from '../../../../shared/workflow/check-in.ts';
import { distanceMeters, insideGeofence } from '../../../../shared/workflow/geo.ts';
import { Bdi, Coordinates } from '../../../components/Bidi/index.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useFormatters } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import type { PerformSync } from './usePerformSync.ts';
import classes from './Perform.module.css';

type Fix =
  | { state: 'locating' }
  | { state: 'error'; reason: 'denied' | 'unavailable' | 'timeout' | 'unsupported' }
  | { state: 'ok'; latitude: number; longitude: number; accuracy: number };

function useGeolocation(): [Fix, () => void] {
  const [fix, setFix] = useState<Fix>({ state: 'locating' });
  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setFix({ state: 'error', reason: 'unsupported' });
      return;
    }
    setFix({ state: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (p) =>
        setFix({
          state: 'ok',
          latitude: p.coords.latitude,
          longitude: p.coords.longitude,
          accuracy: p.coords.accuracy,
        }),
      (e) =>
        setFix({
          state: 'error',
          reason: e.code === e.PERMISSION_DENIED ? 'denied' : e.code === e.TIMEOUT ? 'timeout' : 'unavailable',
        }),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 30_000 },
    );
  }, []);
  useEffect(locate, [locate]);
  return [fix, locate];
}

/** A failure before any answer of the server (no connection): the check-in is kept on the device instead. */
function unreachable(error: unknown): boolean {
  return !(error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
}

export function CheckIn({ task, sync, onStarted }: { task: TTaskDetail; sync: PerformSync; onStarted: () => void }) {
  const { t } = useTranslation('perform');
  const errorText = useErrorText();
  const fmt = useFormatters();
  const [fix, locate] = useGeolocation();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const reasonId = useId();
  const start = trpc.tasks.start.useMutation({ onSuccess: onStarted });
  const now = Date.now();
  const opens = checkInOpensAt(new Date(task.startsAt)).getTime();
  const closes = new Date(task.endsAt).getTime();
  const inWindow = now >= opens && now < closes;
  const { latitude, longitude, geofenceRadiusM } = task.location;
  const distance =
    fix.state === 'ok' && latitude !== null && longitude !== null ? distanceMeters(fix, { latitude, longitude }) : null;
  const outside = fix.state === 'ok' && distance !== null && !insideGeofence(distance, geofenceRadiusM, fix.accuracy);

  const checkIn = () => {
    if (fix.state !== 'ok') return;
    if (outside && !reason.trim()) {
      setReasonError(true);
      reasonRef.current?.focus();
      return;
    }
    const position = {
      latitude: fix.latitude,
      longitude: fix.longitude,
      accuracy: fix.accuracy,
      ...(outside ? { outOfFenceReason: reason.trim() } : {}),
    };
    // Offline, the check-in is kept on the device with its time and sent first once the connection is back.
    const keep = () => void sync.checkInOffline({ ...position, checkedInAt: new Date().toISOString() });
    if (!navigator.onLine) {
      keep();
      return;
    }
    start.mutate(
      { id: task.id, version: task.version, ...position },
      { onError: (error) => (unreachable(error) && sync.ready ? keep() : undefined) },
    );
  };

  return (
    <section className={classes.card} aria-labelledby={`${reasonId}-title`}>
      <h2 id={`${reasonId}-title`} className={classes.sectionTitle}>
        {t('checkIn.title')}
      </h2>
      <dl className={classes.facts}>
        <dt>{t('checkIn.window')}</dt>
        <dd>
          <Bdi>{fmt.window(task.startsAt, task.endsAt, task.timeZone)}</Bdi>
          <div className={classes.muted}>
            {t('checkIn.tolerance', { early: CHECK_IN_EARLY_MINUTES, late: CHECK_IN_LATE_MINUTES })}
          </div>
        </dd>
        <dt>{t('checkIn.position')}</dt>
        <dd aria-live="polite">
          {fix.state === 'locating' && <Spinner size="small" srText={null} />}{' '}
          {fix.state === 'locating' && t('checkIn.locating')}
          {fix.state === 'ok' && (
            <>
              <Coordinates latitude={fix.latitude} longitude={fix.longitude} />{' '}
              {t('checkIn.accuracy', { accuracy: fmt.number(Math.round(fix.accuracy)) })}
            </>
          )}
          {fix.state === 'error' && '—'}
        </dd>
        <dt>{t('checkIn.distance')}</dt>
        <dd>
          {distance === null
            ? latitude === null
              ? t('checkIn.noCoordinates')
              : '—'
            : t('checkIn.distanceText', {
                distance: fmt.number(Math.round(distance)),
                radius: fmt.number(geofenceRadiusM),
              })}
        </dd>
      </dl>

      {!inWindow && (
        <Banner
          variant="warning"
          title={t('checkIn.notInWindow')}
          description={
            now < opens
              ? t('checkIn.opensAt', { at: fmt.zoned(new Date(opens), task.timeZone) })
              : t('checkIn.ended', { at: fmt.zoned(task.endsAt, task.timeZone) })
          }
        />
      )}
      {fix.state === 'error' && (
        <Banner
          variant="critical"
          title={t(`checkIn.geo.${fix.reason}`)}
          description={t('checkIn.geoHelp')}
          primaryAction={<Banner.PrimaryAction onClick={locate}>{t('checkIn.tryAgain')}</Banner.PrimaryAction>}
        />
      )}
      {fix.state === 'ok' && !outside && distance !== null && (
        <p className={classes.statusSaved}>{t('checkIn.inside')}</p>
      )}
      {outside && (
        <>
          <Banner variant="warning" title={t('checkIn.outside')} description={t('checkIn.flagged')} />
          <label htmlFor={reasonId} className={classes.legend}>
            {t('checkIn.reason')}
          </label>
          <textarea
            id={reasonId}
            ref={reasonRef}
            className={classes.input}
            dir="auto"
            rows={3}
            maxLength={1000}
            required
            aria-invalid={reasonError && !reason.trim() ? true : undefined}
            aria-describedby={reasonError && !reason.trim() ? `${reasonId}-error` : undefined}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          {reasonError && !reason.trim() && (
            <p id={`${reasonId}-error`} className={classes.required}>
              {t('checkIn.reasonRequired')}
            </p>
          )}
        </>
      )}
      {!sync.online && <p className={classes.muted}>{t('offline.checkInOffline')}</p>}
      {start.error && !unreachable(start.error) && (
        <Banner variant="critical" title={t('checkIn.refused')} description={errorText.error(start.error)} />
      )}
      <Button
        variant="primary"
        size="large"
        block
        onClick={checkIn}
        disabled={fix.state !== 'ok' || !inWindow || start.isPending || !sync.ready}
        loading={start.isPending}
      >
        {t('checkIn.button')}
      </Button>
      {fix.state === 'ok' && (
        <Button variant="invisible" onClick={locate}>
          {t('checkIn.refresh')}
        </Button>
      )}
    </section>
  );
}
