import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties, recordVersion } from '../../../db/base.entity.ts';
import { trgmIndex } from '../../../lib/trgm.ts';
import { Customer } from '../../organization/customers/customer.entity.ts';

/** A location class: a kind of location (hypermarket, warehouse…). */
export const LocationClassSchema = defineEntity({
  name: 'LocationClass',
  tableName: 'location_classes',
  properties: {
    ...baseProperties,
    ...recordVersion,
    customer: () => p.manyToOne(Customer).deleteRule('restrict'),
    name: p.string().length(120),
    description: p.text().nullable(),
    color: p.string().length(7).default('#6e7781').check("color ~ '^#[0-9a-fA-F]{6}$'"),
    archivedAt: p.datetime().nullable(),
  },
  uniques: [{ name: 'location_classes_customer_name_unique', properties: ['customer', 'name'] }],
  indexes: [trgmIndex('location_classes', 'name')],
});

export class LocationClass extends LocationClassSchema.class {}
LocationClassSchema.setClass(LocationClass);
