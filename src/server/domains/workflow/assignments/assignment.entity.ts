import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties, recordVersion } from '../../../db/base.entity.ts';
import { Customer } from '../../organization/customers/customer.entity.ts';
import { Team, User } from '../../organization/users/user.entity.ts';
import { Location } from '../../structure/locations/location.entity.ts';
import { Project } from '../projects/project.entity.ts';

/**
 * A project's location given to a team and optionally an inspector (a `qualitycontrol` member of the
 * team), with the visits planned. `customer` repeats the project's, so scope filters need no join.
 */
export const LocationAssignmentSchema = defineEntity({
  name: 'LocationAssignment',
  tableName: 'location_assignments',
  properties: {
    ...baseProperties,
    ...recordVersion,
    customer: () => p.manyToOne(Customer).deleteRule('restrict').index(),
    project: () => p.manyToOne(Project).deleteRule('restrict'),
    location: () => p.manyToOne(Location).deleteRule('restrict').index(),
    team: () => p.manyToOne(Team).deleteRule('restrict').index(),
    assignee: () => p.manyToOne(User).nullable().deleteRule('restrict').index(),
    plannedVisits: p.integer().default(0).check('planned_visits >= 0 and planned_visits <= 366'),
  },
  uniques: [{ name: 'location_assignments_project_location_unique', properties: ['project', 'location'] }],
});

export class LocationAssignment extends LocationAssignmentSchema.class {}
LocationAssignmentSchema.setClass(LocationAssignment);
