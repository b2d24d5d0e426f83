// The statuses of projects and tasks (DOMAIN.md "Task workflow"): plain lists, without zod, so a page
// that only names or filters by them does not build the schemas of the domains that validate them.

export const PROJECT_STATUSES = ['draft', 'active', 'on_hold', 'completed', 'archived'] as const;
export type TProjectStatus = (typeof PROJECT_STATUSES)[number];

export const TASK_STATUSES = [
  'scheduled',
  'in_progress',
  'submitted',
  'approved',
  'rejected',
  'missed',
  'cancelled',
] as const;
export type TTaskStatus = (typeof TASK_STATUSES)[number];
