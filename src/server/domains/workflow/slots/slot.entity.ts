import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties, recordVersion } from '../../../db/base.entity.ts';
import { Customer } from '../../organization/customers/customer.entity.ts';
import { LocationAssignment } from '../assignments/assignment.entity.ts';

/**
 * A planned visit window of an assignment. Generated slots carry their `occurrence` (the local date
 * of the recurrence), unique per assignment, which makes generation idempotent.
 */
export const SlotSchema = defineEntity({
  name: 'Slot',
  tableName: 'slots',
  properties: {
    ...baseProperties,
    ...recordVersion,
    customer: () => p.manyToOne(Customer).deleteRule('restrict').index(),
    assignment: () => p.manyToOne(LocationAssignment).deleteRule('restrict'),
    startsAt: p.datetime(),
    endsAt: p.datetime(),
    occurrence: p.string().length(32).nullable(),
  },
  checks: [{ name: 'slots_window_check', expression: 'ends_at > starts_at' }],
  uniques: [{ name: 'slots_assignment_occurrence_unique', properties: ['assignment', 'occurrence'] }],
  indexes: [{ properties: ['assignment', 'startsAt'] }],
});

export class Slot extends SlotSchema.class {}
SlotSchema.setClass(Slot);
