import { useParams } from 'wouter';
import { ViewTask } from './view/ViewTask.tsx';

/** /tasks/viewTask/{id}: one task's answers, score, check-in, history and its review. */
export default function ViewTaskPage() {
  const { id } = useParams<{ id: string }>();
  const taskId = Number(id);
  // A malformed id reads as a task that does not exist (the server answers NOT_FOUND).
  return <ViewTask id={Number.isInteger(taskId) && taskId > 0 && taskId < 2_147_483_647 ? taskId : 2_147_483_647} />;
}
