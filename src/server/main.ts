// The only file that listens: config -> database (embedded unless DATABASE_URL) -> migrate ->
// seed when empty -> buildApp -> listen. SIGTERM/SIGINT close gracefully; a second signal forces exit.
import module from 'node:module';
import { inspect } from 'node:util';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from './config.ts';
import { connectDatabase, type DatabaseHandle } from './db/connect.ts';
import { DataDirInUseError } from './db/embedded.ts';
import { ensureWritableDir, probeDatabase, StartupError } from './db/startup-check.ts';

/** Whatever was thrown, as an Error (a bare `undefined` or string says so instead of printing `undefined`). */
function asError(value: unknown): Error {
  if (value instanceof Error) return value;
  return new Error(`non-Error thrown: ${inspect(value)}`);
}

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

// Before the app's modules load: their loading holds the event loop for seconds on a busy machine, long
// enough for a connection timeout to fire against a database that answered in time.
try {
  // The embedded database and files on disk live under DATA_DIR: a read-only volume is said at once.
  if (!config.databaseUrl || config.files.kind === 'disk') ensureWritableDir(config.dataDir);
  if (config.databaseUrl) await probeDatabase(config.databaseUrl);
} catch (error) {
  if (!(error instanceof StartupError)) throw error;
  console.error(`Cannot start: ${error.message}`);
  process.exit(1);
}

let db: DatabaseHandle | undefined;
let orm: MikroORM | undefined;
let app: FastifyInstance;
// The app's modules compiled once (V8's code and the TypeScript stripped of its types) are kept on disk,
// in NODE_COMPILE_CACHE or the system's temp directory: the next start loads them in about 60 % of the
// time, a restart after a crash included. A directory that cannot be written only turns the cache off.
module.enableCompileCache();
// The app's modules load (seconds on a busy machine) while the database starts, which after a crash
// includes stopping the orphaned one: a restart is ready sooner.
const modules = Promise.all([import('./app.ts'), import('./db/orm.ts')]);
modules.catch(() => undefined); // awaited below; a failure is reported there
try {
  db = await connectDatabase(config, (msg) => {
    if (/error|fatal/i.test(msg)) console.error(`[postgres] ${msg}`);
    else if (/orphaned PostgreSQL/.test(msg)) console.warn(msg);
  });
  const [{ buildApp }, { initOrm, migrate, prepareEmptyDatabase, withStartupLock }] = await modules;
  orm = await initOrm(db.url, { pool: config.databasePool });
  const ready = orm;
  // Several processes may start at once on one database: one at a time migrates, then seeds.
  const applied = await withStartupLock(db.url, () => migrate(ready));
  app = await buildApp(config, orm);
  // After buildApp: the demo evidence photos go to the app's file storage (disk or S3).
  const storage = app.fileStorage;
  const first = await withStartupLock(db.url, () =>
    prepareEmptyDatabase(
      ready,
      { seedDemo: config.seedDemo, admin: config.admin, publicUrl: config.publicUrl },
      storage,
    ),
  );
  app.log.info({ applied, seeded: first.seeded, embedded: !!db.embedded }, 'database ready');
  if (first.seeded === 'admin') {
    app.log.warn(
      first.setupLink
        ? `First start: superadmin ${first.email} created; choose its password within 24 hours at ${first.setupLink}`
        : `First start: superadmin ${first.email} created with ADMIN_PASSWORD`,
    );
  }
} catch (thrown) {
  const error = asError(thrown);
  // One line that says what to do; the stack only when it is not a known condition.
  console.error(
    error instanceof DataDirInUseError
      ? `Cannot start: ${error.message}`
      : `Cannot start: ${error.stack ?? error.message}`,
  );
  await orm?.close().catch(() => undefined);
  // Never leave an embedded server we started running without us.
  await db?.stop().catch(() => undefined);
  process.exit(1);
}
const database = db;

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) {
    app.log.warn({ signal }, 'second signal: forcing exit');
    process.exit(1);
  }
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  // Inside the 10 s a container gets between `docker stop`'s SIGTERM and its SIGKILL.
  const force = setTimeout(() => {
    app.log.error('shutdown took over 8 s: forcing exit');
    process.exit(1);
  }, 8_000);
  force.unref();
  try {
    await app.close();
    await orm?.close();
    await database.stop();
    app.log.info('stopped');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: asError(error) }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// A crash still stops the embedded database, so no orphaned postgres holds the data directory.
// (kill -9 cannot be caught: the next start finds the orphan and stops it, see db/embedded.ts.)
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error) => {
    app.log.fatal({ err: asError(error) }, event);
    void database.stop().finally(() => process.exit(1));
  });
}
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  console.error(`Cannot start: ${asError(error).message}`);
  await orm?.close().catch(() => undefined);
  await database.stop().catch(() => undefined);
  process.exit(1);
}
app.log.info({ ms: Math.round(performance.now() - started) }, 'ready');
// Written now, not at exit: a process killed hard never exits.
module.flushCompileCache();
