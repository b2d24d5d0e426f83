// Benchmark of webhook delivery: 1,000 task transitions (tasks.cancel) in a burst, 10 at a time, each
// writing its `task.cancelled` delivery row in its own transaction (the outbox), delivered by the
// pg-boss jobs to a local receiver. Measures how long until the receiver has all 1,000 (target: within
// 60 s), and the transitions' p95 beside a burst of 1,000 with no endpoint listening (target: not more
// than 10 % worse). A throwaway embedded PostgreSQL with the demo accounts and business structure;
// 2 × 1,000 tasks planned through slots.generate.
// Alone: `node --experimental-strip-types bench/webhooks.ts` or `npm run bench -- webhooks`.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
const CONCURRENCY = 10;

export interface WebhooksBenchResult {
  events: number;
  deliveredMs: number;
  /** How long the 1,000 transitions took (10 at a time). */
  burstMs: number;
  /** From the last transition's answer to the last delivery received. */
  lagMs: number;
  p95Without: number;
  p95With: number;
  receiverRps: number;
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
  const orm = await initOrm(pg.url, { poolMax: 12 });
  const received = new Set<string>();
  let lastAt = 0;
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.add(String(req.headers['webhook-id']));
      lastAt = performance.now();
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
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
      count: Math.ceil((2 * BURST + WARM_UP) / 20),
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
        `select id from tasks where project_id = ${project.id} and status = 'scheduled' order by id limit ${2 * BURST + WARM_UP}`,
      )
    ).map((r) => r.id);
    if (tasks.length < 2 * BURST + WARM_UP)
      throw new Error(`only ${tasks.length} tasks planned, ${2 * BURST + WARM_UP} needed`);
    await conn.execute('vacuum analyze');
    const cancel = (id: number) => cancelTask(ctx(), { id, reason: 'Benchmark' });

    // 0. Warm up (compiled code, caches, pools), not counted: the first burst would otherwise pay for it.
    await burst(tasks.slice(2 * BURST), cancel);

    // 1. No endpoint listening: the transitions alone.
    const without = await burst(tasks.slice(0, BURST), cancel);
    log(`${BURST} transitions, no endpoint: p95 ${p95(without).toFixed(1)} ms`);

    // 2. An endpoint listening, delivery running: the same transitions, each writing its outbox row.
    const port = (receiver.address() as AddressInfo).port;
    await createWebhook(ctx(), {
      url: `http://127.0.0.1:${port}/hooks`,
      events: ['task.cancelled'],
      description: null,
    });
    delivery = await startWebhookDelivery({
      orm,
      connectionString: pg.url,
      signals,
      allowPrivate: true,
      onError: (error) => log(`delivery error: ${String(error)}`),
    });
    const start = performance.now();
    const withHooks = await burst(tasks.slice(BURST, 2 * BURST), cancel);
    const burstMs = performance.now() - start;
    log(
      `${BURST} transitions, endpoint listening: p95 ${p95(withHooks).toFixed(1)} ms, the burst ${Math.round(burstMs)} ms`,
    );
    while (received.size < BURST) {
      if (performance.now() - start > 120_000) throw new Error(`only ${received.size} of ${BURST} delivered in 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const deliveredMs = lastAt - start;
    const result = {
      events: BURST,
      deliveredMs,
      burstMs,
      lagMs: Math.max(0, lastAt - start - burstMs),
      p95Without: p95(without),
      p95With: p95(withHooks),
      receiverRps: BURST / (deliveredMs / 1000),
    };
    log(
      `${BURST} task.cancelled deliveries received ${Math.round(deliveredMs)} ms after the burst began (target < 60000 ms; ` +
        `the burst itself ${Math.round(burstMs)} ms, the last delivery ${Math.round(result.lagMs)} ms after it), ` +
        `${result.receiverRps.toFixed(0)}/s; transitions p95 ${result.p95With.toFixed(1)} ms vs ${result.p95Without.toFixed(1)} ms ` +
        `without an endpoint (${(((result.p95With - result.p95Without) / result.p95Without) * 100).toFixed(1)} %, target ≤ +10 %)`,
    );
    return result;
  } finally {
    await delivery?.stop();
    await signals.close();
    await new Promise((resolve) => receiver.close(resolve));
    await orm.close(true);
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchWebhooks((m) => console.log(`[bench] ${m}`));
  console.log(
    `\n| webhooks: ${r.events} task transitions → deliveries | all received in ${Math.round(r.deliveredMs)} ms (burst ${Math.round(r.burstMs)} ms, last delivery +${Math.round(r.lagMs)} ms) | transitions p95 ${r.p95With.toFixed(1)} ms (no endpoint: ${r.p95Without.toFixed(1)} ms) |`,
  );
  console.log(
    `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}, Node ${process.version}`,
  );
}
