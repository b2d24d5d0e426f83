// `npm run bench` (reports part; `npm run bench:reports` alone): every report kind over 1,000,000 approved
// tasks with 20 answers each over 1,000 locations (issue 13's performance target: p95 under 300 ms).
//  1. embedded PostgreSQL in a temp dir (BENCH_DIR keeps it between runs); migrate; seed the demo data;
//  2. bulk-load into ACME with generate_series: 1,000 locations, 10 active projects, an assignment per
//     (project, location) on the customer's teams, 100 slots each over the last two years and their tasks,
//     all approved (BENCH_REPORT_TASKS, default 1,000,000), each with 20 answers and their outcomes
//     (about 10 % failed, 6 % N/A), scores 40–100, a quarter not passed, a seventh reworked, a ninth late.
//     The rollups are built by the same triggers as in production, one project (100,000 tasks) per
//     INSERT; then VACUUM ANALYZE;
//  3. the real app in a child process (bench/tasks-server.ts), signed in as admin and team leader;
//  4. each report kind × filter: latency at 1 connection for BENCH_SECONDS (after a warm-up); a markdown table.
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

const TASKS = Number(process.env.BENCH_REPORT_TASKS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const LOCATIONS = 1000;
const PROJECTS = 10;
const ANSWERS = 20;
const SLOTS_PER_ASSIGNMENT = Math.max(1, Math.round(TASKS / (LOCATIONS * PROJECTS)));
const ADMIN = 'admin@demo.com';
const LEADER = 'teamleader@demo.com';
/** Every report rollup (migrations reports and report_segment_rollups): analysed after the load, counted in the log. */
const ROLLUPS = [
  'report_task_monthly',
  'report_question_monthly',
  'report_question_team_monthly',
  'report_task_segment_monthly',
  'report_question_segment_monthly',
  'report_location_monthly',
];

const log = (msg: string) => console.log(`[bench:reports] ${msg}`);

async function bulkLoad(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async <T>(text: string, values: unknown[] = []) =>
      (await client.query<T & pg.QueryResultRow>(text, values)).rows[0];
    const { id: acme } = await one<{ id: number }>(`select id from customers where code = 'ACME'`);
    const { count: existing } = await one<{ count: number }>(
      `select count(*)::int as count from tasks where status = 'approved' and project_id in (select id from projects where code like 'RP-%')`,
    );
    if (existing >= TASKS) return log(`${existing} approved bench tasks already loaded`);
    const { id: scheme } = await one<{ id: number }>(
      `select id from schemes where customer_id = $1 and status = 'published' order by id limit 1`,
      [acme],
    );
    // The scheme's own question keys first (so the breakdown shows their texts), then made-up ones up to 20.
    const own = (
      await client.query<{ key: string }>(
        `select key from scheme_questions where scheme_id = $1 and type in ('yesno','score','choice','number') order by position, id limit $2`,
        [scheme, ANSWERS],
      )
    ).rows.map((r) => r.key);
    const keys = [
      ...own,
      ...Array.from({ length: ANSWERS - own.length }, (_, i) => `bench_q${String(i + 1).padStart(2, '0')}`),
    ];
    const teams = (
      await client.query<{ id: number }>(`select id from teams where customer_id = $1 order by id`, [acme])
    ).rows.map((r) => r.id);
    const inspector = await one<{ id: number }>(`select id from users where email = 'qualitycontrol@demo.com'`);
    const started = performance.now();

    await insertLocations(client, { customerId: acme, count: LOCATIONS, codePrefix: 'RB-', classStride: 7 });
    await insertProjects(client, {
      customerId: acme,
      schemeId: scheme,
      count: PROJECTS,
      codePrefix: 'RP-',
      codeDigits: 2,
      name: 'Report project',
      startDaysAgo: 740,
      endDaysAhead: 30,
    });
    // A location keeps its team across projects (teams own areas), as in real use.
    await insertAssignments(client, {
      customerId: acme,
      projectPrefix: 'RP-',
      locationPrefix: 'RB-',
      teams,
      inspectors: [inspector.id],
      plannedVisits: SLOTS_PER_ASSIGNMENT,
    });
    log(
      `locations, projects, assignments in ${Math.round(performance.now() - started)} ms (answer keys: ${keys.length}, ${own.length} of the scheme)`,
    );

    const projects = (
      await client.query<{ id: number }>(`select id from projects where code like 'RP-%' order by id`)
    ).rows.map((r) => r.id);
    for (const project of projects) {
      const t1 = performance.now();
      // Slots over the last two years (whole hours, three hours long), all in the past.
      await insertSlots(client, {
        projects: { id: project },
        perAssignment: SLOTS_PER_ASSIGNMENT,
        occurrencePrefix: 'rbench-',
        hashStride: 128,
        from: `date_trunc('hour', now()) - interval '2 days'`,
        step: -1,
        spanHours: 728 * 24,
      });
      await insertTasks(client, { projects: { id: project }, kind: 'approved', schemeId: scheme, answerKeys: keys });
      log(
        `project ${project}: ${SLOTS_PER_ASSIGNMENT * LOCATIONS} slots and approved tasks (rollups by the triggers) in ${Math.round(performance.now() - t1)} ms`,
      );
    }
    const t4 = performance.now();
    for (const table of ['locations', 'projects', 'location_assignments', 'slots', 'tasks', ...ROLLUPS]) {
      await client.query(`vacuum (analyze) ${table}`);
    }
    log(`vacuum analyze in ${Math.round(performance.now() - t4)} ms`);
  } finally {
    await client.end();
  }
}

const trpc = (input: Record<string, unknown>) =>
  `reports.run?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

const started = performance.now();
const db = await openBenchDatabase('opsdesk-bench-reports-', log);
let child: Awaited<ReturnType<typeof startBenchApp>>['child'] | undefined;
try {
  await bulkLoad(db.url);

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { rows: facts } = await client.query<{
    approved: number;
    answers: number;
    project: number;
    class_id: number;
    from: string;
    to: string;
  }>(
    `select (select count(*)::int from tasks where status = 'approved') as approved,
            (select sum(jsonb_array_length(answers))::int from tasks where status = 'approved') as answers,
            (select id from projects where code = 'RP-03') as project,
            (select location_class_id from locations where code = 'RB-0001') as class_id,
            to_char(now() - interval '3 months', 'YYYY-MM') as "from", to_char(now() - interval '1 month', 'YYYY-MM') as "to"`,
  );
  const rollupRows: string[] = [];
  for (const table of ROLLUPS)
    rollupRows.push(
      `${(await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n} in ${table}`,
    );
  await client.end();
  const fact = facts[0];
  log(`${fact.approved} approved tasks, ${fact.answers} answers; rollup rows: ${rollupRows.join(', ')}`);

  const ready = await startBenchApp(db.url, [ADMIN, LEADER]);
  child = ready.child;

  const filterSets: [string, string, Record<string, unknown>][] = [
    ['admin, no filter (the whole customer)', ADMIN, {}],
    ['admin, one project, three months', ADMIN, { projectId: fact.project, from: fact.from, to: fact.to }],
    ['admin, one location class', ADMIN, { classId: fact.class_id }],
    ['team leader, own team (scope)', LEADER, {}],
  ];
  const kinds = ['project_summary', 'location_ranking', 'team_performance', 'question_breakdown'];
  const rows: string[] = [];
  const f = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
  for (const kind of kinds) {
    for (const [label, email, filters] of filterSets) {
      const url = `${ready.appUrl}/trpc/${trpc({ kind, filters })}`;
      const headers = { authorization: `Bearer ${ready.tokens[email]}` };
      const check = await fetch(url, { headers });
      const body = (await check.json()) as {
        result?: { data: { json: { totals: { approved: number }; rows: unknown[] } } };
      };
      const result = body.result?.data.json;
      if (check.status !== 200 || !result?.rows.length)
        throw new Error(`${kind} / ${label}: unexpected answer ${check.status} ${JSON.stringify(body).slice(0, 300)}`);
      await measure(url, headers, 1); // warm-up
      const s = await measure(url, headers, SECONDS);
      if (s.failures) throw new Error(`${kind} / ${label}: ${s.failures} failed requests`);
      rows.push(
        `| ${kind} | ${label} (approved ${result.totals.approved.toLocaleString('en')}, ${result.rows.length} rows) | ${f(s.p50)} / ${f(s.p95)} / ${f(s.p99)}${s.p95 < 300 ? ' ✓' : ' ✗'} | ${f(s.rps)} |`,
      );
      log(rows.at(-1)!);
    }
  }
  // The role dashboards (issue 13 item 3): one read each; the admin may open every one (customer-wide),
  // the team leader reads its own (team scope).
  const dashboards: [string, string][] = [
    ['admin', ADMIN],
    ['floorManager', ADMIN],
    ['teamLeader', LEADER],
    ['businessUser', ADMIN],
    ['analyst', ADMIN],
  ];
  for (const [dashboard, email] of dashboards) {
    const url = `${ready.appUrl}/trpc/dashboards.${dashboard}`;
    const headers = { authorization: `Bearer ${ready.tokens[email]}` };
    const check = await fetch(url, { headers });
    if (check.status !== 200)
      throw new Error(
        `dashboards.${dashboard}: unexpected answer ${check.status} ${(await check.text()).slice(0, 300)}`,
      );
    await measure(url, headers, 1); // warm-up
    const s = await measure(url, headers, SECONDS);
    if (s.failures) throw new Error(`dashboards.${dashboard}: ${s.failures} failed requests`);
    rows.push(
      `| dashboards.${dashboard} | ${email} | ${f(s.p50)} / ${f(s.p95)} / ${f(s.p99)}${s.p95 < 300 ? ' ✓' : ' ✗'} | ${f(s.rps)} |`,
    );
    log(rows.at(-1)!);
  }
  console.log(
    `\nreports.run over ${fact.approved.toLocaleString('en')} approved tasks (${fact.answers.toLocaleString('en')} answers), tRPC GET, 1 connection, ${SECONDS} s each, ` +
      `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}, Node ${process.version}\n` +
      `✓ / ✗: the issue's target (p95 under 300 ms)\n`,
  );
  console.log('| kind | filters | p50 / p95 / p99 ms | req/s |');
  console.log('|---|---|---:|---:|');
  for (const row of rows) console.log(row);
  log(`done in ${Math.round((performance.now() - started) / 1000)} s`);
} finally {
  await db.close(child);
}
