// Links from the tasks area to one task's pages, offered only when the page exists and the caller may
// open it (shell/links.ts, the honest-link rule): its view page for anyone who reads it, its perform
// page for its assigned inspector while it can still be performed (scheduled, in progress, or rejected
// and waiting for rework).
import type { TTask } from '../../../shared/schemas/tasks.ts';
import { taskPerformPath, taskViewPath } from '../../../shared/workflow/task-links.ts';
import { useSession } from '../../lib/session.tsx';
import { openableHref } from '../../shell/links.ts';

export type TaskLinkFields = Pick<TTask, 'id' | 'status' | 'slotId' | 'assignmentId' | 'assigneeId'>;

export function useTaskLinks(): (task: TaskLinkFields) => { view: string | null; perform: string | null } {
  const { user, ability } = useSession();
  return (task) => {
    if (!user) return { view: null, perform: null };
    const performable =
      task.assigneeId === user.id &&
      (task.status === 'scheduled' || task.status === 'in_progress' || task.status === 'rejected');
    return {
      view: openableHref(taskViewPath(task.id), ability, user.role_name),
      perform: performable
        ? openableHref(taskPerformPath(task.slotId, task.assignmentId), ability, user.role_name)
        : null,
    };
  };
}
