import { EyeIcon, PlayIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { TTask } from '../../../shared/schemas/tasks.ts';
import type { useTaskLinks } from './task-links.ts';
import classes from './Tasks.module.css';

/**
 * A list row's links, each with its word beside its icon: start (or continue) the task — its inspector —
 * and view it. Their names begin with the words shown and end with the task's store.
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
  return (
    <span className={classes.rowLinks}>
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
  );
}
