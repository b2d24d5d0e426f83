import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties, recordVersion } from '../../../db/base.entity.ts';
import { trgmIndex } from '../../../lib/trgm.ts';
import { Customer } from '../../organization/customers/customer.entity.ts';

/** A customer's top-level grouping of locations (a region or a department). */
export const DirectionSchema = defineEntity({
  name: 'Direction',
  tableName: 'directions',
  properties: {
    ...baseProperties,
    ...recordVersion,
    customer: () => p.manyToOne(Customer).deleteRule('restrict'),
    code: p.string().length(32),
    name: p.string().length(200),
    description: p.text().nullable(),
    active: p.boolean().default(true),
    archivedAt: p.datetime().nullable(),
  },
  uniques: [{ name: 'directions_customer_code_unique', properties: ['customer', 'code'] }],
  indexes: [{ properties: ['customer', 'name'] }, trgmIndex('directions', 'code'), trgmIndex('directions', 'name')],
});

export class Direction extends DirectionSchema.class {}
DirectionSchema.setClass(Direction);
