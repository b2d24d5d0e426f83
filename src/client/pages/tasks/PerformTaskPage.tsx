import { useParams } from 'wouter';
import { PerformTask } from './perform/PerformTask.tsx';

/** /tasks/perform_task/{slotId}/{assignLocationId}: the inspector performs a task (perform/PerformTask.tsx). */
export default function PerformTaskPage() {
  const params = useParams<{ slotId: string; assignLocationId: string }>();
  return <PerformTask slotId={Number(params.slotId)} assignmentId={Number(params.assignLocationId)} />;
}
