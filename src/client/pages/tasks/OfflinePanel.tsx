// What the device holds for an inspector, above their tasks: offline, the tasks kept on the device
// (each opens on its perform page); the changes waiting to be sent, by task, with the next try and
// "Send now"; work the server refused because the task changed (kept with the task for the reviewer);
// a full device said plainly. Under the list (OfflineStorage), the space the app uses on the device.
import { Banner, Button, Label } from '@primer/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { taskPerformPath } from '../../../shared/workflow/task-links.ts';
import { Bdi, Ltr } from '../../components/Bidi/index.ts';
import { useErrorText } from '../../lib/error-text.ts';
import { useFormatters } from '../../lib/format.ts';
import { useUnits } from '../../lib/units.ts';
import { type CachedTask, useOfflineLayer, useOfflineStatus, useOnline } from '../../offline/index.ts';
import classes from './Tasks.module.css';

export default function OfflinePanel() {
  const { t } = useTranslation('workflow');
  const errorText = useErrorText();
  const fmt = useFormatters();
  const online = useOnline();
  const layer = useOfflineLayer();
  const status = useOfflineStatus();
  const [kept, setKept] = useState<CachedTask[] | null>(null);
  const [sending, setSending] = useState(false);
  const availableKey = [...(status?.available ?? [])].join(',');

  useEffect(() => {
    if (!layer || status?.userId == null) return;
    let cancelled = false;
    void layer.cachedTasks().then(
      (list) => !cancelled && setKept(list.sort((a, b) => +a.task.startsAt - +b.task.startsAt)),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [layer, status?.userId, availableKey]);

  if (!status || status.userId === null) return null;
  // Nothing to say above the list (online, nothing waiting, refused or full): no box, not even its margin.
  if (online && !status.storageFull && status.conflicts.length === 0 && status.waiting === 0) return null;
  const sendNow = async () => {
    if (!layer) return;
    setSending(true);
    await layer.sendNow().finally(() => setSending(false));
  };

  return (
    <div className={classes.offline}>
      {!online && (
        <Banner
          variant="warning"
          title={t('tasks.offline.offlineTitle')}
          description={t('tasks.offline.offlineBody')}
        />
      )}
      {status.storageFull && <Banner variant="critical" title={t('tasks.offline.full')} />}
      {status.conflicts.map((c) => (
        <Banner
          key={c.taskId}
          variant="critical"
          title={t('tasks.offline.conflictTitle', { location: c.location })}
          description={
            <>
              {t('tasks.offline.conflictBody', { count: c.answers })}{' '}
              {t('tasks.offline.conflictReason', { reason: errorText.error(c.error) })}
            </>
          }
          primaryAction={
            <Banner.PrimaryAction onClick={() => void layer?.dismissConflict(c.taskId)}>
              {t('tasks.offline.dismiss')}
            </Banner.PrimaryAction>
          }
        />
      ))}
      {status.waiting > 0 && (
        <section className={classes.offlineCard} aria-labelledby="offline-queue">
          <h2 id="offline-queue" className={classes.offlineTitle}>
            {t('tasks.offline.queueTitle')}
          </h2>
          <ul className={classes.offlineList}>
            {status.queue.map((q) => (
              <li key={q.taskId}>
                <Bdi>{q.label}</Bdi> · {t('tasks.offline.queueTask', { count: q.waiting })}
                {q.retryAt !== null && (
                  <span className={classes.muted}>
                    {' · '}
                    {t('tasks.offline.retryAt', { at: fmt.dateTime(new Date(q.retryAt)) })}
                  </span>
                )}
                {q.error ? <span className={classes.muted}> · {errorText.error(q.error)}</span> : null}
              </li>
            ))}
          </ul>
          <div>
            <Button size="small" onClick={() => void sendNow()} disabled={!online || sending} loading={sending}>
              {sending ? t('tasks.offline.sending') : t('tasks.offline.sendNow')}
            </Button>
          </div>
        </section>
      )}
      {!online && (
        <section className={classes.offlineCard} aria-labelledby="offline-tasks">
          <h2 id="offline-tasks" className={classes.offlineTitle}>
            {t('tasks.offline.deviceTasks')}
          </h2>
          {kept && kept.length === 0 && <p className={classes.muted}>{t('tasks.offline.deviceEmpty')}</p>}
          <ul className={classes.offlineList}>
            {(kept ?? []).map(({ task }) => (
              <li key={task.id} className={classes.offlineTask}>
                <span>
                  <Ltr>{task.location.code}</Ltr> · <Bdi>{task.location.name}</Bdi>
                  <br />
                  <span className={classes.muted}>
                    <Bdi>{fmt.window(task.startsAt, task.endsAt, task.timeZone)}</Bdi> · <Ltr>{task.project.code}</Ltr>{' '}
                    · <Label variant="success">{t('tasks.offline.available')}</Label>
                  </span>
                </span>
                <Button
                  as={RouterLink}
                  href={taskPerformPath(task.slotId, task.assignmentId)}
                  variant="primary"
                  size="small"
                  aria-label={`${task.status === 'scheduled' ? t('tasks.start') : t('tasks.continue')}: ${task.location.code} · ${task.location.name}`}
                >
                  {task.status === 'scheduled' ? t('tasks.start') : t('tasks.continue')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * The space the app uses on the device, under the list: it is known only once the offline layer has
 * loaded (after the list's first paint), and above the list it pushed the list down as it appeared.
 */
export function OfflineStorage() {
  const { t } = useTranslation('workflow');
  const units = useUnits();
  const status = useOfflineStatus();
  if (!status?.storage || status.userId === null) return null;
  return (
    <p className={classes.muted}>
      {t('tasks.offline.storage', {
        used: units.bytes(status.storage.usage),
        quota: units.bytes(status.storage.quota),
      })}{' '}
      {status.persisted ? t('tasks.offline.persisted') : t('tasks.offline.notPersisted')}
    </p>
  );
}
