// The real server process (src/server/main.ts): graceful shutdown with a request in flight,
// and a second signal forcing exit.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded.ts';
import { createTestDatabase } from './testing/database.ts';

const db = await createTestDatabase();
afterAll(() => db.drop());

async function startServer(): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  for (let i = 0; i < 200; i++) {
    if (out.includes('"msg":"ready"')) return { child, port, output: () => out };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${out}`);
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.on('exit', (code) => resolve(code));
  });
}

/** Open a connection and send a login request whose body is not finished yet. */
async function halfSentLogin(port: number) {
  const body = JSON.stringify({ email: 'admin@demo.com', password: 'admin' });
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((r) => socket.once('connect', () => r()));
  let response = '';
  socket.on('data', (d: Buffer) => (response += d.toString()));
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
  );
  return {
    finish: async () => {
      socket.write(body.slice(10));
      await new Promise<void>((r) => socket.once('close', () => r()));
      return response;
    },
    socket,
  };
}

describe('server process lifecycle', () => {
  it('on SIGTERM finishes the request in flight, then exits 0', async () => {
    const { child, port, output } = await startServer();
    const inflight = await halfSentLogin(port);
    await new Promise((r) => setTimeout(r, 200));
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    expect(child.exitCode).toBeNull();
    const response = await inflight.finish();
    expect(response).toMatch(/^HTTP\/1\.1 201/);
    expect(await exitOf(child)).toBe(0);
    expect(output()).toContain('stopped');
    expect(output()).not.toMatch(/"password"\s*:\s*"admin"/);
  });

  it('a second signal forces exit', async () => {
    const { child, port } = await startServer();
    const inflight = await halfSentLogin(port);
    await new Promise((r) => setTimeout(r, 200));
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(1);
    inflight.socket.destroy();
  });
});
