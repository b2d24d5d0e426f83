// `npm run bench` (tasks part): tasks.list over a million tasks, through tRPC like the browser calls it.
//  1. embedded PostgreSQL in a temp dir (BENCH_DIR keeps it between runs); migrate; seed the demo data;
//  2. bulk-load into ACME with generate_series: 1,000 locations, 499 more inspectors (so each of the
//     500, qualitycontrol@demo.com among them, has 2 locations), 100 active projects, an assignment per
//     (project, location), 10 slots each over a year around today and their tasks: BENCH_TASKS
//     (default 1,000,000) tasks, statuses from the slot's date; indexes rebuilt; VACUUM ANALYZE;
//  3. the real app in a child process (bench/tasks-server.ts), signed in as the inspector and the admin;
//  4. each list: latency with 1 connection (the target: p95 under 50 ms) and throughput with 10
//     connections, BENCH_SECONDS each; a markdown table.
import os from 'node:os';
import pg from 'pg';
import {
  insertAssignments,
  insertLocations,
  insertProjects,
  insertSlots,
  insertTasks,
  measure,
  openBenchDatabase,
  startBenchApp,
} from './million.ts';

const TASKS = Number(process.env.BENCH_TASKS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const LOCATIONS = 1000;
const PROJECTS = 100;
const SLOTS_PER_ASSIGNMENT = Math.max(1, Math.round(TASKS / (LOCATIONS * PROJECTS)));
const INSPECTOR = 'qualitycontrol@demo.com';
const ADMIN = 'admin@demo.com';
const LEADER = 'teamleader@demo.com';

const log = (msg: string) => console.log(`[bench:tasks] ${msg}`);

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
    const one = async <T>(text: string, values: unknown[] = []) =>
      (await client.query<T & pg.QueryResultRow>(text, values)).rows[0];
    const { id: acme } = await one<{ id: number }>(`select id from customers where code = 'ACME'`);
    const { count: existing } = await one<{ count: number }>(`select count(*)::int as count from tasks`);
    if (existing >= TASKS) return log(`${existing} tasks already loaded`);
    const { id: scheme } = await one<{ id: number }>(
      `select id from schemes where customer_id = $1 and status = 'published' order by id limit 1`,
      [acme],
    );
    const teams = (
      await client.query<{ id: number }>(`select id from teams where customer_id = $1 order by id`, [acme])
    ).rows.map((r) => r.id);

    const tables = ['locations', 'users', 'projects', 'location_assignments', 'slots', 'tasks'];
    const indexes = (await Promise.all(tables.map((t) => secondaryIndexes(client, t)))).flat();
    for (const index of indexes) await client.query(`drop index ${index.name}`);
    const started = performance.now();

    await insertLocations(client, { customerId: acme, count: LOCATIONS, codePrefix: 'TB-', classStride: 1 });
    await client.query(
      `insert into users (created_at, updated_at, version, customer_id, email, full_name, role, team_id, avatar, status, language, password_hash, last_login_at)
       select now(), now(), 1, $1, 'bench.inspector' || g || '@acme.example', 'Bench Inspector ' || g, 'qualitycontrol', null, null, 'active', 'fr',
              (select password_hash from users where email = $2), null
         from generate_series(1, 499) g`,
      [acme, INSPECTOR],
    );
    await insertProjects(client, {
      customerId: acme,
      schemeId: scheme,
      count: PROJECTS,
      codePrefix: 'BP-',
      codeDigits: 3,
      name: 'Bench project',
      startDaysAgo: 200,
      endDaysAhead: 200,
    });
    const inspectors = (
      await client.query<{ id: number }>(
        `select id from users where email like 'bench.inspector%' or email = $1 order by id`,
        [INSPECTOR],
      )
    ).rows.map((r) => r.id);
    await insertAssignments(client, {
      customerId: acme,
      projectPrefix: 'BP-',
      locationPrefix: 'TB-',
      teams,
      inspectors,
      plannedVisits: SLOTS_PER_ASSIGNMENT,
    });
    log(`locations, inspectors, projects, assignments in ${Math.round(performance.now() - started)} ms`);
    const t1 = performance.now();
    // Slots spread over a year around today, at whole hours, three hours long.
    await insertSlots(client, {
      projects: { codePrefix: 'BP-' },
      perAssignment: SLOTS_PER_ASSIGNMENT,
      occurrencePrefix: 'bench-',
      hashStride: 64,
      from: `date_trunc('hour', now()) - interval '182 days'`,
      step: 1,
      spanHours: 365 * 24,
    });
    log(`slots in ${Math.round(performance.now() - t1)} ms`);
    const t2 = performance.now();
    await insertTasks(client, { projects: { codePrefix: 'BP-' }, kind: 'mixed' });
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

const trpc = (input: Record<string, unknown>) =>
  `tasks.list?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

const started = performance.now();
const db = await openBenchDatabase('opsdesk-bench-tasks-', log);
let child: Awaited<ReturnType<typeof startBenchApp>>['child'] | undefined;
try {
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

  const ready = await startBenchApp(db.url, [INSPECTOR, ADMIN, LEADER]);
  child = ready.child;

  const endpoints: [string, string, Record<string, unknown>, boolean][] = [
    // [label, caller, input, one of the targets]
    ['inspector: own tasks, page 1 (agenda order)', INSPECTOR, {}, true],
    [
      'inspector: own tasks, page 1, status scheduled, by start',
      INSPECTOR,
      { status: 'scheduled', sortBy: 'startsAt' },
      false,
    ],
    ['admin: project + status, page 1', ADMIN, { projectId: project, status: 'approved' }, true],
    [
      'admin: project + statuses, page 1 by score',
      ADMIN,
      { projectId: project, status: ['submitted', 'approved'], sortBy: 'score', orderBy: 'desc' },
      false,
    ],
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
    if (check.status !== 200 || !page?.items.length)
      throw new Error(`${label}: unexpected answer ${check.status} ${JSON.stringify(body).slice(0, 300)}`);
    await measure(url, headers, 1, 1); // warm-up
    const latency = await measure(url, headers, SECONDS, 1);
    const busy = await measure(url, headers, SECONDS, 10);
    if (latency.failures || busy.failures)
      throw new Error(`${label}: ${latency.failures + busy.failures} failed requests`);
    const verdict = target ? (latency.p95 < 50 ? ' ✓' : ' ✗') : '';
    rows.push(
      `| ${label} (total ${page.total}) | ${f(latency.p50)} / ${f(latency.p95)} / ${f(latency.p99)}${verdict} | ${f(latency.rps)} | ${f(busy.p50)} / ${f(busy.p95)} / ${f(busy.p99)} | ${f(busy.rps)} |`,
    );
    log(rows.at(-1)!);
  }

  console.log(
    `\ntasks.list over ${total.toLocaleString('en')} tasks (tRPC GET, bearer token), ${SECONDS} s per run, ` +
      `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}, Node ${process.version}\n` +
      `✓ / ✗: the issue's targets (p95 under 50 ms at one connection)\n`,
  );
  console.log('| tasks.list | 1 connection p50 / p95 / p99 ms | req/s | 10 connections p50 / p95 / p99 ms | req/s |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
  log(`done in ${Math.round((performance.now() - started) / 1000)} s`);
} finally {
  await db.close(child);
}
