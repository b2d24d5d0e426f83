// Benchmark of webhook delivery: 1,000 task transitions (tasks.cancel) in a burst, 10 at a time, each
// writing its `task.cancelled` delivery row in its own transaction (the outbox), delivered by the
// pg-boss jobs to a local receiver (a child process, bench/webhooks-worker.ts: the customer's system).
// Four bursts of 1,000: (1) no endpoint listening; (2) an endpoint listening and nobody delivering (the
// outbox write alone; delivered before the next burst); (3) delivered by a separate
// jobs process (the child; a deployment with JOBS=false on the web processes); (4) the same delivered
// in this process (one process running everything, as `npm start` does). Measures how long until the
// receiver has all 1,000 (target: within 60 s), and each burst's transitions' p95 against (1) (target:
// not more than 10 % worse). A throwaway embedded PostgreSQL with the demo accounts and business
// structure; 4 × 1,000 tasks planned through slots.generate.
// Alone: `node --experimental-strip-types bench/webhooks.ts` or `npm run bench -- webhooks`.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { initOrm } from '../src/server/db/orm.ts';
import { startWebhookDelivery } from '../src/server/domains/platform/integrations/webhooks.delivery.ts';
import { createWebhook } from '../src/server/domains/platform/integrations/webhooks.service.ts';
import { bulkAssign } from '../src/server/domains/workflow/assignments/assignments.service.ts';
import { createProject } from '../src/server/domains/workflow/projects/projects.service.ts';
import { generateSlots } from '../src/server/domains/workflow/slots/slots.service.ts';
import { cancelTask } from '../src/server/domains/workflow/tasks/tasks.service.ts';
import { createSignalHub } from '../src/server/lib/signals.ts';
import { ZGenerateSlotsInput } from '../src/shared/schemas/slots.ts';
import { insertLocations, seedAcme } from './acme.ts';

const BURST = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);
const WARM_UP = 100;
const CONCURRENCY = Number(process.env.BENCH_WEBHOOK_CONCURRENCY ?? 10);

export interface WebhooksBurst {
  /** The transitions' p95 (ms). */
  p95: number;
  /** How long the 1,000 transitions took (10 at a time). */
  burstMs: number;
  /** From the burst's start to the last delivery received. */
  deliveredMs: number;
  /** From the last transition's answer to the last delivery received. */
  lagMs: number;
}

export interface WebhooksBenchResult {
  events: number;
  p95Without: number;
  /** Nobody delivering: the outbox write alone. */
  p95Pending: number;
  /** Delivered by a separate jobs process. */
  apart: WebhooksBurst;
  /** Delivered by the process making the transitions. */
  together: WebhooksBurst;
}

function p95(ms: number[]): number {
  const sorted = [...ms].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
}

/** Run `each` over `ids`, CONCURRENCY at a time; the duration of every call. */
async function burst(ids: number[], each: (id: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ids.length) {
        const id = ids[next++];
        const start = performance.now();
        await each(id);
        times.push(performance.now() - start);
      }
    }),
  );
  return times;
}

export async function benchWebhooks(log: (msg: string) => void = console.log): Promise<WebhooksBenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-bench-webhooks-'));
  fs.chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), database: 'bench', fast: true });
  const orm = await initOrm(pg.url, { pool: { max: 12 } });
  // The receiver (and, for burst 2, the jobs process): a child with its own event loop.
  const worker = fork(path.join(import.meta.dirname, 'webhooks-worker.ts'), {
    execArgv: process.execArgv,
    env: { ...process.env, DATABASE_URL: pg.url },
  });
  const reply = (key: string) =>
    new Promise<Record<string, number>>((resolve, reject) => {
      const on = (m: unknown) => {
        if (m && typeof m === 'object' && key in m) {
          worker.off('message', on);
          resolve(m as Record<string, number>);
        }
      };
      worker.on('message', on);
      worker.once('exit', (code) => reject(new Error(`webhooks worker exited with ${code}`)));
    });
  const { port } = await reply('port');
  const ask = async (message: string, key: string) => {
    const answer = reply(key);
    worker.send(message);
    return answer;
  };
  const signals = createSignalHub(pg.url);
  let delivery: Awaited<ReturnType<typeof startWebhookDelivery>> | undefined;
  try {
    const bench = await seedAcme(orm);
    const { conn, team, inspector, scheme } = bench;
    const ctx = () => bench.ctx({ allowPrivateWebhookTargets: true });
    // Two bursts' worth of visits far in the future (still scheduled, so each may be cancelled), at
    // locations open every weekday.
    const locations = await insertLocations(bench, {
      prefix: 'WH',
      name: 'Webhook store',
      count: Math.ceil((4 * BURST + WARM_UP) / 20),
      openDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
    });
    const project = await createProject(ctx(), {
      code: 'BENCH-HOOKS',
      name: 'Webhook benchmark',
      description: null,
      schemeId: scheme,
      startDate: '2030-01-07',
      endDate: '2030-12-28',
    });
    await bulkAssign(ctx(), {
      projectId: project.id,
      locationIds: locations,
      teamId: team,
      assigneeId: inspector,
      plannedVisits: 20,
    });
    await generateSlots(
      ctx(),
      ZGenerateSlotsInput.parse({
        projectId: project.id,
        recurrence: { kind: 'weekly', byWeekday: ['MO', 'TH'], interval: 1 },
        durationMinutes: 60,
        preferredTime: '09:00',
      }),
    );
    const tasks = (
      await conn.execute<{ id: number }[]>(
        `select id from tasks where project_id = ${project.id} and status = 'scheduled' order by id limit ${4 * BURST + WARM_UP}`,
      )
    ).map((r) => r.id);
    if (tasks.length < 4 * BURST + WARM_UP)
      throw new Error(`only ${tasks.length} tasks planned, ${4 * BURST + WARM_UP} needed`);
    await conn.execute('vacuum analyze');
    const cancel = (id: number) => cancelTask(ctx(), { id, reason: 'Benchmark' });

    // 0. Warm up (compiled code, caches, pools), not counted: the first burst would otherwise pay for it.
    await burst(tasks.slice(4 * BURST), cancel);

    // 1. No endpoint listening: the transitions alone.
    const selfWithout = process.cpuUsage();
    const without = await burst(tasks.slice(0, BURST), cancel);
    const cpuWithout = process.cpuUsage(selfWithout);
    log(
      `CPU per transition, nobody listening: this process ${((cpuWithout.user + cpuWithout.system) / 1000 / BURST).toFixed(2)} ms`,
    );
    log(`${BURST} transitions, no endpoint: p95 ${p95(without).toFixed(1)} ms`);

    // 2. to 4. An endpoint listening: the same transitions, each writing its outbox row in its transaction.
    await createWebhook(ctx(), {
      url: `http://127.0.0.1:${port}/hooks`,
      events: ['task.cancelled'],
      description: null,
    });
    let expected = 0;
    /** Wait until the receiver has had every delivery so far; its count. */
    const allReceived = async (start: number) => {
      let count = await ask('count', 'received');
      while (count.received < expected) {
        if (Date.now() - start > 120_000) throw new Error(`only ${count.received} of ${expected} delivered in 120 s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        count = await ask('count', 'received');
      }
      return count;
    };
    const report = (label: string, times: number[]) => {
      const worse = ((p95(times) - p95(without)) / p95(without)) * 100;
      return `${times.length} transitions, endpoint listening, ${label}: p95 ${p95(times).toFixed(1)} ms (${worse >= 0 ? '+' : ''}${worse.toFixed(1)} %, target ≤ +10 %)`;
    };
    // 2. Nobody delivering yet: the outbox write alone (the rows wait); delivered before the next burst.
    const pending = await burst(tasks.slice(BURST, 2 * BURST), cancel);
    log(report('nobody delivering (the outbox write alone)', pending));
    expected += BURST;
    await ask('deliver', 'delivering');
    await allReceived(Date.now());
    /** A burst while delivery runs, then until the receiver has all of it. */
    const deliveredBurst = async (ids: number[], label: string): Promise<WebhooksBurst> => {
      const cpuBefore = (await ask('count', 'received')).cpuMs;
      const selfBefore = process.cpuUsage();
      const start = Date.now();
      const times = await burst(ids, cancel);
      const burstMs = Date.now() - start;
      expected += ids.length;
      const count = await allReceived(start);
      const self = process.cpuUsage(selfBefore);
      log(
        `CPU per transition and its delivery: this process ${((self.user + self.system) / 1000 / ids.length).toFixed(2)} ms, ` +
          `the child (receiver${label.includes('separate') ? ' and delivery' : ''}) ${((count.cpuMs - cpuBefore) / ids.length).toFixed(2)} ms`,
      );
      const deliveredMs = count.lastAt - start;
      const result = { p95: p95(times), burstMs, deliveredMs, lagMs: Math.max(0, deliveredMs - burstMs) };
      log(
        `${report(label, times)}; all ${ids.length} task.cancelled deliveries received ${Math.round(deliveredMs)} ms ` +
          `after the burst began (target < 60000 ms; the burst itself ${Math.round(burstMs)} ms, the last delivery ` +
          `${Math.round(result.lagMs)} ms after it)`,
      );
      return result;
    };
    // 3. Delivered by a separate jobs process (the child), as behind a proxy with JOBS=false on the web processes.
    const apart = await deliveredBurst(tasks.slice(2 * BURST, 3 * BURST), 'delivered by a separate jobs process');
    await ask('stop-delivery', 'stopped');
    // 4. Delivered by this process, as one `npm start` process runs everything.
    delivery = await startWebhookDelivery({
      orm,
      connectionString: pg.url,
      signals,
      allowPrivate: true,
      onError: (error) => log(`delivery error: ${String(error)}`),
    });
    const together = await deliveredBurst(tasks.slice(3 * BURST, 4 * BURST), 'delivered by this process');
    const result = { events: BURST, p95Without: p95(without), p95Pending: p95(pending), apart, together };
    return result;
  } finally {
    await delivery?.stop();
    await signals.close();
    if (worker.exitCode === null) {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.send('stop');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (worker.exitCode === null) worker.kill();
    }
    await orm.close(true);
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchWebhooks((m) => console.log(`[bench] ${m}`));
  const row = (label: string, b: WebhooksBurst) =>
    `| ${label} | ${Math.round(b.deliveredMs)} ms (burst ${Math.round(b.burstMs)} ms, last delivery +${Math.round(b.lagMs)} ms) | ${b.p95.toFixed(1)} ms (${(((b.p95 - r.p95Without) / r.p95Without) * 100).toFixed(0)} %) |`;
  console.log(`\n| ${r.events} task transitions | all delivered | transitions p95 |\n|---|---|---|`);
  console.log(`| no endpoint listening | — | ${r.p95Without.toFixed(1)} ms |`);
  console.log(
    `| listening, nobody delivering (the outbox write alone) | — | ${r.p95Pending.toFixed(1)} ms (${(((r.p95Pending - r.p95Without) / r.p95Without) * 100).toFixed(0)} %) |`,
  );
  console.log(row('delivered by a separate jobs process', r.apart));
  console.log(row('delivered by the same process', r.together));
  console.log(
    `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}, Node ${process.version}`,
  );
}
