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
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { DatabaseSeeder } from '../seed/DatabaseSeeder.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { initOrm, migrate } from '../src/server/db/orm.ts';

const TASKS = Number(process.env.BENCH_REPORT_TASKS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const LOCATIONS = 1000;
const PROJECTS = 10;
const ANSWERS = 20;
const SLOTS_PER_ASSIGNMENT = Math.max(1, Math.round(TASKS / (LOCATIONS * PROJECTS)));
const ADMIN = 'admin@demo.com';
const LEADER = 'teamleader@demo.com';

const log = (msg: string) => console.log(`[bench:reports] ${msg}`);

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
}

function measure(url: string, headers: Record<string, string>, seconds: number): Promise<{ p50: number; p95: number; p99: number; rps: number; failures: number }> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon({ url, connections: 1, duration: seconds, headers }, (error, result) => {
      if (error) return reject(error);
      const sorted = latencies.sort((a, b) => a - b);
      resolve({ p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), rps: result.requests.total / (result.duration || seconds), failures: result.non2xx + result.errors + result.timeouts });
    });
    instance.on('response', (_c: unknown, _s: number, _b: number, responseTime: number) => latencies.push(responseTime));
  });
}

async function bulkLoad(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async <T>(text: string, values: unknown[] = []) => (await client.query<T & pg.QueryResultRow>(text, values)).rows[0];
    const { id: acme } = await one<{ id: number }>(`select id from customers where code = 'ACME'`);
    const { count: existing } = await one<{ count: number }>(`select count(*)::int as count from tasks where status = 'approved' and project_id in (select id from projects where code like 'RP-%')`);
    if (existing >= TASKS) return log(`${existing} approved bench tasks already loaded`);
    const { id: scheme } = await one<{ id: number }>(`select id from schemes where customer_id = $1 and status = 'published' order by id limit 1`, [acme]);
    // The scheme's own question keys first (so the breakdown shows their texts), then made-up ones up to 20.
    const own = (await client.query<{ key: string }>(`select key from scheme_questions where scheme_id = $1 and type in ('yesno','score','choice','number') order by position, id limit $2`, [scheme, ANSWERS])).rows.map((r) => r.key);
    const keys = [...own, ...Array.from({ length: ANSWERS - own.length }, (_, i) => `bench_q${String(i + 1).padStart(2, '0')}`)];
    const teams = (await client.query<{ id: number }>(`select id from teams where customer_id = $1 order by id`, [acme])).rows.map((r) => r.id);
    const inspector = await one<{ id: number }>(`select id from users where email = 'qualitycontrol@demo.com'`);
    const started = performance.now();

    await client.query(
      `with subs as (select array_agg(id order by id) a from sub_directions where customer_id = $1),
            cls as (select array_agg(id order by id) a from location_classes where customer_id = $1)
       insert into locations (created_at, updated_at, version, customer_id, sub_direction_id, location_class_id, code, name, address, city,
                              latitude, longitude, geofence_radius_m, opening_hours, active, archived_at)
       select now(), now(), 1, $1, subs.a[1 + g % cardinality(subs.a)], cls.a[1 + (g / 7) % cardinality(cls.a)],
              'RB-' || lpad(g::text, 4, '0'), 'Report store ' || g, g || ' avenue des Essais', 'Lyon',
              round((43 + (hashint4(g) & 65535) / 65535.0 * 7)::numeric, 6), round((-1 + (hashint4(g + 1) & 65535) / 65535.0 * 8)::numeric, 6),
              100, '{"mon":[{"open":"08:00","close":"20:00"}],"tue":[],"wed":[],"thu":[],"fri":[],"sat":[],"sun":[]}'::jsonb, true, null
         from generate_series(1, $2::int) g, subs, cls`,
      [acme, LOCATIONS],
    );
    await client.query(
      `insert into projects (created_at, updated_at, version, customer_id, code, name, description, scheme_id, start_date, end_date, status, owner_id, activated_at, completed_at, archived_at)
       select now(), now(), 1, $1, 'RP-' || lpad(g::text, 2, '0'), 'Report project ' || g, null, $2, current_date - 740, current_date + 30, 'active', null, now(), null, null
         from generate_series(1, $3::int) g`,
      [acme, scheme, PROJECTS],
    );
    // A location keeps its team across projects (teams own areas), as in real use.
    await client.query(
      `insert into location_assignments (created_at, updated_at, version, customer_id, project_id, location_id, team_id, assignee_id, planned_visits)
       select now(), now(), 1, $1, p.id, l.id, ($2::int[])[1 + l.rn % cardinality($2::int[])], $3, $4
         from (select id from projects where code like 'RP-%') p,
              (select id, row_number() over (order by id) as rn from locations where code like 'RB-%') l`,
      [acme, teams, inspector.id, SLOTS_PER_ASSIGNMENT],
    );
    log(`locations, projects, assignments in ${Math.round(performance.now() - started)} ms (answer keys: ${keys.length}, ${own.length} of the scheme)`);

    const projects = (await client.query<{ id: number }>(`select id from projects where code like 'RP-%' order by id`)).rows.map((r) => r.id);
    for (const project of projects) {
      const t1 = performance.now();
      // Slots over the last two years (whole hours, three hours long), all in the past.
      await client.query(
        `insert into slots (created_at, updated_at, version, customer_id, assignment_id, starts_at, ends_at, occurrence)
         select now(), now(), 1, a.customer_id, a.id, s.at, s.at + interval '3 hours', 'rbench-' || k
           from location_assignments a, generate_series(1, $2::int) k,
                lateral (select date_trunc('hour', now()) - interval '2 days'
                                - ((hashint4(a.id * 128 + k) & 2147483647) % (728 * 24)) * interval '1 hour' as at) s
          where a.project_id = $1`,
        [project, SLOTS_PER_ASSIGNMENT],
      );
      await client.query(
        `insert into tasks (created_at, updated_at, version, customer_id, project_id, assignment_id, slot_id, location_id, team_id, assignee_id,
                            scheme_id, status, starts_at, ends_at, started_at, submitted_at, reviewed_at, answers, score, passed, critical_failures,
                            section_scores, out_of_fence, rework_count, answer_outcomes)
         select now(), now(), 1, s.customer_id, a.project_id, a.id, s.id, a.location_id, a.team_id, a.assignee_id, $2, 'approved',
                s.starts_at, s.ends_at, s.starts_at + interval '10 minutes',
                s.starts_at + case when h % 9 = 0 then interval '5 hours' else interval '80 minutes' end,
                s.starts_at + interval '1 day',
                o.answers, 40 + h % 601 / 10.0, h % 4 <> 0, '[]'::jsonb, '[]'::jsonb, false, case when h % 7 = 0 then 1 else 0 end, o.outcomes
           from slots s
           join location_assignments a on a.id = s.assignment_id and a.project_id = $1,
                lateral (select hashint4(s.id) & 2147483647 as h) hh,
                lateral (
                  select jsonb_agg(jsonb_build_object('questionKey', q.key, 'value', q.outcome = 'passed', 'na', q.outcome = 'na', 'comment', null, 'fileIds', '[]'::jsonb)) as answers,
                         jsonb_object_agg(q.key, q.outcome) as outcomes
                    from (select key, case when (hashint4(s.id * 32 + i::int) & 2147483647) % 100 < 10 then 'failed'
                                           when (hashint4(s.id * 32 + i::int) & 2147483647) % 100 < 16 then 'na' else 'passed' end as outcome
                            from unnest($3::text[]) with ordinality as u(key, i)) q
                ) o`,
        [project, scheme, keys],
      );
      log(`project ${project}: ${SLOTS_PER_ASSIGNMENT * LOCATIONS} slots and approved tasks (rollups by the triggers) in ${Math.round(performance.now() - t1)} ms`);
    }
    const t4 = performance.now();
    for (const table of ['locations', 'projects', 'location_assignments', 'slots', 'tasks', 'report_task_monthly', 'report_question_monthly', 'report_question_team_monthly']) {
      await client.query(`vacuum (analyze) ${table}`);
    }
    log(`vacuum analyze in ${Math.round(performance.now() - t4)} ms`);
  } finally {
    await client.end();
  }
}

const trpc = (input: Record<string, unknown>) => `reports.run?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

const started = performance.now();
const keep = process.env.BENCH_DIR;
const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-bench-reports-'));
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
  const { rows: facts } = await client.query<{ approved: number; answers: number; monthly: number; questions: number; team_questions: number; project: number; class_id: number; from: string; to: string }>(
    `select (select count(*)::int from tasks where status = 'approved') as approved,
            (select sum(jsonb_array_length(answers))::int from tasks where status = 'approved') as answers,
            (select count(*)::int from report_task_monthly) as monthly,
            (select count(*)::int from report_question_monthly) as questions,
            (select count(*)::int from report_question_team_monthly) as team_questions,
            (select id from projects where code = 'RP-03') as project,
            (select location_class_id from locations where code = 'RB-0001') as class_id,
            to_char(now() - interval '3 months', 'YYYY-MM') as "from", to_char(now() - interval '1 month', 'YYYY-MM') as "to"`,
  );
  await client.end();
  const fact = facts[0];
  log(`${fact.approved} approved tasks, ${fact.answers} answers; rollup rows: ${fact.monthly} task-monthly, ${fact.questions} question-monthly, ${fact.team_questions} question-team-monthly`);

  child = fork(path.join(import.meta.dirname, 'tasks-server.ts'), { env: { ...process.env, DATABASE_URL: db.url, BENCH_USERS: [ADMIN, LEADER].join(',') } });
  const ready = await new Promise<{ appUrl: string; tokens: Record<string, string> }>((resolve, reject) => {
    child!.once('message', (m) => resolve(m as never));
    child!.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });

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
      const body = (await check.json()) as { result?: { data: { json: { totals: { approved: number }; rows: unknown[] } } } };
      const result = body.result?.data.json;
      if (check.status !== 200 || !result?.rows.length) throw new Error(`${kind} / ${label}: unexpected answer ${check.status} ${JSON.stringify(body).slice(0, 300)}`);
      await measure(url, headers, 1); // warm-up
      const s = await measure(url, headers, SECONDS);
      if (s.failures) throw new Error(`${kind} / ${label}: ${s.failures} failed requests`);
      rows.push(`| ${kind} | ${label} (approved ${result.totals.approved.toLocaleString('en')}, ${result.rows.length} rows) | ${f(s.p50)} / ${f(s.p95)} / ${f(s.p99)}${s.p95 < 300 ? ' ✓' : ' ✗'} | ${f(s.rps)} |`);
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
    if (check.status !== 200) throw new Error(`dashboards.${dashboard}: unexpected answer ${check.status} ${(await check.text()).slice(0, 300)}`);
    await measure(url, headers, 1); // warm-up
    const s = await measure(url, headers, SECONDS);
    if (s.failures) throw new Error(`dashboards.${dashboard}: ${s.failures} failed requests`);
    rows.push(`| dashboards.${dashboard} | ${email} | ${f(s.p50)} / ${f(s.p95)} / ${f(s.p99)}${s.p95 < 300 ? ' ✓' : ' ✗'} | ${f(s.rps)} |`);
    log(rows.at(-1)!);
  }
  console.log(
    `\nreports.run over ${fact.approved.toLocaleString('en')} approved tasks (${fact.answers.toLocaleString('en')} answers), tRPC GET, 1 connection, ${SECONDS} s each, ` +
      `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}, Node ${process.version}\n` +
      `✓ / ✗: the issue's target (p95 under 300 ms)\n`,
  );
  console.log('| kind | filters | p50 / p95 / p99 ms | req/s |');
  console.log('|---|---|---:|---:|');
  for (const row of rows) console.log(row);
  log(`done in ${Math.round((performance.now() - started) / 1000)} s`);
} finally {
  if (child && child.exitCode === null) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.send('stop');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (child.exitCode === null) child.kill();
  }
  await db.stop();
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
}
