// The always-loaded door to the offline layer (sync.ts and what it imports load lazily, on the first
// use by a signed-in inspector, so no first load pays for them): the loader, and hooks that read the
// layer's status once it is in.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type * as Sync from './sync.ts';

export type OfflineLayer = typeof Sync;

/** The field app's encrypted database (vault.ts names it too; kept here so a logout need not load the layer). */
const OFFLINE_DB = 'opsdesk-offline';
export type OfflineStatus = Sync.OfflineStatus;

let layer: OfflineLayer | null = null;
let loading: Promise<OfflineLayer> | null = null;
const ready = new Set<() => void>();

export function loadOffline(): Promise<OfflineLayer> {
  loading ??= import('./sync.ts').then((m) => {
    layer = m;
    for (const notify of ready) notify();
    return m;
  });
  return loading;
}

function subscribe(notify: () => void): () => void {
  ready.add(notify);
  const off = layer?.subscribe(notify);
  let later: (() => void) | undefined;
  if (!layer) void loadOffline().then((m) => (later = m.subscribe(notify)));
  return () => {
    ready.delete(notify);
    off?.();
    later?.();
  };
}

/** The offline layer's status (null until it is loaded); loads it. */
export function useOfflineStatus(): OfflineStatus | null {
  return useSyncExternalStore(
    subscribe,
    () => layer?.getStatus() ?? null,
    () => null,
  );
}

/** The layer once loaded (it loads on first use). */
export function useOfflineLayer(): OfflineLayer | null {
  const [m, setM] = useState<OfflineLayer | null>(layer);
  useEffect(() => {
    if (!m) void loadOffline().then(setM);
  }, [m]);
  return m;
}

/** Whether this browser holds the offline database at all (so a logout need not load the layer). */
export async function hasOfflineData(): Promise<boolean> {
  try {
    if (!indexedDB.databases) return true;
    return (await indexedDB.databases()).some((d) => d.name === OFFLINE_DB);
  } catch {
    return true;
  }
}
export type { CachedTask, ConflictNotice } from './cache.ts';

function subscribeOnline(notify: () => void) {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
}

/** Whether the browser says it is online (it says offline for sure; online may still fail). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
