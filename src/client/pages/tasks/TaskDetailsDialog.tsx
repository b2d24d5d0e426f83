// The frame of a task's details (TaskDetails.tsx): a dialog at the right, full screen on a phone. The
// task list shows it with a spinner while the details' own code loads (TasksPage.tsx).
import { Dialog, Spinner } from '@primer/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function TaskDetailsDialog(props: {
  title: string;
  subtitle?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('workflow');
  return (
    <Dialog
      title={props.title}
      subtitle={props.subtitle}
      position={{ narrow: 'fullscreen', regular: 'right' }}
      width="large"
      onClose={props.onClose}
      footerButtons={[{ content: t('close'), onClick: props.onClose }]}
    >
      {props.children}
    </Dialog>
  );
}

/** The details' frame while their code is on its way. */
export function TaskDetailsLoading({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('workflow');
  return (
    <TaskDetailsDialog title={t('tasks.details')} onClose={onClose}>
      <Spinner srText={t('loading')} />
    </TaskDetailsDialog>
  );
}
