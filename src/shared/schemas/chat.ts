// Chat demo app: the caller's chats with sample contacts, as a sample profile user.
import { z } from 'zod';
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
  message: z.string().trim().min(1, 'Message is required').max(MAX_CHAT_MESSAGE),
  /** The profile user's id, or the contact's (a message from them). */
  senderId: ZId,
});
export const ZSendChatMessageInput = ZSendChatMessageBody.extend({ userId: ZId });
export type TSendChatMessageInput = z.infer<typeof ZSendChatMessageInput>;
/** `chat` is included when this message started the chat. */
export const ZSendChatMessageResult = z.object({ msg: ZChatMessage, chat: ZChat.optional() });
export type TSendChatMessageResult = z.infer<typeof ZSendChatMessageResult>;
