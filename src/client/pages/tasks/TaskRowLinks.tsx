import { EyeIcon, PlayIcon } from '@primer/octicons-react';
import { IconButton } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { TTask } from '../../../shared/schemas/tasks.ts';
import type { useTaskLinks } from './task-links.ts';

/** A list row's links: open the task's view page, and perform it (its inspector). */
export function TaskRowLinks({ task, links }: { task: TTask; links: ReturnType<typeof useTaskLinks> }) {
  const { t } = useTranslation('workflow');
  const [, navigate] = useLocation();
  const { view, perform } = links(task);
  const label = `${task.location.code} · ${task.location.name}`;
  return (
    <>
      {perform && (
        <IconButton
          as="a"
          href={perform}
          icon={PlayIcon}
          variant="invisible"
          size="small"
          aria-label={`${t('tasks.openPerform')}: ${label}`}
          onClick={(event: React.MouseEvent) => {
            event.preventDefault();
            event.stopPropagation();
            navigate(perform);
          }}
        />
      )}
      {view && (
        <IconButton
          as="a"
          href={view}
          icon={EyeIcon}
          variant="invisible"
          size="small"
          aria-label={`${t('tasks.openView')}: ${label}`}
          onClick={(event: React.MouseEvent) => {
            event.preventDefault();
            event.stopPropagation();
            navigate(view);
          }}
        />
      )}
    </>
  );
}
