import { useParams } from 'wouter';
import { RecordHistory } from '../../components/RecordHistory/RecordHistory.tsx';
import { ProjectWizard } from './wizard/ProjectWizard.tsx';

/** /projects/editProject/{id}: the same steps for an existing project (its scheme locked once active). */
export default function EditProjectPage() {
  const { id } = useParams<{ id: string }>();
  const projectId = Number(id);
  // A malformed id reads as a project that does not exist (the server answers NOT_FOUND).
  const valid = Number.isInteger(projectId) && projectId > 0;
  return (
    <>
      <ProjectWizard projectId={valid ? projectId : 2_147_483_647} />
      {valid && <RecordHistory entityType="Project" entityId={projectId} />}
    </>
  );
}
