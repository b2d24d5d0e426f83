import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties, recordVersion } from '../../../db/base.entity.ts';
import { trgmIndex } from '../../../lib/trgm.ts';
import { Customer } from '../../organization/customers/customer.entity.ts';
import { Direction } from '../directions/direction.entity.ts';

/** An area inside a direction. Carries its direction's customer for tenant scoping and indexes. */
export const SubDirectionSchema = defineEntity({
  name: 'SubDirection',
  tableName: 'sub_directions',
  properties: {
    ...baseProperties,
    ...recordVersion,
    customer: () => p.manyToOne(Customer).deleteRule('restrict'),
    direction: () => p.manyToOne(Direction).deleteRule('restrict').index(),
    code: p.string().length(32),
    name: p.string().length(200),
    description: p.text().nullable(),
    active: p.boolean().default(true),
    archivedAt: p.datetime().nullable(),
  },
  uniques: [{ name: 'sub_directions_direction_code_unique', properties: ['direction', 'code'] }],
  indexes: [
    { properties: ['customer', 'name'] },
    trgmIndex('sub_directions', 'code'),
    trgmIndex('sub_directions', 'name'),
  ],
});

export class SubDirection extends SubDirectionSchema.class {}
SubDirectionSchema.setClass(SubDirection);
