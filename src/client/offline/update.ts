// A new version of the app waiting to be applied: the service worker registration (register.ts, loaded
// after the first page) puts the waiting worker here; the app shows the update prompt while there is one.
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
