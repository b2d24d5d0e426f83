// The chat page's model without a browser: day groups, receipts applied to my messages, the merged list.
import { describe, expect, it } from 'vitest';
import type { TChatsAndContacts, TColleagues } from '../../../../shared/schemas/chat.ts';
import { avatarUrl, byDay, type ChatMessage, entriesOf, withMessage, withReceipt } from './chat-model.ts';

const msg = (id: number, time: string, mine = true, seen = false): ChatMessage => ({
  key: `m${id}`,
  id,
  message: `m${id}`,
  time: new Date(time),
  mine,
  feedback: { isSent: true, isDelivered: seen, isSeen: seen },
});

describe('chat model', () => {
  it('groups messages by local day, in order', () => {
    const groups = byDay([msg(1, '2026-11-20T09:00:00'), msg(2, '2026-11-20T18:00:00'), msg(3, '2026-11-21T08:00:00')]);
    expect(groups.map((g) => g.messages.map((m) => m.id))).toEqual([[1, 2], [3]]);
  });

  it('marks my messages up to a receipt delivered or seen, and leaves theirs alone', () => {
    const list = [
      msg(1, '2026-11-20T09:00:00'),
      msg(2, '2026-11-20T09:01:00', false),
      msg(3, '2026-11-20T09:02:00'),
      msg(4, '2026-11-20T09:03:00'),
    ];
    const delivered = withReceipt(list, {
      type: 'receipt',
      senderId: 1,
      readerId: 2,
      deliveredThrough: 4,
      seenThrough: null,
    });
    expect(delivered.map((m) => m.feedback.isDelivered)).toEqual([true, false, true, true]);
    const seen = withReceipt(delivered, {
      type: 'receipt',
      senderId: 1,
      readerId: 2,
      deliveredThrough: 3,
      seenThrough: 3,
    });
    expect(seen.map((m) => m.feedback.isSeen)).toEqual([true, false, true, false]);
    expect(seen[3].feedback.isDelivered).toBe(true);
  });

  it('adds a message once, in time order', () => {
    const list = withMessage([msg(2, '2026-11-20T10:00:00')], msg(1, '2026-11-20T09:00:00'));
    expect(withMessage(list, msg(1, '2026-11-20T09:00:00')).map((m) => m.id)).toEqual([1, 2]);
  });

  it('merges sample chats and colleagues: chats by last message, contacts without one by name', () => {
    const samples = {
      chatsContacts: [
        {
          id: 1,
          fullName: 'Zoe Sample',
          role: 'r',
          about: '',
          avatar: '',
          status: 'online',
          chat: {
            id: 9,
            unseenMsgs: 2,
            lastMessage: {
              message: 'old',
              time: new Date('2026-11-01T00:00:00Z'),
              senderId: 5,
              feedback: { isSent: true, isDelivered: true, isSeen: true },
            },
          },
        },
      ],
      contacts: [
        { id: 1, fullName: 'Zoe Sample', role: 'r', about: '', avatar: '', status: 'online' },
        { id: 2, fullName: 'Bea Sample', role: 'r', about: '', avatar: '', status: 'away' },
      ],
      profileUser: {
        id: 5,
        fullName: 'Me',
        role: 'superadmin',
        about: '',
        avatar: '',
        status: 'online',
        settings: { isTwoStepAuthVerificationEnabled: false, isNotificationsOn: true },
      },
    } satisfies TChatsAndContacts;
    const live = {
      me: { id: 10, fullName: 'Real Me', role: 'admin', avatar: null, status: 'busy' },
      colleagues: [
        {
          id: 11,
          fullName: 'Ann Real',
          role: 'analyst',
          avatar: null,
          status: 'online',
          unseenMsgs: 1,
          lastMessage: {
            id: 3,
            senderId: 11,
            recipientId: 10,
            message: 'new',
            time: new Date('2026-11-20T00:00:00Z'),
            feedback: { isSent: true, isDelivered: true, isSeen: false },
          },
        },
        {
          id: 12,
          fullName: 'Carl Real',
          role: 'analyst',
          avatar: null,
          status: 'offline',
          unseenMsgs: 0,
          lastMessage: null,
        },
      ],
    } satisfies TColleagues;
    const { chats, contacts } = entriesOf(samples, live);
    expect(chats.map((c) => [c.key, c.unseen, c.last?.mine])).toEqual([
      ['user:11', 1, false],
      ['sample:1', 2, true],
    ]);
    expect(contacts.map((c) => c.key)).toEqual(['sample:2', 'user:12']);
  });

  it('picks avatar URLs', () => {
    expect(avatarUrl('42')).toBe('/api/files/42?thumbnail=1');
    expect(avatarUrl('data:image/svg+xml;base64,AA')).toMatch(/^data:/);
    expect(avatarUrl('javascript:alert(1)')).toBeNull();
  });
});
