// `npm run bench [-- <part> …]`: every part by default, or only the ones named (also `BENCH_ONLY=<part>[,…]`):
//   api (the shop's lists over a million rows), coldload (the built client in Chromium), uploads,
//   slots (slots.generate), saveAnswers (tasks.saveAnswers, 20 inspectors), tasks (tasks.list over a
//   million tasks, bench/tasks.ts in its own process).
//  1. embedded PostgreSQL in a temp dir; migrate; seed the demo data;
//  2. (api) make the benchmark caller's (admin@demo.com, customer ACME) copy of the shop and bulk-insert
//     BENCH_ROWS (default 1,000,000) orders and customers into it with generate_series; VACUUM ANALYZE;
//  3. start the real app and the raw-pg ceiling in a child process (bench/servers.ts), sign in;
//  4. (coldload) the built client in Chromium (bench/coldload.ts): cold loads (login form usable, the rows
//     of location settings, the product list and corrective actions visible, the perform page's task on a
//     phone profile) and a switch between two lists by the menu, BENCH_COLDLOAD_RUNS (default 7)
//     fresh contexts each, median, bytes, waterfall
//     (CLIENT_DIST=<dir> measures another build; BASELINE_DIST=<dir> measures one more beside it, the
//     runs of the two alternating, e.g. a copy of main's dist/client for a before/after comparison);
//  5. (api) drive each endpoint with autocannon (10 connections, BENCH_SECONDS each for the app and for
//     the ceiling with the same query, alternating in halves after a 1 s warm-up); print a markdown table.
//  6. (uploads) a 5 MB photo to POST /api/files, 10 at a time, with the server's RSS sampled (bench/uploads.ts);
//  7. (slots) slots.generate for 1,000 locations × 20 visits in its own database (bench/slots-generate.ts);
//  8. (saveAnswers) tasks.saveAnswers with 20 concurrent inspectors in its own database (bench/save-answers.ts);
//  9. (chat) delivery latency of 200 live chat messages between two app processes (bench/chat-live.ts);
// 10. (tasks) tasks.list over a million tasks (bench/tasks.ts, a child process with its own database);
// 11. (pdf) the inspection PDF of a 21-question task with 10 photos, English and Arabic (bench/task-pdf.ts);
// 12. (reports) every report kind over a million approved tasks (bench/reports.ts, its own process; ~25 min to load).
// 13. (imports) 10,000 locations from a ~2.5 MB CSV: preview, run, RSS growth (bench/imports.ts, its own process).
// 14. (mail) 1,000 templated e-mails through the delivery worker to a real SMTP server on localhost (bench/mail.ts).
// 15. (webhooks) 1,000 task transitions in a burst → 1,000 signed deliveries to a local receiver (a child
//     process) through the pg-boss jobs, and the transitions' p95 with nobody listening, with the outbox
//     write alone, and delivered by a separate jobs process or by the same one (bench/webhooks.ts, own process).
// 16. (lighthouse) Lighthouse's mobile preset on /login, the inspector's /tasks and the perform page
//     (bench/lighthouse.ts): performance, accessibility, best practices and SEO scores, FCP, LCP, TBT;
//     BENCH_LIGHTHOUSE_RUNS (default 5) runs of each page, the median run reported.
// 17. (offlineOpen) the perform page reloaded with no network on a warm service worker (bench/offline-open.ts).
// 18. (offlinePhotos) 20 photos of about 3 MB taken offline on a task's perform page, then sent once the
//     connection is back (bench/offline-photos.ts): time to queue them, to the last one stored, to an empty outbox.
// `npm run bench -- <part>...` or BENCH_ONLY=<part>,<part> runs only those parts.
import { execFileSync, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DatabaseSeeder } from '../seed/DatabaseSeeder.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { initOrm, migrate } from '../src/server/db/orm.ts';
import { copySampleShop } from '../src/server/domains/apps/ecommerce/ecommerce.shop.ts';
import { demoOwnerOf, ensureTenantCopy } from '../src/server/domains/apps/provision/demo-provision.service.ts';
import { placeOf } from '../src/server/testing/offline.ts';
import { createTaskFixture } from '../src/server/testing/workflow.ts';
import { bulkLoad, searchName } from './bulk.ts';
import { benchChatDelivery } from './chat-live.ts';
import { type ColdLoadResult, coldLoad, coldLoadTable } from './coldload.ts';
import { type LighthouseResult, type LighthouseTarget, lighthouseScores, lighthouseTable } from './lighthouse.ts';
import { benchMail } from './mail.ts';
import { type OfflineOpenResult, offlineOpen } from './offline-open.ts';
import { type OfflinePhotosResult, offlinePhotos } from './offline-photos.ts';
import { benchSaveAnswers } from './save-answers.ts';
import { benchSlotsGenerate } from './slots-generate.ts';
import { UPLOAD_TABLE_HEAD, uploadBench, uploadBenchRows } from './uploads.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = 10;
const COLDLOAD_RUNS = Number(process.env.BENCH_COLDLOAD_RUNS ?? 7);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);

const PARTS = [
  'api',
  'coldload',
  'uploads',
  'slots',
  'saveAnswers',
  'chat',
  'pdf',
  'tasks',
  'reports',
  'imports',
  'mail',
  'webhooks',
  'lighthouse',
  'offlineOpen',
  'offlinePhotos',
] as const;
type Part = (typeof PARTS)[number];
// Parts named on the command line (`npm run bench -- coldload`) or in BENCH_ONLY (`BENCH_ONLY=slots`).
const asked = [...process.argv.slice(2), ...(process.env.BENCH_ONLY ?? '').split(',')]
  .map((p) => p.trim())
  .filter(Boolean);
for (const part of asked)
  if (!(PARTS as readonly string[]).includes(part))
    throw new Error(`unknown bench part "${part}" (${PARTS.join(', ')})`);
const parts = new Set<Part>(asked.length ? (asked as Part[]) : PARTS);
/** The shop's database and the app beside its ceiling serve these parts. */
/** The parts that drive the built client in Chromium. */
const needsClient = (['coldload', 'lighthouse', 'offlineOpen', 'offlinePhotos'] as const).some((p) => parts.has(p));
const needsServers = parts.has('api') || needsClient;
const needsShopDb = needsServers || parts.has('uploads');

interface Stats {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  failures: number;
}

interface Run {
  latencies: number[];
  requests: number;
  seconds: number;
  failures: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function load(url: string, headers: Record<string, string>, seconds: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (error, result) => {
      if (error) return reject(error);
      resolve({
        latencies,
        requests: result.requests.total,
        seconds: result.duration || seconds,
        failures: result.non2xx + result.errors + result.timeouts,
      });
    });
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
    });
  });
}

/** Requests per second and latency percentiles over several runs. */
function merge(...runs: Run[]): Stats {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const requests = runs.reduce((n, r) => n + r.requests, 0);
  return {
    rps: requests / runs.reduce((n, r) => n + r.seconds, 0),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    requests,
    failures: runs.reduce((n, r) => n + r.failures, 0),
  };
}

/** Each REST list endpoint against its ceiling; one markdown row each. */
async function benchEndpoints(appBase: string, ceilingBase: string, auth: Record<string, string>): Promise<string[]> {
  const q = encodeURIComponent(searchName());
  const middle = Math.floor(ROWS / 10 / 2);
  const endpoints: [string, string, string][] = [
    ['orders: search q', 'ecommerce/orders', `q=${q}&sortBy=date&orderBy=desc`],
    ['orders: sort by customer, page 1', 'ecommerce/orders', 'sortBy=customers&orderBy=asc'],
    ['orders: page 1', 'ecommerce/orders', 'page=1&itemsPerPage=10'],
    [`orders: deep page ${middle} by date`, 'ecommerce/orders', `page=${middle}&sortBy=date&orderBy=desc`],
    [
      `orders: page ${middle * 2 - 10} by date (near the end)`,
      'ecommerce/orders',
      `page=${middle * 2 - 10}&sortBy=date&orderBy=desc`,
    ],
    ['customers: search q', 'ecommerce/customers', `q=${q}&sortBy=totalSpent&orderBy=desc`],
    ['customers: sort by country, page 1', 'ecommerce/customers', 'sortBy=country&orderBy=asc'],
    ['customers: page 1', 'ecommerce/customers', 'page=1&itemsPerPage=10'],
    [`customers: deep page ${middle} by name`, 'ecommerce/customers', `page=${middle}&sortBy=customer&orderBy=asc`],
    ['dashboard: revenue, orders, customers, months, statuses, top products', 'ecommerce/dashboard', ''],
    ['analytics sales: 12 weeks by week, method, payment, weekday + the 12 before', 'ecommerce/sales', 'weeks=12'],
    ['analytics sales: 52 weeks by week, method, payment, weekday + the 52 before', 'ecommerce/sales', 'weeks=52'],
  ];

  const rows: string[] = [];
  for (const [name, resource, query] of endpoints) {
    const appUrl = `${appBase}/api/apps/${resource}?${query}`;
    const ceilingUrl = `${ceilingBase}/${resource.split('/')[1]}?${query}`;
    const check = await fetch(appUrl, { headers: auth });
    const body = (await check.json()) as {
      total?: number;
      orders?: unknown[] | number;
      customers?: unknown[] | number;
      current?: { orders: number };
    };
    const list = body.orders ?? body.customers ?? body.current?.orders;
    const answered = typeof list === 'number' ? list > 0 : list?.length;
    if (check.status !== 200 || !answered) {
      throw new Error(`${name}: unexpected answer ${check.status} ${JSON.stringify(body).slice(0, 200)}`);
    }
    // App and ceiling alternate in two halves each, so drifts in background load hit both alike.
    await load(appUrl, auth, 1);
    await load(ceilingUrl, {}, 1);
    const half = SECONDS / 2;
    const runs: { app: Run[]; ceiling: Run[] } = { app: [], ceiling: [] };
    for (let round = 0; round < 2; round++) {
      runs.app.push(await load(appUrl, auth, half));
      runs.ceiling.push(await load(ceilingUrl, {}, half));
    }
    const app = merge(...runs.app);
    const ceiling = merge(...runs.ceiling);
    if (app.failures || ceiling.failures)
      throw new Error(`${name}: ${app.failures} + ${ceiling.failures} failed requests`);
    const f = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
    rows.push(
      `| ${name} (total ${body.total ?? (typeof list === 'number' ? list : '')}) | ${f(app.rps)} | ${f(app.p50)} / ${f(app.p95)} / ${f(app.p99)} | ` +
        `${f(ceiling.rps)} | ${f(ceiling.p50)} / ${f(ceiling.p95)} / ${f(ceiling.p99)} | ${(app.rps / ceiling.rps).toFixed(2)} |`,
    );
    log(rows[rows.length - 1]);
  }

  return rows;
}

const machine = () =>
  `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}, Node ${process.version}`;
const log = (msg: string) => console.log(`[bench] ${msg}`);
const started = performance.now();
if (needsShopDb) await shopParts();
if (parts.has('slots')) await benchSlotsGenerate(log);
if (parts.has('saveAnswers')) await benchSaveAnswers(log);
if (parts.has('chat')) await benchChatDelivery(log);
if (parts.has('mail')) await benchMail(log);
// The inspection PDF, tasks.list and the reports over a million tasks: each its own process and database.
for (const [part, file] of [
  ['pdf', 'task-pdf.ts'],
  ['tasks', 'tasks.ts'],
  ['reports', 'reports.ts'],
  ['imports', 'imports.ts'],
  ['webhooks', 'webhooks.ts'],
] as const) {
  if (parts.has(part))
    execFileSync(process.execPath, ['--experimental-strip-types', path.join(import.meta.dirname, file)], {
      stdio: 'inherit',
    });
}
log(`done in ${Math.round((performance.now() - started) / 1000)} s`);

/** api, coldload and uploads: one embedded database with the demo data (and the million shop rows for api). */
async function shopParts(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-bench-'));
  fs.chmodSync(dir, 0o755);
  // fsync off: a throwaway benchmark database (durability is not what is measured).
  const db = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), fast: true });
  let child: ReturnType<typeof fork> | undefined;
  try {
    const orm = await initOrm(db.url);
    await migrate(orm);
    await orm.seeder.seed(DatabaseSeeder);
    // The shop rows are loaded into the copy the benchmark caller (admin@demo.com, customer ACME) lists.
    const em = orm.em.fork();
    const [acme] = await em.getConnection().execute<{ id: number }[]>(`select id from customers where code = 'ACME'`);
    const tenant = await ensureTenantCopy(em, demoOwnerOf(acme.id), 'shop', copySampleShop);
    // The perform page is measured on one of the inspector's tasks that can still be performed.
    const [performable] = await em.getConnection().execute<{ slot_id: number; assignment_id: number }[]>(
      `select t.slot_id, t.assignment_id from tasks t join users u on u.id = t.assignee_id
        where u.email = 'qualitycontrol@demo.com' and t.status in ('scheduled', 'in_progress')
        order by t.starts_at limit 1`,
    );
    // The photos taken offline go to a task of the inspector under way now (checked in on the device).
    const photoTask = parts.has('offlinePhotos')
      ? await createTaskFixture(orm, { startsAt: new Date(Date.now() - 10 * 60_000) })
      : null;
    const photoPlace = photoTask ? await placeOf({ orm }, photoTask) : null;
    await orm.close();
    log(`migrated and seeded in ${Math.round(performance.now() - started)} ms`);

    if (parts.has('api')) {
      const bulk = await bulkLoad(db.url, ROWS, tenant, log);
      log(
        `${bulk.orders} orders, ${bulk.customers} customers: insert ${Math.round(bulk.loadMs)} ms, ` +
          `indexes ${Math.round(bulk.indexMs)} ms, vacuum analyze ${Math.round(bulk.vacuumMs)} ms`,
      );
    }
    if (needsClient && !process.env.CLIENT_DIST && !fs.existsSync('dist/client/index.html')) {
      log('building the client (dist/client is missing)');
      execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      });
    }

    if (parts.has('uploads')) {
      // Uploads: a 5 MB photo, 10 at a time, with the server's memory sampled (bench/uploads.ts).
      const uploads = await uploadBench(db.url, log);
      console.log('');
      for (const line of [...UPLOAD_TABLE_HEAD, ...uploadBenchRows(uploads)]) console.log(line);
    }
    if (!needsServers) return;

    child = fork(path.join(import.meta.dirname, 'servers.ts'), {
      env: { ...process.env, DATABASE_URL: db.url, BENCH_TENANT: String(tenant) },
    });
    const ready = await new Promise<{ appUrl: string; baselineUrl?: string; ceilingUrl: string; token: string }>(
      (resolve, reject) => {
        child!.once('message', (m) => resolve(m as never));
        child!.once('exit', (code) => reject(new Error(`bench servers exited with ${code}`)));
      },
    );
    const auth = { authorization: `Bearer ${ready.token}` };

    let coldLoads: ColdLoadResult[] = [];
    if (parts.has('coldload')) {
      const targets = [{ build: 'this build', baseUrl: ready.appUrl }];
      if (ready.baselineUrl)
        targets.push({ build: `baseline (${process.env.BASELINE_DIST})`, baseUrl: ready.baselineUrl });
      coldLoads = await coldLoad(targets, {
        runs: COLDLOAD_RUNS,
        listPath: '/management/location-setting',
        switchFrom: { path: '/management/directions', link: 'Location settings', title: 'Location settings' },
        email: 'admin@demo.com',
        password: 'admin',
        morePages: [
          { label: 'product list', path: '/apps/ecommerce/product/list' },
          { label: 'corrective actions', path: '/tasks/actions' },
        ],
        perform: performable
          ? {
              path: `/tasks/perform_task/${performable.slot_id}/${performable.assignment_id}`,
              email: 'qualitycontrol@demo.com',
              password: 'qualitycontrol',
            }
          : undefined,
        log,
      });
    }
    const coldLoadMachine = machine();
    let lighthouseResults: LighthouseResult[] = [];
    if (parts.has('lighthouse')) {
      const inspector = { email: 'qualitycontrol@demo.com', password: 'qualitycontrol' };
      const targets: LighthouseTarget[] = [
        { label: 'login', path: '/login' },
        { label: 'tasks (inspector)', path: '/tasks', signIn: inspector },
      ];
      if (performable)
        targets.push({
          label: 'perform page (inspector)',
          path: `/tasks/perform_task/${performable.slot_id}/${performable.assignment_id}`,
          signIn: inspector,
        });
      lighthouseResults = await lighthouseScores(ready.appUrl, targets, log, LIGHTHOUSE_RUNS);
    }
    const lighthouseMachine = machine();
    let offline: OfflineOpenResult | null = null;
    if (parts.has('offlineOpen') && performable)
      offline = await offlineOpen(
        ready.appUrl,
        `/tasks/perform_task/${performable.slot_id}/${performable.assignment_id}`,
        { email: 'qualitycontrol@demo.com', password: 'qualitycontrol' },
        log,
      );
    let photos: OfflinePhotosResult | null = null;
    if (photoTask && photoPlace)
      photos = await offlinePhotos(
        ready.appUrl,
        `/tasks/perform_task/${photoTask.slotId}/${photoTask.assignmentId}`,
        { email: 'qualitycontrol@demo.com', password: 'qualitycontrol' },
        photoPlace,
        log,
      );
    const rows = parts.has('api') ? await benchEndpoints(ready.appUrl, ready.ceilingUrl, auth) : [];

    if (coldLoads.length) {
      console.log(
        `\nThe built client in Chromium, ${COLDLOAD_RUNS} runs each (a fresh browser context each), ${coldLoadMachine}\n`,
      );
      for (const line of coldLoadTable(coldLoads)) console.log(line);
    }
    if (lighthouseResults.length) {
      console.log(
        `\nLighthouse, mobile preset (simulated slow 4G, 4× CPU), ${LIGHTHOUSE_RUNS} runs each (the median run), ${lighthouseMachine}\n`,
      );
      for (const line of lighthouseTable(lighthouseResults)) console.log(line);
    }
    if (offline) {
      const ms = (n: number) => Math.round(n);
      console.log(
        `\nThe perform page reloaded offline on a warm service worker (phone-sized page), ${offline.runs} reloads, ${machine()}:` +
          ` median ${ms(offline.medianMs)} ms (min ${ms(offline.minMs)}, max ${ms(offline.maxMs)})`,
      );
    }
    if (photos) {
      const s = (ms: number) => (ms / 1000).toFixed(1);
      console.log(
        `\n${photos.photos} photos of ${photos.originalMb.toFixed(1)} MB taken offline on a phone-sized page, ${machine()}:` +
          ` made smaller and queued in ${s(photos.queueMs)} s (${photos.sentMb.toFixed(1)} MB to send);` +
          ` once online, the last stored after ${s(photos.uploadedMs)} s, the outbox empty after ${s(photos.drainedMs)} s` +
          ` (target 60 s: ${photos.drainedMs <= 60_000 ? 'met' : 'missed'})`,
      );
    }
    if (rows.length) {
      console.log(
        `\n${ROWS.toLocaleString('en')} bulk rows per table + seed, ${CONNECTIONS} connections, ${SECONDS} s per run, ${machine()}\n`,
      );
      console.log(
        '| Endpoint (GET /api/apps/…) | App req/s | App p50 / p95 / p99 ms | Ceiling req/s | Ceiling p50 / p95 / p99 ms | App / ceiling |',
      );
      console.log('|---|---:|---:|---:|---:|---:|');
      for (const row of rows) console.log(row);
    }
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.send('stop');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill();
    }
    await db.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
