import { ProjectWizard } from './wizard/ProjectWizard.tsx';

/** /projects/createProject: the stepped form for a new project. */
export default function CreateProjectPage() {
  return <ProjectWizard projectId={null} />;
}
