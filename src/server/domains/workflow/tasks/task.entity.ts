import { defineEntity, p } from '@mikro-orm/core';
import { TASK_STATUSES } from '../../../../shared/schemas/projects.ts';
import { REVIEW_DECISIONS, type TAnswer, type TSectionScore } from '../../../../shared/schemas/tasks.ts';
import { baseProperties, recordVersion } from '../../../db/base.entity.ts';
import { Customer } from '../../organization/customers/customer.entity.ts';
import { Team, User } from '../../organization/users/user.entity.ts';
import { Location } from '../../structure/locations/location.entity.ts';
import { Scheme } from '../../structure/schemes/scheme.entity.ts';
import { LocationAssignment } from '../assignments/assignment.entity.ts';
import { Project } from '../projects/project.entity.ts';
import { Slot } from '../slots/slot.entity.ts';

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
    outOfFence: p.boolean().default(false),
    outOfFenceReason: p.text().nullable(),
    answers: p.json<TAnswer[]>(),
    score: p.decimal('number').precision(4).scale(1).nullable().check('score >= 0 and score <= 100'),
    passed: p.boolean().nullable(),
    criticalFailures: p.json<string[]>(),
    sectionScores: p.json<TSectionScore[]>(),
    signatureFileId: p.integer().nullable(),
    submitMutationId: p.string().length(100).nullable(),
    reworkCount: p.integer().default(0),
    cancelReason: p.text().nullable(),
    reminderSentAt: p.datetime().nullable(),
  },
  indexes: [
    // Lists: an inspector's own tasks, a project's tasks by status, a location's, a team's, by window.
    { properties: ['assignee', 'startsAt', 'id'] },
    { properties: ['project', 'status', 'startsAt', 'id'] },
    { properties: ['project', 'startsAt', 'id'] },
    { properties: ['location', 'startsAt', 'id'] },
    { properties: ['team', 'startsAt', 'id'] },
    { properties: ['customer', 'startsAt', 'id'] },
    { properties: ['customer', 'status', 'startsAt', 'id'] },
    // The missed-slot job: scheduled tasks whose window has ended.
    { name: 'tasks_scheduled_ends_index', expression: `create index "tasks_scheduled_ends_index" on "tasks" ("ends_at") where "status" = 'scheduled'` },
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
  },
});

export class TaskReview extends TaskReviewSchema.class {}
TaskReviewSchema.setClass(TaskReview);
