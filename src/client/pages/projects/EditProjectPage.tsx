import { useParams } from 'wouter';
import { ProjectWizard } from './wizard/ProjectWizard.tsx';

/** /projects/editProject/{id}: the same steps for an existing project (its scheme locked once active). */
export default function EditProjectPage() {
  const { id } = useParams<{ id: string }>();
  const projectId = Number(id);
  // A malformed id reads as a project that does not exist (the server answers NOT_FOUND).
  return <ProjectWizard projectId={Number.isInteger(projectId) && projectId > 0 ? projectId : 2_147_483_647} />;
}
