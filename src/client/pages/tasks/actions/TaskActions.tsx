// The corrective actions of a task or a location, for the tasks area's pages (task details side panel,
// /tasks/viewTask/{id}): `<TaskActions taskId={task.id} />` or `<TaskActions locationId={id} />`. The
// list itself lives in components/CorrectiveActions so that other areas (the location dialog) share it.
import { CorrectiveActionsList, type CorrectiveActionsScope } from '../../../components/CorrectiveActions/index.ts';

export function TaskActions(props: CorrectiveActionsScope & { headingLevel?: 2 | 3 | 4 }) {
  return <CorrectiveActionsList {...props} />;
}
