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
    /** What it is about (a preference kind), or null for kinds nobody may silence. */
    kind: p.string().length(20).nullable(),
    /** The server's text it was written from, read in the reader's language (title/body: English). */
    messageKey: p.string().length(40).nullable(),
    messageValues: p.json<Record<string, string | number>>().nullable(),
    /** E-mail owed for it: `now` (sent by the mail worker within seconds) or `digest` (the next 07:00 digest). */
    email: p.string().length(6).$type<'now' | 'digest'>().nullable(),
    emailedAt: p.datetime().nullable(),
  },
  // The navbar lists a user's newest notifications and counts the unread ones.
  indexes: [{ properties: ['user', 'createdAt'] }, { properties: ['user', 'readAt'] }],
});

export class Notification extends NotificationSchema.class {}
NotificationSchema.setClass(Notification);

/** A user's choice per kind of notification, their time zone (the digest goes at 07:00 there). */
export const NotificationPreferenceSchema = defineEntity({
  name: 'NotificationPreference',
  tableName: 'notification_preferences',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    /** kind → 'app' | 'email' | 'digest' | 'off'; a kind not named takes the role's default. */
    channels: p.json<Record<string, string>>().defaultRaw(`'{}'`),
    timeZone: p.string().length(64).nullable(),
    digestSentAt: p.datetime().nullable(),
  },
});

export class NotificationPreference extends NotificationPreferenceSchema.class {}
NotificationPreferenceSchema.setClass(NotificationPreference);

/** Secrets made once by a migration and shared by every process (the unsubscribe links' signing key). */
export const AppSecretSchema = defineEntity({
  name: 'AppSecret',
  tableName: 'app_secrets',
  properties: {
    name: p.string().length(40).primary(),
    value: p.string().length(128),
  },
});

export class AppSecret extends AppSecretSchema.class {}
AppSecretSchema.setClass(AppSecret);
