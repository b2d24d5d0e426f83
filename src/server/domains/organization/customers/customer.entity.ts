import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties, recordVersion } from '../../../db/base.entity.ts';
import { trgmIndex } from '../../../lib/trgm.ts';

export const CustomerSchema = defineEntity({
  name: 'Customer',
  tableName: 'customers',
  properties: {
    ...baseProperties,
    ...recordVersion,
    code: p.string().length(16).unique(),
    name: p.string().length(200),
    email: p.string().length(254).nullable(),
    phone: p.string().length(40).nullable(),
    country: p.string().length(2).nullable(),
    city: p.string().length(120).nullable(),
    address: p.string().length(300).nullable(),
    status: p.enum(['active', 'suspended'] as const).default('active'),
    /** IANA time zone of the customer's locations (slots are planned in local time); a location may override it. */
    timeZone: p.string().length(64).default('Europe/Paris'),
    /** Who must have a second factor: nobody, the administrators, or everyone. */
    twoFactorPolicy: p.enum(['optional', 'admins', 'everyone'] as const).default('optional'),
    /** Days a covered user may still work without a second factor, from `twoFactorPolicySince`. */
    twoFactorGraceDays: p.integer().default(7),
    /** When the policy last started covering more people (the grace counts from here); null while optional. */
    twoFactorPolicySince: p.datetime().nullable(),
  },
  // The list's and the record search's columns (ILIKE '%q%' on any of them).
  indexes: [
    trgmIndex('customers', 'code'),
    trgmIndex('customers', 'name'),
    trgmIndex('customers', 'city'),
    trgmIndex('customers', 'email'),
  ],
});

export class Customer extends CustomerSchema.class {}
CustomerSchema.setClass(Customer);
