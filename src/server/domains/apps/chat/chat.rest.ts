// REST (spec section 7): GET /api/apps/chat/chats-and-contacts, GET and POST /api/apps/chat/chats/{userId}.
import type { FastifyPluginAsync } from 'fastify';
import { ZSendChatMessageBody } from '../../../../shared/schemas/chat.ts';
import { ZId } from '../../../../shared/schemas/common.ts';
import { AppError } from '../../../lib/app-error.ts';
import { queryString } from '../../../rest/legacy.ts';
import { chatsAndContacts, openChat, sendMessage } from './chat.service.ts';

function contactId(raw: string): number {
  const id = ZId.safeParse(raw);
  if (!id.success) throw new AppError('BAD_REQUEST', 'userId must be a positive integer', { userId: ['Expected a positive integer'] });
  return id.data;
}

export const chatRest: FastifyPluginAsync = async (app) => {
  app.get('/apps/chat/chats-and-contacts', async (request) =>
    chatsAndContacts(request, { q: queryString((request.query as Record<string, unknown>).q)?.trim() || undefined }),
  );

  app.get<{ Params: { userId: string } }>('/apps/chat/chats/:userId', async (request) =>
    openChat(request, { userId: contactId(request.params.userId) }),
  );

  app.post<{ Params: { userId: string } }>('/apps/chat/chats/:userId', async (request, reply) => {
    const userId = contactId(request.params.userId);
    const body = ZSendChatMessageBody.parse(request.body ?? {});
    return reply.code(201).send(await sendMessage(request, { ...body, userId }));
  });
};
