import {
  ZChatsAndContacts,
  ZChatsAndContactsInput,
  ZOpenChatInput,
  ZOpenChatResult,
  ZSendChatMessageInput,
  ZSendChatMessageResult,
} from '../../../../shared/schemas/chat.ts';
import { abilityProcedure, router } from '../../../trpc/init.ts';
import { chatsAndContacts, openChat, sendMessage } from './chat.service.ts';

const demo = abilityProcedure('read', 'DemoApp');

export const chatRouter = router({
  chatsAndContacts: demo
    .input(ZChatsAndContactsInput.optional())
    .output(ZChatsAndContacts)
    .query(({ ctx, input }) => chatsAndContacts(ctx, input ?? {})),
  /** A mutation: opening a chat zeroes its unseen count. */
  open: demo
    .input(ZOpenChatInput)
    .output(ZOpenChatResult)
    .mutation(({ ctx, input }) => openChat(ctx, input)),
  send: demo
    .input(ZSendChatMessageInput)
    .output(ZSendChatMessageResult)
    .mutation(({ ctx, input }) => sendMessage(ctx, input)),
});
