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
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { likeContains, toDate } from '../../../lib/list/index.ts';
import { type CopyOwner, now, openDemoCopy, shiftedToNow } from '../provision/demo-provision.service.ts';

/** Copies the sample chats and their messages (moved by the days since seeding, still in the past). */
async function copySampleChats(em: EntityManager, owner: CopyOwner): Promise<void> {
  await db(em)
    .with('src', (q) =>
      q
        .selectFrom('chats')
        .select(['id', 'contact_id', 'unseen_msgs', 'last_message_at', 'created_at'])
        .where('owner_id', 'is', null),
    )
    .with('ins', (q) =>
      q
        .insertInto('chats')
        .columns(['owner_id', 'contact_id', 'unseen_msgs', 'last_message_at', 'created_at', 'updated_at'])
        .expression((eb) =>
          eb
            .selectFrom('src')
            .select((eb) => [
              eb.val(owner.id).as('owner_id'),
              'src.contact_id',
              'src.unseen_msgs',
              shiftedToNow(eb.ref('src.last_message_at'), eb.ref('src.created_at')).as('last_message_at'),
              now().as('created_at'),
              now().as('updated_at'),
            ]),
        )
        .returning(['id', 'contact_id']),
    )
    .insertInto('chat_messages')
    .columns([
      'chat_id',
      'message',
      'time',
      'sender_id',
      'is_sent',
      'is_delivered',
      'is_seen',
      'created_at',
      'updated_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom('ins')
        .innerJoin('src', 'src.contact_id', 'ins.contact_id')
        .innerJoin('chat_messages as m', 'm.chat_id', 'src.id')
        .select((eb) => [
          'ins.id',
          'm.message',
          shiftedToNow(eb.ref('m.time'), eb.ref('src.created_at')).as('time'),
          'm.sender_id',
          'm.is_sent',
          'm.is_delivered',
          'm.is_seen',
          now().as('created_at'),
          now().as('updated_at'),
        ])
        .orderBy('m.id'),
    )
    .execute();
}

function openChats(ctx: ServiceContext): Promise<AuthedContext> {
  return openDemoCopy(ctx, 'chat', copySampleChats);
}

const PERSON_COLUMNS = ['p.id', 'p.full_name as fullName', 'p.role', 'p.about', 'p.avatar', 'p.status'] as const;
const MESSAGE_COLUMNS = [
  'm.message',
  'm.time',
  'm.sender_id as senderId',
  'm.is_sent as isSent',
  'm.is_delivered as isDelivered',
  'm.is_seen as isSeen',
] as const;

interface MessageRow {
  message: string;
  /** Timestamps arrive as text. */
  time: Date | string;
  senderId: number;
  isSent: boolean;
  isDelivered: boolean;
  isSeen: boolean;
}

function toMessage(row: MessageRow): TChatMessage {
  return {
    message: row.message,
    time: toDate(row.time),
    senderId: row.senderId,
    feedback: { isSent: row.isSent, isDelivered: row.isDelivered, isSeen: row.isSeen },
  };
}

/** The last message of a chat from its (left-joined, so possibly empty) row. */
function lastMessage(row: { [F in keyof MessageRow]: MessageRow[F] | null }): TChatMessage | null {
  const { message, time, senderId } = row;
  if (message === null || time === null || senderId === null) return null;
  return toMessage({
    message,
    time,
    senderId,
    isSent: row.isSent ?? false,
    isDelivered: row.isDelivered ?? false,
    isSeen: row.isSeen ?? false,
  });
}

function toContact(row: TChatContact): TChatContact {
  return {
    id: row.id,
    fullName: row.fullName,
    role: row.role,
    about: row.about,
    avatar: row.avatar,
    status: row.status,
  };
}

const people = (em: EntityManager) => db(em).selectFrom('chat_people as p');

async function profileUser(em: EntityManager): Promise<TChatProfileUser> {
  const row = await people(em)
    .select([...PERSON_COLUMNS, 'p.two_step_auth as twoStep', 'p.notifications_on as notifications'])
    .where('p.is_profile', '=', true)
    .orderBy('p.id')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'chat.noProfile');
  return {
    ...toContact(row),
    settings: { isTwoStepAuthVerificationEnabled: row.twoStep, isNotificationsOn: row.notifications },
  };
}

async function findContact(em: EntityManager, id: number): Promise<TChatContact> {
  const row = await people(em)
    .select(PERSON_COLUMNS)
    .where('p.id', '=', id)
    .where('p.is_profile', '=', false)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'chat.noContact');
  return toContact(row);
}

async function chatMessages(em: EntityManager, chatId: number): Promise<TChatMessage[]> {
  const rows = await db(em)
    .selectFrom('chat_messages as m')
    .select(MESSAGE_COLUMNS)
    .where('m.chat_id', '=', chatId)
    .orderBy('m.time')
    .orderBy('m.id')
    .execute();
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
  let chats = db(authed.em)
    .selectFrom('chats as c')
    .innerJoin('chat_people as p', 'p.id', 'c.contact_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('chat_messages as m')
          .select(MESSAGE_COLUMNS)
          .whereRef('m.chat_id', '=', 'c.id')
          .orderBy('m.time', 'desc')
          .orderBy('m.id', 'desc')
          .limit(1)
          .as('lm'),
      (join) => join.onTrue(),
    )
    .select([
      ...PERSON_COLUMNS,
      'c.id as chatId',
      'c.unseen_msgs as unseenMsgs',
      'lm.message',
      'lm.time',
      'lm.senderId',
      'lm.isSent',
      'lm.isDelivered',
      'lm.isSeen',
    ])
    .where('c.owner_id', '=', authed.user.id)
    .orderBy('lm.time', (ob) => ob.desc().nullsLast())
    .orderBy('c.id', 'desc');
  let contacts = people(authed.em)
    .select(PERSON_COLUMNS)
    .where('p.is_profile', '=', false)
    .orderBy('p.full_name')
    .orderBy('p.id');
  if (q) {
    chats = chats.where('p.full_name', 'ilike', likeContains(q));
    contacts = contacts.where('p.full_name', 'ilike', likeContains(q));
  }
  const [chatRows, contactRows] = [await chats.execute(), await contacts.execute()];
  return {
    chatsContacts: chatRows.map((row) => ({
      ...toContact(row),
      chat: { id: row.chatId, unseenMsgs: row.unseenMsgs, lastMessage: lastMessage(row) },
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
  const chat = await db(authed.em)
    .updateTable('chats')
    .set({ unseen_msgs: 0, updated_at: now() })
    .where('owner_id', '=', authed.user.id)
    .where('contact_id', '=', contact.id)
    .returning('id')
    .executeTakeFirst();
  if (!chat) return { contact };
  return {
    chat: { id: chat.id, userId: contact.id, unseenMsgs: 0, messages: await chatMessages(authed.em, chat.id) },
    contact,
  };
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
    const values = { you: profile.id, contact: contact.id };
    throw new AppError('BAD_REQUEST', 'chat.wrongSender', values, { senderId: 'chat.expectedSender' });
  }
  const fromContact = input.senderId === contact.id ? 1 : 0;
  return authed.em.transactional(async (tx) => {
    const kysely = db(tx);
    const created = await kysely
      .insertInto('chats')
      .values({
        owner_id: authed.user.id,
        contact_id: contact.id,
        unseen_msgs: 0,
        last_message_at: now(),
        created_at: now(),
        updated_at: now(),
      })
      .onConflict((oc) => oc.columns(['owner_id', 'contact_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    const { id: chatId } =
      created ??
      (await kysely
        .selectFrom('chats')
        .select('id')
        .where('owner_id', '=', authed.user.id)
        .where('contact_id', '=', contact.id)
        .executeTakeFirstOrThrow());
    const row = await kysely
      .insertInto('chat_messages')
      .values({
        chat_id: chatId,
        message: input.message,
        time: now(),
        sender_id: input.senderId,
        is_sent: true,
        is_delivered: false,
        is_seen: false,
        created_at: now(),
        updated_at: now(),
      })
      .returning([
        'message',
        'time',
        'sender_id as senderId',
        'is_sent as isSent',
        'is_delivered as isDelivered',
        'is_seen as isSeen',
      ])
      .executeTakeFirstOrThrow();
    // now() is the transaction's start time: the message's own time.
    const { unseenMsgs } = await kysely
      .updateTable('chats')
      .set((eb) => ({ last_message_at: now(), unseen_msgs: eb('unseen_msgs', '+', fromContact), updated_at: now() }))
      .where('id', '=', chatId)
      .returning('unseen_msgs as unseenMsgs')
      .executeTakeFirstOrThrow();
    const msg = toMessage(row);
    return created ? { msg, chat: { id: chatId, userId: contact.id, unseenMsgs, messages: [msg] } } : { msg };
  });
}
