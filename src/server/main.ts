// The only file that listens: config -> database (embedded unless DATABASE_URL) -> migrate ->
// seed when empty -> buildApp -> listen. SIGTERM/SIGINT close gracefully; a second signal forces exit.
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { initOrm, migrate, seedIfEmpty } from './db/orm.ts';

const started = performance.now();
let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const db = await connectDatabase(config, (msg) => {
  if (/error|fatal/i.test(msg)) console.error(`[postgres] ${msg}`);
});
const orm = await initOrm(db.url);
const applied = await migrate(orm);
const seeded = await seedIfEmpty(orm);
const app = await buildApp(config, orm);
app.log.info({ applied, seeded, embedded: !!db.embedded }, 'database ready');

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) {
    app.log.warn({ signal }, 'second signal: forcing exit');
    process.exit(1);
  }
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => {
    app.log.error('shutdown took over 20 s: forcing exit');
    process.exit(1);
  }, 20_000);
  force.unref();
  try {
    await app.close();
    await orm.close();
    await db.stop();
    app.log.info('stopped');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// A crash still stops the embedded database, so no orphaned postgres holds the data directory.
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error) => {
    app.log.fatal({ err: error }, event);
    void db.stop().finally(() => process.exit(1));
  });
}
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info({ ms: Math.round(performance.now() - started) }, 'ready');
