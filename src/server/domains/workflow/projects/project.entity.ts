import { defineEntity, p } from '@mikro-orm/core';
import { DEFAULT_ACTION_DUE_DAYS } from '../../../../shared/schemas/corrective-actions.ts';
import { PROJECT_STATUSES } from '../../../../shared/workflow/statuses.ts';
import { baseProperties, recordVersion } from '../../../db/base.entity.ts';
import { trgmIndex } from '../../../lib/trgm.ts';
import { Customer } from '../../organization/customers/customer.entity.ts';
import { User } from '../../organization/users/user.entity.ts';
import { Scheme } from '../../structure/schemes/scheme.entity.ts';

/**
 * One published scheme version applied to a customer's locations over a period. Tasks pin the
 * scheme version they were created with, so changing a draft project's scheme never touches old tasks.
 */
export const ProjectSchema = defineEntity({
  name: 'Project',
  tableName: 'projects',
  properties: {
    ...baseProperties,
    ...recordVersion,
    customer: () => p.manyToOne(Customer).deleteRule('restrict'),
    code: p.string().length(32),
    name: p.string().length(200),
    description: p.text().nullable(),
    scheme: () => p.manyToOne(Scheme).deleteRule('restrict').index(),
    startDate: p.date(),
    endDate: p.date(),
    status: p.enum([...PROJECT_STATUSES]).default('draft'),
    owner: () => p.manyToOne(User).nullable().deleteRule('restrict').index(),
    activatedAt: p.datetime().nullable(),
    completedAt: p.datetime().nullable(),
    archivedAt: p.datetime().nullable(),
    /**
     * Locations chosen for the project in its planning form and not assigned yet (null: none saved), kept
     * with the project so a draft reopened anywhere shows them; an assignment takes a location off.
     */
    chosenLocationIds: p.json<number[]>().nullable(),
    /** Days from opening until a corrective action of this project is due (editable on the action). */
    actionDueDays: p
      .integer()
      .default(DEFAULT_ACTION_DUE_DAYS)
      .check('action_due_days >= 1 and action_due_days <= 365'),
  },
  checks: [{ name: 'projects_period_check', expression: 'end_date >= start_date' }],
  uniques: [{ name: 'projects_customer_code_unique', properties: ['customer', 'code'] }],
  indexes: [
    { properties: ['customer', 'status'] },
    { properties: ['customer', 'startDate'] },
    { properties: ['customer', 'createdAt'] },
    trgmIndex('projects', 'code'),
    trgmIndex('projects', 'name'),
  ],
});

export class Project extends ProjectSchema.class {}
ProjectSchema.setClass(Project);
