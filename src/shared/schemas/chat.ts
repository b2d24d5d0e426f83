// Chat demo app: the caller's chats with sample contacts, as a sample profile user.
import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { ZId } from './common.ts';

export const CHAT_STATUSES = ['online', 'offline', 'busy', 'away'] as const;
export const MAX_CHAT_MESSAGE = 4000;

export const ZChatContact = z.object({
  id: z.number().int(),
  fullName: z.string(),
  role: z.string(),
  about: z.string(),
  avatar: z.string(),
  status: z.enum(CHAT_STATUSES),
});
export type TChatContact = z.infer<typeof ZChatContact>;

export const ZChatProfileUser = ZChatContact.extend({
  settings: z.object({ isTwoStepAuthVerificationEnabled: z.boolean(), isNotificationsOn: z.boolean() }),
});
export type TChatProfileUser = z.infer<typeof ZChatProfileUser>;

export const ZChatMessage = z.object({
  message: z.string(),
  time: z.date(),
  senderId: z.number().int(),
  feedback: z.object({ isSent: z.boolean(), isDelivered: z.boolean(), isSeen: z.boolean() }),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

export const ZChat = z.object({
  id: z.number().int(),
  /** The contact's id. */
  userId: z.number().int(),
  unseenMsgs: z.number().int(),
  messages: z.array(ZChatMessage),
});
export type TChat = z.infer<typeof ZChat>;

export const ZChatsAndContactsInput = z.object({ q: z.string().trim().max(200).optional() });
export type TChatsAndContactsInput = z.infer<typeof ZChatsAndContactsInput>;

export const ZChatContactWithChat = ZChatContact.extend({
  chat: z.object({ id: z.number().int(), unseenMsgs: z.number().int(), lastMessage: ZChatMessage.nullable() }),
});
export const ZChatsAndContacts = z.object({
  /** Contacts the caller has a chat with, most recent message first. */
  chatsContacts: z.array(ZChatContactWithChat),
  contacts: z.array(ZChatContact),
  profileUser: ZChatProfileUser,
});
export type TChatsAndContacts = z.infer<typeof ZChatsAndContacts>;

export const ZOpenChatInput = z.object({ userId: ZId });
export type TOpenChatInput = z.infer<typeof ZOpenChatInput>;
/** `chat` is absent while the caller has never written to this contact. */
export const ZOpenChatResult = z.object({ chat: ZChat.optional(), contact: ZChatContact });
export type TOpenChatResult = z.infer<typeof ZOpenChatResult>;

export const ZSendChatMessageBody = z.object({
  message: z.string().trim().min(1, msg('chat.messageRequired')).max(MAX_CHAT_MESSAGE),
  /** The profile user's id, or the contact's (a message from them). */
  senderId: ZId,
});
export const ZSendChatMessageInput = ZSendChatMessageBody.extend({ userId: ZId });
export type TSendChatMessageInput = z.infer<typeof ZSendChatMessageInput>;
/** `chat` is included when this message started the chat. */
export const ZSendChatMessageResult = z.object({ msg: ZChatMessage, chat: ZChat.optional() });
export type TSendChatMessageResult = z.infer<typeof ZSendChatMessageResult>;

/* ------------------------------------------------------------------ live chat between real users */
// Besides the sample contacts, the caller's colleagues (active users of the same customer who may use
// the demo apps) are contacts; their messages are stored and pushed live (apps.chat.live.events).

export type TChatStatus = (typeof CHAT_STATUSES)[number];

export const ZLiveMessage = z.object({
  id: z.number().int(),
  senderId: z.number().int(),
  recipientId: z.number().int(),
  message: z.string(),
  time: z.date(),
  feedback: z.object({ isSent: z.boolean(), isDelivered: z.boolean(), isSeen: z.boolean() }),
});
export type TLiveMessage = z.infer<typeof ZLiveMessage>;

export const ZLivePerson = z.object({
  id: z.number().int(),
  fullName: z.string(),
  role: z.string(),
  avatar: z.string().nullable(),
  status: z.enum(CHAT_STATUSES),
});
export type TLivePerson = z.infer<typeof ZLivePerson>;

export const ZColleague = ZLivePerson.extend({ unseenMsgs: z.number().int(), lastMessage: ZLiveMessage.nullable() });
export type TColleague = z.infer<typeof ZColleague>;

export const ZColleaguesInput = z.object({ q: z.string().trim().max(200).optional() });
export type TColleaguesInput = z.infer<typeof ZColleaguesInput>;
/** The caller and their colleagues: those with messages first (most recent first), then by name. */
export const ZColleagues = z.object({ me: ZLivePerson, colleagues: z.array(ZColleague) });
export type TColleagues = z.infer<typeof ZColleagues>;

/** How many messages a conversation shows (the most recent). */
export const LIVE_CONVERSATION_LIMIT = 200;
export const ZLiveConversation = z.object({ colleague: ZLivePerson, messages: z.array(ZLiveMessage) });
export type TLiveConversation = z.infer<typeof ZLiveConversation>;

export const ZSendLiveMessageInput = z.object({
  userId: ZId,
  message: z.string().trim().min(1, msg('chat.messageRequired')).max(MAX_CHAT_MESSAGE),
});
export type TSendLiveMessageInput = z.infer<typeof ZSendLiveMessageInput>;

export const ZSetChatStatusInput = z.object({ status: z.enum(CHAT_STATUSES) });
export type TSetChatStatusInput = z.infer<typeof ZSetChatStatusInput>;

/**
 * What the live stream pushes: `ready` when (re)connected (refetch what may have been missed), a new
 * message to or from the caller, a receipt (the reader's client got, or the reader saw, the sender's
 * messages up to an id), a colleague's new status.
 */
export const ZChatEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('message'), message: ZLiveMessage }),
  z.object({
    type: z.literal('receipt'),
    senderId: z.number().int(),
    readerId: z.number().int(),
    deliveredThrough: z.number().int().nullable(),
    seenThrough: z.number().int().nullable(),
  }),
  z.object({ type: z.literal('status'), userId: z.number().int(), status: z.enum(CHAT_STATUSES) }),
]);
export type TChatEvent = z.infer<typeof ZChatEvent>;

/** A subscription's output: an async iterable of which every value is checked against `item` as it comes. */
function zAsyncIterable<T extends z.ZodType>(item: T) {
  return z
    .custom<AsyncIterable<z.input<T>>>(
      (value) => typeof value === 'object' && value !== null && Symbol.asyncIterator in value,
    )
    .transform(async function* (values): AsyncGenerator<z.output<T>, void, unknown> {
      for await (const value of values) yield item.parse(value);
    });
}

/** The live stream (apps.chat.live.events). */
export const ZChatEvents = zAsyncIterable(ZChatEvent);

/** How far the caller has seen a colleague's messages (the last id seen, or null). */
export const ZSeenThrough = z.object({ seenThrough: z.number().int().nullable() });
export type TSeenThrough = z.infer<typeof ZSeenThrough>;
