// Benchmark of `tasks.saveAnswers` (issue 12): 20 inspectors autosaving at once, each on their own task
// in progress, through tRPC as the perform page calls it (POST /trpc/tasks.saveAnswers, bearer token).
// Each inspector sends one change at a time, as fast as the answers come back (a yes/no answer flipped
// every call, so each call merges, validates against the pinned scheme, writes the task, audits and
// commits), for BENCH_SECONDS after a one-second warm-up. Target: p95 under 30 ms.
// Two loads are measured: "back to back" (each inspector sends the next change the moment the last one
// is answered: 20 calls always in flight, the server's throughput limit) and "paced" (each inspector
// changes an answer every BENCH_PACE_MS, default 250 ms: four answers a second each, faster than anyone
// taps, and the perform page debounces its autosave on top). The issue's target is read on the paced load.
// Then the paced load again while BENCH_MAILS (default 1,000) e-mails go out through the same app
// process's delivery worker to a real SMTP server in this process (issue 26: autosave p95 not more than
// 20 % worse while they go out), compared with the same load as long again once they are out;
// BENCH_AUTOSAVE_MAIL=0 leaves those runs out.
//  1. a throwaway embedded PostgreSQL; migrate; the demo accounts, business structure and workflow;
//  2. BENCH_INSPECTORS (default 20) inspectors in ACME (qualitycontrol@demo.com and 19 more), each with
//     one task in progress of the customer's published scheme (test fixtures, written directly);
//  3. the real app in a child process (bench/tasks-server.ts, pool of 10), signed in as each of them;
//  4. the concurrent autosave loop; percentiles over every call.
// Alone: `npm run bench -- saveAnswers`.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AccountsSeeder } from '../seed/accounts.seeder.ts';
import { BusinessSeeder } from '../seed/business.seeder.ts';
import { WorkflowSeeder } from '../seed/workflow.seeder.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { db } from '../src/server/db/kysely.ts';
import { initOrm, migrate } from '../src/server/db/orm.ts';
import { sendTemplatedMail } from '../src/server/domains/platform/mail/mail.refs.ts';
import { hashPassword } from '../src/server/lib/password.ts';
import { createTaskFixture } from '../src/server/testing/workflow.ts';
import { benchMails, type SmtpReceiver, smtpReceiver } from './mail.ts';

export interface SaveAnswersResult {
  inspectors: number;
  calls: number;
  failures: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Statements sent to PostgreSQL by one call (one round trip each), measured after the run. */
  roundTrips: number;
  /** CPU time of the app process per call (ms; its PostgreSQL's not included), less load-dependent than latency. */
  appCpuMs: number;
  /** CPU time of PostgreSQL per call (ms; its backends and background workers, from /proc at 10 ms ticks). */
  dbCpuMs: number;
  /** The 1-minute load average when the run ended (the machine is shared). */
  load: number;
  /** Resident memory of the app process (MB): after the warm-up, before the load, and the peak under it. */
  rssIdleMb: number;
  rssPeakMb: number;
  /** The paced load while e-mails went out from the same process (absent with BENCH_AUTOSAVE_MAIL=0). */
  duringMail?: {
    mails: number;
    deliverMs: number;
    calls: number;
    p50: number;
    p95: number;
    p99: number;
    /** The same paced load as long again, nothing going out. */
    quietCalls: number;
    quietP50: number;
    quietP95: number;
    quietP99: number;
  };
}

/** CPU time (ms) of the PostgreSQL serving `dataDir`: its postmaster and every backend it runs (Linux /proc). */
function postgresCpuMs(dataDir: string): number {
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const tick = 1000 / 100; // USER_HZ
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pid = Number(entry);
    // After the name: state ppid … utime (11) stime (12) cutime cstime (own and reaped children's).
    if (pid !== postmaster && Number(fields[1]) !== postmaster) continue;
    total +=
      (Number(fields[11]) + Number(fields[12]) + (pid === postmaster ? Number(fields[13]) + Number(fields[14]) : 0)) *
      tick;
  }
  return total;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
}

export async function benchSaveAnswers(log: (msg: string) => void = console.log): Promise<SaveAnswersResult> {
  const INSPECTORS = Number(process.env.BENCH_INSPECTORS ?? 20);
  const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
  const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 250);
  const MAILS = process.env.BENCH_AUTOSAVE_MAIL === '0' ? 0 : Number(process.env.BENCH_MAILS ?? 1000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-bench-save-'));
  fs.chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), database: 'bench', fast: true });
  let child: ReturnType<typeof fork> | undefined;
  let smtp: SmtpReceiver | undefined;
  try {
    const orm = await initOrm(pg.url, { pool: { max: 4 } });
    await migrate(orm);
    await orm.seeder.seed(AccountsSeeder, BusinessSeeder, WorkflowSeeder);
    const em = orm.em.fork();
    const k = db(em);
    const acme = await k.selectFrom('customers').select('id').where('code', '=', 'ACME').executeTakeFirstOrThrow();
    // More inspectors, each signing in with the part of their address before the @ (bench/tasks-server.ts).
    const emails = ['qualitycontrol@demo.com'];
    for (let i = 1; i < INSPECTORS; i++) emails.push(`bench.inspector${i}@acme.example`);
    const now = new Date();
    const extra = emails.slice(1);
    if (extra.length) {
      await k
        .insertInto('users')
        .values(
          await Promise.all(
            extra.map(async (email, i) => ({
              created_at: now,
              updated_at: now,
              version: 1,
              customer_id: acme.id,
              email,
              full_name: `Bench Inspector ${i + 1}`,
              role: 'qualitycontrol' as const,
              team_id: null,
              avatar: null,
              status: 'active' as const,
              language: 'en',
              password_hash: await hashPassword(email.split('@')[0]),
              last_login_at: null,
            })),
          ),
        )
        .execute();
    }
    const scheme = await k
      .selectFrom('schemes')
      .select('id')
      .where('customer_id', '=', acme.id)
      .where('status', '=', 'published')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const question = await k
      .selectFrom('scheme_questions')
      .select('key')
      .where('scheme_id', '=', scheme.id)
      .where('type', '=', 'yesno')
      .where('visible_if', 'is', null)
      .orderBy('position')
      .executeTakeFirstOrThrow();
    const taskIds: number[] = [];
    for (const email of emails)
      taskIds.push(
        (await createTaskFixture(orm, { schemeId: scheme.id, assignee: email, status: 'in_progress' })).taskId,
      );
    log(`${emails.length} inspectors, each with a task in progress; autosaving question "${question.key}"`);
    if (MAILS) smtp = await smtpReceiver();

    child = fork(path.join(import.meta.dirname, 'tasks-server.ts'), {
      execArgv: [
        ...process.execArgv,
        ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      ],
      env: {
        ...process.env,
        DATABASE_URL: pg.url,
        BENCH_USERS: emails.join(','),
        ...(smtp ? { SMTP_URL: smtp.url, MAIL_FROM: 'Opsdesk <ops@bench.example>' } : {}),
      },
    });
    const ready = await new Promise<{ appUrl: string; tokens: Record<string, string> }>((resolve, reject) => {
      child!.once('message', (m) => resolve(m as never));
      child!.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });

    const url = `${ready.appUrl}/trpc/tasks.saveAnswers`;
    let latencies: number[] = [];
    let failures = 0;
    let firstFailure = '';
    /** Every inspector autosaving for `seconds`: back to back, or one change every `paceMs` (first ones spread out). */
    const run = async (seconds: number, record: boolean, paceMs = 0) => {
      const until = performance.now() + seconds * 1000;
      await Promise.all(
        emails.map(async (email, i) => {
          const headers = { authorization: `Bearer ${ready.tokens[email]}`, 'content-type': 'application/json' };
          let value = true;
          if (paceMs) await new Promise((resolve) => setTimeout(resolve, (paceMs * i) / emails.length));
          while (performance.now() < until) {
            const due = performance.now() + paceMs;
            value = !value;
            const body = JSON.stringify({
              json: {
                id: taskIds[i],
                answers: [{ questionKey: question.key, value, comment: value ? null : 'Checked twice' }],
              },
            });
            const started = performance.now();
            const res = await fetch(url, { method: 'POST', headers, body });
            const text = await res.text();
            const ms = performance.now() - started;
            if (res.status !== 200) {
              failures++;
              firstFailure ||= `${res.status} ${text.slice(0, 300)}`;
            } else if (record) latencies.push(ms);
            const wait = due - performance.now();
            if (paceMs && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          }
        }),
      );
    };
    // A message from the server (a reply to what was sent to it).
    const reply = (key: string) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const on = (m: unknown) => {
          if (m && typeof m === 'object' && key in m) {
            child!.off('message', on);
            resolve(m as Record<string, unknown>);
          }
        };
        child!.on('message', on);
      });
    const memory = { rss: 0, rssPeak: 0 };
    const cpu = async () => {
      const answer = reply('cpu');
      child!.send('cpu');
      const message = await answer;
      memory.rss = message.rss as number;
      memory.rssPeak = message.rssPeak as number;
      const { user, system } = message.cpu as NodeJS.CpuUsage;
      return (user + system) / 1000;
    };
    await run(1, false); // warm-up
    const pgDir = path.join(dir, 'pg');
    const pgBefore = postgresCpuMs(pgDir);
    const cpuBefore = await cpu();
    const rssIdleMb = memory.rss / 2 ** 20;
    const started = performance.now();
    await run(SECONDS, true);
    const seconds = (performance.now() - started) / 1000;
    const cpuMs = (await cpu()) - cpuBefore;
    const rssPeakMb = memory.rssPeak / 2 ** 20;
    const pgMs = postgresCpuMs(pgDir) - pgBefore;
    if (failures) throw new Error(`saveAnswers: ${failures} failed calls, first: ${firstFailure}`);
    const load = os.loadavg()[0];
    const backToBack = latencies.sort((a, b) => a - b);
    latencies = [];
    const paceStarted = performance.now();
    await run(SECONDS, true, PACE_MS);
    const pacedSeconds = (performance.now() - paceStarted) / 1000;
    if (failures) throw new Error(`saveAnswers (paced): ${failures} failed calls, first: ${firstFailure}`);
    const paced = latencies.sort((a, b) => a - b);
    // The paced load again while the app's own worker hands MAILS e-mails to the SMTP server: they are
    // committed in one transaction (its NOTIFY wakes the worker) a second into the run, and the run
    // lasts until the last one has arrived; only the calls made meanwhile count.
    let duringMail: SaveAnswersResult['duringMail'];
    if (smtp) {
      const mails = await benchMails(MAILS);
      latencies = [];
      let sending = false;
      const receiver = smtp;
      const send = (async () => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const startedAt = performance.now();
        await em.fork().transactional((tx) => sendTemplatedMail(tx, mails));
        const from = latencies.length;
        sending = true;
        const deadline = startedAt + 120_000;
        while (receiver.arrived.size < MAILS && performance.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 20));
        sending = false;
        if (receiver.arrived.size < MAILS)
          throw new Error(`only ${receiver.arrived.size} of ${MAILS} e-mails arrived within 120 s`);
        return { from, to: latencies.length, deliverMs: receiver.lastAt() - startedAt };
      })();
      const load = (async () => {
        await run(1, false, PACE_MS);
        while (!sending) await new Promise((resolve) => setTimeout(resolve, 20));
        while (sending) await run(1, true, PACE_MS);
      })();
      const [window] = await Promise.all([send, load]);
      if (failures) throw new Error(`saveAnswers (during mail): ${failures} failed calls, first: ${firstFailure}`);
      const during = latencies.slice(window.from).sort((a, b) => a - b);
      // The same paced load for as long again with no e-mail going out: the comparison, alike in length,
      // sample size and database.
      latencies = [];
      await run(Math.ceil(window.deliverMs / 1000), true, PACE_MS);
      const after = latencies.sort((a, b) => a - b);
      duringMail = {
        mails: MAILS,
        deliverMs: window.deliverMs,
        calls: during.length,
        p50: percentile(during, 50),
        p95: percentile(during, 95),
        p99: percentile(during, 99),
        quietCalls: after.length,
        quietP50: percentile(after, 50),
        quietP95: percentile(after, 95),
        quietP99: percentile(after, 99),
      };
    }
    await orm.close();
    // One more call with the server tracing what it sends to PostgreSQL: the round trips per call.
    const tracing = reply('tracing');
    child.send('trace-start');
    await tracing;
    const traced = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${ready.tokens[emails[0]]}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        json: { id: taskIds[0], answers: [{ questionKey: question.key, value: true, comment: 'Traced call' }] },
      }),
    });
    if (traced.status !== 200) throw new Error(`saveAnswers (traced): ${traced.status} ${await traced.text()}`);
    const stopped = reply('trace');
    child.send('trace-stop');
    const statements = (await stopped).trace as string[];
    log(
      `one call sends ${statements.length} statements to PostgreSQL${process.env.BENCH_TRACE_SQL ? ':' : ' (BENCH_TRACE_SQL=1 lists them)'}`,
    );
    if (process.env.BENCH_TRACE_SQL)
      statements.forEach((s, i) => log(`  ${i + 1}. ${s.length > 240 ? `${s.slice(0, 240)}…` : s}`));
    const sorted = backToBack;
    const result = {
      inspectors: emails.length,
      calls: sorted.length,
      failures,
      seconds,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? NaN,
      paceMs: PACE_MS,
      pacedCalls: paced.length,
      pacedP50: percentile(paced, 50),
      pacedP95: percentile(paced, 95),
      pacedP99: percentile(paced, 99),
      pacedMax: paced.at(-1) ?? NaN,
      roundTrips: statements.length,
      appCpuMs: cpuMs / Math.max(1, sorted.length),
      dbCpuMs: pgMs / Math.max(1, sorted.length),
      load,
      rssIdleMb,
      rssPeakMb,
      duringMail,
    };
    log(
      `tasks.saveAnswers, ${result.inspectors} inspectors back to back: ${result.calls} calls in ${seconds.toFixed(1)} s (${(result.calls / seconds).toFixed(0)}/s), ` +
        `p50 ${result.p50.toFixed(1)} / p95 ${result.p95.toFixed(1)} / p99 ${result.p99.toFixed(1)} / max ${result.max.toFixed(1)} ms; ` +
        `${result.roundTrips} round trips and ${result.appCpuMs.toFixed(2)} ms of app CPU and ${result.dbCpuMs.toFixed(2)} ms of PostgreSQL CPU per call; app RSS ${rssIdleMb.toFixed(0)} MB before, ${rssPeakMb.toFixed(0)} MB at most under the load; load average ${load.toFixed(2)} on ${os.cpus().length} cores`,
    );
    log(
      `tasks.saveAnswers, ${result.inspectors} inspectors each changing an answer every ${PACE_MS} ms: ${result.pacedCalls} calls in ${pacedSeconds.toFixed(1)} s (${(result.pacedCalls / pacedSeconds).toFixed(0)}/s), ` +
        `p50 ${result.pacedP50.toFixed(1)} / p95 ${result.pacedP95.toFixed(1)} / p99 ${result.pacedP99.toFixed(1)} / max ${result.pacedMax.toFixed(1)} ms (target p95 < 30 ms ${result.pacedP95 < 30 ? '✓' : '✗'}); load average ${os.loadavg()[0].toFixed(2)}`,
    );
    if (duringMail) {
      const worse = (duringMail.p95 / duringMail.quietP95 - 1) * 100;
      log(
        `tasks.saveAnswers, the same paced load while ${duringMail.mails.toLocaleString('en')} e-mails went out from the same process ` +
          `(all handed to the SMTP server in ${(duringMail.deliverMs / 1000).toFixed(1)} s): ${duringMail.calls} calls, ` +
          `p50 ${duringMail.p50.toFixed(1)} / p95 ${duringMail.p95.toFixed(1)} / p99 ${duringMail.p99.toFixed(1)} ms; ` +
          `as long again with nothing going out: ${duringMail.quietCalls} calls, p50 ${duringMail.quietP50.toFixed(1)} / ` +
          `p95 ${duringMail.quietP95.toFixed(1)} / p99 ${duringMail.quietP99.toFixed(1)} ms; ` +
          `p95 ${worse >= 0 ? '+' : ''}${worse.toFixed(0)} % (target ≤ +20 % ${worse <= 20 ? '✓' : '✗'}); load average ${os.loadavg()[0].toFixed(2)}`,
      );
    }
    return result;
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.send('stop');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill();
    }
    await smtp?.close();
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  await benchSaveAnswers((msg) => console.log(`[bench:saveAnswers] ${msg}`));
}
