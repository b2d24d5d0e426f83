// How many changes wait on this device to be sent (the offline queue's length), for whoever must not
// act while some do: the update prompt holds a new version back until it is 0. The queue reports it
// with setPendingCount; it travels as a window event, so the queue's chunk and the prompt's chunk share
// no module state and a page (or a test) can tell it the same way.
import { useSyncExternalStore } from 'react';

/** The window event carrying the count (`detail`: a number). */
export const PENDING_EVENT = 'opsdesk:pending';

let count = 0;

/** The number of changes waiting to be sent; call whenever it changes (0 once all are sent). */
export function setPendingCount(n: number): void {
  window.dispatchEvent(new CustomEvent<number>(PENDING_EVENT, { detail: n }));
}

export function getPendingCount(): number {
  return count;
}

/** Calls `listener` with the new count at every change; returns the unsubscribe function. */
export function subscribePending(listener: (n: number) => void): () => void {
  const onEvent = () => listener(count);
  window.addEventListener(PENDING_EVENT, onEvent);
  return () => window.removeEventListener(PENDING_EVENT, onEvent);
}

if (typeof window !== 'undefined') {
  // Registered first (at module load), so `count` is current when a subscriber's handler runs.
  window.addEventListener(PENDING_EVENT, (event) => {
    const n = Number((event as CustomEvent<unknown>).detail);
    count = Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
  });
}

/** The waiting count, re-rendering on change. */
export function usePendingCount(): number {
  return useSyncExternalStore(subscribePending, getPendingCount, () => 0);
}
