// How many changes wait on the device, told to whoever must know without importing the offline layer
// (the update prompt holds a new version back while something waits): the window event
// `opsdesk:pending` with the count as its detail, the one the platform's pending.ts listens to.
export const PENDING_EVENT = 'opsdesk:pending';

let count = -1;

export function publishPending(n: number): void {
  if (n === count) return;
  count = n;
  window.dispatchEvent(new CustomEvent<number>(PENDING_EVENT, { detail: n }));
}
