// Corrective actions: a failed question of an approved task becomes work with an owner and a due date
// (the loop a failed question opens and a reviewer closes). Procedures:
// correctiveActions.list | byId | create | update | complete | verify | cancel.
//
// open --complete (note, evidence)--> done --verify (reviewer, or the next approved task at the
// location passing the same question key)--> verified;  open | done --cancel (reason)--> cancelled.
// `overdue` is derived: an open action whose due date has passed.
import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { ZCodeRef, ZNameRef } from './business.ts';
import { listInput, listOutput, ZExpectedVersion, ZId, ZInputDate, ZQuestionKey, ZVersion } from './common.ts';

export const ACTION_STATUSES = ['open', 'done', 'verified', 'cancelled'] as const;
export type TActionStatus = (typeof ACTION_STATUSES)[number];

/** How an action came to be: opened on approval (a failed critical question) or by a reviewer. */
export const ACTION_ORIGINS = ['auto', 'reviewer'] as const;
export type TActionOrigin = (typeof ACTION_ORIGINS)[number];

/** A project's default number of days until a new action is due. */
export const DEFAULT_ACTION_DUE_DAYS = 14;
export const ZActionDueDays = z
  .number({ error: msg('correctiveActions.dueDays') })
  .int(msg('correctiveActions.dueDays'))
  .min(1, msg('correctiveActions.dueDays'))
  .max(365, msg('correctiveActions.dueDays'));

export const ZCorrectiveAction = z.object({
  id: z.number(),
  version: ZVersion,
  customerId: z.number(),
  status: z.enum(ACTION_STATUSES),
  /** Open and past its due date. */
  overdue: z.boolean(),
  origin: z.enum(ACTION_ORIGINS),
  taskId: z.number(),
  teamId: z.number(),
  project: ZCodeRef,
  location: ZCodeRef,
  questionKey: z.string(),
  /** The question's text when the action was opened (the scheme version of the task). */
  questionText: z.string(),
  owner: ZNameRef.nullable(),
  dueAt: z.date(),
  note: z.string().nullable(),
  completionNote: z.string().nullable(),
  evidenceFileIds: z.array(z.number()),
  /** The evidence files' names and types (downloads: GET /api/files/{id}). */
  evidence: z.array(z.object({ id: z.number(), name: z.string(), mimeType: z.string() })),
  doneAt: z.date().nullable(),
  doneBy: ZNameRef.nullable(),
  verifiedAt: z.date().nullable(),
  /** A manual verification: the reviewer. */
  verifiedBy: ZNameRef.nullable(),
  /** An automatic verification: the later approved task that passed the question. */
  verifiedByTaskId: z.number().nullable(),
  cancelledAt: z.date().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TCorrectiveAction = z.infer<typeof ZCorrectiveAction>;

export const ACTION_SORT_KEYS = ['dueAt', 'createdAt', 'status', 'updatedAt'] as const;
/** q matches the question key and text. Default sort: dueAt asc (the most urgent first). */
export const ZListCorrectiveActionsInput = listInput(ACTION_SORT_KEYS, {
  /** Changed at or after this instant (incremental sync of the business API). */
  updatedSince: ZInputDate.optional(),
  status: z.union([z.enum(ACTION_STATUSES), z.array(z.enum(ACTION_STATUSES)).max(ACTION_STATUSES.length)]).optional(),
  /** true: open and past due; false: everything else. */
  overdue: z.boolean().optional(),
  taskId: ZId.optional(),
  locationId: ZId.optional(),
  ownerId: ZId.optional(),
  projectId: ZId.optional(),
  /** The team of the action's task (the dashboards link their team's actions). */
  teamId: ZId.optional(),
  /** Only actions owned by the caller. */
  mine: z.boolean().optional(),
});
export type TListCorrectiveActionsInput = z.infer<typeof ZListCorrectiveActionsInput>;
export const ZCorrectiveActionList = listOutput(ZCorrectiveAction);

const ZNote = z.string().trim().max(4000, msg('correctiveActions.noteMax'));

/** A reviewer opens an action for any failed question of an approved task. */
export const ZCreateCorrectiveActionInput = z.object({
  taskId: ZId,
  questionKey: ZQuestionKey,
  /** Default: the floor manager of the task's team. */
  ownerId: ZId.optional(),
  /** Default: the project's `actionDueDays` from now. */
  dueAt: ZInputDate.optional(),
  note: ZNote.optional(),
});
export type TCreateCorrectiveActionInput = z.infer<typeof ZCreateCorrectiveActionInput>;

/** Owner, due date and note, while the action is open or done. */
export const ZUpdateCorrectiveActionInput = z.object({
  id: ZId,
  version: ZExpectedVersion,
  ownerId: ZId.optional(),
  dueAt: ZInputDate.optional(),
  note: ZNote.nullable().optional(),
});
export type TUpdateCorrectiveActionInput = z.infer<typeof ZUpdateCorrectiveActionInput>;

export const ZCompleteCorrectiveActionInput = z.object({
  id: ZId,
  version: ZExpectedVersion,
  note: ZNote.min(1, msg('correctiveActions.noteRequired')),
  fileIds: z.array(ZId).max(20, msg('correctiveActions.evidenceMax')).optional(),
});
export type TCompleteCorrectiveActionInput = z.infer<typeof ZCompleteCorrectiveActionInput>;

export const ZVerifyCorrectiveActionInput = z.object({ id: ZId, version: ZExpectedVersion });
export type TVerifyCorrectiveActionInput = z.infer<typeof ZVerifyCorrectiveActionInput>;

export const ZCancelCorrectiveActionInput = z.object({
  id: ZId,
  version: ZExpectedVersion,
  reason: z.string().trim().min(1, msg('reason.required')).max(2000, msg('reason.max')),
});
export type TCancelCorrectiveActionInput = z.infer<typeof ZCancelCorrectiveActionInput>;
