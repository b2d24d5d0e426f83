// The sessions this process resolved in the last minute, so that a request does not read its session
// from PostgreSQL every time. Coherent across processes: triggers on sessions, users, customers and
// teams send `u:<user id>` / `c:<customer id>` on the `opsdesk_session_changes` channel when a change
// commits (migration `session_change_signals`), and every process drops that user's or customer's
// sessions on receipt. The cache is used only while the listening connection is up: lost, it is
// emptied and every request reads its session again until the connection is back.

import type { SignalHub } from '../../../lib/signals.ts';

export const SESSION_CHANGES_CHANNEL = 'opsdesk_session_changes';

export interface CachedSession<T> {
  value: T;
  userId: number;
  customerId: number | null;
  /** The session's own end (its `expires_at`). */
  expiresAt: number;
}

export interface SessionCache<T> {
  /** The session behind `tokenHash` if kept and not past its end or the cache's minute. */
  get(tokenHash: string, now: number): T | undefined;
  /**
   * A counter that moves on every invalidation. Read it before the database read and hand it to `set`:
   * a session read before a change arrived is not kept (the change may have ended it).
   */
  readonly generation: number;
  set(tokenHash: string, entry: CachedSession<T>, generation: number, now: number): void;
  /** Forget every session (this process just wrote something that may have changed one). */
  clear(): void;
}

interface Entry<T> extends CachedSession<T> {
  keptUntil: number;
}

export interface SessionCacheOptions {
  /** How long a resolved session is kept (also how often its "last seen" is written). */
  ttlMs: number;
  /** The most sessions kept; the oldest go first. */
  max: number;
}

/** A cache that listens on `hub`; with no hub (no database URL), a cache that never keeps anything. */
export function createSessionCache<T>(hub: SignalHub | null, options: SessionCacheOptions): SessionCache<T> {
  const entries = new Map<string, Entry<T>>();
  // Token hashes by user and by customer, so that a change drops its sessions without a scan.
  const byUser = new Map<number, Set<string>>();
  const byCustomer = new Map<number | null, Set<string>>();
  let generation = 0;
  let active = false;

  const index = <K>(map: Map<K, Set<string>>, key: K, tokenHash: string, add: boolean) => {
    let set = map.get(key);
    if (add) {
      if (!set) map.set(key, (set = new Set()));
      set.add(tokenHash);
    } else if (set?.delete(tokenHash) && set.size === 0) map.delete(key);
  };
  const remove = (tokenHash: string) => {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    index(byUser, entry.userId, tokenHash, false);
    index(byCustomer, entry.customerId, tokenHash, false);
  };
  const drop = (tokenHashes: Iterable<string> | undefined) => {
    generation++;
    for (const tokenHash of [...(tokenHashes ?? [])]) remove(tokenHash);
  };
  const dropAll = () => {
    generation++;
    entries.clear();
    byUser.clear();
    byCustomer.clear();
  };

  if (hub) {
    void hub
      .listen(SESSION_CHANGES_CHANNEL, {
        onMessage(payload) {
          const [kind, raw] = payload.split(':');
          const id = Number(raw);
          if (kind === 'u') drop(byUser.get(id));
          else if (kind === 'c') drop(byCustomer.get(id));
          else dropAll();
        },
        onConnection(connected) {
          dropAll();
          active = connected;
        },
      })
      .catch(() => undefined);
  }

  return {
    get generation() {
      return generation;
    },
    get(tokenHash, now) {
      if (!active) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.keptUntil <= now || entry.expiresAt <= now) {
        remove(tokenHash);
        return undefined;
      }
      return entry.value;
    },
    clear: dropAll,
    set(tokenHash, entry, seen, now) {
      if (!active || seen !== generation) return;
      remove(tokenHash);
      entries.set(tokenHash, { ...entry, keptUntil: now + options.ttlMs });
      index(byUser, entry.userId, tokenHash, true);
      index(byCustomer, entry.customerId, tokenHash, true);
      if (entries.size > options.max) remove(entries.keys().next().value as string);
    },
  };
}
