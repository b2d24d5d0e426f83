// The chat page's model: sample contacts and real colleagues as one list of entries, messages of both
// as one shape, day groups for the separators, and the live events applied to an open conversation.
import type {
  TChatEvent,
  TChatStatus,
  TChatsAndContacts,
  TColleagues,
  TLiveMessage,
} from '../../../../shared/schemas/chat.ts';

export type EntryKind = 'sample' | 'user';

export interface Feedback {
  isSent: boolean;
  isDelivered: boolean;
  isSeen: boolean;
}

export interface ChatMessage {
  /** Unique within a conversation (live: the message id; sample: its position). */
  key: string;
  /** The live message id (receipts refer to it); null for a sample message. */
  id: number | null;
  message: string;
  time: Date;
  mine: boolean;
  feedback: Feedback;
}

export interface Entry {
  key: string;
  kind: EntryKind;
  id: number;
  fullName: string;
  role: string;
  avatar: string | null;
  status: TChatStatus;
  unseen: number;
  last: ChatMessage | null;
}

export const entryKey = (kind: EntryKind, id: number) => `${kind}:${id}`;

export function liveMessage(m: TLiveMessage, me: number): ChatMessage {
  return { key: `m${m.id}`, id: m.id, message: m.message, time: m.time, mine: m.senderId === me, feedback: m.feedback };
}

/** Entries with a conversation (most recent first) and the contacts without one (by name). */
export function entriesOf(
  samples: TChatsAndContacts | undefined,
  live: TColleagues | undefined,
): { chats: Entry[]; contacts: Entry[] } {
  const chats: Entry[] = [];
  const contacts: Entry[] = [];
  for (const c of live?.colleagues ?? []) {
    const entry: Entry = {
      key: entryKey('user', c.id),
      kind: 'user',
      id: c.id,
      fullName: c.fullName,
      role: c.role,
      avatar: c.avatar,
      status: c.status,
      unseen: c.unseenMsgs,
      last: c.lastMessage && live ? liveMessage(c.lastMessage, live.me.id) : null,
    };
    (entry.last ? chats : contacts).push(entry);
  }
  const profileId = samples?.profileUser.id;
  const withChat = new Set<number>();
  for (const c of samples?.chatsContacts ?? []) {
    withChat.add(c.id);
    const last = c.chat.lastMessage;
    chats.push({
      key: entryKey('sample', c.id),
      kind: 'sample',
      id: c.id,
      fullName: c.fullName,
      role: c.role,
      avatar: c.avatar || null,
      status: c.status,
      unseen: c.chat.unseenMsgs,
      last: last
        ? {
            key: 'last',
            id: null,
            message: last.message,
            time: last.time,
            mine: last.senderId === profileId,
            feedback: last.feedback,
          }
        : null,
    });
  }
  for (const c of samples?.contacts ?? []) {
    if (withChat.has(c.id)) continue;
    contacts.push({
      key: entryKey('sample', c.id),
      kind: 'sample',
      id: c.id,
      fullName: c.fullName,
      role: c.role,
      avatar: c.avatar || null,
      status: c.status,
      unseen: 0,
      last: null,
    });
  }
  chats.sort((a, b) => (b.last?.time.getTime() ?? 0) - (a.last?.time.getTime() ?? 0));
  contacts.sort((a, b) => a.fullName.localeCompare(b.fullName));
  return { chats, contacts };
}

/** Messages grouped by local calendar day (for the day separators), in order. */
export function byDay(messages: ChatMessage[]): { day: string; date: Date; messages: ChatMessage[] }[] {
  const groups: { day: string; date: Date; messages: ChatMessage[] }[] = [];
  for (const m of messages) {
    const day = `${m.time.getFullYear()}-${m.time.getMonth()}-${m.time.getDate()}`;
    const group = groups.at(-1);
    if (group?.day === day) group.messages.push(m);
    else groups.push({ day, date: m.time, messages: [m] });
  }
  return groups;
}

/** `messages` with `m` added (or replacing the one with its key), kept in time order. */
export function withMessage(messages: ChatMessage[], m: ChatMessage): ChatMessage[] {
  const rest = messages.filter((x) => x.key !== m.key);
  rest.push(m);
  return rest.sort((a, b) => a.time.getTime() - b.time.getTime() || (a.id ?? 0) - (b.id ?? 0));
}

/** My messages up to a receipt's ids, marked delivered / seen. */
export function withReceipt(messages: ChatMessage[], event: Extract<TChatEvent, { type: 'receipt' }>): ChatMessage[] {
  return messages.map((m) => {
    if (!m.mine || m.id === null) return m;
    const delivered =
      m.feedback.isDelivered ||
      (event.deliveredThrough !== null && m.id <= event.deliveredThrough) ||
      (event.seenThrough !== null && m.id <= event.seenThrough);
    const seen = m.feedback.isSeen || (event.seenThrough !== null && m.id <= event.seenThrough);
    return delivered === m.feedback.isDelivered && seen === m.feedback.isSeen
      ? m
      : { ...m, feedback: { isSent: true, isDelivered: delivered, isSeen: seen } };
  });
}

/** An avatar's image URL: a data or web URL as it is, an uploaded file's thumbnail by id; null otherwise. */
export function avatarUrl(avatar: string | null): string | null {
  if (!avatar) return null;
  if (/^\d+$/.test(avatar)) return `/api/files/${avatar}?thumbnail=1`;
  return /^(data:image\/|https?:\/\/|\/)/.test(avatar) ? avatar : null;
}
