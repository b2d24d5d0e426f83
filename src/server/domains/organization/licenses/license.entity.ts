import { defineEntity, p } from '@mikro-orm/core';
import { LICENSE_PLANS, type TLicenseModule } from '../../../../shared/schemas/licenses.ts';
import { baseProperties, recordVersion } from '../../../db/base.entity.ts';
import { trgmIndex } from '../../../lib/trgm.ts';
import { Customer } from '../customers/customer.entity.ts';

/**
 * A customer's right to use Opsdesk for a period. Status is derived from the dates and revokedAt:
 * scheduled (startsAt in the future), active, expired (expiresAt passed), revoked.
 */
export const LicenseSchema = defineEntity({
  name: 'License',
  tableName: 'licenses',
  properties: {
    ...baseProperties,
    ...recordVersion,
    customer: () => p.manyToOne(Customer).deleteRule('restrict'),
    key: p.string().length(40).unique(),
    plan: p.enum([...LICENSE_PLANS]),
    seats: p.integer().check('seats >= 1'),
    modules: p.json<TLicenseModule[]>(),
    startsAt: p.datetime(),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    revokeReason: p.string().length(300).nullable(),
  },
  checks: [{ name: 'licenses_period_check', expression: 'expires_at > starts_at' }],
  indexes: [{ properties: ['customer', 'startsAt'] }, { properties: ['expiresAt'] }, trgmIndex('licenses', 'key')],
});

export class License extends LicenseSchema.class {}
LicenseSchema.setClass(License);
