// A start that cannot go on says why in one line and exits 1: the checks themselves against a real
// PostgreSQL, then the real server process (src/server/main.ts) with a wrong DATABASE_URL or DATA_DIR.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from './embedded.ts';
import { ensureWritableDir, probeDatabase, StartupError } from './startup-check.ts';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-startup-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
// A regular file where a folder is expected: not writable for any user, root included.
const blocked = path.join(scratch, 'a-file');
fs.writeFileSync(blocked, '');

function withPath(url: string, pathname: string): string {
  const u = new URL(url);
  u.pathname = pathname;
  return u.toString();
}

describe('startup checks', () => {
  it('creates a missing DATA_DIR and refuses one it cannot write', () => {
    ensureWritableDir(path.join(scratch, 'data', 'nested'));
    expect(fs.readdirSync(path.join(scratch, 'data', 'nested'))).toEqual([]);
    expect(() => ensureWritableDir(path.join(blocked, 'data'))).toThrow(StartupError);
    expect(() => ensureWritableDir(path.join(blocked, 'data'))).toThrow(
      /^DATA_DIR .*a-file\/data is not writable .*ENOTDIR/,
    );
  });

  it('names the host and the cause when the database cannot be used', async () => {
    const port = await freePort();
    await expect(probeDatabase(`postgresql://u:secret@127.0.0.1:${port}/x`)).rejects.toThrow(
      `DATABASE_URL: nothing answers at 127.0.0.1:${port} (ECONNREFUSED)`,
    );
    await expect(probeDatabase('postgresql://u:secret@no-such-host.invalid/x')).rejects.toThrow(
      /^DATABASE_URL: the host no-such-host\.invalid is not known \((ENOTFOUND|EAI_AGAIN)\)$/,
    );
    const server = inject('pgServerUrl');
    await expect(probeDatabase(withPath(server, '/no_such_database'))).rejects.toThrow(
      // The tests' embedded server is reached through its Unix socket (a folder), another one over TCP.
      /^DATABASE_URL: database no_such_database does not exist at (127\.0\.0\.1|localhost|\/tmp):\d+$|refused user/,
    );
    await expect(probeDatabase(withPath(server, '/postgres'))).resolves.toBeUndefined();
  });
});

async function run(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  return { code, stdout, stderr };
}

describe('the server process refuses to start, in one line', () => {
  it('with a database that does not answer', async () => {
    const port = await freePort();
    const result = await run({ DATABASE_URL: `postgresql://u:secret@127.0.0.1:${port}/opsdesk` });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Cannot start: DATABASE_URL: nothing answers at 127.0.0.1:${port} (ECONNREFUSED)`,
    );
    expect(result.stderr + result.stdout).not.toContain('secret');
  });

  it('with a DATA_DIR it cannot write (the embedded database lives there)', async () => {
    const result = await run({ DATABASE_URL: '', DATA_DIR: path.join(blocked, 'data') });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^Cannot start: DATA_DIR .* is not writable by this process \(uid \d+, ENOTDIR\)/);
  });
});
