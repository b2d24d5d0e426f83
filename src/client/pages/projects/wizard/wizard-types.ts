import type { TProject } from '../../../../shared/schemas/projects.ts';
import type { ZodForm } from '../../../components/FormDialog/index.ts';
import type { NoticeApi } from '../../../components/ListPage/index.ts';

/** The project's own fields, as the details and scheme steps edit them. */
export type ProjectValues = {
  customerId: number | null;
  code: string;
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  /** Days until a corrective action of the project is due. */
  actionDueDays: number | null;
  schemeId: number | null;
};

/** What every step gets from the form. */
export interface StepProps {
  /** The saved project (null until the scheme step creates it). */
  project: TProject | null;
  form: ZodForm<ProjectValues, unknown>;
  superadmin: boolean;
  notices: NoticeApi;
  /** Show why the step cannot go on (null clears it). */
  setError: (message: string | null) => void;
  /** Read the project, its assignments and slots again. */
  refresh: () => Promise<void>;
}
