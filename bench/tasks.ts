// `npm run bench` (tasks part): tasks.list over a million tasks, through tRPC like the browser calls it.
//  1. embedded PostgreSQL in a temp dir (BENCH_DIR keeps it between runs); migrate; seed the demo data;
//  2. bulk-load into ACME with generate_series: 1,000 locations, 499 more inspectors (so each of the
//     500, qualitycontrol@demo.com among them, has 2 locations), 100 active projects, an assignment per
//     (project, location), 10 slots each over a year around today and their tasks: BENCH_TASKS
//     (default 1,000,000) tasks, statuses from the slot's date; indexes rebuilt; VACUUM ANALYZE;
//  3. the real app in a child process (bench/tasks-server.ts), signed in as the inspector and the admin;
//  4. each list: latency with 1 connection (the target: p95 under 50 ms) and throughput with 10
//     connections, BENCH_SECONDS each; a markdown table.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { DatabaseSeeder } from '../seed/DatabaseSeeder.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { initOrm, migrate } from '../src/server/db/orm.ts';

const TASKS = Number(process.env.BENCH_TASKS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const LOCATIONS = 1000;
const PROJECTS = 100;
const SLOTS_PER_ASSIGNMENT = Math.max(1, Math.round(TASKS / (LOCATIONS * PROJECTS)));
const INSPECTOR = 'qualitycontrol@demo.com';
const ADMIN = 'admin@demo.com';
const LEADER = 'teamleader@demo.com';

const log = (msg: string) => console.log(`[bench:tasks] ${msg}`);

interface Run {
  latencies: number[];
  requests: number;
  seconds: number;
  failures: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
}

function load(url: string, headers: Record<string, string>, seconds: number, connections: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon({ url, connections, duration: seconds, headers }, (error, result) => {
      if (error) return reject(error);
      resolve({ latencies, requests: result.requests.total, seconds: result.duration || seconds, failures: result.non2xx + result.errors + result.timeouts });
    });
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
    });
  });
}

function stats(run: Run) {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  return { rps: run.requests / run.seconds, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), failures: run.failures };
}

/** Secondary (non-constraint) indexes of a table, to drop for the load and rebuild after. */
async function secondaryIndexes(client: pg.Client, table: string): Promise<{ name: string; def: string }[]> {
  const { rows } = await client.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i
      where i.indrelid = $1::regclass and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [table],
  );
  return rows;
}

async function bulkLoad(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async <T>(text: string, values: unknown[] = []) => (await client.query<T & pg.QueryResultRow>(text, values)).rows[0];
    const { id: acme } = await one<{ id: number }>(`select id from customers where code = 'ACME'`);
    const { count: existing } = await one<{ count: number }>(`select count(*)::int as count from tasks`);
    if (existing >= TASKS) return log(`${existing} tasks already loaded`);
    const { id: scheme } = await one<{ id: number }>(`select id from schemes where customer_id = $1 and status = 'published' order by id limit 1`, [acme]);
    const teams = (await client.query<{ id: number }>(`select id from teams where customer_id = $1 order by id`, [acme])).rows.map((r) => r.id);

    const tables = ['locations', 'users', 'projects', 'location_assignments', 'slots', 'tasks'];
    const indexes = (await Promise.all(tables.map((t) => secondaryIndexes(client, t)))).flat();
    for (const index of indexes) await client.query(`drop index ${index.name}`);
    const started = performance.now();

    await client.query(
      `with subs as (select array_agg(id order by id) a from sub_directions where customer_id = $1),
            cls as (select array_agg(id order by id) a from location_classes where customer_id = $1),
            words as (select array['Market','Proxi','Hyper','Depot','Drive','Express','Central','Gare','Port','Parc'] w,
                             array['Lyon','Paris','Lille','Nantes','Rennes','Bordeaux','Toulouse','Marseille','Grenoble','Annecy',
                                   'Brest','Angers','Amiens','Arras','Toulon','Nice','Dijon','Metz','Reims','Tours'] c)
       insert into locations (created_at, updated_at, version, customer_id, sub_direction_id, location_class_id, code, name, address, city,
                              latitude, longitude, geofence_radius_m, opening_hours, active, archived_at)
       select now(), now(), 1, $1, subs.a[1 + g % cardinality(subs.a)], cls.a[1 + g % cardinality(cls.a)],
              'TB-' || lpad(g::text, 4, '0'), words.w[1 + g % 10] || ' ' || words.c[1 + (g / 10) % 20] || ' ' || g,
              g || ' rue du Commerce', words.c[1 + (g / 10) % 20],
              round((43 + (hashint4(g) & 65535) / 65535.0 * 7)::numeric, 6), round((-1 + (hashint4(g + 1) & 65535) / 65535.0 * 8)::numeric, 6),
              100, '{"mon":[{"open":"08:00","close":"20:00"}],"tue":[],"wed":[],"thu":[],"fri":[],"sat":[],"sun":[]}'::jsonb, true, null
         from generate_series(1, $2::int) g, subs, cls, words`,
      [acme, LOCATIONS],
    );
    await client.query(
      `insert into users (created_at, updated_at, version, customer_id, email, full_name, role, team_id, avatar, status, language, password_hash, last_login_at)
       select now(), now(), 1, $1, 'bench.inspector' || g || '@acme.example', 'Bench Inspector ' || g, 'qualitycontrol', null, null, 'active', 'fr',
              (select password_hash from users where email = $2), null
         from generate_series(1, 499) g`,
      [acme, INSPECTOR],
    );
    await client.query(
      `insert into projects (created_at, updated_at, version, customer_id, code, name, description, scheme_id, start_date, end_date, status, owner_id, activated_at, completed_at, archived_at)
       select now(), now(), 1, $1, 'BP-' || lpad(g::text, 3, '0'), 'Bench project ' || g, null, $2, current_date - 200, current_date + 200, 'active', null, now(), null, null
         from generate_series(1, $3::int) g`,
      [acme, scheme, PROJECTS],
    );
    await client.query(
      `insert into location_assignments (created_at, updated_at, version, customer_id, project_id, location_id, team_id, assignee_id, planned_visits)
       select now(), now(), 1, $1, p.id, l.id, ($2::int[])[1 + l.rn % cardinality($2::int[])], i.a[1 + l.rn % cardinality(i.a)], $3
         from (select id from projects where code like 'BP-%') p,
              (select id, row_number() over (order by id) as rn from locations where code like 'TB-%') l,
              (select array_agg(id order by id) as a from users where email like 'bench.inspector%' or email = $4) i`,
      [acme, teams, SLOTS_PER_ASSIGNMENT, INSPECTOR],
    );
    log(`locations, inspectors, projects, assignments in ${Math.round(performance.now() - started)} ms`);
    const t1 = performance.now();
    // Slots spread over a year around today, at whole hours, three hours long.
    await client.query(
      `insert into slots (created_at, updated_at, version, customer_id, assignment_id, starts_at, ends_at, occurrence)
       select now(), now(), 1, a.customer_id, a.id, s.at, s.at + interval '3 hours', 'bench-' || k
         from location_assignments a
         join projects p on p.id = a.project_id and p.code like 'BP-%',
              generate_series(1, $1::int) k,
              lateral (select date_trunc('hour', now()) - interval '182 days'
                              + ((hashint4(a.id * 64 + k) & 2147483647) % (365 * 24)) * interval '1 hour' as at) s`,
      [SLOTS_PER_ASSIGNMENT],
    );
    log(`slots in ${Math.round(performance.now() - t1)} ms`);
    const t2 = performance.now();
    await client.query(
      `insert into tasks (created_at, updated_at, version, customer_id, project_id, assignment_id, slot_id, location_id, team_id, assignee_id,
                          scheme_id, status, starts_at, ends_at, started_at, submitted_at, answers, score, passed, critical_failures,
                          section_scores, out_of_fence, rework_count)
       select now(), now(), 1, s.customer_id, a.project_id, a.id, s.id, a.location_id, a.team_id, a.assignee_id, p.scheme_id, x.status,
              s.starts_at, s.ends_at,
              case when x.status in ('in_progress', 'submitted', 'approved', 'rejected') then s.starts_at + interval '10 minutes' end,
              case when x.status in ('submitted', 'approved', 'rejected') then s.starts_at + interval '80 minutes' end,
              '[]'::jsonb,
              case when x.status in ('submitted', 'approved', 'rejected') then 40 + x.h % 601 / 10.0 end,
              case when x.status in ('submitted', 'approved', 'rejected') then x.h % 4 <> 0 end,
              '[]'::jsonb, '[]'::jsonb, false, 0
         from slots s
         join location_assignments a on a.id = s.assignment_id
         join projects p on p.id = a.project_id and p.code like 'BP-%',
              lateral (select hashint4(s.id) & 2147483647 as h) hh,
              lateral (select hh.h as h,
                              case when s.ends_at > now() then (case when hh.h % 25 = 0 then 'cancelled' else 'scheduled' end)
                                   else (array['approved','approved','approved','approved','approved','submitted','rejected','missed','in_progress','cancelled'])[1 + hh.h % 10]
                              end as status) x`,
    );
    log(`tasks in ${Math.round(performance.now() - t2)} ms`);

    const t3 = performance.now();
    const queue = [...indexes];
    await Promise.all(
      Array.from({ length: 2 }, async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`set maintenance_work_mem = '512MB'`);
        for (let index = queue.shift(); index; index = queue.shift()) await c.query(index.def);
        await c.end();
      }),
    );
    log(`rebuilt ${indexes.length} indexes in ${Math.round(performance.now() - t3)} ms`);
    const t4 = performance.now();
    for (const table of tables) await client.query(`vacuum (analyze) ${table}`);
    log(`vacuum analyze in ${Math.round(performance.now() - t4)} ms`);
  } finally {
    await client.end();
  }
}

const trpc = (input: Record<string, unknown>) => `tasks.list?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

const started = performance.now();
const keep = process.env.BENCH_DIR;
const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-bench-tasks-'));
fs.mkdirSync(dir, { recursive: true });
fs.chmodSync(dir, 0o755);
const db = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), database: 'bench', fast: true });
let child: ReturnType<typeof fork> | undefined;
try {
  const orm = await initOrm(db.url);
  await migrate(orm);
  const [{ n: seeded }] = await orm.em.fork().getConnection().execute<{ n: number }[]>(`select count(*)::int as n from customers`);
  if (seeded === 0) await orm.seeder.seed(DatabaseSeeder);
  await orm.close();
  log(`migrated and seeded in ${Math.round(performance.now() - started)} ms`);
  await bulkLoad(db.url);

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { rows: facts } = await client.query<{ total: number; mine: number; project: number }>(
    `select (select count(*)::int from tasks) as total,
            (select count(*)::int from tasks t join users u on u.id = t.assignee_id where u.email = $1) as mine,
            (select id from projects where code = 'BP-042') as project`,
    [INSPECTOR],
  );
  await client.end();
  const { total, mine, project } = facts[0];
  log(`${total} tasks; ${mine} of them ${INSPECTOR}'s`);

  child = fork(path.join(import.meta.dirname, 'tasks-server.ts'), { env: { ...process.env, DATABASE_URL: db.url, BENCH_USERS: [INSPECTOR, ADMIN, LEADER].join(',') } });
  const ready = await new Promise<{ appUrl: string; tokens: Record<string, string> }>((resolve, reject) => {
    child!.once('message', (m) => resolve(m as never));
    child!.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });

  const endpoints: [string, string, Record<string, unknown>, boolean][] = [
    // [label, caller, input, one of the targets]
    ['inspector: own tasks, page 1 (agenda order)', INSPECTOR, {}, true],
    ['inspector: own tasks, page 1, status scheduled, by start', INSPECTOR, { status: 'scheduled', sortBy: 'startsAt' }, false],
    ['admin: project + status, page 1', ADMIN, { projectId: project, status: 'approved' }, true],
    ['admin: project + statuses, page 1 by score', ADMIN, { projectId: project, status: ['submitted', 'approved'], sortBy: 'score', orderBy: 'desc' }, false],
    ['admin: search a location code (q=TB-004)', ADMIN, { q: 'TB-004' }, true],
    ['admin: search a project code (q=BP-042)', ADMIN, { q: 'BP-042' }, true],
    ['admin: search a city (q=Grenoble, 50 locations)', ADMIN, { q: 'Grenoble' }, false],
    ['team leader: team tasks, page 1', LEADER, {}, false],
    ['admin: every task, page 1', ADMIN, {}, false],
  ];

  const rows: string[] = [];
  const f = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
  for (const [label, email, input, target] of endpoints) {
    const url = `${ready.appUrl}/trpc/${trpc(input)}`;
    const headers = { authorization: `Bearer ${ready.tokens[email]}` };
    const check = await fetch(url, { headers });
    const body = (await check.json()) as { result?: { data: { json: { items: unknown[]; total: number } } } };
    const page = body.result?.data.json;
    if (check.status !== 200 || !page?.items.length) throw new Error(`${label}: unexpected answer ${check.status} ${JSON.stringify(body).slice(0, 300)}`);
    await load(url, headers, 1, 1); // warm-up
    const latency = stats(await load(url, headers, SECONDS, 1));
    const busy = stats(await load(url, headers, SECONDS, 10));
    if (latency.failures || busy.failures) throw new Error(`${label}: ${latency.failures + busy.failures} failed requests`);
    const verdict = target ? (latency.p95 < 50 ? ' ✓' : ' ✗') : '';
    rows.push(
      `| ${label} (total ${page.total}) | ${f(latency.p50)} / ${f(latency.p95)} / ${f(latency.p99)}${verdict} | ${f(latency.rps)} | ${f(busy.p50)} / ${f(busy.p95)} / ${f(busy.p99)} | ${f(busy.rps)} |`,
    );
    log(rows.at(-1)!);
  }

  console.log(
    `\ntasks.list over ${total.toLocaleString('en')} tasks (tRPC GET, bearer token), ${SECONDS} s per run, ` +
      `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}, Node ${process.version}\n` +
      `✓ / ✗: the issue's targets (p95 under 50 ms at one connection)\n`,
  );
  console.log('| tasks.list | 1 connection p50 / p95 / p99 ms | req/s | 10 connections p50 / p95 / p99 ms | req/s |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
  log(`done in ${Math.round((performance.now() - started) / 1000)} s`);
} finally {
  if (child && child.exitCode === null) {
    // Let the last run's in-flight requests finish before the app closes its pool.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.send('stop');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (child.exitCode === null) child.kill();
  }
  await db.stop();
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
}
