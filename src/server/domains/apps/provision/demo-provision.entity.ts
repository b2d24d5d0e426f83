import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../../db/base.entity.ts';
import { User } from '../../organization/users/user.entity.ts';

/** The demo apps whose data each user gets a private copy of (mailbox, calendar, chats). */
export const PERSONAL_DEMO_APPS = ['calendar', 'chat', 'email'] as const;
export type PersonalDemoApp = (typeof PERSONAL_DEMO_APPS)[number];

/**
 * Marks that a user's private copy of a demo app's sample data was made, so it is made once:
 * a user who deletes every event keeps an empty calendar instead of getting the samples back.
 */
export const DemoProvisionSchema = defineEntity({
  name: 'DemoProvision',
  tableName: 'demo_provisions',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    app: p.enum([...PERSONAL_DEMO_APPS]),
  },
  uniques: [{ properties: ['user', 'app'] }],
});

export class DemoProvision extends DemoProvisionSchema.class {}
DemoProvisionSchema.setClass(DemoProvision);
