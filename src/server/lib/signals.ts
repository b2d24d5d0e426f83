// Live signals between app processes through PostgreSQL LISTEN/NOTIFY. Each process keeps ONE dedicated
// pg client listening on one channel (opened on the first subscriber, reopened after a loss); a signal
// is sent with pg_notify inside the writing transaction, so it goes out only when the write commits,
// to every process on the database. A signal carries ids only and names its audience (users, or every
// user of a customer); each process hands it only to its own subscribers in that audience, and the
// subscriber's service still loads and authorizes what the ids point at.

import { type QueryExecutorProvider, sql } from 'kysely';
import pg from 'pg';

/** Who a signal is for: these users, or every user of `customerId` (null: the platform's users). */
export type SignalAudience = { users: number[] } | { customerId: number | null };

/** What travels in a NOTIFY payload (PostgreSQL caps it at 8000 bytes: ids only). */
export interface Signal {
  /** The kind, read by the domain that sent it (e.g. 'chat.message'). */
  kind: string;
  to: SignalAudience;
  /** Ids (numbers or null) the subscriber loads. */
  ids: Record<string, number | null>;
}

export interface Subscriber {
  userId: number;
  customerId: number | null;
  /** A signal for this user. */
  onSignal(signal: Signal): void;
  /** The listening connection was lost (false) or is back (true): what was sent meanwhile is missed. */
  onConnection?(connected: boolean): void;
  /** The hub closed (the app is shutting down): end the stream. */
  onClosed?(): void;
}

/** A process-wide listener of one raw channel (payloads written by triggers, not by `sendSignal`). */
export interface ChannelListener {
  onMessage(payload: string): void;
  /** The listening connection was lost (false) or is back (true): what was sent meanwhile is missed. */
  onConnection(connected: boolean): void;
}

export interface SignalHub {
  /** Listen as `subscriber`; resolves once LISTEN is active. Call the returned function to stop. */
  subscribe(subscriber: Subscriber): Promise<() => void>;
  /**
   * Listen to `channel` on the same connection (reconnected after a loss) until the returned function
   * is called; resolves once LISTEN is active, rejects when the database cannot be reached (the
   * listener stays registered and hears `onConnection(true)` once a later attempt connects).
   */
  listen(channel: string, listener: ChannelListener): Promise<() => void>;
  /** Whether the listening connection is up now. */
  readonly connected: boolean;
  /** Ends the listening connection (app close). */
  close(): Promise<void>;
}

export const SIGNAL_CHANNEL = 'opsdesk_signals';

/** Sends `signal` when the transaction of `executor` commits (at once outside one). */
export async function sendSignal(executor: QueryExecutorProvider, signal: Signal): Promise<void> {
  await sql`select pg_notify(${SIGNAL_CHANNEL}, ${JSON.stringify(signal)})`.execute(executor);
}

function audienceIncludes(to: SignalAudience, s: Subscriber): boolean {
  return 'users' in to ? to.users.includes(s.userId) : to.customerId === s.customerId;
}

function parse(payload: string | undefined): Signal | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Signal;
    return typeof value?.kind === 'string' && value.to && value.ids ? value : null;
  } catch {
    return null;
  }
}

export function createSignalHub(
  connectionString: string,
  onError: (error: unknown) => void = () => undefined,
): SignalHub {
  const subscribers = new Set<Subscriber>();
  const channels = new Map<string, Set<ChannelListener>>();
  const channelListeners = () => [...channels.values()].flatMap((set) => [...set]);
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let connected = false;

  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    for (const s of subscribers) s.onConnection?.(value);
    for (const l of channelListeners()) l.onConnection(value);
  };

  const lost = (c: pg.Client, error?: unknown) => {
    if (client !== c) return;
    if (error) onError(error);
    client = null;
    connecting = null;
    setConnected(false);
    c.end().catch(() => undefined);
    if (!closed && (subscribers.size || channels.size))
      retry = setTimeout(() => void connect().catch(() => undefined), 500);
  };

  const connect = (): Promise<void> => {
    if (connecting) return connecting;
    const c = new pg.Client({ connectionString, application_name: 'opsdesk-signals' });
    client = c;
    connecting = (async () => {
      c.on('notification', (message) => {
        const listeners = channels.get(message.channel);
        if (listeners) {
          for (const l of listeners) l.onMessage(message.payload ?? '');
          return;
        }
        if (message.channel !== SIGNAL_CHANNEL) return;
        const signal = parse(message.payload);
        if (!signal) return;
        for (const s of subscribers) if (audienceIncludes(signal.to, s)) s.onSignal(signal);
      });
      c.on('error', (error) => lost(c, error));
      c.on('end', () => lost(c));
      try {
        await c.connect();
        for (const channel of [SIGNAL_CHANNEL, ...channels.keys()]) await c.query(`LISTEN ${channel}`);
      } catch (error) {
        lost(c, error);
        throw error;
      }
      setConnected(true);
    })();
    return connecting;
  };

  return {
    get connected() {
      return connected;
    },
    async listen(channel, listener) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      const listeners = channels.get(channel) ?? new Set();
      const known = listeners.size > 0;
      listeners.add(listener);
      channels.set(channel, listeners);
      const unlisten = () => {
        if (!listeners.delete(listener) || listeners.size || channels.get(channel) !== listeners) return;
        channels.delete(channel);
        if (client && connected) client.query(`UNLISTEN ${channel}`).catch(() => undefined);
      };
      if (closed) return unlisten;
      if (connecting) {
        await connecting;
        // Connected before this channel was known: listen to it now.
        if (!known && client && connected) await client.query(`LISTEN ${channel}`);
      } else await connect();
      return unlisten;
    },
    async subscribe(subscriber) {
      subscribers.add(subscriber);
      if (!closed) await connect();
      return () => {
        subscribers.delete(subscriber);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      for (const s of subscribers) s.onClosed?.();
      subscribers.clear();
      for (const l of channelListeners()) l.onConnection(false);
      channels.clear();
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
