import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';

const t = await setupTestApp();

describe('apps.chat (tRPC)', () => {
  it('lists, opens and sends through the same services', async () => {
    const api = await t.caller('businessadmin@demo.com');
    const { chatsContacts, profileUser } = await api.apps.chat.chatsAndContacts();
    const target = chatsContacts[0];
    const opened = await api.apps.chat.open({ userId: target.id });
    expect(opened.chat?.unseenMsgs).toBe(0);
    const sent = await api.apps.chat.send({ userId: target.id, message: 'On my way', senderId: profileUser.id });
    expect(sent.msg.time).toBeInstanceOf(Date);
    expect(sent.msg.feedback).toEqual({ isSent: true, isDelivered: false, isSeen: false });
    const again = await api.apps.chat.open({ userId: target.id });
    expect(again.chat?.messages.at(-1)?.message).toBe('On my way');
  });

  it('refuses bad input and unknown contacts', async () => {
    const api = await t.caller('admin@demo.com');
    await expect(api.apps.chat.send({ userId: 1, message: '', senderId: 1 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(api.apps.chat.open({ userId: 999999 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is FORBIDDEN for client and UNAUTHORIZED for nobody', async () => {
    const client = await t.caller('client@demo.com');
    await expect(client.apps.chat.chatsAndContacts()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(client.apps.chat.send({ userId: 1, message: 'x', senderId: 1 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(t.createAnonCaller().apps.chat.chatsAndContacts()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
