// A tRPC subscription over server-sent events, read the way a browser's EventSource would (GET with the
// session cookie), for tests and benches that need the real HTTP stream between processes.
import superjson, { type SuperJSONResult } from 'superjson';
import { ACCESS_TOKEN_COOKIE } from '../../shared/constants/http.ts';

export interface SseStream<T> {
  /** Every data event so far (deserialized). */
  events: T[];
  /** Resolves with the first event (from `from` on) matching `match`; rejects after `timeoutMs`. */
  next(match: (event: T) => boolean, opts?: { from?: number; timeoutMs?: number }): Promise<T>;
  /** The error event or HTTP failure that ended the stream, if any. */
  error: unknown;
  close(): void;
}

/** Opens `/trpc/<path>` on `baseUrl` as the holder of `accessToken` (sent as the session cookie). */
export async function openSubscription<T>(baseUrl: string, path: string, accessToken: string): Promise<SseStream<T>> {
  const controller = new AbortController();
  const events: T[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const w of waiters) w();
  };
  const stream: SseStream<T> = {
    events,
    error: undefined,
    close: () => controller.abort(),
    next(match, { from = 0, timeoutMs = 5000 } = {}) {
      return new Promise<T>((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(match);
          if (found !== undefined) {
            done();
            resolve(found);
          } else if (stream.error) {
            done();
            reject(stream.error instanceof Error ? stream.error : new Error('stream failed'));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no matching event within ${timeoutMs} ms (got ${JSON.stringify(events)})`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
  const res = await fetch(`${baseUrl}/trpc/${path}`, {
    headers: { accept: 'text/event-stream', cookie: `${ACCESS_TOKEN_COOKIE}=${accessToken}` },
    signal: controller.signal,
  });
  if (!res.ok || !res.body) {
    stream.error = new Error(`HTTP ${res.status}: ${await res.text()}`);
    return stream;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data += line.slice(5).trim();
          }
          if (event === 'message' && data) events.push(superjson.deserialize(JSON.parse(data) as SuperJSONResult));
          else if (event === 'serialized-error') stream.error = new Error(`stream error: ${data}`);
          notify();
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) stream.error = error;
    }
    stream.error ??= controller.signal.aborted ? undefined : new Error('stream ended');
    notify();
  })();
  return stream;
}
