import { defineEntity, p } from '@mikro-orm/core';
import { CHAT_STATUSES } from '../../../../shared/schemas/chat.ts';
import { baseProperties } from '../../../db/base.entity.ts';
import { Customer } from '../../organization/customers/customer.entity.ts';
import { User } from '../../organization/users/user.entity.ts';

/**
 * A chat message between two real users of one customer (the live chat; sample contacts keep their
 * per-user copies in chat_messages). `customer` is the tenant both belong to (null: platform users);
 * delivered when it reached a client of the recipient, seen when the recipient opened the conversation.
 */
export const DirectMessageSchema = defineEntity({
  name: 'DirectMessage',
  tableName: 'chat_direct_messages',
  properties: {
    ...baseProperties,
    customer: () => p.manyToOne(Customer).nullable().deleteRule('cascade').index(),
    sender: () => p.manyToOne(User).deleteRule('cascade'),
    recipient: () => p.manyToOne(User).deleteRule('cascade'),
    message: p.text(),
    time: p.datetime(),
    deliveredAt: p.datetime().nullable(),
    seenAt: p.datetime().nullable(),
  },
  indexes: [
    // A conversation, both ways, newest first; the last message per colleague.
    { name: 'chat_direct_messages_sender_recipient_id_index', properties: ['sender', 'recipient', 'id'] },
    { name: 'chat_direct_messages_recipient_sender_id_index', properties: ['recipient', 'sender', 'id'] },
  ],
  checks: [{ name: 'chat_direct_messages_not_self_check', expression: '(sender_id <> recipient_id)' }],
});
export class DirectMessage extends DirectMessageSchema.class {}
DirectMessageSchema.setClass(DirectMessage);

/** A real user's chat status (online, away, busy, offline), as they set it; online until they do. */
export const ChatPresenceSchema = defineEntity({
  name: 'ChatPresence',
  tableName: 'chat_presences',
  properties: {
    ...baseProperties,
    user: () => p.oneToOne(User).owner().deleteRule('cascade'),
    status: p.enum([...CHAT_STATUSES]),
  },
});
export class ChatPresence extends ChatPresenceSchema.class {}
ChatPresenceSchema.setClass(ChatPresence);
