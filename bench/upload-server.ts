// Benchmark child process for uploads: the real app (buildApp + listen, files on disk under BENCH_DATA_DIR)
// and a sampler of its own resident memory. Started by bench/uploads.ts with DATABASE_URL; reports
// { appUrl } over IPC, then answers 'rss' (now), 'peak:start' / 'peak:stop' (highest RSS in between,
// sampled every 10 ms) and 'stop'.
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { initOrm } from '../src/server/db/orm.ts';

const url = process.env.DATABASE_URL;
const dataDir = process.env.BENCH_DATA_DIR;
if (!url || !dataDir || !process.send) throw new Error('bench/upload-server.ts is started by bench/uploads.ts');

const config = loadConfig({
  NODE_ENV: 'production',
  DATABASE_URL: url,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  LOGIN_RATE_LIMIT: '1000',
});
const orm = await initOrm(url, { pool: { max: 10 } });
const app = await buildApp(config, orm);
await app.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

let peak = 0;
let sampler: NodeJS.Timeout | undefined;
const send = (message: unknown) => process.send!(message);

process.on('message', (message) => {
  switch (message) {
    case 'rss':
      send({ rss: process.memoryUsage.rss() });
      break;
    case 'peak:start':
      peak = process.memoryUsage.rss();
      sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage.rss());
      }, 10);
      send({ started: true });
      break;
    case 'peak:stop':
      clearInterval(sampler);
      send({ peak: Math.max(peak, process.memoryUsage.rss()) });
      break;
    case 'stop':
      void (async () => {
        await app.close();
        await orm.close();
        process.exit(0);
      })();
      break;
  }
});
send({ appUrl });
