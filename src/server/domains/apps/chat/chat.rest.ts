// REST: GET /api/apps/chat/chats-and-contacts, GET and POST /api/apps/chat/chats/{userId}.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZChatsAndContacts,
  ZChatsAndContactsInput,
  ZOpenChatInput,
  ZOpenChatResult,
  ZSendChatMessageBody,
  ZSendChatMessageResult,
} from '../../../../shared/schemas/chat.ts';
import { chatsAndContacts, openChat, sendMessage } from './chat.service.ts';

export const chatRest: FastifyPluginAsyncZod = async (app) => {
  const list = { querystring: ZChatsAndContactsInput, response: { 200: ZChatsAndContacts } };
  app.get('/apps/chat/chats-and-contacts', { schema: list }, async (request) =>
    chatsAndContacts(request, request.query),
  );

  app.get(
    '/apps/chat/chats/:userId',
    { schema: { params: ZOpenChatInput, response: { 200: ZOpenChatResult } } },
    async (request) => openChat(request, request.params),
  );

  const send = { params: ZOpenChatInput, body: ZSendChatMessageBody, response: { 201: ZSendChatMessageResult } };
  app.post('/apps/chat/chats/:userId', { schema: send }, async (request, reply) =>
    reply.code(201).send(await sendMessage(request, { ...request.body, ...request.params })),
  );
};
