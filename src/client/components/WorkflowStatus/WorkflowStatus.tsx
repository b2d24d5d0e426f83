// Status labels of projects and tasks (words and a Primer label colour), shared by the workflow pages.
import { Label } from '@primer/react';
import { useTranslation } from 'react-i18next';
import type { TProjectStatus, TTaskStatus } from '../../../shared/workflow/statuses.ts';

type LabelVariant = 'accent' | 'attention' | 'done' | 'success' | 'danger' | 'severe' | 'secondary' | 'primary';

export const PROJECT_STATUS_VARIANT: Record<TProjectStatus, LabelVariant> = {
  draft: 'secondary',
  active: 'success',
  on_hold: 'attention',
  completed: 'done',
  archived: 'secondary',
};

export const TASK_STATUS_VARIANT: Record<TTaskStatus, LabelVariant> = {
  scheduled: 'accent',
  in_progress: 'attention',
  submitted: 'done',
  approved: 'success',
  rejected: 'danger',
  missed: 'severe',
  cancelled: 'secondary',
};

/** A project's status in words. */
export function ProjectStatusLabel({ status }: { status: TProjectStatus }) {
  const { t } = useTranslation('workflow');
  return <Label variant={PROJECT_STATUS_VARIANT[status]}>{t(`projectStatus.${status}`)}</Label>;
}

/** A task's status in words. */
export function TaskStatusLabel({ status }: { status: TTaskStatus }) {
  const { t } = useTranslation('workflow');
  return <Label variant={TASK_STATUS_VARIANT[status]}>{t(`taskStatus.${status}`)}</Label>;
}
