// Benchmark of the live chat (issue 15): delivery latency of a message between two real users of one
// customer, across two app processes on one database. A throwaway embedded PostgreSQL with the demo
// accounts and licenses; two app processes (bench/chat-server.ts); analyst@demo.com subscribes to
// apps.chat.live.events on process B (server-sent events, session cookie, as the browser does);
// admin@demo.com sends BENCH_CHAT_MESSAGES (default 200) messages one after another through process A
// (tRPC mutation over HTTP). Latency = from just before the send request to the message event read
// from B's stream: the send's HTTP round trip, the commit, NOTIFY, B's LISTEN connection, the stream's
// re-authorized load and its delivered mark, and the SSE write. Target: p95 under 100 ms.
// Alone: `node --experimental-strip-types bench/chat-live.ts` or `BENCH_ONLY=chat npm run bench`.
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import superjson from 'superjson';
import { AccountsSeeder } from '../seed/accounts.seeder.ts';
import { BusinessSeeder } from '../seed/business.seeder.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { initOrm, migrate } from '../src/server/db/orm.ts';
import { openSubscription } from '../src/server/testing/sse.ts';
import type { TChatEvent } from '../src/shared/schemas/chat.ts';

export interface ChatBenchResult {
  messages: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  sendP50: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function startServer(databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(path.join(import.meta.dirname, 'chat-server.ts'), {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  const { url } = await new Promise<{ url: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { url: string }));
    child.once('exit', (code) => reject(new Error(`chat bench server exited with ${code}`)));
  });
  return { child, url };
}

async function signIn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 201) throw new Error(`login failed for ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function trpc<T>(
  url: string,
  token: string,
  procedure: string,
  input: unknown,
  method: 'GET' | 'POST',
): Promise<T> {
  const encoded = JSON.stringify(superjson.serialize(input));
  const res = await fetch(
    method === 'GET' ? `${url}/trpc/${procedure}?input=${encodeURIComponent(encoded)}` : `${url}/trpc/${procedure}`,
    {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: method === 'POST' ? encoded : undefined,
    },
  );
  if (!res.ok) throw new Error(`${procedure}: ${res.status} ${await res.text()}`);
  return superjson.deserialize<T>(((await res.json()) as { result: { data: never } }).result.data);
}

export async function benchChatDelivery(log: (msg: string) => void = console.log): Promise<ChatBenchResult> {
  const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 200);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-bench-chat-'));
  fs.chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), database: 'bench', fast: true });
  const servers: ChildProcess[] = [];
  try {
    const orm = await initOrm(pg.url, { pool: { max: 2 } });
    await migrate(orm);
    await orm.seeder.seed(AccountsSeeder, BusinessSeeder);
    await orm.close();
    const [a, b] = [await startServer(pg.url), await startServer(pg.url)];
    servers.push(a.child, b.child);
    const senderToken = await signIn(a.url, 'admin@demo.com', 'admin');
    const readerToken = await signIn(b.url, 'analyst@demo.com', 'analyst');
    const { colleagues } = await trpc<{ colleagues: { id: number; role: string }[] }>(
      a.url,
      senderToken,
      'apps.chat.live.colleagues',
      {},
      'GET',
    );
    const reader = colleagues.find((c) => c.role === 'analyst');
    if (!reader) throw new Error('analyst@demo.com is not among admin@demo.com’s colleagues');

    const stream = await openSubscription<TChatEvent>(b.url, 'apps.chat.live.events', readerToken);
    await stream.next((e) => e.type === 'ready');
    const latencies: number[] = [];
    const sends: number[] = [];
    // Warm-up (connections, JIT), not counted.
    for (let i = -10; i < MESSAGES; i++) {
      const text = `bench ${i}`;
      const from = stream.events.length;
      const arrived = stream.next((e) => e.type === 'message' && e.message.message === text, {
        from,
        timeoutMs: 10_000,
      });
      const started = performance.now();
      await trpc(a.url, senderToken, 'apps.chat.live.send', { userId: reader.id, message: text }, 'POST');
      const sent = performance.now();
      await arrived;
      const done = performance.now();
      if (i >= 0) {
        latencies.push(done - started);
        sends.push(sent - started);
      }
      // Keep the stream's buffer small.
      if (stream.events.length > 100) stream.events.splice(0, stream.events.length);
    }
    stream.close();
    latencies.sort((x, y) => x - y);
    sends.sort((x, y) => x - y);
    const result = {
      messages: MESSAGES,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? NaN,
      sendP50: percentile(sends, 50),
    };
    log(
      `chat delivery between two app processes, ${MESSAGES} messages: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, ` +
        `p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms (send round trip p50 ${result.sendP50.toFixed(1)} ms); ` +
        `${os.cpus().length} CPUs, load average ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}`,
    );
    return result;
  } finally {
    for (const child of servers) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill();
    }
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename)
  await benchChatDelivery((msg) => console.log(`[bench] ${msg}`));
