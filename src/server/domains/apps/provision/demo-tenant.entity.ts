import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../../db/base.entity.ts';
import { Customer } from '../../organization/customers/customer.entity.ts';

/** The demo apps whose data each customer (and the platform, for the superadmin) gets a copy of. */
export const TENANT_DEMO_APPS = [
  'shop',
  'invoice',
  'users',
  'permissions',
  'logistics',
  'analytics',
  'academy',
  'content',
] as const;
export type TenantDemoApp = (typeof TENANT_DEMO_APPS)[number];

/**
 * The owner of one copy of the shared demo apps' data: a customer (`key` 'customer:<id>'), or the
 * platform itself for the superadmin (`key` 'platform', no customer). Demo rows point here through
 * `tenant_id`; the seeded samples have none. `apps` lists the apps already copied for this owner, so
 * each is copied once (a customer who deletes every invoice keeps an empty list).
 */
export const DemoTenantSchema = defineEntity({
  name: 'DemoTenant',
  tableName: 'demo_tenants',
  properties: {
    ...baseProperties,
    key: p.string().length(40).unique(),
    customer: () => p.manyToOne(Customer).nullable().deleteRule('cascade').unique(),
    apps: p.array().default([]),
  },
});

export class DemoTenant extends DemoTenantSchema.class {}
DemoTenantSchema.setClass(DemoTenant);
