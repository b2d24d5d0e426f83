// The device's encrypted store of the field app: one IndexedDB database in which every value the app
// keeps (task details, answers waiting to be sent, photos, signatures) is encrypted with AES-GCM under a
// key of the signed-in user on this device. The key is a non-extractable WebCrypto key: IndexedDB holds
// the CryptoKey object itself, so script (ours or injected) can use it but never read it out, and
// nothing in the database is readable without it. Only ids (task, slot, user) stay in clear, for the
// indexes.
//
// Stores: `keys` (one CryptoKey per user), `records` (cached task details and small per-user values),
// `ops` (the outbox: one row per waiting change), `meta` (the outbox's small per-task values).
import { type IDBPDatabase, openDB } from 'idb';
import superjson from 'superjson';

/** The field app's database (offline/index.ts names it too). */
export const DB_NAME = 'opsdesk-offline';
/** The clear-text store of the first outbox (before encryption); emptied and deleted on first use. */
const LEGACY_DB = 'opsdesk-perform';

export interface Sealed {
  iv: Uint8Array;
  data: ArrayBuffer;
}

/** A write refused because the device's storage is full: said plainly, never lost silently. */
export class StorageFullError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The device storage is full', options);
    this.name = 'StorageFullError';
  }
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);
}

/** Run an IndexedDB write; a full quota becomes a StorageFullError. */
export async function guardQuota<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isQuotaError(error) || (error instanceof Error && isQuotaError(error.cause))) {
      throw new StorageFullError({ cause: error });
    }
    throw error;
  }
}

let opened: Promise<IDBPDatabase> | null = null;

export function database(): Promise<IDBPDatabase> {
  opened ??= openDB(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('keys', { keyPath: 'userId' });
      const records = db.createObjectStore('records', { keyPath: 'id' });
      records.createIndex('user', 'userId');
      const ops = db.createObjectStore('ops', { keyPath: 'id' });
      ops.createIndex('task', ['userId', 'taskId']);
      ops.createIndex('user', 'userId');
      const meta = db.createObjectStore('meta', { keyPath: ['userId', 'taskId', 'name'] });
      meta.createIndex('user', 'userId');
    },
    blocking() {
      // Another tab wipes or upgrades the database: let it.
      void opened?.then((db) => db.close());
      opened = null;
    },
  });
  return opened;
}

/** Close the database (before deleting it). */
export async function closeDatabase(): Promise<void> {
  const db = await opened?.catch(() => null);
  db?.close();
  opened = null;
}

/** The clear-text outbox of an earlier version is never read again: delete it. */
export function dropLegacyStore(): void {
  try {
    indexedDB.deleteDatabase(LEGACY_DB);
  } catch {
    // Nothing to delete, or no IndexedDB at all.
  }
}

const keys = new Map<number, Promise<CryptoKey>>();

/** The user's key on this device: created once, non-extractable, kept as a CryptoKey in IndexedDB. */
export function userKey(userId: number): Promise<CryptoKey> {
  let key = keys.get(userId);
  if (!key) {
    key = (async () => {
      const db = await database();
      const row = (await db.get('keys', userId)) as { userId: number; key: CryptoKey } | undefined;
      if (row) return row.key;
      const created = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
      // Two tabs may race: the first key written wins and both use it.
      const tx = db.transaction('keys', 'readwrite');
      const again = (await tx.store.get(userId)) as { userId: number; key: CryptoKey } | undefined;
      if (again) {
        await tx.done;
        return again.key;
      }
      await guardQuota(() => tx.store.put({ userId, key: created }));
      await tx.done;
      return created;
    })();
    keys.set(userId, key);
    key.catch(() => keys.delete(userId));
  }
  return key;
}

/** Forget the cached key object (after the wipe). */
export function forgetKey(userId: number): void {
  keys.delete(userId);
}

export async function sealBytes(key: CryptoKey, bytes: BufferSource): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, bytes);
  return { iv, data };
}

export async function openBytes(key: CryptoKey, sealed: Sealed): Promise<ArrayBuffer> {
  return crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv as BufferSource }, key, sealed.data);
}

/** Any value superjson can carry (Dates kept), encrypted. */
export function seal(key: CryptoKey, value: unknown): Promise<Sealed> {
  return sealBytes(key, new TextEncoder().encode(superjson.stringify(value)));
}

export async function unseal<T>(key: CryptoKey, sealed: Sealed): Promise<T> {
  return superjson.parse<T>(new TextDecoder().decode(await openBytes(key, sealed)));
}

/** Whether the origin may keep its data under storage pressure; asked once a signed-in inspector works. */
export async function askPersistence(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}

/** Bytes used and available to the origin, when the browser says. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (!estimate) return null;
    return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0 };
  } catch {
    return null;
  }
}
