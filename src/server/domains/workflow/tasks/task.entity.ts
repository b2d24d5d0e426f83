import { defineEntity, p } from '@mikro-orm/core';
import {
  REVIEW_DECISIONS,
  type TAnswer,
  type TQuestionComment,
  type TSectionScore,
} from '../../../../shared/schemas/tasks.ts';
import type { AnswerOutcome } from '../../../../shared/workflow/outcomes.ts';
import { TASK_STATUSES } from '../../../../shared/workflow/statuses.ts';
import { baseProperties, recordVersion } from '../../../db/base.entity.ts';
import { Customer } from '../../organization/customers/customer.entity.ts';
import { Team, User } from '../../organization/users/user.entity.ts';
import { Location } from '../../structure/locations/location.entity.ts';
import { Scheme } from '../../structure/schemes/scheme.entity.ts';
import { LocationAssignment } from '../assignments/assignment.entity.ts';
import { Project } from '../projects/project.entity.ts';
import { Slot } from '../slots/slot.entity.ts';

/** A btree index on `keys` carrying `include` (for index-only scans). */
function taskIndex(name: string, keys: string, include: string) {
  return { name, expression: `create index "${name}" on "tasks" (${keys}) include (${include})` };
}

/**
 * One inspection: the task of one slot (exactly one per slot). Project, location, team, assignee and
 * the slot's window are copied from the assignment and slot so that lists filter and sort on this
 * table alone (a million rows); services keep the copies in step when an assignment or slot changes.
 * The scheme version is pinned at creation. Answers are kept as one JSON array merged by question key.
 */
export const TaskSchema = defineEntity({
  name: 'Task',
  tableName: 'tasks',
  properties: {
    ...baseProperties,
    ...recordVersion,
    customer: () => p.manyToOne(Customer).deleteRule('restrict'),
    project: () => p.manyToOne(Project).deleteRule('restrict'),
    assignment: () => p.manyToOne(LocationAssignment).deleteRule('restrict').index(),
    slot: () => p.oneToOne(Slot).owner().deleteRule('restrict').unique('tasks_slot_unique'),
    location: () => p.manyToOne(Location).deleteRule('restrict'),
    team: () => p.manyToOne(Team).deleteRule('restrict'),
    assignee: () => p.manyToOne(User).nullable().deleteRule('restrict'),
    scheme: () => p.manyToOne(Scheme).deleteRule('restrict').index(),
    status: p.enum([...TASK_STATUSES]).default('scheduled'),
    startsAt: p.datetime(),
    endsAt: p.datetime(),
    startedAt: p.datetime().nullable(),
    submittedAt: p.datetime().nullable(),
    reviewedAt: p.datetime().nullable(),
    checkInLatitude: p.double().nullable(),
    checkInLongitude: p.double().nullable(),
    checkInAccuracy: p.double().nullable(),
    checkInDistanceM: p.double().nullable(),
    checkInAt: p.datetime().nullable(),
    /** The check-in was recorded by the device without a connection (its time is the device's). */
    checkInOffline: p.boolean().default(false),
    outOfFence: p.boolean().default(false),
    outOfFenceReason: p.text().nullable(),
    answers: p.json<TAnswer[]>(),
    score: p.decimal('number').precision(4).scale(1).nullable().check('score >= 0 and score <= 100'),
    passed: p.boolean().nullable(),
    criticalFailures: p.json<string[]>(),
    sectionScores: p.json<TSectionScore[]>(),
    /** Each scored question's outcome at submit (shared/workflow/outcomes.ts); null until scored. Read by the report rollups. */
    answerOutcomes: p.json<Record<string, AnswerOutcome>>().nullable(),
    signatureFileId: p.integer().nullable(),
    submitMutationId: p.string().length(100).nullable(),
    reworkCount: p.integer().default(0),
    cancelReason: p.text().nullable(),
    reminderSentAt: p.datetime().nullable(),
  },
  indexes: [
    // Lists: an inspector's own tasks, a project's tasks by status, a location's, a team's, by window.
    // The INCLUDEd columns are what the scope and filters test, so counts and page walks stay
    // index-only at a million tasks (migration task_list_indexes).
    taskIndex('tasks_assignee_id_starts_at_id_index', '"assignee_id", "starts_at", "id"', '"customer_id", "status"'),
    taskIndex(
      'tasks_project_id_status_starts_at_id_index',
      '"project_id", "status", "starts_at", "id"',
      '"customer_id"',
    ),
    taskIndex('tasks_project_id_starts_at_id_index', '"project_id", "starts_at", "id"', '"customer_id", "status"'),
    taskIndex('tasks_location_id_starts_at_id_index', '"location_id", "starts_at", "id"', '"customer_id", "status"'),
    taskIndex('tasks_team_id_starts_at_id_index', '"team_id", "starts_at", "id"', '"customer_id", "status"'),
    taskIndex(
      'tasks_customer_id_starts_at_id_index',
      '"customer_id", "starts_at", "id"',
      '"status", "project_id", "location_id", "team_id", "assignee_id"',
    ),
    { properties: ['customer', 'status', 'startsAt', 'id'] },
    // Incremental sync of the business API (`updatedSince`).
    { properties: ['customer', 'updatedAt'] },
    // The missed-slot job: scheduled tasks whose window has ended.
    {
      name: 'tasks_scheduled_ends_index',
      expression: `create index "tasks_scheduled_ends_index" on "tasks" ("ends_at") where "status" = 'scheduled'`,
    },
    // The reminder job: scheduled tasks not reminded yet, by start.
    {
      name: 'tasks_reminder_due_index',
      expression: `create index "tasks_reminder_due_index" on "tasks" ("starts_at") where "status" = 'scheduled' and "reminder_sent_at" is null`,
    },
  ],
});

export class Task extends TaskSchema.class {}
TaskSchema.setClass(Task);

/** One review round of a task: who decided what, and why. */
export const TaskReviewSchema = defineEntity({
  name: 'TaskReview',
  tableName: 'task_reviews',
  properties: {
    ...baseProperties,
    task: () => p.manyToOne(Task).deleteRule('cascade').index(),
    round: p.integer(),
    reviewer: () => p.manyToOne(User).deleteRule('restrict').index(),
    decision: p.enum([...REVIEW_DECISIONS]),
    reason: p.text().nullable(),
    comment: p.text().nullable(),
    /** Notes on single questions (a rejection's flagged questions). */
    questionComments: p.json<TQuestionComment[]>(),
  },
});

export class TaskReview extends TaskReviewSchema.class {}
TaskReviewSchema.setClass(TaskReview);

/**
 * What one submission sent: the answers and the score as submitted in `round` (1 for the first
 * submission, 2 after one rework…), so a resubmission can be compared with the round before it.
 */
export const TaskRoundSchema = defineEntity({
  name: 'TaskRound',
  tableName: 'task_rounds',
  properties: {
    ...baseProperties,
    task: () => p.manyToOne(Task).deleteRule('cascade'),
    round: p.integer(),
    answers: p.json<TAnswer[]>(),
    score: p.decimal('number').precision(4).scale(1).nullable(),
    passed: p.boolean().nullable(),
  },
  uniques: [{ name: 'task_rounds_task_round_unique', properties: ['task', 'round'] }],
});

export class TaskRound extends TaskRoundSchema.class {}
TaskRoundSchema.setClass(TaskRound);
