// The real server process (src/server/main.ts) on its embedded PostgreSQL, killed with SIGKILL in the
// middle of a write storm: the next start on the same DATA_DIR stops the orphaned postgres, is healthy
// within 10 s, and every write the first process acknowledged is there. A second server on a DATA_DIR
// a live one owns refuses with one line.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, inspectDataDir, releaseDataDir, startFailure } from './db/embedded.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-crash-'));
fs.chmodSync(dataDir, 0o755); // the postgres user (when run as root) must reach it
const pgDir = path.join(dataDir, 'pg');
const pgPort = await freePort();
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await new Promise((r) => setTimeout(r, 200));
  // Whatever happened above, leave no postgres running on the temp directory.
  if (inspectDataDir(pgDir).state !== 'free') await releaseDataDir(pgDir).catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
}

function spawnServer(port: number): Server {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      LOGIN_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return { child, port, output: () => out };
}

/** Milliseconds until GET /healthz answers 200, polling every 50 ms; throws after `limitMs`. */
async function untilHealthy(server: Server, limitMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (server.child.exitCode !== null) throw new Error(`server exited ${server.child.exitCode}:\n${server.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not healthy within ${limitMs} ms:\n${server.output()}`);
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.on('exit', (code) => resolve(code));
  });
}

async function adminToken(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.com', password: 'admin' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/**
 * Writers creating directions as fast as the server acknowledges them, until `stop()`. Only a 200 with
 * the created row counts as acknowledged; a request cut by the kill does not.
 */
function writeStorm(port: number, token: string, writers: number) {
  const acknowledged = new Set<string>();
  let attempted = 0;
  let running = true;
  let next = 0;
  const loops = Array.from({ length: writers }, async () => {
    while (running) {
      const code = `CRASH-${next++}`;
      attempted++;
      try {
        const res = await fetch(`http://127.0.0.1:${port}/trpc/directions.create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ json: { code, name: `Crash test ${code}` } }),
        });
        const body = await res.text();
        if (res.status === 200 && body.includes(code)) acknowledged.add(code);
      } catch {
        // the server died under this request: not acknowledged
      }
    }
  });
  return {
    acknowledged,
    attempted: () => attempted,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe('crash restart (kill -9 of the node process)', () => {
  it('restarts healthy within 10 s on the same DATA_DIR with every acknowledged write kept', {
    timeout: 240_000,
  }, async () => {
    const first = spawnServer(await freePort());
    await untilHealthy(first, 180_000); // first start: initdb, migrations, seed
    const token = await adminToken(first.port);

    const storm = writeStorm(first.port, token, 8);
    while (storm.acknowledged.size < 150) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await storm.stop();
    await exitOf(first.child);
    // The node process is gone; its postgres is not (what made every restart fail).
    expect(inspectDataDir(pgDir).state).toBe('orphan');

    const restarted = spawnServer(await freePort());
    const ms = await untilHealthy(restarted, 10_000);
    expect(ms).toBeLessThan(10_000);

    const client = new pg.Client({ connectionString: `postgresql://opsdesk:opsdesk@127.0.0.1:${pgPort}/opsdesk` });
    await client.connect();
    const rows = await client.query<{ code: string }>(`select code from directions where code like 'CRASH-%'`);
    await client.end();
    const stored = new Set(rows.rows.map((r) => r.code));
    const lost = [...storm.acknowledged].filter((code) => !stored.has(code));
    const stopped = /stopped the orphaned PostgreSQL in (\d+) ms/.exec(restarted.output())?.[1];
    console.info(
      `crash restart: healthy ${Math.round(ms)} ms after restart (orphan stopped in ${stopped} ms); writes attempted ${storm.attempted()}, ` +
        `acknowledged ${storm.acknowledged.size}, stored ${stored.size}, acknowledged but lost ${lost.length}`,
    );
    expect(lost).toEqual([]);
    expect(restarted.output()).toContain('stopping the orphaned PostgreSQL');
    expect(restarted.output()).not.toMatch(/^undefined$/m);

    // A second server on the directory the restarted one owns refuses, in one line, and leaves it alone.
    const intruder = spawnServer(await freePort());
    expect(await exitOf(intruder.child)).toBe(1);
    const refusal = intruder.output().trim();
    expect(refusal).toMatch(
      /^Cannot start: .* is in use by a running Opsdesk server \(pid \d+.*stop that server first/,
    );
    expect(refusal.split('\n')).toHaveLength(1);
    expect((await fetch(`http://127.0.0.1:${restarted.port}/healthz`)).status).toBe(200);

    restarted.child.kill('SIGTERM');
    expect(await exitOf(restarted.child)).toBe(0);
    expect(inspectDataDir(pgDir).state).toBe('free');
  });
});

describe('data directory holder', () => {
  it('treats a pid file naming a live process that is not our postgres as stale (pid reuse)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-holder-'));
    try {
      expect(inspectDataDir(dir)).toEqual({ state: 'free' });
      fs.writeFileSync(path.join(dir, 'postmaster.pid'), `${process.pid}\n${dir}\n0\n5432\n`);
      expect(inspectDataDir(dir)).toEqual({ state: 'stale', pid: process.pid });
      await releaseDataDir(dir);
      expect(fs.existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("explains a failed start with postgres's FATAL line, never `undefined`", () => {
    const error = startFailure(undefined, [
      '2026-01-01 00:00:00.000 UTC [1] FATAL:  lock file "postmaster.pid" already exists\n2026-01-01 HINT:  Is another postmaster running?',
    ]);
    expect(error.message).toBe('PostgreSQL did not start: FATAL: lock file "postmaster.pid" already exists');
    expect(startFailure(undefined, []).message).toBe('PostgreSQL did not start: the server exited');
  });
});
