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
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { initOrm } from '../src/server/db/orm.ts';
import { bulkAssign } from '../src/server/domains/workflow/assignments/assignments.service.ts';
import { createProject } from '../src/server/domains/workflow/projects/projects.service.ts';
import { generateSlots } from '../src/server/domains/workflow/slots/slots.service.ts';
import { ZGenerateSlotsInput } from '../src/shared/schemas/slots.ts';
import { insertLocations, seedAcme } from './acme.ts';

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
  const orm = await initOrm(pg.url, { pool: { max: 4 } });
  try {
    const bench = await seedAcme(orm);
    const { conn, team, inspector, scheme, ctx } = bench;
    // Locations open Monday to Saturday, 08:00–20:00, spread over ACME's sub-directions.
    const locationIds = await insertLocations(bench, {
      prefix: 'BS',
      name: 'Bench store',
      count: LOCATIONS,
      openDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
    });

    // 25 weeks from next Monday: the generator plans no visit that has already ended.
    const monday = new Date();
    monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
    const day = (offset: number) => new Date(monday.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const project = await createProject(ctx(), {
      code: 'BENCH',
      name: 'Benchmark project',
      description: null,
      schemeId: scheme,
      startDate: day(0),
      endDate: day(25 * 7 - 1),
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
