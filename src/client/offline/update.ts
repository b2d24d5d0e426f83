// A new version of the app waiting to be applied: the service worker registration (register.ts, loaded
// after the first page) puts the waiting worker here; the app shows the update prompt while there is one.
// Part of the entry, and with it pending.ts, whose listener must hear the queue's first count however
// late the prompt loads.
import { getPendingCount } from './pending.ts';

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

export function setWaitingWorker(worker: ServiceWorker | null): void {
  if (worker === waiting) return;
  waiting = worker;
  for (const listener of listeners) listener();
}

export function waitingWorker(): ServiceWorker | null {
  return waiting;
}

export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Hand the page to the waiting worker, then reload once it controls the page; refused while changes wait. */
export function applyUpdate(): boolean {
  if (!waiting || getPendingCount() > 0) return false;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
  return true;
}
