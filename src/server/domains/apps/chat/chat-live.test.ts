// The live chat between real users: two app instances (two processes' worth: each its own ORM, pool and
// LISTEN connection) on one database, their SSE streams read over HTTP with the session cookie.
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatEvent, TLiveMessage } from '../../../../shared/schemas/chat.ts';
import { buildApp } from '../../../app.ts';
import { initOrm } from '../../../db/orm.ts';
import { SIGNAL_CHANNEL } from '../../../lib/signals.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { openSubscription, type SseStream } from '../../../testing/sse.ts';

const t = await setupTestApp();
const ormB = await initOrm(t.databaseUrl, { pool: { max: 3 } });
const appB = await buildApp(t.config, ormB, { logger: false });
let urlA = '';
let urlB = '';
const streams: SseStream<TChatEvent>[] = [];

beforeAll(async () => {
  urlA = await t.app.listen({ host: '127.0.0.1', port: 0 });
  urlB = await appB.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await appB.close();
  await ormB.close(true);
});

const EVENTS = 'apps.chat.live.events';

async function subscribe(base: string, email: string): Promise<SseStream<TChatEvent>> {
  const stream = await openSubscription<TChatEvent>(base, EVENTS, await t.token(email));
  streams.push(stream);
  await stream.next((e) => e.type === 'ready');
  return stream;
}

/** A tRPC mutation over HTTP on `app` (bearer token: no XSRF echo needed). */
async function mutate<T>(app: FastifyInstance, email: string, path: string, input: unknown): Promise<T> {
  const res = await app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { authorization: `Bearer ${await t.token(email)}`, 'content-type': 'application/json' },
    payload: JSON.stringify(superjson.serialize(input)),
  });
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  return superjson.deserialize<T>(res.json<{ result: { data: never } }>().result.data);
}

const idOf = async (email: string) => (await (await t.caller(email)).auth.me()).userData.id;
const isMessage = (id: number) => (e: TChatEvent) => e.type === 'message' && e.message.id === id;

describe('apps.chat.live', () => {
  it('delivers a message sent through one app to a subscriber of the other, with delivered and seen receipts back', async () => {
    const [adminId, analystId] = [await idOf('admin@demo.com'), await idOf('analyst@demo.com')];
    const sender = await subscribe(urlA, 'admin@demo.com');
    const recipient = await subscribe(urlB, 'analyst@demo.com');

    const sent = await mutate<TLiveMessage>(t.app, 'admin@demo.com', 'apps.chat.live.send', {
      userId: analystId,
      message: 'Site B ready?',
    });
    expect(sent).toMatchObject({
      senderId: adminId,
      recipientId: analystId,
      feedback: { isSent: true, isDelivered: false, isSeen: false },
    });

    // Through app B's own LISTEN connection: the recipient's stream has it, already delivered.
    const received = await recipient.next(isMessage(sent.id));
    expect(received).toMatchObject({
      message: { message: 'Site B ready?', senderId: adminId, feedback: { isDelivered: true, isSeen: false } },
    });
    // The sender's stream: its own message, then the delivered receipt from app B's subscriber.
    await sender.next(isMessage(sent.id));
    await sender.next((e) => e.type === 'receipt' && e.readerId === analystId && (e.deliveredThrough ?? 0) >= sent.id);

    // The recipient opens the conversation through app B: the sender hears it was seen.
    const opened = await mutate<{ messages: TLiveMessage[] }>(appB, 'analyst@demo.com', 'apps.chat.live.open', {
      userId: adminId,
    });
    expect(opened.messages.at(-1)).toMatchObject({ id: sent.id, feedback: { isDelivered: true, isSeen: true } });
    await sender.next((e) => e.type === 'receipt' && e.senderId === adminId && e.seenThrough === sent.id);

    // And the other way round, B to A.
    const reply = await mutate<TLiveMessage>(appB, 'analyst@demo.com', 'apps.chat.live.send', {
      userId: adminId,
      message: 'Yes, all set',
    });
    await sender.next(isMessage(reply.id));
    const list = await (await t.caller('admin@demo.com')).apps.chat.live.colleagues();
    expect(list.colleagues[0]).toMatchObject({
      id: analystId,
      unseenMsgs: 1,
      lastMessage: { id: reply.id, message: 'Yes, all set' },
    });
  });

  it('never gives a message, receipt or status to anyone but its two users of the same customer', async () => {
    const [adminId, analystId, bystanderId, nwsAdminId, nwsQcId] = await Promise.all(
      [
        'admin@demo.com',
        'analyst@demo.com',
        'businessuser@demo.com',
        'admin@nws.demo.com',
        'qualitycontrol@nws.demo.com',
      ].map(idOf),
    );
    const bystander = await subscribe(urlA, 'businessuser@demo.com');
    const outsider = await subscribe(urlB, 'admin@nws.demo.com');

    const secret = await mutate<TLiveMessage>(t.app, 'admin@demo.com', 'apps.chat.live.send', {
      userId: analystId,
      message: 'Between us',
    });
    await mutate(appB, 'analyst@demo.com', 'apps.chat.live.open', { userId: adminId });
    await mutate(t.app, 'admin@demo.com', 'apps.chat.live.setStatus', { status: 'busy' });
    // A forged signal naming the outsider and the bystander as audience of the secret message: the hub
    // hands it over, the stream's own check (sender or recipient, same customer) drops it.
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    const forged = { kind: 'chat.message', to: { users: [bystanderId, nwsAdminId] }, ids: { id: secret.id } };
    await client.query('select pg_notify($1, $2)', [SIGNAL_CHANNEL, JSON.stringify(forged)]);
    await client.end();

    // Sentinels sent after everything above: once they arrive, anything earlier would have too.
    const toBystander = await mutate<TLiveMessage>(t.app, 'admin@demo.com', 'apps.chat.live.send', {
      userId: bystanderId,
      message: 'Sentinel',
    });
    const toOutsider = await mutate<TLiveMessage>(appB, 'qualitycontrol@nws.demo.com', 'apps.chat.live.send', {
      userId: nwsAdminId,
      message: 'Sentinel',
    });
    await bystander.next(isMessage(toBystander.id));
    await outsider.next(isMessage(toOutsider.id));

    const messages = (s: SseStream<TChatEvent>) =>
      s.events.filter((e) => e.type === 'message').map((e) => e.type === 'message' && e.message.id);
    expect(messages(bystander)).toEqual([toBystander.id]);
    expect(messages(outsider)).toEqual([toOutsider.id]);
    // Receipts only of their own conversations; the colleague's status only within ACME.
    for (const e of bystander.events) if (e.type === 'receipt') expect([e.senderId, e.readerId]).toContain(bystanderId);
    for (const e of outsider.events) if (e.type === 'receipt') expect([e.senderId, e.readerId]).toContain(nwsAdminId);
    expect(bystander.events).toContainEqual({ type: 'status', userId: adminId, status: 'busy' });
    expect(outsider.events.some((e) => e.type === 'status')).toBe(false);
    expect(nwsQcId).not.toBe(adminId);
  });

  it('ends a stream with a retryable error when its app closes, so the client reconnects elsewhere', async () => {
    const ormC = await initOrm(t.databaseUrl, { pool: { max: 2 } });
    const appC = await buildApp(t.config, ormC, { logger: false });
    const stream = await subscribe(await appC.listen({ host: '127.0.0.1', port: 0 }), 'floormanager@demo.com');
    await appC.close();
    await ormC.close(true);
    await expect(stream.next(() => false, { timeoutMs: 3000 })).rejects.toThrow(/INTERNAL_SERVER_ERROR|-32603/);
  });

  it('refuses another customer’s user, the client role and anonymous streams', async () => {
    const nwsAdminId = await idOf('admin@nws.demo.com');
    const acme = await t.caller('admin@demo.com');
    await expect(acme.apps.chat.live.send({ userId: nwsAdminId, message: 'Hello?' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(acme.apps.chat.live.open({ userId: nwsAdminId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(acme.apps.chat.live.send({ userId: nwsAdminId, message: '   ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const nws = await t.caller('admin@nws.demo.com');
    expect((await nws.apps.chat.live.colleagues()).colleagues.map((c) => c.fullName)).not.toContain(
      (await acme.auth.me()).userData.fullName,
    );
    const client = await t.caller('client@demo.com');
    await expect(client.apps.chat.live.colleagues()).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const refused = await openSubscription<TChatEvent>(urlA, EVENTS, await t.token('client@demo.com'));
    streams.push(refused);
    await expect(refused.next((e) => e.type === 'ready', { timeoutMs: 3000 })).rejects.toThrow();
    const anonymous = await openSubscription<TChatEvent>(urlA, EVENTS, 'not-a-token');
    streams.push(anonymous);
    await expect(anonymous.next((e) => e.type === 'ready', { timeoutMs: 3000 })).rejects.toThrow();
  });
});
