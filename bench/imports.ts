// Benchmark of imports: 10,000 locations from a ~2 MB CSV (BENCH_IMPORT_ROWS), through the real app in
// this process (app.inject: upload, imports.preview, imports.run and its job), in a throwaway embedded
// PostgreSQL with the demo accounts and structure. Targets: preview < 10 s, run < 30 s, RSS growth < 150 MB
// (the process's resident set sampled every 20 ms against its size after the upload).
// Alone: `node --experimental-strip-types bench/imports.ts` or `npm run bench -- imports`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AccountsSeeder } from '../seed/accounts.seeder.ts';
import { BusinessSeeder } from '../seed/business.seeder.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { initOrm, migrate } from '../src/server/db/orm.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const MB = 1024 * 1024;

function csvOf(subs: { direction: string; code: string }[]): Buffer {
  const lines = [
    'code;name;address;city;latitude;longitude;geofenceRadiusM;direction;subDirection;openingHours;active',
  ];
  for (let i = 1; i <= ROWS; i++) {
    const sub = subs[i % subs.length];
    lines.push(
      [
        `IMP-${String(i).padStart(6, '0')}`,
        `Imported store number ${i} of the bench, with a long enough name`,
        `${i} avenue de la République, bâtiment ${i % 7}, entrée ${i % 3}`,
        ['Lyon', 'Paris', 'Marseille', 'Lille', 'Bordeaux'][i % 5],
        (43 + (i % 500) / 100).toFixed(6),
        (2 + (i % 300) / 100).toFixed(6),
        String(100 + (i % 50)),
        sub.direction,
        sub.code,
        '"mon 08:00-12:00,13:00-18:00; tue 08:00-12:00,13:00-18:00; wed 08:00-18:00; sat 09:00-12:00"',
        i % 10 ? 'true' : 'false',
      ].join(';'),
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-bench-imports-'));
  fs.chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), database: 'bench', fast: true });
  const orm = await initOrm(pg.url, { pool: { max: 6 } });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: pg.url,
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '1000',
    DATA_DIR: path.join(dir, 'data'),
  });
  const app = await buildApp(config, orm, { logger: false });
  try {
    await migrate(orm);
    await orm.seeder.seed(AccountsSeeder, BusinessSeeder);
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@demo.com', password: 'admin' },
    });
    const headers = { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };
    const subs = await orm.em
      .fork()
      .getConnection()
      .execute<{ direction: string; code: string }[]>(
        `select d.code as direction, s.code from sub_directions s join directions d on d.id = s.direction_id
         join customers c on c.id = s.customer_id where c.code = 'ACME' and s.archived_at is null order by s.id`,
      );
    const csv = csvOf(subs);
    const boundary = 'b3nchb0undary';
    const upload = await app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stores.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        csv,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    if (upload.statusCode !== 201) throw new Error(`upload: ${upload.statusCode} ${upload.body}`);
    const fileId = upload.json<{ id: number }>().id;
    const trpc = async <T>(procedure: string, input: unknown, method: 'GET' | 'POST' = 'POST'): Promise<T> => {
      const res =
        method === 'POST'
          ? await app.inject({ method, url: `/trpc/${procedure}`, headers, payload: { json: input } })
          : await app.inject({
              method,
              url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
              headers,
            });
      if (res.statusCode !== 200) throw new Error(`${procedure}: ${res.statusCode} ${res.body}`);
      return res.json<{ result: { data: { json: T } } }>().result.data.json;
    };

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);

    let started = performance.now();
    const preview = await trpc<{ id: number; total: number; create: number; errors: unknown[] }>('imports.preview', {
      kind: 'locations',
      fileId,
    });
    const previewMs = performance.now() - started;
    if (preview.errors.length)
      throw new Error(`the bench file has errors: ${JSON.stringify(preview.errors.slice(0, 3))}`);

    started = performance.now();
    await trpc('imports.run', { id: preview.id });
    let result: { status: string; created: number; processed: number };
    for (;;) {
      result = await trpc('imports.byId', { id: preview.id }, 'GET');
      if (result.status === 'done' || result.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const runMs = performance.now() - started;

    started = performance.now();
    const again = await trpc<{ unchanged: number; create: number; update: number }>('imports.preview', {
      kind: 'locations',
      fileId,
    });
    const againMs = performance.now() - started;
    clearInterval(sampler);

    const line = (s: string) => console.log(s);
    line(`\n### imports: ${ROWS.toLocaleString('en')} locations from a ${(csv.length / MB).toFixed(2)} MB CSV\n`);
    line('| step | time | target |');
    line('|---|---|---|');
    line(
      `| preview (${preview.create} to create, ${preview.errors.length} errors) | ${(previewMs / 1000).toFixed(2)} s | < 10 s |`,
    );
    line(`| run (${result.status}: ${result.created} created) | ${(runMs / 1000).toFixed(2)} s | < 30 s |`);
    line(`| preview of the same file again (${again.unchanged} unchanged) | ${(againMs / 1000).toFixed(2)} s | |`);
    line(`| RSS growth over the upload's (peak) | ${((peak - baseline) / MB).toFixed(0)} MB | < 150 MB |`);
  } finally {
    await app.close();
    await orm.close(true);
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
