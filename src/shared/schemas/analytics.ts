// Analytics dashboard demo: the projects table.
import { z } from 'zod';
import { listInput, listOutput } from './common.ts';

export const ANALYTICS_PROJECT_SORT_KEYS = ['project', 'leader', 'progress'] as const;
export type TAnalyticsProjectSortKey = (typeof ANALYTICS_PROJECT_SORT_KEYS)[number];

export const ZListAnalyticsProjectsInput = listInput(ANALYTICS_PROJECT_SORT_KEYS, {});
export type TListAnalyticsProjectsInput = z.infer<typeof ZListAnalyticsProjectsInput>;

export const ZAnalyticsProject = z.object({
  id: z.number().int(),
  logo: z.string(),
  /** The project's name. */
  name: z.string(),
  /** The kind of project, e.g. "Mobile app". */
  project: z.string(),
  leader: z.string(),
  /** Percent done, 0 to 100. */
  progress: z.number().int().min(0).max(100),
  /** Time spent, "H:MM". */
  hours: z.string(),
  /** Avatars of (up to three) members. */
  team: z.array(z.string()),
  /** Members beyond those shown. */
  extraMembers: z.number().int(),
});
export type TAnalyticsProject = z.infer<typeof ZAnalyticsProject>;
export const ZAnalyticsProjectList = listOutput(ZAnalyticsProject);
export type TAnalyticsProjectList = z.infer<typeof ZAnalyticsProjectList>;
