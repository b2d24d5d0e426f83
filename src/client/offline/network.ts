// Whether the app can reach its server. `isOffline()` is the browser's own word (no network at all);
// `isUnreachable(error)` says a failed call got no answer from the server (no network, lie-fi, a proxy
// with the app down), as opposed to an answer that refused it (401, 403, 400…), which must be acted on.

export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** A tRPC (or fetch) error that carries no answer of the server: the call never reached it. */
export function isUnreachable(error: unknown): boolean {
  if (isOffline()) return true;
  if (!(error instanceof Error)) return false;
  // TRPCClientError: `data` is the server's error shape; absent when fetch itself failed or the answer was no tRPC JSON.
  if ('data' in error) return !(error as { data?: unknown }).data;
  return error.name === 'TypeError';
}
