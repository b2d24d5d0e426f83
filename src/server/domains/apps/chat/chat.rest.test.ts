import { describe, expect, it } from 'vitest';
import type { TChatContact } from '../../../../shared/schemas/chat.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { anyBoolean } from '../../../testing/matchers.ts';

const t = await setupTestApp();
const AS = 'analyst@demo.com';

interface Msg {
  message: string;
  time: string;
  senderId: number;
  feedback: { isSent: boolean; isDelivered: boolean; isSeen: boolean };
}
interface ChatBody {
  id: number;
  userId: number;
  unseenMsgs: number;
  messages: Msg[];
}
interface Overview {
  chatsContacts: (TChatContact & { chat: { id: number; unseenMsgs: number; lastMessage: Msg | null } })[];
  contacts: TChatContact[];
  profileUser: TChatContact & { settings: { isTwoStepAuthVerificationEnabled: boolean; isNotificationsOn: boolean } };
}

async function overview(q = '', as = AS): Promise<Overview> {
  const res = await t.request({
    method: 'GET',
    url: `/api/apps/chat/chats-and-contacts${q ? `?q=${encodeURIComponent(q)}` : ''}`,
    as,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Overview>();
}

describe('GET /api/apps/chat/chats-and-contacts', () => {
  it('answers chats (most recent first), contacts and the superadmin profile user', async () => {
    const body = await overview();
    expect(body.profileUser.role).toBe('superadmin');
    expect(body.profileUser.settings).toEqual({
      isTwoStepAuthVerificationEnabled: anyBoolean(),
      isNotificationsOn: anyBoolean(),
    });
    expect(body.contacts.length).toBe(10);
    expect(body.contacts.every((c) => ['online', 'offline', 'busy', 'away'].includes(c.status))).toBe(true);
    expect(body.contacts.some((c) => c.id === body.profileUser.id)).toBe(false);
    expect(body.chatsContacts.length).toBeGreaterThan(0);
    const times = body.chatsContacts.map((c) => new Date(c.chat.lastMessage!.time).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body.chatsContacts.some((c) => c.chat.unseenMsgs > 0)).toBe(true);
    for (const c of body.chatsContacts) expect(body.contacts.map((x) => x.id)).toContain(c.id);
  });

  it('filters chats and contacts by a case-insensitive part of the full name', async () => {
    const all = await overview();
    const target = all.chatsContacts[0];
    const part = target.fullName.split(' ')[0].slice(1, 4).toUpperCase();
    const body = await overview(part);
    const matches = (c: TChatContact) => c.fullName.toLowerCase().includes(part.toLowerCase());
    expect(body.contacts.map((c) => c.id)).toEqual(all.contacts.filter(matches).map((c) => c.id));
    expect(body.chatsContacts.map((c) => c.id)).toEqual(all.chatsContacts.filter(matches).map((c) => c.id));
    expect(body.chatsContacts.map((c) => c.id)).toContain(target.id);
    const none = await overview('zzzz-nobody');
    expect(none.contacts).toEqual([]);
    expect(none.chatsContacts).toEqual([]);
    expect(none.profileUser.id).toBe(all.profileUser.id);
  });
});

describe('GET /api/apps/chat/chats/{userId}', () => {
  it('answers the chat and contact and zeroes the unseen count for good', async () => {
    const before = await overview();
    const unread = before.chatsContacts.find((c) => c.chat.unseenMsgs > 0)!;
    const res = await t.request({ method: 'GET', url: `/api/apps/chat/chats/${unread.id}`, as: AS });
    expect(res.statusCode).toBe(200);
    const { chat, contact } = res.json<{ chat: ChatBody; contact: TChatContact }>();
    expect(contact.id).toBe(unread.id);
    expect(chat).toMatchObject({ id: unread.chat.id, userId: unread.id, unseenMsgs: 0 });
    expect(chat.messages.at(-1)).toEqual(unread.chat.lastMessage);
    const times = chat.messages.map((m) => new Date(m.time).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const after = await overview();
    expect(after.chatsContacts.find((c) => c.id === unread.id)!.chat.unseenMsgs).toBe(0);
  });

  it('answers the contact without a chat when none exists yet', async () => {
    const { chatsContacts, contacts } = await overview();
    const lonely = contacts.find((c) => !chatsContacts.some((x) => x.id === c.id))!;
    const res = await t.request({ method: 'GET', url: `/api/apps/chat/chats/${lonely.id}`, as: AS });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ contact: lonely });
  });

  it('answers 404 for an unknown contact (and for the profile user) and 400 for a malformed id', async () => {
    const { profileUser } = await overview();
    for (const id of [999999, profileUser.id]) {
      const res = await t.request({ method: 'GET', url: `/api/apps/chat/chats/${id}`, as: AS });
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toMatch(/contact/i);
    }
    expect((await t.request({ method: 'GET', url: '/api/apps/chat/chats/abc', as: AS })).statusCode).toBe(400);
  });
});

describe('POST /api/apps/chat/chats/{userId}', () => {
  it('appends to an existing chat: 201 with msg only, sent but not delivered nor seen, persisted', async () => {
    const { chatsContacts, profileUser } = await overview();
    const target = chatsContacts[chatsContacts.length - 1];
    const res = await t.request({
      method: 'POST',
      url: `/api/apps/chat/chats/${target.id}`,
      as: AS,
      payload: { message: 'See you at ten.', senderId: profileUser.id },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ msg: Msg; chat?: ChatBody }>();
    expect(body.chat).toBeUndefined();
    expect(body.msg).toMatchObject({
      message: 'See you at ten.',
      senderId: profileUser.id,
      feedback: { isSent: true, isDelivered: false, isSeen: false },
    });
    const after = await overview();
    expect(after.chatsContacts[0].id).toBe(target.id);
    expect(after.chatsContacts[0].chat.lastMessage).toEqual(body.msg);
    const opened = await t.request({ method: 'GET', url: `/api/apps/chat/chats/${target.id}`, as: AS });
    expect(opened.json<{ chat: ChatBody }>().chat.messages.at(-1)).toEqual(body.msg);
  });

  it('creates the chat when missing and returns it with the message', async () => {
    const { chatsContacts, contacts, profileUser } = await overview();
    const lonely = contacts.find((c) => !chatsContacts.some((x) => x.id === c.id))!;
    const res = await t.request({
      method: 'POST',
      url: `/api/apps/chat/chats/${lonely.id}`,
      as: AS,
      payload: { message: 'Hello!', senderId: profileUser.id },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ msg: Msg; chat: ChatBody }>();
    expect(body.chat).toMatchObject({ userId: lonely.id, unseenMsgs: 0, messages: [body.msg] });
    const after = await overview();
    expect(after.chatsContacts.find((c) => c.id === lonely.id)?.chat.id).toBe(body.chat.id);
    // Only this user got the new chat.
    expect((await overview('', 'admin@demo.com')).chatsContacts.some((c) => c.id === lonely.id)).toBe(false);
  });

  it('counts a message from the contact as unseen', async () => {
    const { chatsContacts } = await overview();
    const target = chatsContacts[0];
    await t.request({ method: 'GET', url: `/api/apps/chat/chats/${target.id}`, as: AS });
    const res = await t.request({
      method: 'POST',
      url: `/api/apps/chat/chats/${target.id}`,
      as: AS,
      payload: { message: 'Ping', senderId: target.id },
    });
    expect(res.statusCode).toBe(201);
    expect((await overview()).chatsContacts.find((c) => c.id === target.id)!.chat.unseenMsgs).toBe(1);
  });

  it('answers 400 saying what is wrong for bad bodies and ids, 404 for an unknown contact', async () => {
    const { contacts, profileUser } = await overview();
    const url = `/api/apps/chat/chats/${contacts[0].id}`;
    const cases: [unknown, string][] = [
      [{ senderId: profileUser.id }, 'message'],
      [{ message: '   ', senderId: profileUser.id }, 'message'],
      [{ message: 'x'.repeat(4001), senderId: profileUser.id }, 'message'],
      [{ message: 'Hi' }, 'senderId'],
      [{ message: 'Hi', senderId: 'me' }, 'senderId'],
      [{ message: 'Hi', senderId: contacts[1].id }, 'senderId'],
      [{ message: 42, senderId: profileUser.id }, 'message'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.request({ method: 'POST', url, as: AS, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json<{ errors?: Record<string, string[]> }>().errors ?? {})).toContain(field);
    }
    const bad = await t.request({
      method: 'POST',
      url,
      as: AS,
      headers: { 'content-type': 'application/json' },
      payload: '{"message":',
    });
    expect(bad.statusCode).toBe(400);
    const big = await t.request({
      method: 'POST',
      url,
      as: AS,
      payload: { message: 'x'.repeat(2 * 1024 * 1024), senderId: profileUser.id },
    });
    expect(big.statusCode).toBe(413);
    const unknown = await t.request({
      method: 'POST',
      url: '/api/apps/chat/chats/999999',
      as: AS,
      payload: { message: 'Hi', senderId: profileUser.id },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('authorization', () => {
  it('answers 401 without a session and 403 for client on every chat path', async () => {
    const routes = [
      { method: 'GET', url: '/api/apps/chat/chats-and-contacts' },
      { method: 'GET', url: '/api/apps/chat/chats/1' },
      { method: 'POST', url: '/api/apps/chat/chats/1', payload: { message: 'Hi', senderId: 1 } },
    ] as const;
    for (const route of routes) {
      expect((await t.request({ ...route })).statusCode).toBe(401);
      expect((await t.request({ ...route, as: 'client@demo.com' })).statusCode).toBe(403);
    }
  });
});
