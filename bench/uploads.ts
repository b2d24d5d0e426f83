// Upload benchmark (issue 12): a 5 MB photo sent to POST /api/files by 10 clients at once, several
// rounds, against the real app in a child process (bench/upload-server.ts) whose resident memory is
// sampled every 10 ms. An upload streams to a temporary file (size and sha256 counted on the way),
// then to the storage, and the thumbnail is made by libvips with shrink-on-load, so the server's
// memory should stay flat however big the photos: the report gives the baseline and the peak RSS.
// Part of `npm run bench` (bench/run.ts); alone: `node --experimental-strip-types bench/uploads.ts`.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const CONCURRENT = 10;
const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 5);
const MB = 1024 * 1024;

/** A photo-like JPEG of at least `target` bytes: noise over a gradient, 4000 × 3000 (12 megapixels). */
async function photo(target: number): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let state = 12345;
  for (let i = 0; i < pixels.length; i += 3) {
    state = (state * 1103515245 + 12345) >>> 0;
    const x = (i / 3) % width;
    const noise = state >>> 27;
    pixels[i] = (x * 255) / width + noise;
    pixels[i + 1] = 120 + noise;
    pixels[i + 2] = 200 - noise;
  }
  for (let quality = 88; ; quality += 2) {
    const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length >= target || quality >= 98) return jpeg;
  }
}

export interface UploadScenario {
  label: string;
  fileBytes: number;
  uploads: number;
  /** RSS of the server just before (what the earlier runs left). */
  startRss: number;
  /** Highest RSS of the server while they ran. */
  peakRss: number;
  p50: number;
  p95: number;
  seconds: number;
}

export interface UploadBenchResult {
  /** RSS of the started server, before any upload. */
  baselineRss: number;
  /** RSS after one upload (image library loaded, paths warm). */
  warmRss: number;
  scenarios: UploadScenario[];
}

const mb = (n: number) => `${(n / MB).toFixed(0)} MB`;

/** Runs the benchmark against a migrated and seeded database; logs with `log`, returns the numbers. */
export async function uploadBench(databaseUrl: string, log: (msg: string) => void): Promise<UploadBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-bench-files-'));
  const child = fork(path.join(import.meta.dirname, 'upload-server.ts'), {
    env: { ...process.env, DATABASE_URL: databaseUrl, BENCH_DATA_DIR: dataDir },
  });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      child.once('message', (m) => resolve(m as T));
      child.once('exit', (code) => reject(new Error(`upload server exited with ${code}`)));
    });
  try {
    const { appUrl } = await next<{ appUrl: string }>();
    const ask = async <T>(message: string) => {
      const answer = next<T>();
      child.send(message);
      return answer;
    };
    const login = await fetch(`${appUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'qualitycontrol@demo.com', password: 'qualitycontrol' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const image = await photo(5 * MB);
    log(`photo: ${(image.length / MB).toFixed(2)} MB JPEG, 4000 × 3000`);
    // A 20 MB text file: no thumbnail, so only the streaming path is measured.
    const document = Buffer.alloc(20 * MB, 'inspection report line\n');
    const send = async (body: Buffer, name: string, type: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(body)], { type }), name);
      const started = performance.now();
      const res = await fetch(`${appUrl}/api/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}` },
        body: form,
      });
      if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      return performance.now() - started;
    };
    const { rss: baselineRss } = await ask<{ rss: number }>('rss');
    await send(image, 'warm-up.jpg', 'image/jpeg'); // loads sharp/libvips and warms the paths once
    const { rss: warmRss } = await ask<{ rss: number }>('rss');
    const scenario = async (
      label: string,
      body: Buffer,
      name: string,
      type: string,
      rounds: number,
    ): Promise<UploadScenario> => {
      const { rss: startRss } = await ask<{ rss: number }>('rss');
      await ask('peak:start');
      const began = performance.now();
      const times: number[] = [];
      for (let round = 0; round < rounds; round++) {
        times.push(
          ...(await Promise.all(
            Array.from({ length: CONCURRENT }, (_, i) => send(body, `${round}-${i}-${name}`, type)),
          )),
        );
      }
      const seconds = (performance.now() - began) / 1000;
      const { peak: peakRss } = await ask<{ peak: number }>('peak:stop');
      times.sort((a, b) => a - b);
      const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
      const result = {
        label,
        fileBytes: body.length,
        uploads: times.length,
        startRss,
        peakRss,
        p50: at(50),
        p95: at(95),
        seconds,
      };
      log(
        `${label}: ${result.uploads} × ${(body.length / MB).toFixed(1)} MB, ${CONCURRENT} at a time: RSS at start ${mb(baselineRss)}, ` +
          `after one upload ${mb(warmRss)}, before this run ${mb(startRss)}, peak ${mb(peakRss)}; per upload p50 ${at(50).toFixed(0)} ms, p95 ${at(95).toFixed(0)} ms; ${seconds.toFixed(1)} s`,
      );
      return result;
    };
    const scenarios = [
      await scenario('photo (JPEG, thumbnail made)', image, 'photo.jpg', 'image/jpeg', ROUNDS),
      await scenario('document (text, no thumbnail)', document, 'report.txt', 'text/plain', 1),
    ];
    return { baselineRss, warmRss, scenarios };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const UPLOAD_TABLE_HEAD = [
  '| Uploads (POST /api/files), 10 at a time | Server RSS: started / after one upload / before the run | Peak RSS while they ran | Upload p50 / p95 ms |',
  '|---|---:|---:|---:|',
];

/** The README rows of the result. */
export function uploadBenchRows(r: UploadBenchResult): string[] {
  return r.scenarios.map(
    (s) =>
      `| ${s.uploads} × ${(s.fileBytes / MB).toFixed(1)} MB ${s.label} | ${mb(r.baselineRss)} / ${mb(r.warmRss)} / ${mb(s.startRss)} | ${mb(s.peakRss)} | ` +
      `${s.p50.toFixed(0)} / ${s.p95.toFixed(0)} |`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { startEmbeddedPostgres } = await import('../src/server/db/embedded.ts');
  const { initOrm, migrate } = await import('../src/server/db/orm.ts');
  const { DatabaseSeeder } = await import('../seed/DatabaseSeeder.ts');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-bench-uploads-'));
  fs.chmodSync(dir, 0o755);
  const db = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), fast: true });
  try {
    const orm = await initOrm(db.url);
    await migrate(orm);
    await orm.seeder.seed(DatabaseSeeder);
    await orm.close();
    const result = await uploadBench(db.url, (msg) => console.log(`[bench] ${msg}`));
    console.log(
      `\n${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}, Node ${process.version}\n`,
    );
    for (const line of [...UPLOAD_TABLE_HEAD, ...uploadBenchRows(result)]) console.log(line);
  } finally {
    await db.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
