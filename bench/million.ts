// The million-task benches' shared parts (bench/tasks.ts: tasks.list; bench/reports.ts: reports and dashboards):
//  - `openBenchDatabase`: embedded PostgreSQL in a temp dir (BENCH_DIR keeps it between runs), migrated and
//    seeded with the demo data;
//  - the generate_series loader of ACME's bench data, one step per table: locations, projects, assignments
//    (a location keeps its team across projects), slots and their tasks (mixed statuses around today, or all
//    approved with answers and their outcomes), each INSERT … SELECT going through the production triggers;
//  - `startBenchApp` / `stopBench`: the real app in a child process (bench/tasks-server.ts), signed in;
//  - `measure`: latency at N connections for some seconds (autocannon), p50 / p95 / p99.
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type pg from 'pg';
import { DatabaseSeeder } from '../seed/DatabaseSeeder.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { initOrm, migrate } from '../src/server/db/orm.ts';

export interface BenchDatabase {
  url: string;
  /** Stops the app (when started) and the database; removes the directory unless BENCH_DIR named it. */
  close: (child?: ChildProcess) => Promise<void>;
}

/** Embedded PostgreSQL under BENCH_DIR (kept) or a temp dir (removed at close), migrated and seeded once. */
export async function openBenchDatabase(tempPrefix: string, log: (msg: string) => void): Promise<BenchDatabase> {
  const started = performance.now();
  const keep = process.env.BENCH_DIR;
  const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), tempPrefix));
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755);
  const db = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), database: 'bench', fast: true });
  const close = async (child?: ChildProcess) => {
    if (child) await stopBenchApp(child);
    await db.stop();
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const orm = await initOrm(db.url);
    await migrate(orm);
    const [{ n: seeded }] = await orm.em
      .fork()
      .getConnection()
      .execute<{ n: number }[]>(`select count(*)::int as n from customers`);
    if (seeded === 0) await orm.seeder.seed(DatabaseSeeder);
    await orm.close();
  } catch (error) {
    await close();
    throw error;
  }
  log(`migrated and seeded in ${Math.round(performance.now() - started)} ms`);
  return { url: db.url, close };
}

/** The real app in a child process (bench/tasks-server.ts) on the database, with bearer tokens for `users`. */
export async function startBenchApp(
  url: string,
  users: string[],
): Promise<{ child: ChildProcess; appUrl: string; tokens: Record<string, string> }> {
  const child = fork(path.join(import.meta.dirname, 'tasks-server.ts'), {
    env: { ...process.env, DATABASE_URL: url, BENCH_USERS: users.join(',') },
  });
  const ready = await new Promise<{ appUrl: string; tokens: Record<string, string> }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as never));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, ...ready };
}

async function stopBenchApp(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  // Let the last run's in-flight requests finish before the app closes its pool.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send('stop');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (child.exitCode === null) child.kill();
}

export function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
}

export interface Measured {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  requests: number;
  failures: number;
}

/** GET `url` for `seconds` at `connections`: latency percentiles (ms) and throughput. */
export function measure(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections = 1,
): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon({ url, connections, duration: seconds, headers }, (error, result) => {
      if (error) return reject(error);
      const sorted = latencies.sort((a, b) => a - b);
      resolve({
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        rps: result.requests.total / (result.duration || seconds),
        requests: result.requests.total,
        failures: result.non2xx + result.errors + result.timeouts,
      });
    });
    instance.on('response', (_c: unknown, _s: number, _b: number, responseTime: number) =>
      latencies.push(responseTime),
    );
  });
}

/* ------------------------------------------------------------------ the loader */

/** Locations `<prefix>0001…`, spread over the customer's sub-directions and classes (class = (g / classStride) % classes). */
export async function insertLocations(
  client: pg.Client,
  o: { customerId: number; count: number; codePrefix: string; classStride: number },
): Promise<void> {
  await client.query(
    `with subs as (select array_agg(id order by id) a from sub_directions where customer_id = $1),
          cls as (select array_agg(id order by id) a from location_classes where customer_id = $1),
          words as (select array['Market','Proxi','Hyper','Depot','Drive','Express','Central','Gare','Port','Parc'] w,
                           array['Lyon','Paris','Lille','Nantes','Rennes','Bordeaux','Toulouse','Marseille','Grenoble','Annecy',
                                 'Brest','Angers','Amiens','Arras','Toulon','Nice','Dijon','Metz','Reims','Tours'] c)
     insert into locations (created_at, updated_at, version, customer_id, sub_direction_id, location_class_id, code, name, address, city,
                            latitude, longitude, geofence_radius_m, opening_hours, active, archived_at)
     select now(), now(), 1, $1, subs.a[1 + g % cardinality(subs.a)], cls.a[1 + (g / $4::int) % cardinality(cls.a)],
            $3 || lpad(g::text, 4, '0'), words.w[1 + g % 10] || ' ' || words.c[1 + (g / 10) % 20] || ' ' || g,
            g || ' rue du Commerce', words.c[1 + (g / 10) % 20],
            round((43 + (hashint4(g) & 65535) / 65535.0 * 7)::numeric, 6), round((-1 + (hashint4(g + 1) & 65535) / 65535.0 * 8)::numeric, 6),
            100, '{"mon":[{"open":"08:00","close":"20:00"}],"tue":[],"wed":[],"thu":[],"fri":[],"sat":[],"sun":[]}'::jsonb, true, null
       from generate_series(1, $2::int) g, subs, cls, words`,
    [o.customerId, o.count, o.codePrefix, o.classStride],
  );
}

/** Active projects `<prefix>01…` on the scheme, from `startDaysAgo` to `endDaysAhead`. */
export async function insertProjects(
  client: pg.Client,
  o: {
    customerId: number;
    schemeId: number;
    count: number;
    codePrefix: string;
    codeDigits: number;
    name: string;
    startDaysAgo: number;
    endDaysAhead: number;
  },
): Promise<void> {
  await client.query(
    `insert into projects (created_at, updated_at, version, customer_id, code, name, description, scheme_id, start_date, end_date, status, owner_id, activated_at, completed_at, archived_at)
     select now(), now(), 1, $1, $4 || lpad(g::text, $5::int, '0'), $6 || ' ' || g, null, $2, current_date - $7::int, current_date + $8::int, 'active', null, now(), null, null
       from generate_series(1, $3::int) g`,
    [o.customerId, o.schemeId, o.count, o.codePrefix, o.codeDigits, o.name, o.startDaysAgo, o.endDaysAhead],
  );
}

/** An assignment per (project, location) of the prefixes; a location keeps its team (and inspector) across projects. */
export async function insertAssignments(
  client: pg.Client,
  o: {
    customerId: number;
    projectPrefix: string;
    locationPrefix: string;
    teams: number[];
    inspectors: number[];
    plannedVisits: number;
  },
): Promise<void> {
  await client.query(
    `insert into location_assignments (created_at, updated_at, version, customer_id, project_id, location_id, team_id, assignee_id, planned_visits)
     select now(), now(), 1, $1, p.id, l.id, ($2::int[])[1 + l.rn % cardinality($2::int[])], ($3::int[])[1 + l.rn % cardinality($3::int[])], $4
       from (select id from projects where customer_id = $1 and code like $5::text || '%') p,
            (select id, row_number() over (order by id) as rn from locations where customer_id = $1 and code like $6::text || '%') l`,
    [o.customerId, o.teams, o.inspectors, o.plannedVisits, o.projectPrefix, o.locationPrefix],
  );
}

/**
 * `perAssignment` slots for each assignment of the projects (one project id, or every project of a code
 * prefix), at whole hours, three hours long: `from` (an SQL timestamp expression) plus or minus (`step`)
 * a hashed number of hours under `spanHours`.
 */
export async function insertSlots(
  client: pg.Client,
  o: {
    projects: { id: number } | { codePrefix: string };
    perAssignment: number;
    occurrencePrefix: string;
    hashStride: number;
    from: string;
    step: 1 | -1;
    spanHours: number;
  },
): Promise<void> {
  const which = 'id' in o.projects ? `p.id = $2::int` : `p.code like $2::text || '%'`;
  await client.query(
    `insert into slots (created_at, updated_at, version, customer_id, assignment_id, starts_at, ends_at, occurrence)
     select now(), now(), 1, a.customer_id, a.id, s.at, s.at + interval '3 hours', $3 || k
       from location_assignments a
       join projects p on p.id = a.project_id and ${which},
            generate_series(1, $1::int) k,
            lateral (select ${o.from} + $6::int * ((hashint4(a.id * $4::int + k) & 2147483647) % $5::int) * interval '1 hour' as at) s`,
    [
      o.perAssignment,
      'id' in o.projects ? o.projects.id : o.projects.codePrefix,
      o.occurrencePrefix,
      o.hashStride,
      o.spanHours,
      o.step,
    ],
  );
}

/**
 * The tasks of the projects' slots. `mixed`: statuses from the slot's date (future: scheduled, 1 in 25
 * cancelled; past: half approved, then submitted, rejected, missed, in progress, cancelled), no answers.
 * `approved`: every one approved with an answer per key and its outcome (about 10 % failed, 6 % N/A),
 * scores 40–100, a quarter not passed, a seventh reworked, a ninth late.
 */
export async function insertTasks(
  client: pg.Client,
  o:
    | { projects: { id: number } | { codePrefix: string }; kind: 'mixed' }
    | { projects: { id: number } | { codePrefix: string }; kind: 'approved'; schemeId: number; answerKeys: string[] },
): Promise<void> {
  const which = 'id' in o.projects ? `p.id = $1::int` : `p.code like $1::text || '%'`;
  const project = 'id' in o.projects ? o.projects.id : o.projects.codePrefix;
  if (o.kind === 'mixed') {
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
         join projects p on p.id = a.project_id and ${which},
              lateral (select hashint4(s.id) & 2147483647 as h) hh,
              lateral (select hh.h as h,
                              case when s.ends_at > now() then (case when hh.h % 25 = 0 then 'cancelled' else 'scheduled' end)
                                   else (array['approved','approved','approved','approved','approved','submitted','rejected','missed','in_progress','cancelled'])[1 + hh.h % 10]
                              end as status) x`,
      [project],
    );
    return;
  }
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
       join location_assignments a on a.id = s.assignment_id
       join projects p on p.id = a.project_id and ${which},
            lateral (select hashint4(s.id) & 2147483647 as h) hh,
            lateral (
              select jsonb_agg(jsonb_build_object('questionKey', q.key, 'value', q.outcome = 'passed', 'na', q.outcome = 'na', 'comment', null, 'fileIds', '[]'::jsonb)) as answers,
                     jsonb_object_agg(q.key, q.outcome) as outcomes
                from (select key, case when (hashint4(s.id * 32 + i::int) & 2147483647) % 100 < 10 then 'failed'
                                       when (hashint4(s.id * 32 + i::int) & 2147483647) % 100 < 16 then 'na' else 'passed' end as outcome
                        from unnest($3::text[]) with ordinality as u(key, i)) q
            ) o`,
    [project, o.schemeId, o.answerKeys],
  );
}
