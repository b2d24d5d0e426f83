import { defineEntity, p } from '@mikro-orm/core';
import { ACTION_ORIGINS, ACTION_STATUSES } from '../../../../shared/schemas/corrective-actions.ts';
import { baseProperties, recordVersion } from '../../../db/base.entity.ts';
import { trgmIndex } from '../../../lib/trgm.ts';
import { Customer } from '../../organization/customers/customer.entity.ts';
import { Team, User } from '../../organization/users/user.entity.ts';
import { Location } from '../../structure/locations/location.entity.ts';
import { Project } from '../projects/project.entity.ts';
import { Task } from '../tasks/task.entity.ts';

/**
 * A corrective action: one failed question of one approved task, to be fixed at its location by its
 * owner before its due date. Project, location and team are copied from the task so that lists filter
 * on this table alone; the question's text is a snapshot of the task's scheme version. `overdue` is derived (open and `due_at` past); the overdue
 * job notifies the owner once (`overdue_notified_at`, cleared when the due date moves).
 */
export const CorrectiveActionSchema = defineEntity({
  name: 'CorrectiveAction',
  tableName: 'corrective_actions',
  properties: {
    ...baseProperties,
    ...recordVersion,
    customer: () => p.manyToOne(Customer).deleteRule('restrict'),
    task: () => p.manyToOne(Task).deleteRule('restrict'),
    project: () => p.manyToOne(Project).deleteRule('restrict'),
    location: () => p.manyToOne(Location).deleteRule('restrict'),
    team: () => p.manyToOne(Team).deleteRule('restrict'),
    questionKey: p.string().length(64),
    questionText: p.text(),
    origin: p.enum([...ACTION_ORIGINS]),
    status: p.enum([...ACTION_STATUSES]).default('open'),
    owner: () => p.manyToOne(User).nullable().deleteRule('restrict'),
    dueAt: p.datetime(),
    note: p.text().nullable(),
    completionNote: p.text().nullable(),
    evidenceFileIds: p.json<number[]>(),
    doneAt: p.datetime().nullable(),
    doneBy: () => p.manyToOne(User).nullable().deleteRule('restrict').index(),
    verifiedAt: p.datetime().nullable(),
    verifiedBy: () => p.manyToOne(User).nullable().deleteRule('restrict').index(),
    verifiedByTask: () => p.manyToOne(Task).nullable().deleteRule('restrict').index(),
    cancelledAt: p.datetime().nullable(),
    cancelReason: p.text().nullable(),
    overdueNotifiedAt: p.datetime().nullable(),
    createdBy: () => p.manyToOne(User).nullable().deleteRule('restrict').index(),
  },
  indexes: [
    // Lists: a customer's actions by due date (optionally by status), an owner's, a location's, a
    // project's, a task's; the same (…, due_at, id) order the default sort walks.
    { name: 'corrective_actions_customer_status_due_index', properties: ['customer', 'status', 'dueAt', 'id'] },
    { name: 'corrective_actions_customer_due_index', properties: ['customer', 'dueAt', 'id'] },
    { name: 'corrective_actions_owner_due_index', properties: ['owner', 'dueAt', 'id'] },
    { name: 'corrective_actions_location_due_index', properties: ['location', 'dueAt', 'id'] },
    { name: 'corrective_actions_project_due_index', properties: ['project', 'dueAt', 'id'] },
    { name: 'corrective_actions_team_due_index', properties: ['team', 'dueAt', 'id'] },
    { name: 'corrective_actions_task_index', properties: ['task', 'id'] },
    // The `q` search (ILIKE '%q%') on the question's key and text.
    trgmIndex('corrective_actions', 'question_key'),
    trgmIndex('corrective_actions', 'question_text'),
    // Auto-verify: the still-open actions of a location and question key.
    {
      name: 'corrective_actions_pending_index',
      expression: `create index "corrective_actions_pending_index" on "corrective_actions" ("location_id", "question_key") where "status" in ('open', 'done')`,
    },
    // The overdue job: open actions not notified yet, by due date.
    {
      name: 'corrective_actions_overdue_due_index',
      expression: `create index "corrective_actions_overdue_due_index" on "corrective_actions" ("due_at") where "status" = 'open' and "overdue_notified_at" is null`,
    },
    // One live action per question of a task (a cancelled one may be opened again).
    {
      name: 'corrective_actions_task_question_unique',
      expression: `create unique index "corrective_actions_task_question_unique" on "corrective_actions" ("task_id", "question_key") where "status" <> 'cancelled'`,
    },
  ],
});

export class CorrectiveAction extends CorrectiveActionSchema.class {}
CorrectiveActionSchema.setClass(CorrectiveAction);
