// Benchmark of `locations.list` at 100,000 locations: a throwaway embedded PostgreSQL, the migrations,
// the demo customers and their structure, then 100k ACME locations inserted with generate_series.
// Times N list calls through the service (as admin@demo.com: tenant scope, abilities, mapping and
// enrichment included) with a mix of q / filters / sorts / pages, prints p50/p95/p99, and the
// EXPLAIN (ANALYZE, BUFFERS) plans of representative statements.
// Usage: node bench/locations.ts [N=200] [ROWS=100000]
// BENCH_DIR=<dir> keeps the database there between runs (loaded once) instead of a temp dir.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';
import pgClient from 'pg';
import { AccountsSeeder } from '../seed/accounts.seeder.ts';
import { BusinessSeeder } from '../seed/business.seeder.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { initOrm, migrate } from '../src/server/db/orm.ts';
import { User } from '../src/server/domains/organization/users/user.entity.ts';
import { listLocations } from '../src/server/domains/structure/locations/locations.service.ts';
import type { ServiceContext } from '../src/server/lib/context.ts';
import { abilityFor } from '../src/shared/abilities/index.ts';
import { type TListLocationsInput, ZListLocationsInput } from '../src/shared/schemas/locations.ts';

const N = Number(process.argv[2] ?? 200);
const ROWS = Number(process.argv[3] ?? 100_000);

const keep = process.env.BENCH_DIR;
const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-bench-locations-'));
fs.mkdirSync(dir, { recursive: true });
fs.chmodSync(dir, 0o755);
// The server's log, captured while the plans are printed (auto_explain writes them there).
let capture: string[] | null = null;
const pg = await startEmbeddedPostgres({
  dir: path.join(dir, 'pg'),
  database: 'bench',
  fast: true,
  log: (m) => capture?.push(m),
});
const orm = await initOrm(pg.url, { pool: { max: 4 } });

try {
  await migrate(orm);
  const em = orm.em.fork() as EntityManager;
  const conn = em.getConnection();
  const [{ n: existing }] = await conn.execute<{ n: number }[]>('select count(*)::int as n from locations');
  if (existing === 0) await orm.seeder.seed(AccountsSeeder, BusinessSeeder);
  const [{ id: acme }] = await conn.execute<{ id: number }[]>(`select id from customers where code = 'ACME'`);
  if (existing < ROWS) {
    // 100k locations spread over ACME's sub-directions and location classes, names and cities from small pools.
    const t0 = performance.now();
    await conn.execute(`
    with subs as (select array_agg(id order by id) a from sub_directions where customer_id = ${acme}),
         cls as (select array_agg(id order by id) a from location_classes where customer_id = ${acme}),
         words as (select array['Market','Proxi','Hyper','Depot','Drive','Express','Central','Gare','Port','Parc'] w,
                          array['Lyon','Paris','Lille','Nantes','Rennes','Bordeaux','Toulouse','Marseille','Grenoble','Annecy',
                                'Brest','Angers','Amiens','Arras','Toulon','Nice','Dijon','Metz','Reims','Tours'] c)
    insert into locations (created_at, updated_at, customer_id, sub_direction_id, location_class_id, code, name, address, city,
                           latitude, longitude, geofence_radius_m, opening_hours, active, archived_at)
    select now() - (g || ' minutes')::interval, now() - ((g % 5000) || ' minutes')::interval, ${acme},
           subs.a[1 + (hashint4(g) & 2147483647) % array_length(subs.a, 1)],
           cls.a[1 + (hashint4(g + 7) & 2147483647) % array_length(cls.a, 1)],
           'BX-' || lpad(g::text, 6, '0'),
           words.w[1 + g % 10] || ' ' || words.c[1 + (g / 10) % 20] || ' ' || (g % 997),
           (g % 300) || ' rue ' || words.c[1 + g % 20],
           words.c[1 + (g / 10) % 20],
           round((43 + ((hashint4(g + 1) & 65535) / 65535.0) * 7)::numeric, 6),
           round((-1 + ((hashint4(g + 2) & 65535) / 65535.0) * 8)::numeric, 6),
           100, '{"mon":[{"open":"08:00","close":"20:00"}],"tue":[],"wed":[],"thu":[],"fri":[],"sat":[],"sun":[]}'::jsonb,
           g % 13 <> 0, case when g % 101 = 0 then now() else null end
      from generate_series(1, ${ROWS}) g, subs, cls, words`);
    // A plain connection, after the load, so the visibility map is set (index-only counts).
    const client = new pgClient.Client({ connectionString: pg.url });
    await client.connect();
    await client.query('vacuum (analyze) locations');
    await client.end();
    console.log(`inserted ${ROWS} locations in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  console.log(`database: ${pg.url}`);

  const admin = await em.findOneOrFail(User, { email: 'admin@demo.com' }, { populate: ['customer'] });
  const sessionUser = {
    id: admin.id,
    email: admin.email,
    fullName: admin.fullName,
    role: admin.role,
    customerId: acme,
    customerCode: 'ACME',
    language: 'en',
    teamIds: [],
    sessionId: 0,
  };
  const context = (): ServiceContext => ({ em: orm.em.fork(), user: sessionUser, ability: abilityFor(sessionUser) });
  const subs = await conn.execute<{ id: number; direction_id: number }[]>(
    `select id, direction_id from sub_directions where customer_id = ${acme}`,
  );
  const locationClasses = await conn.execute<{ id: number }[]>(
    `select id from location_classes where customer_id = ${acme}`,
  );

  // A deterministic mix of what the list page sends.
  const terms = ['lyon', 'market par', 'BX-0421', 'gare', 'xyz-none', 'hyper tou', 'nantes 12', 'depot'];
  const sorts = ['code', 'name', 'city', 'createdAt', 'updatedAt', 'direction', 'subDirection', 'class'] as const;
  const inputs: TListLocationsInput[] = Array.from({ length: N }, (_, i) =>
    ZListLocationsInput.parse({
      q: i % 2 === 0 ? terms[i % terms.length] : undefined,
      sortBy: sorts[i % sorts.length],
      orderBy: i % 3 === 0 ? 'desc' : 'asc',
      page: 1 + ((i * 37) % (i % 4 === 0 ? 400 : 5)),
      itemsPerPage: [10, 25, 50][i % 3],
      directionId: i % 7 === 0 ? subs[i % subs.length].direction_id : undefined,
      classId: i % 11 === 0 ? locationClasses[i % locationClasses.length].id : undefined,
      active: i % 5 === 0 ? true : undefined,
    }),
  );

  for (const input of inputs.slice(0, 20)) await listLocations(context(), input); // warm-up
  const times: number[] = [];
  const slowest: { ms: number; input: TListLocationsInput; total: number }[] = [];
  for (const input of inputs) {
    const start = performance.now();
    const { total } = await listLocations(context(), input);
    const ms = performance.now() - start;
    times.push(ms);
    slowest.push({ ms, input, total });
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
  console.log(`\nlocations.list over ${ROWS} rows, ${N} calls (service, admin@demo.com):`);
  console.log(
    `  p50 ${pct(50).toFixed(1)} ms   p95 ${pct(95).toFixed(1)} ms   p99 ${pct(99).toFixed(1)} ms   max ${times.at(-1)!.toFixed(1)} ms`,
  );
  console.log('  slowest calls:');
  for (const s of slowest.sort((a, b) => b.ms - a.ms).slice(0, 5)) {
    const { q, sortBy, orderBy, page, itemsPerPage, directionId, classId, active } = s.input;
    console.log(
      `    ${s.ms.toFixed(1)} ms  total=${s.total}  ${JSON.stringify({ q, sortBy, orderBy, page, itemsPerPage, directionId, classId, active })}`,
    );
  }

  // The plans of every statement a list call runs (auto_explain, in new sessions), as issued.
  for (const setting of [
    "session_preload_libraries = 'auto_explain'",
    'auto_explain.log_min_duration = 0',
    'auto_explain.log_analyze = on',
    'auto_explain.log_buffers = on',
    "auto_explain.log_format = 'text'",
  ]) {
    await conn.execute(`alter database bench set ${setting}`);
  }
  const explainOrm = await initOrm(pg.url, { pool: { max: 1 } });
  const explain = async (label: string, input: Partial<TListLocationsInput>) => {
    capture = [];
    const start = performance.now();
    const { total } = await listLocations({ ...context(), em: explainOrm.em.fork() }, ZListLocationsInput.parse(input));
    const ms = performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const log = capture.join('\n');
    capture = null;
    console.log(`\n=== ${label}: ${ms.toFixed(1)} ms (with auto_explain), total=${total}`);
    for (const block of log.split(/(?=\S*\s*LOG:\s+duration:)/)) {
      const m = block.match(/duration: ([\d.]+) ms\s+plan:\s*\n?\s*Query Text: ([\s\S]*?)\n(\s*\S[\s\S]*)$/);
      if (!m) continue;
      if (/pg_catalog|^\s*(set|show|select 1)\b/i.test(m[2])) continue;
      console.log(`--- ${m[1]} ms: ${m[2].replace(/\s+/g, ' ').slice(0, 240)}`);
      console.log(m[3].replace(/\n+$/, ''));
    }
  };
  await explain('q="lyon", sort name', { q: 'lyon', sortBy: 'name' });
  await explain('q="BX-0421", sort code desc', { q: 'BX-0421', sortBy: 'code', orderBy: 'desc' });
  await explain('no q, sort name, page 200', { sortBy: 'name', page: 200, itemsPerPage: 25 });
  await explain('no q, sort class, page 3', { sortBy: 'class', page: 3, itemsPerPage: 25 });
  await explainOrm.close(true);
} finally {
  await orm.close(true);
  await pg.stop();
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
}
