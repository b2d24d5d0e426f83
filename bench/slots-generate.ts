// Benchmark of `slots.generate` (issue 11): a project of 1,000 locations × 20 visits = 20,000 slots and
// 20,000 tasks, planned through the service (as admin@demo.com: authorization, planning in each
// location's zone, opening hours, set-based inserts, audit and notifications included). Target < 5 s.
// A throwaway embedded PostgreSQL, the migrations, the demo accounts and business structure, then
// BENCH_SLOT_LOCATIONS (default 1,000) ACME locations inserted with generate_series and assigned in
// one bulkCreate. Also times the idempotent re-run (creates nothing) and a dry run.
// Alone: `node --experimental-strip-types bench/slots-generate.ts` or `BENCH_ONLY=slots npm run bench`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AccountsSeeder } from '../seed/accounts.seeder.ts';
import { BusinessSeeder } from '../seed/business.seeder.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { initOrm, migrate } from '../src/server/db/orm.ts';
import { bulkAssign } from '../src/server/domains/workflow/assignments/assignments.service.ts';
import { createProject } from '../src/server/domains/workflow/projects/projects.service.ts';
import { generateSlots } from '../src/server/domains/workflow/slots/slots.service.ts';
import type { ServiceContext } from '../src/server/lib/context.ts';
import { abilityFor } from '../src/shared/abilities/index.ts';
import { ZGenerateSlotsInput } from '../src/shared/schemas/slots.ts';

export interface SlotsBenchResult {
  locations: number;
  visits: number;
  created: number;
  ms: number;
  rerunMs: number;
  dryRunMs: number;
}

export async function benchSlotsGenerate(log: (msg: string) => void = console.log): Promise<SlotsBenchResult> {
  const LOCATIONS = Number(process.env.BENCH_SLOT_LOCATIONS ?? 1000);
  const VISITS = 20;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-bench-slots-'));
  fs.chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), database: 'bench', fast: true });
  const orm = await initOrm(pg.url, { poolMax: 4 });
  try {
    await migrate(orm);
    await orm.seeder.seed(AccountsSeeder, BusinessSeeder);
    const em = orm.em.fork() as EntityManager;
    const conn = em.getConnection();
    const [{ id: acme }] = await conn.execute<{ id: number }[]>(`select id from customers where code = 'ACME'`);
    // Locations open Monday to Saturday, 08:00–20:00, spread over ACME's sub-directions.
    await conn.execute(`
      with subs as (select array_agg(id order by id) a from sub_directions where customer_id = ${acme})
      insert into locations (created_at, updated_at, version, customer_id, sub_direction_id, code, name, geofence_radius_m, opening_hours, active)
      select now(), now(), 1, ${acme}, subs.a[1 + g % array_length(subs.a, 1)], 'BS-' || lpad(g::text, 5, '0'), 'Bench store ' || g, 100,
             '{"mon":[{"open":"08:00","close":"20:00"}],"tue":[{"open":"08:00","close":"20:00"}],"wed":[{"open":"08:00","close":"20:00"}],
               "thu":[{"open":"08:00","close":"20:00"}],"fri":[{"open":"08:00","close":"20:00"}],"sat":[{"open":"08:00","close":"20:00"}],"sun":[]}'::jsonb,
             true
        from generate_series(1, ${LOCATIONS}) g, subs`);
    const locationIds = (
      await conn.execute<{ id: number }[]>(`select id from locations where code like 'BS-%' order by id`)
    ).map((r) => r.id);
    const [{ id: team }] = await conn.execute<{ id: number }[]>(`select id from teams where name = 'Lyon field team'`);
    const [{ id: inspector }] = await conn.execute<{ id: number }[]>(
      `select id from users where email = 'qualitycontrol@demo.com'`,
    );
    const [{ id: scheme }] = await conn.execute<{ id: number }[]>(
      `select id from schemes where customer_id = ${acme} and status = 'published' order by id limit 1`,
    );
    const [admin] = await conn.execute<{ id: number; email: string; full_name: string }[]>(
      `select id, email, full_name from users where email = 'admin@demo.com'`,
    );
    const user = {
      id: admin.id,
      email: admin.email,
      fullName: admin.full_name,
      role: 'admin' as const,
      customerId: acme,
      customerCode: 'ACME',
      language: 'en',
      teamIds: [],
      sessionId: 0,
    };
    const ctx = (): ServiceContext => ({ em: orm.em.fork(), user, ability: abilityFor(user) });

    const project = await createProject(ctx(), {
      code: 'BENCH',
      name: 'Benchmark project',
      description: null,
      schemeId: scheme,
      startDate: '2026-01-05',
      endDate: '2026-06-28',
    });
    const assigned = await bulkAssign(ctx(), {
      projectId: project.id,
      locationIds,
      teamId: team,
      assigneeId: inspector,
      plannedVisits: VISITS,
    });
    log(`${assigned.created} locations assigned (${LOCATIONS} × ${VISITS} visits to plan)`);
    await conn.execute('vacuum analyze');

    // Twice a week (Mon, Thu) over 25 weeks, capped at the 20 planned visits: 20 per location.
    const input = ZGenerateSlotsInput.parse({
      projectId: project.id,
      recurrence: { kind: 'weekly', byWeekday: ['MO', 'TH'], interval: 1 },
      durationMinutes: 90,
      preferredTime: '09:00',
    });
    let start = performance.now();
    const first = await generateSlots(ctx(), input);
    const ms = performance.now() - start;
    const [{ n: tasks }] = await conn.execute<{ n: number }[]>(
      `select count(*)::int as n from tasks where project_id = ${project.id}`,
    );
    if (first.created !== LOCATIONS * VISITS || tasks !== first.created)
      throw new Error(`expected ${LOCATIONS * VISITS} slots and tasks, got ${first.created} and ${tasks}`);
    start = performance.now();
    const again = await generateSlots(ctx(), input);
    const rerunMs = performance.now() - start;
    if (again.created !== 0 || again.existing !== first.created)
      throw new Error(`re-run created ${again.created}, existing ${again.existing}`);
    start = performance.now();
    await generateSlots(ctx(), { ...input, dryRun: true });
    const dryRunMs = performance.now() - start;
    log(
      `slots.generate ${LOCATIONS.toLocaleString('en')} locations × ${VISITS} visits: ${first.created.toLocaleString('en')} slots + ${tasks.toLocaleString('en')} tasks in ` +
        `${Math.round(ms)} ms (target < 5000 ms); re-run (creates 0) ${Math.round(rerunMs)} ms; dry run ${Math.round(dryRunMs)} ms`,
    );
    return { locations: LOCATIONS, visits: VISITS, created: first.created, ms, rerunMs, dryRunMs };
  } finally {
    await orm.close(true);
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchSlotsGenerate((m) => console.log(`[bench] ${m}`));
  console.log(
    `\n| slots.generate ${result.locations.toLocaleString('en')} locations × ${result.visits} visits | ${Math.round(result.ms)} ms | re-run ${Math.round(result.rerunMs)} ms | dry run ${Math.round(result.dryRunMs)} ms |`,
  );
  console.log(
    `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}, Node ${process.version}`,
  );
}
