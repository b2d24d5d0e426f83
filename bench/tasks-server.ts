// Child process of bench/tasks.ts: the real app (buildApp + listen) over DATABASE_URL, signed in as the
// benchmark's callers; reports { appUrl, tokens } over IPC and stops on 'stop'.
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { initOrm } from '../src/server/db/orm.ts';

const url = process.env.DATABASE_URL;
const emails = (process.env.BENCH_USERS ?? '').split(',').filter(Boolean);
if (!url || !process.send || !emails.length) throw new Error('bench/tasks-server.ts is started by bench/tasks.ts');

// The app as `npm start` builds it: request logs off (warn level), pool of 10 connections; delivering
// e-mail when the benchmark gives it an SMTP server (SMTP_URL, MAIL_FROM).
const config = loadConfig({
  NODE_ENV: 'production',
  DATABASE_URL: url,
  LOG_LEVEL: 'warn',
  LOGIN_RATE_LIMIT: '1000',
  SMTP_URL: process.env.SMTP_URL,
  MAIL_FROM: process.env.MAIL_FROM,
});
const orm = await initOrm(url, { pool: { max: Number(process.env.BENCH_POOL ?? 10) } });
const app = await buildApp(config, orm);
await app.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const tokens: Record<string, string> = {};
for (const email of emails) {
  const password = email.split('@')[0];
  const login = await fetch(`${appUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 201) throw new Error(`login failed for ${email}: ${login.status} ${await login.text()}`);
  tokens[email] = ((await login.json()) as { accessToken: string }).accessToken;
}

// Round trips to PostgreSQL, for the benchmark's per-call count: every statement a pg client sends
// while tracing is on (pg-boss's own polling of its schema left out), in order.
let trace: string[] | null = null;
// eslint-disable-next-line @typescript-eslint/unbound-method -- called with its client as `this` below
const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string } | undefined;
  const text = typeof first === 'string' ? first : (first?.text ?? '');
  if (trace && !/\bpgboss\./.test(text)) trace.push(text.replace(/\s+/g, ' ').trim());
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

// Resident memory: the highest seen since the last 'cpu' message, sampled every 50 ms.
let rssPeak = process.memoryUsage().rss;
setInterval(() => {
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
}, 50).unref();

process.on('message', (message) => {
  if (message === 'trace-start') {
    trace = [];
    process.send?.({ tracing: true });
  }
  // CPU time this process has used (user + system, µs): the app's own cost per call, whatever the load.
  if (message === 'cpu') {
    const rss = process.memoryUsage().rss;
    process.send?.({ cpu: process.cpuUsage(), rss, rssPeak: Math.max(rssPeak, rss) });
    rssPeak = rss;
  }
  if (message === 'trace-stop') {
    process.send?.({ trace: trace ?? [] });
    trace = null;
  }
  if (message !== 'stop') return;
  void (async () => {
    await app.close();
    await orm.close();
    process.exit(0);
  })();
});
process.send({ appUrl, tokens });
