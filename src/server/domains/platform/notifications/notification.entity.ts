import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../../db/base.entity.ts';
import { User } from '../../organization/users/user.entity.ts';

/** A message for one user, shown in the navbar; unread while `readAt` is null. */
export const NotificationSchema = defineEntity({
  name: 'Notification',
  tableName: 'notifications',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    title: p.string().length(200),
    body: p.string().length(1000),
    /** An in-app path (starts with `/`), or null. */
    link: p.string().length(300).nullable(),
    readAt: p.datetime().nullable(),
  },
  // The navbar lists a user's newest notifications and counts the unread ones.
  indexes: [{ properties: ['user', 'createdAt'] }, { properties: ['user', 'readAt'] }],
});

export class Notification extends NotificationSchema.class {}
NotificationSchema.setClass(Notification);
