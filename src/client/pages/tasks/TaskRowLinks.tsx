import { EyeIcon, PlayIcon } from '@primer/octicons-react';
import { Button, Label } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { TTask } from '../../../shared/schemas/tasks.ts';
import { useOfflineLayer, useOfflineStatus } from '../../offline/index.ts';
import type { useTaskLinks } from './task-links.ts';
import classes from './Tasks.module.css';

/**
 * A list row's links, each with its word beside its icon: start (or continue) the task — its inspector —
 * and view it, under the task's offline state. Their names begin with the words shown and end with the
 * task's store.
 */
export function TaskRowLinks({ task, links }: { task: TTask; links: ReturnType<typeof useTaskLinks> }) {
  const { t } = useTranslation('workflow');
  const [, navigate] = useLocation();
  const { view, perform } = links(task);
  const label = `${task.location.code} · ${task.location.name}`;
  const go = (href: string) => (event: React.MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    navigate(href);
  };
  const performText = task.status === 'scheduled' ? t('tasks.start') : t('tasks.continue');
  // Two lines: the offline state over the buttons, so the actions take a narrow column of a wide table
  // and never squeeze a phone card's title. The state's line is there before the device's offline layer
  // has answered, so nothing below it moves when it does.
  return (
    <span className={classes.rowLinks}>
      {perform && (
        <span className={classes.offlineState}>
          <OfflineState task={task} label={label} />
        </span>
      )}
      <span className={classes.rowButtons}>
        {perform && (
          <Button
            as="a"
            href={perform}
            leadingVisual={PlayIcon}
            variant="primary"
            size="small"
            aria-label={`${performText}: ${label}`}
            onClick={go(perform)}
          >
            {performText}
          </Button>
        )}
        {view && (
          <Button
            as="a"
            href={view}
            leadingVisual={EyeIcon}
            size="small"
            aria-label={`${t('tasks.view')}: ${label}`}
            onClick={go(view)}
          >
            {t('tasks.view')}
          </Button>
        )}
      </span>
    </span>
  );
}

/**
 * "Available offline" for a task the device keeps (today's and tomorrow's are kept by themselves), else
 * "Make available offline" to keep one further ahead.
 */
function OfflineState({ task, label }: { task: TTask; label: string }) {
  const { t } = useTranslation('workflow');
  const status = useOfflineStatus();
  const layer = useOfflineLayer();
  const [busy, setBusy] = useState(false);
  if (!status || status.userId === null) return null;
  if (status.available.has(task.id)) return <Label variant="success">{t('tasks.offline.available')}</Label>;
  if (!navigator.onLine) return null;
  const keep = (event: React.MouseEvent) => {
    event.stopPropagation();
    if (!layer) return;
    setBusy(true);
    void layer
      .makeAvailable({ taskId: task.id, slotId: task.slotId, assignmentId: task.assignmentId })
      .finally(() => setBusy(false));
  };
  return (
    <Button
      size="small"
      variant="invisible"
      onClick={keep}
      loading={busy}
      aria-label={`${t('tasks.offline.makeAvailable')}: ${label}`}
    >
      {busy ? t('tasks.offline.making') : t('tasks.offline.makeAvailable')}
    </Button>
  );
}
