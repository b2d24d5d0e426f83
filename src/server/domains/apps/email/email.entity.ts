import { defineEntity, p } from '@mikro-orm/core';
import { EMAIL_FOLDERS, type TEmailAttachment, type TEmailLabel } from '../../../../shared/schemas/email.ts';
import { baseProperties } from '../../../db/base.entity.ts';
import { User } from '../../organization/users/user.entity.ts';

/** An earlier message of a thread, kept with the e-mail; its time is `minutesBefore` the e-mail's. */
export interface StoredReply {
  id: number;
  from: { email: string; name: string; avatar: string };
  to: { email: string; name: string }[];
  cc: string[];
  bcc: string[];
  subject: string;
  message: string;
  attachments: TEmailAttachment[];
  minutesBefore: number;
}

/**
 * An e-mail of a user's demo mailbox. Rows without an owner are the seeded samples each user's mailbox
 * is copied from on first use (addressed to the user on copy).
 */
export const EmailSchema = defineEntity({
  name: 'Email',
  tableName: 'emails',
  properties: {
    ...baseProperties,
    owner: () => p.manyToOne(User).nullable().deleteRule('cascade'),
    fromEmail: p.string().length(254),
    fromName: p.string().length(120),
    fromAvatar: p.text().default(''),
    to: p.json<{ email: string; name: string }[]>(),
    cc: p.array().default([]),
    bcc: p.array().default([]),
    subject: p.string().length(300),
    message: p.text(),
    attachments: p.json<TEmailAttachment[]>(),
    isStarred: p.boolean().default(false),
    labels: p.array<TEmailLabel>().default([]),
    time: p.datetime(),
    replies: p.json<StoredReply[]>(),
    folder: p.enum([...EMAIL_FOLDERS]),
    isRead: p.boolean().default(false),
    isDeleted: p.boolean().default(false),
  },
  indexes: [{ properties: ['owner', 'folder', 'time'] }],
});

export class Email extends EmailSchema.class {}
EmailSchema.setClass(Email);
