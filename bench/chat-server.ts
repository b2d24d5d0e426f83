// Benchmark child process for the live chat: one app process (buildApp + listen) over DATABASE_URL,
// as `npm start` builds it. Started twice by bench/chat-live.ts; reports { url } over IPC, stops on 'stop'.
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { initOrm } from '../src/server/db/orm.ts';

const url = process.env.DATABASE_URL;
if (!url || !process.send) throw new Error('bench/chat-server.ts is started by bench/chat-live.ts');
const config = loadConfig({
  NODE_ENV: 'production',
  DATABASE_URL: url,
  LOG_LEVEL: 'warn',
  LOGIN_RATE_LIMIT: '1000',
  JOBS: 'false',
});
const orm = await initOrm(url, { pool: { max: 10 } });
const app = await buildApp(config, orm);
await app.listen({ port: 0, host: '127.0.0.1' });
process.send({ url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` });
process.on('message', (m) => {
  if (m !== 'stop') return;
  void app
    .close()
    .then(() => orm.close())
    .finally(() => process.exit(0));
});
