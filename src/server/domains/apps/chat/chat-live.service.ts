// Live chat between real users: the caller's colleagues (active users of the same customer who may use
// the demo apps) are contacts. Messages are stored in chat_direct_messages; every write sends a signal
// (lib/signals.ts: PostgreSQL NOTIFY, ids only) that every app process hands to its subscribers among
// the message's two users, whose stream (liveEvents) loads and re-authorizes what the ids point at.
// Nobody ever receives a message they are not the sender or recipient of, nor one of another customer.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Kysely, sql } from 'kysely';
import { createAbility, defineRulesFor } from '../../../../shared/abilities/index.ts';
import { ROLES } from '../../../../shared/constants/roles.ts';
import {
  CHAT_STATUSES,
  LIVE_CONVERSATION_LIMIT,
  type TChatEvent,
  type TChatStatus,
  type TColleague,
  type TColleagues,
  type TColleaguesInput,
  type TLiveConversation,
  type TLiveMessage,
  type TLivePerson,
  type TOpenChatInput,
  type TSeenThrough,
  type TSendLiveMessageInput,
  type TSetChatStatusInput,
} from '../../../../shared/schemas/chat.ts';
import { type DB, db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import { authorize } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { toDate } from '../../../lib/list/index.ts';
import { type Signal, sendSignal } from '../../../lib/signals.ts';
import { type ColleagueRef, colleaguesOf } from '../../organization/users/users.refs.ts';

/** Roles that may use the chat (read DemoApp): only they are anyone's colleagues here. */
const CHAT_ROLES = ROLES.filter((role) =>
  createAbility(defineRulesFor({ id: 0, role, customerId: 0, teamIds: [] })).can('read', 'DemoApp'),
);

const DEFAULT_STATUS: TChatStatus = 'online';

const SIGNAL = { message: 'chat.message', receipt: 'chat.receipt', status: 'chat.status' } as const;

function authorizeChat(ctx: ServiceContext): asserts ctx is AuthedContext {
  authorize(ctx, 'read', 'DemoApp');
}

const customerOf = (ctx: AuthedContext) => ctx.user.customerId;

interface MessageRow {
  id: number;
  sender_id: number;
  recipient_id: number;
  message: string;
  time: Date | string;
  delivered_at: Date | string | null;
  seen_at: Date | string | null;
}

function toMessage(row: MessageRow): TLiveMessage {
  return {
    id: row.id,
    senderId: row.sender_id,
    recipientId: row.recipient_id,
    message: row.message,
    time: toDate(row.time),
    feedback: { isSent: true, isDelivered: row.delivered_at !== null, isSeen: row.seen_at !== null },
  };
}

const MESSAGE_COLUMNS = [
  'm.id',
  'm.sender_id',
  'm.recipient_id',
  'm.message',
  'm.time',
  'm.delivered_at',
  'm.seen_at',
] as const;

/** Messages of the caller's customer (the tenant scope every read of the table starts from). */
function messagesOf(kysely: Kysely<DB>, ctx: AuthedContext) {
  const customerId = customerOf(ctx);
  return kysely
    .selectFrom('chat_direct_messages as m')
    .where((eb) => (customerId === null ? eb('m.customer_id', 'is', null) : eb('m.customer_id', '=', customerId)));
}

/** The conversation between the caller and `peer`, both ways. */
function between(ctx: AuthedContext, peer: number) {
  const me = ctx.user.id;
  return sql<boolean>`((m.sender_id = ${me} and m.recipient_id = ${peer}) or (m.sender_id = ${peer} and m.recipient_id = ${me}))`;
}

async function statusesOf(em: EntityManager, ids: number[]): Promise<Map<number, TChatStatus>> {
  if (!ids.length) return new Map();
  const rows = await db(em)
    .selectFrom('chat_presences')
    .select(['user_id', 'status'])
    .where('user_id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.status]));
}

function person(ref: ColleagueRef, status: TChatStatus | undefined): TLivePerson {
  return { id: ref.id, fullName: ref.fullName, role: ref.role, avatar: ref.avatar, status: status ?? DEFAULT_STATUS };
}

/** The colleague `userId` of the caller; NOT_FOUND when it is not one (another customer's user included). */
async function requireColleague(ctx: AuthedContext, userId: number): Promise<TLivePerson> {
  const [ref] = await colleaguesOf(ctx.em, {
    customerId: customerOf(ctx),
    exceptId: ctx.user.id,
    roles: CHAT_ROLES,
    ids: [userId],
  });
  if (!ref) throw new AppError('NOT_FOUND', 'chat.noColleague');
  return person(ref, (await statusesOf(ctx.em, [ref.id])).get(ref.id));
}

/** Marks the caller's incoming messages delivered (from `from` only, when given) and signals each sender. */
async function markDelivered(ctx: AuthedContext, from?: number): Promise<void> {
  await ctx.em.transactional(async (tx) => {
    let update = db(tx)
      .updateTable('chat_direct_messages')
      .set({ delivered_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('recipient_id', '=', ctx.user.id)
      .where('delivered_at', 'is', null);
    if (from !== undefined) update = update.where('sender_id', '=', from);
    const rows = await update.returning(['id', 'sender_id']).execute();
    const through = new Map<number, number>();
    for (const r of rows) through.set(r.sender_id, Math.max(through.get(r.sender_id) ?? 0, r.id));
    for (const [sender, id] of through) await signalReceipt(tx, sender, ctx.user.id, { delivered: id, seen: null });
  });
}

function signalReceipt(
  tx: EntityManager,
  sender: number,
  reader: number,
  through: { delivered: number | null; seen: number | null },
) {
  return sendSignal(db(tx), {
    kind: SIGNAL.receipt,
    to: { users: [sender, reader] },
    ids: { sender, reader, ...through },
  });
}

/**
 * The caller (with their chat status) and their colleagues with the unseen count and last message of
 * each conversation; `q` keeps colleagues whose name contains it. Listing means the caller's client
 * received every message sent to them: those are marked delivered (and their senders told).
 */
export async function colleagues(ctx: ServiceContext, input: TColleaguesInput): Promise<TColleagues> {
  authorizeChat(ctx);
  const me = ctx.user.id;
  const refs = await colleaguesOf(ctx.em, {
    customerId: customerOf(ctx),
    exceptId: me,
    roles: CHAT_ROLES,
    q: input.q?.trim() || undefined,
  });
  const ids = refs.map((r) => r.id);
  await markDelivered(ctx);
  const statuses = await statusesOf(ctx.em, [me, ...ids]);
  const kysely = db(ctx.em);
  const unseen = ids.length
    ? await messagesOf(kysely, ctx)
        .select(['m.sender_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('m.recipient_id', '=', me)
        .where('m.sender_id', 'in', ids)
        .where('m.seen_at', 'is', null)
        .groupBy('m.sender_id')
        .execute()
    : [];
  const unseenOf = new Map(unseen.map((r) => [r.sender_id, Number(r.count)]));
  // The last message of each conversation: the newer of the last one each way (two index probes per colleague).
  const last = ids.length
    ? await sql<MessageRow & { peer: number }>`
        select peer.id as peer, lm.*
        from unnest(${sql.val(ids)}::int[]) as peer(id)
        cross join lateral (
          select m.id, m.sender_id, m.recipient_id, m.message, m.time, m.delivered_at, m.seen_at
          from (
            (select * from chat_direct_messages where sender_id = ${me} and recipient_id = peer.id order by id desc limit 1)
            union all
            (select * from chat_direct_messages where sender_id = peer.id and recipient_id = ${me} order by id desc limit 1)
          ) m
          order by m.id desc
          limit 1
        ) lm`.execute(kysely)
    : { rows: [] };
  const lastOf = new Map(last.rows.map((r) => [r.peer, toMessage(r)]));
  const myRef = { id: me, fullName: ctx.user.fullName, role: ctx.user.role, avatar: null };
  const list: TColleague[] = refs.map((ref) => ({
    ...person(ref, statuses.get(ref.id)),
    unseenMsgs: unseenOf.get(ref.id) ?? 0,
    lastMessage: lastOf.get(ref.id) ?? null,
  }));
  list.sort((a, b) => (b.lastMessage?.id ?? 0) - (a.lastMessage?.id ?? 0));
  return { me: person(myRef, statuses.get(me)), colleagues: list };
}

/** Marks what `peer` sent the caller as seen (and delivered); tells `peer`. Returns the last id seen. */
async function markSeen(ctx: AuthedContext, peer: number): Promise<number | null> {
  return ctx.em.transactional(async (tx) => {
    const rows = await db(tx)
      .updateTable('chat_direct_messages')
      .set({
        seen_at: sql<Date>`now()`,
        delivered_at: sql<Date>`coalesce(delivered_at, now())`,
        updated_at: sql<Date>`now()`,
      })
      .where('recipient_id', '=', ctx.user.id)
      .where('sender_id', '=', peer)
      .where('seen_at', 'is', null)
      .returning('id')
      .execute();
    if (!rows.length) return null;
    const through = Math.max(...rows.map((r) => r.id));
    await signalReceipt(tx, peer, ctx.user.id, { delivered: through, seen: through });
    return through;
  });
}

/**
 * Opens the conversation with colleague `userId`: their profile and the last messages (oldest first).
 * What they sent is now seen (they are told). NOT_FOUND for anyone but a colleague.
 */
export async function openConversation(ctx: ServiceContext, input: TOpenChatInput): Promise<TLiveConversation> {
  authorizeChat(ctx);
  const colleague = await requireColleague(ctx, input.userId);
  await markSeen(ctx, colleague.id);
  const rows = await messagesOf(db(ctx.em), ctx)
    .select(MESSAGE_COLUMNS)
    .where(between(ctx, colleague.id))
    .orderBy('m.id', 'desc')
    .limit(LIVE_CONVERSATION_LIMIT)
    .execute();
  return { colleague, messages: rows.reverse().map(toMessage) };
}

/** The caller has seen what colleague `userId` sent (the conversation is on screen). */
export async function markConversationSeen(ctx: ServiceContext, input: TOpenChatInput): Promise<TSeenThrough> {
  authorizeChat(ctx);
  const colleague = await requireColleague(ctx, input.userId);
  return { seenThrough: await markSeen(ctx, colleague.id) };
}

/** Sends a message to colleague `userId` (sent, not yet delivered nor seen); both sides hear of it. */
export async function sendLiveMessage(ctx: ServiceContext, input: TSendLiveMessageInput): Promise<TLiveMessage> {
  authorizeChat(ctx);
  const colleague = await requireColleague(ctx, input.userId);
  return ctx.em.transactional(async (tx) => {
    const row = await db(tx)
      .insertInto('chat_direct_messages')
      .values({
        customer_id: customerOf(ctx),
        sender_id: ctx.user.id,
        recipient_id: colleague.id,
        message: input.message,
        time: sql<Date>`now()`,
        created_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .returning(['id', 'sender_id', 'recipient_id', 'message', 'time', 'delivered_at', 'seen_at'])
      .executeTakeFirstOrThrow();
    await sendSignal(db(tx), { kind: SIGNAL.message, to: { users: [ctx.user.id, colleague.id] }, ids: { id: row.id } });
    return toMessage(row);
  });
}

/** Sets the caller's chat status; their colleagues hear of it. */
export async function setChatStatus(ctx: ServiceContext, input: TSetChatStatusInput): Promise<{ status: TChatStatus }> {
  authorizeChat(ctx);
  await ctx.em.transactional(async (tx) => {
    await db(tx)
      .insertInto('chat_presences')
      .values({
        user_id: ctx.user.id,
        status: input.status,
        created_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ status: input.status, updated_at: sql<Date>`now()` }))
      .execute();
    await sendSignal(db(tx), { kind: SIGNAL.status, to: { customerId: customerOf(ctx) }, ids: { user: ctx.user.id } });
  });
  return { status: input.status };
}

/** What a signal means for the caller, loaded and authorized again here; null when it is not theirs. */
async function eventOf(ctx: AuthedContext, signal: Signal): Promise<TChatEvent | null> {
  const me = ctx.user.id;
  const em = ctx.em.fork();
  if (signal.kind === SIGNAL.message && typeof signal.ids.id === 'number') {
    const row = await messagesOf(db(em), ctx)
      .select(MESSAGE_COLUMNS)
      .where('m.id', '=', signal.ids.id)
      .where((eb) => eb.or([eb('m.sender_id', '=', me), eb('m.recipient_id', '=', me)]))
      .executeTakeFirst();
    if (!row) return null;
    if (row.recipient_id === me && row.delivered_at === null) {
      // It reaches the recipient's client now: delivered (the sender hears of it).
      await markDelivered({ ...ctx, em }, row.sender_id);
      row.delivered_at = new Date();
    }
    return { type: 'message', message: toMessage(row) };
  }
  if (signal.kind === SIGNAL.receipt) {
    const { sender, reader, delivered, seen } = signal.ids;
    if (typeof sender !== 'number' || typeof reader !== 'number' || (sender !== me && reader !== me)) return null;
    return {
      type: 'receipt',
      senderId: sender,
      readerId: reader,
      deliveredThrough: delivered ?? null,
      seenThrough: seen ?? null,
    };
  }
  if (signal.kind === SIGNAL.status && typeof signal.ids.user === 'number' && signal.ids.user !== me) {
    const [ref] = await colleaguesOf(em, {
      customerId: customerOf(ctx),
      exceptId: me,
      roles: CHAT_ROLES,
      ids: [signal.ids.user],
    });
    if (!ref) return null;
    const status = (await statusesOf(em, [ref.id])).get(ref.id) ?? DEFAULT_STATUS;
    return CHAT_STATUSES.includes(status) ? { type: 'status', userId: ref.id, status } : null;
  }
  return null;
}

/**
 * The caller's live chat events until `abort` (the client went away) or the app closes (then an error,
 * so the client reconnects): `ready` first and after every reconnection of the listening connection,
 * then what the signals for the caller mean.
 */
export async function* liveEvents(ctx: ServiceContext, abort?: AbortSignal): AsyncGenerator<TChatEvent> {
  authorizeChat(ctx);
  const hub = ctx.signals;
  if (!hub) throw new AppError('INTERNAL', 'chat.liveEventsAppOnly');
  type Item = Signal | 'up' | 'end' | 'closed';
  const queue: Item[] = [];
  let wake: (() => void) | null = null;
  const push = (item: Item) => {
    queue.push(item);
    wake?.();
    wake = null;
  };
  const onAbort = () => push('end');
  abort?.addEventListener('abort', onAbort, { once: true });
  const unsubscribe = await hub.subscribe({
    userId: ctx.user.id,
    customerId: customerOf(ctx),
    onSignal: push,
    onConnection: (connected) => connected && push('up'),
    onClosed: () => push('closed'),
  });
  try {
    if (abort?.aborted) return;
    yield { type: 'ready' };
    for (;;) {
      if (!queue.length) await new Promise<void>((resolve) => (wake = resolve));
      const item = queue.shift()!;
      if (item === 'end') return;
      // The app is shutting down: an error (retryable for the client, unlike a normal end) makes the
      // browser's EventSource reconnect, to another process behind the load balancer.
      if (item === 'closed') throw new AppError('INTERNAL', 'chat.shuttingDown');
      if (item === 'up') {
        yield { type: 'ready' };
        continue;
      }
      const event = await eventOf(ctx, item);
      if (event) yield event;
    }
  } finally {
    unsubscribe();
    abort?.removeEventListener('abort', onAbort);
  }
}
