// tRPC: apps.chat.* — the sample chats over the same services as REST, and the live chat with colleagues.
import {
  ZChatEvents,
  ZChatsAndContacts,
  ZChatsAndContactsInput,
  ZColleagues,
  ZColleaguesInput,
  ZLiveConversation,
  ZLiveMessage,
  ZOpenChatInput,
  ZOpenChatResult,
  ZSeenThrough,
  ZSendChatMessageInput,
  ZSendChatMessageResult,
  ZSendLiveMessageInput,
  ZSetChatStatusInput,
} from '../../../../shared/schemas/chat.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { chatsAndContacts, openChat, sendMessage } from './chat.service.ts';
import {
  colleagues,
  liveEvents,
  markConversationSeen,
  openConversation,
  sendLiveMessage,
  setChatStatus,
} from './chat-live.service.ts';

/** The live chat with the caller's colleagues (real users of the same customer). */
const liveRouter = router({
  colleagues: authedProcedure
    .input(ZColleaguesInput.prefault({}))
    .output(ZColleagues)
    .query(({ ctx, input }) => colleagues(ctx, input)),
  /** A mutation: opening a conversation marks what the colleague sent as seen. */
  open: authedProcedure
    .input(ZOpenChatInput)
    .output(ZLiveConversation)
    .mutation(({ ctx, input }) => openConversation(ctx, input)),
  markSeen: authedProcedure
    .input(ZOpenChatInput)
    .output(ZSeenThrough)
    .mutation(({ ctx, input }) => markConversationSeen(ctx, input)),
  send: authedProcedure
    .input(ZSendLiveMessageInput)
    .output(ZLiveMessage)
    .mutation(({ ctx, input }) => sendLiveMessage(ctx, input)),
  setStatus: authedProcedure
    .input(ZSetChatStatusInput)
    .output(ZSetChatStatusInput)
    .mutation(({ ctx, input }) => setChatStatus(ctx, input)),
  /** Server-sent events (httpSubscriptionLink): new messages, receipts, colleagues' statuses. */
  events: authedProcedure.output(ZChatEvents).subscription(({ ctx, signal }) => liveEvents(ctx, signal)),
});

export const chatRouter = router({
  chatsAndContacts: authedProcedure
    .input(ZChatsAndContactsInput.prefault({}))
    .output(ZChatsAndContacts)
    .query(({ ctx, input }) => chatsAndContacts(ctx, input)),
  /** A mutation: opening a chat zeroes its unseen count. */
  open: authedProcedure
    .input(ZOpenChatInput)
    .output(ZOpenChatResult)
    .mutation(({ ctx, input }) => openChat(ctx, input)),
  send: authedProcedure
    .input(ZSendChatMessageInput)
    .output(ZSendChatMessageResult)
    .mutation(({ ctx, input }) => sendMessage(ctx, input)),
  live: liveRouter,
});
