import {
  ZChatsAndContacts,
  ZChatsAndContactsInput,
  ZOpenChatInput,
  ZOpenChatResult,
  ZSendChatMessageInput,
  ZSendChatMessageResult,
} from '../../../../shared/schemas/chat.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { chatsAndContacts, openChat, sendMessage } from './chat.service.ts';

export const chatRouter = router({
  chatsAndContacts: authedProcedure
    .input(ZChatsAndContactsInput.optional())
    .output(ZChatsAndContacts)
    .query(({ ctx, input }) => chatsAndContacts(ctx, input ?? {})),
  /** A mutation: opening a chat zeroes its unseen count. */
  open: authedProcedure
    .input(ZOpenChatInput)
    .output(ZOpenChatResult)
    .mutation(({ ctx, input }) => openChat(ctx, input)),
  send: authedProcedure
    .input(ZSendChatMessageInput)
    .output(ZSendChatMessageResult)
    .mutation(({ ctx, input }) => sendMessage(ctx, input)),
});
