// The users demo app's sample people (not the product's accounts, which live in `users`).
import { defineEntity, p } from '@mikro-orm/core';
import {
  DEMO_USER_BILLINGS,
  DEMO_USER_PLANS,
  DEMO_USER_ROLES,
  DEMO_USER_STATUSES,
  type TDemoUserNotification,
} from '../../../../shared/schemas/demo-users.ts';
import { baseProperties, recordVersion } from '../../../db/base.entity.ts';
import { DemoTenant } from '../provision/demo-tenant.entity.ts';

export const DemoUserSchema = defineEntity({
  name: 'DemoUser',
  tableName: 'demo_users',
  properties: {
    ...baseProperties,
    ...recordVersion,
    /** The demo tenant whose copy this row is; null for the seeded samples every copy is made from. */
    tenant: () => p.manyToOne(DemoTenant).nullable().deleteRule('cascade'),
    fullName: p.string().length(120),
    company: p.string().length(120),
    role: p.enum([...DEMO_USER_ROLES]),
    username: p.string().length(60),
    country: p.string().length(80),
    contact: p.string().length(40),
    email: p.string().length(254),
    currentPlan: p.enum([...DEMO_USER_PLANS]),
    status: p.enum([...DEMO_USER_STATUSES]),
    avatar: p.text(),
    billing: p.enum([...DEMO_USER_BILLINGS]),
    taskDone: p.integer().default(0),
    projectDone: p.integer().default(0),
    taxId: p.string().length(40),
    language: p.string().length(40),
    /** Two-step verification switched on (security tab). */
    twoFactor: p.boolean().default(false),
    /** The kinds of notifications silenced (one of the schema's DEMO_USER_NOTIFICATIONS each). */
    mutedNotifications: p.array<TDemoUserNotification>().default([]),
  },
});
export class DemoUser extends DemoUserSchema.class {}
DemoUserSchema.setClass(DemoUser);
