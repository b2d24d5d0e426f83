import { defineEntity, p } from '@mikro-orm/core';
import { CHAT_STATUSES } from '../../../../shared/schemas/chat.ts';
import { baseProperties } from '../../../db/base.entity.ts';
import { User } from '../../organization/users/user.entity.ts';

/** A sample chat persona: the contacts, and the one profile user the caller chats as. Shared by everyone. */
export const ChatPersonSchema = defineEntity({
  name: 'ChatPerson',
  tableName: 'chat_people',
  properties: {
    ...baseProperties,
    fullName: p.string().length(120),
    role: p.string().length(120),
    about: p.text(),
    avatar: p.text(),
    status: p.enum([...CHAT_STATUSES]),
    isProfile: p.boolean().default(false),
    twoStepAuth: p.boolean().default(false),
    notificationsOn: p.boolean().default(true),
  },
});
export class ChatPerson extends ChatPersonSchema.class {}
ChatPersonSchema.setClass(ChatPerson);

/**
 * A conversation between the caller (as the profile user) and a contact. Rows without an owner are the
 * seeded samples each user's chats are copied from on first use.
 */
export const ChatSchema = defineEntity({
  name: 'Chat',
  tableName: 'chats',
  properties: {
    ...baseProperties,
    owner: () => p.manyToOne(User).nullable().deleteRule('cascade'),
    contact: () => p.manyToOne(ChatPerson).deleteRule('cascade'),
    unseenMsgs: p.integer().default(0),
    lastMessageAt: p.datetime().nullable(),
  },
  uniques: [{ properties: ['owner', 'contact'] }],
  indexes: [{ properties: ['owner', 'lastMessageAt'] }],
  checks: [{ name: 'chats_unseen_msgs_check', expression: '(unseen_msgs >= 0)' }],
});
export class Chat extends ChatSchema.class {}
ChatSchema.setClass(Chat);

export const ChatMessageSchema = defineEntity({
  name: 'ChatMessage',
  tableName: 'chat_messages',
  properties: {
    ...baseProperties,
    chat: () => p.manyToOne(Chat).deleteRule('cascade'),
    message: p.text(),
    time: p.datetime(),
    sender: () => p.manyToOne(ChatPerson).deleteRule('cascade'),
    isSent: p.boolean().default(true),
    isDelivered: p.boolean().default(false),
    isSeen: p.boolean().default(false),
  },
  indexes: [{ properties: ['chat', 'time'] }],
});
export class ChatMessage extends ChatMessageSchema.class {}
ChatMessageSchema.setClass(ChatMessage);
