// Tasks: one inspection at one location in one slot. Procedures: tasks.list | byId | bySlot | start | saveAnswers | submit |
// approve | reject | resume | cancel.
//
// scheduled --start--> in_progress --submit--> submitted --approve--> approved
// submitted --reject--> rejected --resume--> in_progress
// scheduled --slot ended unstarted--> missed;  scheduled | in_progress --cancel--> cancelled

import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { CHECK_IN_TIMINGS } from '../workflow/check-in.ts';
import { TASK_STATUSES } from '../workflow/statuses.ts';
import { ZCodeRef, ZNameRef } from './business.ts';
import { listInput, listOutput, ZExpectedVersion, ZId, ZInputDate, ZQuestionKey, ZVersion } from './common.ts';

/** An answer value: yesno true/false, score/number a number, choice the option's value, text a string. */
export const ZAnswerValue = z.union([z.boolean(), z.number().finite(), z.string().max(4000)]);
export type TAnswerValue = z.infer<typeof ZAnswerValue>;

export const ZAnswer = z.object({
  questionKey: z.string(),
  value: ZAnswerValue.nullable(),
  na: z.boolean(),
  comment: z.string().nullable(),
  fileIds: z.array(z.number()),
});
export type TAnswer = z.infer<typeof ZAnswer>;

export const ZAnswerInput = z.object({
  questionKey: ZQuestionKey,
  /** null clears the answer. */
  value: ZAnswerValue.nullable().optional(),
  na: z.boolean().optional(),
  comment: z.string().trim().max(2000, msg('tasks.commentMax')).nullable().optional(),
  fileIds: z.array(ZId).max(20, msg('tasks.filesMax')).optional(),
});
export type TAnswerInput = z.infer<typeof ZAnswerInput>;

export const ZSectionScore = z.object({
  title: z.string(),
  weight: z.number(),
  /** 0..100 (one decimal), null when no question of the section counts. */
  score: z.number().nullable(),
  counted: z.number(),
});
export type TSectionScore = z.infer<typeof ZSectionScore>;

/** A reviewer's note on one question (a rejection flags the questions to rework). */
export const ZQuestionComment = z.object({ questionKey: z.string(), comment: z.string() });
export type TQuestionComment = z.infer<typeof ZQuestionComment>;

export const REVIEW_DECISIONS = ['approved', 'rejected'] as const;
export const ZReview = z.object({
  round: z.number(),
  reviewer: ZNameRef,
  decision: z.enum(REVIEW_DECISIONS),
  reason: z.string().nullable(),
  comment: z.string().nullable(),
  /** Per-question comments of this review (the questions flagged for rework), in scheme order. */
  questionComments: z.array(ZQuestionComment),
  at: z.date(),
});
export type TReview = z.infer<typeof ZReview>;

/** A task as lists show it. */
export const ZTask = z.object({
  id: z.number(),
  version: ZVersion,
  customerId: z.number(),
  status: z.enum(TASK_STATUSES),
  projectId: z.number(),
  slotId: z.number(),
  assignmentId: z.number(),
  locationId: z.number(),
  teamId: z.number(),
  assigneeId: z.number().nullable(),
  /** The pinned scheme version (readable with schemes.byId). */
  schemeId: z.number(),
  project: ZCodeRef,
  /** The pinned scheme's name (two visits at one store on one day tell apart by project and scheme). */
  scheme: ZNameRef,
  location: ZCodeRef,
  team: ZNameRef,
  assignee: ZNameRef.nullable(),
  startsAt: z.date(),
  endsAt: z.date(),
  /** The visit's clock: its location's IANA zone, else its customer's; every time of the task reads in it. */
  timeZone: z.string(),
  startedAt: z.date().nullable(),
  submittedAt: z.date().nullable(),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  outOfFence: z.boolean(),
  /** The check-in against the visit's start (CHECK_IN_LATE_MINUTES): early and late ones are flagged; null before it. */
  checkInTiming: z.enum(CHECK_IN_TIMINGS).nullable(),
  reworkCount: z.number(),
  updatedAt: z.date(),
});
export type TTask = z.infer<typeof ZTask>;

/** byId and bySlot: the whole task. */
export const ZTaskDetail = ZTask.extend({
  answers: z.array(ZAnswer),
  criticalFailures: z.array(z.string()),
  sectionScores: z.array(ZSectionScore),
  reviews: z.array(ZReview),
  checkIn: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      accuracy: z.number(),
      distanceM: z.number().nullable(),
      at: z.date(),
      /** Recorded by the device without a connection and sent later (`at` is the device's time). */
      offline: z.boolean(),
    })
    .nullable(),
  outOfFenceReason: z.string().nullable(),
  signatureFileId: z.number().nullable(),
  cancelReason: z.string().nullable(),
  location: ZCodeRef.extend({
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    geofenceRadiusM: z.number(),
    timeZone: z.string(),
  }),
});
export type TTaskDetail = z.infer<typeof ZTaskDetail>;

export const TASK_SORT_KEYS = ['startsAt', 'status', 'score', 'updatedAt'] as const;
/**
 * q matches the location's code and name and the project's code. Default sort (no sortBy): startsAt asc;
 * for an inspector, their agenda: today's (from local midnight in the customer's time zone) and later
 * tasks first, earliest first, then earlier ones, latest first.
 */
export const ZListTasksInput = listInput(TASK_SORT_KEYS, {
  status: z.union([z.enum(TASK_STATUSES), z.array(z.enum(TASK_STATUSES)).max(TASK_STATUSES.length)]).optional(),
  projectId: ZId.optional(),
  locationId: ZId.optional(),
  assigneeId: ZId.optional(),
  teamId: ZId.optional(),
  /** Tasks at locations of this direction, sub-direction or class (the reports' drill-down). */
  directionId: ZId.optional(),
  subDirectionId: ZId.optional(),
  classId: ZId.optional(),
  /** Slots starting at or after `from` and before `to`. */
  from: ZInputDate.optional(),
  to: ZInputDate.optional(),
  /** Only tasks assigned to the caller. */
  mine: z.boolean().optional(),
  /** Tasks changed at or after this instant (incremental sync). */
  updatedSince: ZInputDate.optional(),
});
export type TListTasksInput = z.infer<typeof ZListTasksInput>;
export const ZTaskList = listOutput(ZTask);

export const ZTaskBySlotInput = z.object({ slotId: ZId, assignmentId: ZId });

const ZLatitude = z.number().min(-90, msg('geo.latitude')).max(90, msg('geo.latitude'));
const ZLongitude = z.number().min(-180, msg('geo.longitude')).max(180, msg('geo.longitude'));

export const ZStartTaskInput = z.object({
  id: ZId,
  version: ZExpectedVersion,
  latitude: ZLatitude,
  longitude: ZLongitude,
  accuracy: z.number().min(0, msg('tasks.accuracyMin')).max(100_000, msg('tasks.accuracyMax')),
  outOfFenceReason: z.string().trim().max(1000, msg('tasks.outOfFenceReasonMax')).optional(),
  /**
   * When the device checked in, for a check-in recorded without a connection and sent later: the slot
   * window is checked at this time, and the reviewer sees "checked in offline". Omitted: now.
   */
  checkedInAt: ZInputDate.optional(),
});
export type TStartTaskInput = z.infer<typeof ZStartTaskInput>;

export const ZSaveAnswersInput = z.object({
  id: ZId,
  version: ZExpectedVersion,
  answers: z.array(ZAnswerInput).min(1, msg('tasks.answersRequired')).max(500, msg('tasks.answersMax')),
});
export type TSaveAnswersInput = z.infer<typeof ZSaveAnswersInput>;

/**
 * What an autosave answers: the task's new version (send it as `version` to refuse overwriting someone
 * else's change), its answers as now stored (in scheme order) and the keys this call changed (empty
 * when nothing changed and nothing was written). The whole task is `tasks.byId` / `bySlot`.
 */
export const ZSavedAnswers = z.object({
  id: z.number(),
  version: ZVersion,
  status: z.enum(TASK_STATUSES),
  schemeId: z.number(),
  updatedAt: z.date(),
  answers: z.array(ZAnswer),
  savedKeys: z.array(z.string()),
});
export type TSavedAnswers = z.infer<typeof ZSavedAnswers>;

export const ZSubmitTaskInput = z.object({
  id: ZId,
  clientMutationId: z
    .string()
    .trim()
    .min(1, msg('tasks.clientMutationIdRequired'))
    .max(100, msg('tasks.clientMutationIdMax')),
  signatureFileId: ZId.optional(),
});
export type TSubmitTaskInput = z.infer<typeof ZSubmitTaskInput>;

/** The audit action (and history event) of work done offline on a task the server then refused. */
export const OFFLINE_KEPT_ACTION = 'offline_kept';

/**
 * tasks.keepOfflineWork: what the device did offline on a task the server refused (cancelled, given to
 * someone else, already submitted), kept with the task for the reviewer. Once per clientMutationId.
 */
export const ZKeepOfflineWorkInput = z.object({
  id: ZId,
  clientMutationId: z
    .string()
    .trim()
    .min(1, msg('tasks.clientMutationIdRequired'))
    .max(100, msg('tasks.clientMutationIdMax')),
  answers: z.array(ZAnswerInput).max(500, msg('tasks.answersMax')),
  /** Why the server refused it, as the device was told (shown to the reviewer). */
  refusal: z.string().trim().max(1000, msg('reason.max')).optional(),
  /** When the device checked in offline, if it did. */
  checkedInAt: ZInputDate.optional(),
  /** Photos and signatures the device had but could not send (the task no longer takes files). */
  filesNotSent: z.number().int().min(0).max(10_000).optional(),
});
export type TKeepOfflineWorkInput = z.infer<typeof ZKeepOfflineWorkInput>;
export const ZKeptOfflineWork = z.object({ id: z.number(), kept: z.boolean(), at: z.date() });
export type TKeptOfflineWork = z.infer<typeof ZKeptOfflineWork>;

export const ZApproveTaskInput = z.object({
  id: ZId,
  version: ZExpectedVersion,
  comment: z.string().trim().max(2000).optional(),
});
export const ZQuestionCommentInput = z.object({
  questionKey: ZQuestionKey,
  comment: z.string().trim().min(1, msg('tasks.questionCommentEmpty')).max(2000, msg('tasks.questionCommentMax')),
});
export const ZRejectTaskInput = z.object({
  id: ZId,
  version: ZExpectedVersion,
  reason: z.string().trim().min(1, msg('tasks.reasonRequired')).max(2000, msg('reason.max')),
  /** Optional notes on single questions (one per question key); the inspector sees them on rework. */
  questionComments: z.array(ZQuestionCommentInput).max(500, msg('tasks.questionCommentsMax')).optional(),
});
export const ZResumeTaskInput = z.object({ id: ZId, version: ZExpectedVersion });
export const ZCancelTaskInput = z.object({
  id: ZId,
  version: ZExpectedVersion,
  reason: z.string().trim().min(1, msg('tasks.reasonRequired')).max(2000, msg('reason.max')),
});
export type TApproveTaskInput = z.infer<typeof ZApproveTaskInput>;
export type TRejectTaskInput = z.infer<typeof ZRejectTaskInput>;
export type TResumeTaskInput = z.infer<typeof ZResumeTaskInput>;
export type TCancelTaskInput = z.infer<typeof ZCancelTaskInput>;

/* ------------------------------------------------------------------ history (tasks.history) */

export const TASK_EVENT_ACTIONS = [
  'start',
  'submit',
  'approve',
  'reject',
  'resume',
  'cancel',
  'missed',
  OFFLINE_KEPT_ACTION,
] as const;
export type TTaskEventAction = (typeof TASK_EVENT_ACTIONS)[number];

/** One transition of a task: who (null actor: the system), when, from → to, and its reason or note. */
export const ZTaskEvent = z.object({
  id: z.number(),
  at: z.date(),
  action: z.enum(TASK_EVENT_ACTIONS),
  from: z.enum(TASK_STATUSES).nullable(),
  to: z.enum(TASK_STATUSES).nullable(),
  actor: ZNameRef.nullable(),
  /** Rejection or cancellation reason, or the out-of-fence reason of a check-in. */
  reason: z.string().nullable(),
  comment: z.string().nullable(),
  round: z.number().nullable(),
  score: z.number().nullable(),
  distanceM: z.number().nullable(),
  outOfFence: z.boolean(),
  /** A check-in recorded by the device offline (its time is the device's). */
  offline: z.boolean(),
  /** offline_kept: the answers the device had, as it sent them; and the files it could not send. */
  keptAnswers: z.array(ZAnswerInput).nullable(),
  filesNotSent: z.number().nullable(),
});
export type TTaskEvent = z.infer<typeof ZTaskEvent>;

/** The answers as one submission round sent them. */
export const ZTaskRound = z.object({
  round: z.number(),
  submittedAt: z.date(),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
});
export type TTaskRound = z.infer<typeof ZTaskRound>;

/** A question whose answer differs between two rounds (null: not answered in that round). */
export const ZAnswerChange = z.object({
  questionKey: z.string(),
  before: ZAnswer.nullable(),
  after: ZAnswer.nullable(),
  /** Evidence files (photos) the later round has and the earlier had not, and the other way round. */
  filesAdded: z.array(z.number()),
  filesRemoved: z.array(z.number()),
});
export type TAnswerChange = z.infer<typeof ZAnswerChange>;

export const ZTaskHistory = z.object({
  events: z.array(ZTaskEvent),
  rounds: z.array(ZTaskRound),
  /** The last round against the one before it; null until a task has been resubmitted. */
  diff: z.object({ fromRound: z.number(), toRound: z.number(), changes: z.array(ZAnswerChange) }).nullable(),
});
export type TTaskHistory = z.infer<typeof ZTaskHistory>;
