// Projects: one published scheme version applied to a customer's locations over a period.
// Procedures: projects.list | byId | create | update | activate | hold | complete | archive | restore.
// Lifecycle: draft -> active <-> on_hold -> completed; archive/restore from any state but active.
import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { PROJECT_STATUSES, TASK_STATUSES } from '../workflow/statuses.ts';
import { customerFilter, ZArchivedFilter, ZCode, ZNameRef, zName, zOptionalText } from './business.ts';
import { listInput, listOutput, ZExpectedVersion, ZId, ZInputDate, ZInputIsoDate, ZVersion } from './common.ts';
import { ZActionDueDays } from './corrective-actions.ts';

/** Progress of a project, computed in SQL from its tasks. Rates are 0..100 (one decimal) or null with no tasks. */
export const ZProjectProgress = z.object({
  tasks: z.number(),
  byStatus: z.record(z.enum(TASK_STATUSES), z.number()),
  /** approved ÷ (tasks that are not cancelled) */
  completionRate: z.number().nullable(),
  /** passed ÷ approved */
  passRate: z.number().nullable(),
  averageScore: z.number().nullable(),
  locations: z.number(),
});
export type TProjectProgress = z.infer<typeof ZProjectProgress>;

export const ZProject = z.object({
  id: z.number(),
  version: ZVersion,
  customerId: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  /** YYYY-MM-DD */
  startDate: z.string(),
  endDate: z.string(),
  scheme: z.object({ id: z.number(), key: z.string(), name: z.string(), version: z.number() }),
  owner: ZNameRef.nullable(),
  /** Days from opening until a corrective action of the project is due (default 14). */
  actionDueDays: z.number(),
  progress: ZProjectProgress,
  archivedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TProject = z.infer<typeof ZProject>;

export const PROJECT_SORT_KEYS = ['code', 'name', 'status', 'startDate', 'endDate', 'createdAt', 'updatedAt'] as const;
/** q matches code and name. Default sort: startDate desc. */
export const ZListProjectsInput = listInput(PROJECT_SORT_KEYS, {
  /** Changed at or after this instant (incremental sync of the business API). */
  updatedSince: ZInputDate.optional(),
  ...customerFilter,
  status: z.enum(PROJECT_STATUSES).optional(),
  schemeKey: z.string().uuid().optional(),
  /** Projects whose period overlaps [from, to] (YYYY-MM-DD). */
  from: ZInputIsoDate.optional(),
  to: ZInputIsoDate.optional(),
  archived: ZArchivedFilter,
});
export type TListProjectsInput = z.infer<typeof ZListProjectsInput>;
export const ZProjectList = listOutput(ZProject);

const endAfterStart = (v: { startDate?: string; endDate?: string }) =>
  !v.startDate || !v.endDate || v.endDate >= v.startDate;
const endMessage = { message: msg('projects.endAfterStart'), path: ['endDate'] };

export const ZCreateProjectInput = z
  .object({
    /** Superadmin only (others always create in their own customer). */
    customerId: ZId.optional(),
    code: ZCode,
    name: zName(),
    description: zOptionalText(4000),
    /** A published scheme version of the same customer; tasks pin it. */
    schemeId: ZId,
    startDate: ZInputIsoDate,
    endDate: ZInputIsoDate,
    actionDueDays: ZActionDueDays.optional(),
  })
  .refine(endAfterStart, endMessage);
export type TCreateProjectInput = z.infer<typeof ZCreateProjectInput>;

/** The scheme can change only while the project is a draft; dates while draft, active or on hold. */
export const ZUpdateProjectInput = z
  .object({
    id: ZId,
    version: ZExpectedVersion,
    code: ZCode.optional(),
    name: zName().optional(),
    description: zOptionalText(4000).optional(),
    schemeId: ZId.optional(),
    startDate: ZInputIsoDate.optional(),
    endDate: ZInputIsoDate.optional(),
    actionDueDays: ZActionDueDays.optional(),
  })
  .refine(endAfterStart, endMessage);
export type TUpdateProjectInput = z.infer<typeof ZUpdateProjectInput>;

/** activate | hold | complete | archive | restore */
/** The locations chosen for a project in its planning form and not assigned yet. */
export const ZProjectLocationChoice = z.object({ locationIds: z.array(z.number()) });
export type TProjectLocationChoice = z.infer<typeof ZProjectLocationChoice>;

/** Save the form's choice: every chosen location (assigned ones may be included; they are left out). */
export const ZSaveLocationChoiceInput = z.object({
  id: ZId,
  locationIds: z.array(ZId).max(10_000),
});
export type TSaveLocationChoiceInput = z.infer<typeof ZSaveLocationChoiceInput>;

export const ZProjectTransitionInput = z.object({ id: ZId, version: ZExpectedVersion });
export type TProjectTransitionInput = z.infer<typeof ZProjectTransitionInput>;
