// Chat demo app. The caller chats as the sample profile user with sample contacts; the chats and
// messages are the caller's own copy (made on first use), so every role that may read DemoApp may write.
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  TChatContact,
  TChatMessage,
  TChatProfileUser,
  TChatsAndContacts,
  TChatsAndContactsInput,
  TOpenChatInput,
  TOpenChatResult,
  TSendChatMessageInput,
  TSendChatMessageResult,
} from '../../../../shared/schemas/chat.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { execSql, likeContains, raw, sql } from '../../../lib/sql-list.ts';
import { openDemoCopy, shiftedToToday } from '../provision/demo-provision.service.ts';

async function copySampleChats(em: EntityManager, userId: number): Promise<void> {
  await execSql(
    em,
    sql`with src as (
          select id, contact_id, unseen_msgs, last_message_at, created_at from chats where owner_id is null
        ), ins as (
          insert into chats (owner_id, contact_id, unseen_msgs, last_message_at, created_at, updated_at)
          select ${userId}, contact_id, unseen_msgs, ${shiftedToToday('last_message_at', 'created_at')}, now(), now() from src
          returning id, contact_id
        )
        insert into chat_messages (chat_id, message, time, sender_id, is_sent, is_delivered, is_seen, created_at, updated_at)
        select ins.id, m.message, ${shiftedToToday('m.time', 'src.created_at')}, m.sender_id, m.is_sent, m.is_delivered, m.is_seen, now(), now()
          from ins join src on src.contact_id = ins.contact_id join chat_messages m on m.chat_id = src.id
         order by m.id`,
  );
}

function openChats(ctx: ServiceContext): Promise<AuthedContext> {
  return openDemoCopy(ctx, 'chat', copySampleChats);
}

const PERSON_COLUMNS = raw(
  `p.id as "id", p.full_name as "fullName", p.role as "role", p.about as "about", p.avatar as "avatar", p.status as "status"`,
);
const MESSAGE_COLUMNS = raw(
  `m.message as "message", m.time as "time", m.sender_id as "senderId",
   m.is_sent as "isSent", m.is_delivered as "isDelivered", m.is_seen as "isSeen"`,
);

interface MessageRow {
  message: string;
  /** Raw SQL hands timestamps back as text. */
  time: string | Date;
  senderId: number;
  isSent: boolean;
  isDelivered: boolean;
  isSeen: boolean;
}

function toMessage(row: MessageRow): TChatMessage {
  return {
    message: row.message,
    time: new Date(row.time),
    senderId: row.senderId,
    feedback: { isSent: row.isSent, isDelivered: row.isDelivered, isSeen: row.isSeen },
  };
}

function toContact(row: TChatContact): TChatContact {
  return { id: row.id, fullName: row.fullName, role: row.role, about: row.about, avatar: row.avatar, status: row.status };
}

async function profileUser(em: EntityManager): Promise<TChatProfileUser> {
  const [row] = await execSql<TChatContact & { twoStep: boolean; notifications: boolean }>(
    em,
    sql`select ${PERSON_COLUMNS}, p.two_step_auth as "twoStep", p.notifications_on as "notifications"
          from chat_people p where p.is_profile order by p.id limit 1`,
  );
  if (!row) throw new AppError('NOT_FOUND', 'The chat profile is missing: seed the demo data');
  return { ...toContact(row), settings: { isTwoStepAuthVerificationEnabled: row.twoStep, isNotificationsOn: row.notifications } };
}

async function findContact(em: EntityManager, id: number): Promise<TChatContact> {
  const [row] = await execSql<TChatContact>(em, sql`select ${PERSON_COLUMNS} from chat_people p where p.id = ${id} and not p.is_profile`);
  if (!row) throw new AppError('NOT_FOUND', 'No contact found with this id');
  return toContact(row);
}

async function chatMessages(em: EntityManager, chatId: number): Promise<TChatMessage[]> {
  const rows = await execSql<MessageRow>(em, sql`select ${MESSAGE_COLUMNS} from chat_messages m where m.chat_id = ${chatId} order by m.time, m.id`);
  return rows.map(toMessage);
}

/**
 * The caller's chats (contacts with a chat, their unseen count and last message, most recent first),
 * every contact, and the profile user; contacts filtered by `q` contained in the full name (any case).
 * Any role that may read DemoApp.
 */
export async function chatsAndContacts(ctx: ServiceContext, input: TChatsAndContactsInput): Promise<TChatsAndContacts> {
  const authed = await openChats(ctx);
  const q = input.q?.trim();
  const nameFilter = q ? sql` and p.full_name ilike ${likeContains(q)}` : raw('');
  const chatRows = await execSql<TChatContact & { chatId: number; unseenMsgs: number } & Partial<MessageRow>>(
    authed.em,
    sql`select ${PERSON_COLUMNS}, c.id as "chatId", c.unseen_msgs as "unseenMsgs",
               lm."message", lm."time", lm."senderId", lm."isSent", lm."isDelivered", lm."isSeen"
          from chats c
          join chat_people p on p.id = c.contact_id
          left join lateral (
            select ${MESSAGE_COLUMNS} from chat_messages m where m.chat_id = c.id order by m.time desc, m.id desc limit 1
          ) lm on true
         where c.owner_id = ${authed.user.id}${nameFilter}
         order by lm."time" desc nulls last, c.id desc`,
  );
  const contactRows = await execSql<TChatContact>(
    authed.em,
    sql`select ${PERSON_COLUMNS} from chat_people p where not p.is_profile${nameFilter} order by p.full_name, p.id`,
  );
  return {
    chatsContacts: chatRows.map((row) => ({
      ...toContact(row),
      chat: {
        id: row.chatId,
        unseenMsgs: row.unseenMsgs,
        lastMessage: row.time ? toMessage(row as MessageRow) : null,
      },
    })),
    contacts: contactRows.map(toContact),
    profileUser: await profileUser(authed.em),
  };
}

/**
 * Opens the chat with contact `userId`: the contact, and the chat with its messages (oldest first) when
 * one exists; its unseen count is set to zero and stays so. NOT_FOUND for an unknown contact.
 */
export async function openChat(ctx: ServiceContext, input: TOpenChatInput): Promise<TOpenChatResult> {
  const authed = await openChats(ctx);
  const contact = await findContact(authed.em, input.userId);
  const [chat] = await execSql<{ id: number }>(
    authed.em,
    sql`update chats set unseen_msgs = 0, updated_at = now()
         where owner_id = ${authed.user.id} and contact_id = ${contact.id} returning id`,
  );
  if (!chat) return { contact };
  return { chat: { id: chat.id, userId: contact.id, unseenMsgs: 0, messages: await chatMessages(authed.em, chat.id) }, contact };
}

/**
 * Appends a message to the caller's chat with contact `userId`, starting the chat when there is none.
 * The sender is the profile user or the contact (BAD_REQUEST otherwise); a contact's message counts as
 * unseen. New messages are sent, not delivered, not seen. Returns the message, plus the chat when new.
 */
export async function sendMessage(ctx: ServiceContext, input: TSendChatMessageInput): Promise<TSendChatMessageResult> {
  const authed = await openChats(ctx);
  const contact = await findContact(authed.em, input.userId);
  const profile = await profileUser(authed.em);
  if (input.senderId !== profile.id && input.senderId !== contact.id) {
    throw new AppError('BAD_REQUEST', `senderId must be ${profile.id} (you) or ${contact.id} (the contact)`, {
      senderId: [`Expected ${profile.id} or ${contact.id}`],
    });
  }
  const fromContact = input.senderId === contact.id ? 1 : 0;
  return authed.em.transactional(async (tx) => {
    const created = await execSql<{ id: number }>(
      tx,
      sql`insert into chats (owner_id, contact_id, unseen_msgs, last_message_at, created_at, updated_at)
          values (${authed.user.id}, ${contact.id}, 0, now(), now(), now())
          on conflict (owner_id, contact_id) do nothing returning id`,
    );
    const isNew = created.length > 0;
    const [{ id: chatId }] = isNew
      ? created
      : await execSql<{ id: number }>(tx, sql`select id from chats where owner_id = ${authed.user.id} and contact_id = ${contact.id}`);
    const [row] = await execSql<MessageRow>(
      tx,
      sql`with m as (
            insert into chat_messages (chat_id, message, time, sender_id, is_sent, is_delivered, is_seen, created_at, updated_at)
            values (${chatId}, ${input.message}, now(), ${input.senderId}, true, false, false, now(), now())
            returning *
          ) select ${MESSAGE_COLUMNS} from m`,
    );
    const [{ unseenMsgs }] = await execSql<{ unseenMsgs: number }>(
      tx,
      sql`update chats set last_message_at = ${row.time}, unseen_msgs = unseen_msgs + ${fromContact}, updated_at = now()
           where id = ${chatId} returning unseen_msgs as "unseenMsgs"`,
    );
    const msg = toMessage(row);
    return isNew ? { msg, chat: { id: chatId, userId: contact.id, unseenMsgs, messages: [msg] } } : { msg };
  });
}
