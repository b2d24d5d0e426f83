// Several real server processes (src/server/main.ts, the entry `npm start` runs) on one database behind a
// small round-robin HTTP proxy, for tests of what the processes share. The proxy streams both ways,
// names the client in X-Forwarded-For (its own address, 127.0.0.1, is the one TRUST_PROXY trusts) and
// says which node answered in `x-upstream`. A node it cannot reach is taken out of the rotation; a
// request cut by a dying node is answered 502 and never retried (it may have been applied).
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import superjson, { type SuperJSONResult } from 'superjson';
import { ACCESS_TOKEN_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../../shared/constants/http.ts';
import { freePort } from '../db/embedded.ts';

export interface ClusterNode {
  index: number;
  port: number;
  child: ChildProcess;
  output(): string;
}

/** Start `count` server processes at once with `env`; resolves when every one answers /readyz. */
export async function startNodes(count: number, env: Record<string, string>, limitMs = 60_000): Promise<ClusterNode[]> {
  const nodes = await Promise.all(
    Array.from({ length: count }, async (_, index): Promise<ClusterNode> => {
      const port = await freePort();
      const child = spawn(process.execPath, ['src/server/main.ts'], {
        env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
      return { index, port, child, output: () => out };
    }),
  );
  try {
    await Promise.all(nodes.map((node) => untilReady(node, limitMs)));
  } catch (error) {
    stopNodes(nodes);
    throw error;
  }
  return nodes;
}

async function untilReady(node: ClusterNode, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (node.child.exitCode !== null)
      throw new Error(`node ${node.index} exited ${node.child.exitCode}:\n${node.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${node.port}/readyz`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`node ${node.index} not ready within ${limitMs} ms:\n${node.output()}`);
}

/** SIGKILL every node still running. */
export function stopNodes(nodes: readonly ClusterNode[]): void {
  for (const node of nodes)
    if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGKILL');
}

export interface Proxy {
  url: string;
  /** Every request passed on: its method, path and the node that got it. */
  served: { method: string; path: string; node: number }[];
  /** Nodes taken out of the rotation (could not be reached). */
  dead: Set<number>;
  close(): Promise<void>;
}

export async function startProxy(nodes: readonly ClusterNode[]): Promise<Proxy> {
  const served: Proxy['served'] = [];
  const dead = new Set<number>();
  let turn = 0;
  const server = http.createServer((req, res) => {
    const live = nodes.filter((n) => !dead.has(n.index));
    if (!live.length) return void res.writeHead(502).end();
    const node = live[turn++ % live.length];
    served.push({ method: req.method ?? '', path: req.url ?? '', node: node.index });
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: node.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwarded },
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(node.index) });
        answer.pipe(res);
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') dead.add(node.index);
      if (!res.headersSent) res.writeHead(502, { 'x-upstream': String(node.index) }).end();
      else res.destroy();
    });
    // A client that hangs up (an SSE stream closed) ends the upstream request too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    dead,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface CallResult<T> {
  status: number;
  /** The node that answered (the proxy's `x-upstream`). */
  node: number;
  data: T;
  headers: Headers;
}

/** A browser-like session through the proxy: the session cookie, and the XSRF header on mutations. */
export class BrowserSession {
  readonly base: string;
  readonly accessToken: string;
  readonly xsrf: string;

  constructor(base: string, accessToken: string, xsrf: string) {
    this.base = base;
    this.accessToken = accessToken;
    this.xsrf = xsrf;
  }

  /** Sign in with REST /api/auth/login and keep the cookies it sets. */
  static async signIn(base: string, email: string, password: string): Promise<BrowserSession> {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 201) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
    const cookies = new Map(res.headers.getSetCookie().map((c) => c.split(';')[0].split('=') as [string, string]));
    const token = cookies.get(ACCESS_TOKEN_COOKIE);
    const xsrf = cookies.get(XSRF_COOKIE);
    if (!token || !xsrf) throw new Error(`sign-in of ${email} set no session cookies`);
    return new BrowserSession(base, token, decodeURIComponent(xsrf));
  }

  get headers(): Record<string, string> {
    return {
      cookie: `${ACCESS_TOKEN_COOKIE}=${this.accessToken}; ${XSRF_COOKIE}=${this.xsrf}`,
      [XSRF_HEADER]: this.xsrf,
    };
  }

  /** A tRPC query over HTTP (GET); throws unless 200 when `expectOk`. */
  async query<T>(path: string, input?: unknown, expectOk = true): Promise<CallResult<T>> {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
    return this.trpc<T>(await fetch(`${this.base}/trpc/${path}${query}`, { headers: this.headers }), path, expectOk);
  }

  /** A tRPC mutation over HTTP (POST with the XSRF header); throws unless 200 when `expectOk`. */
  async mutate<T>(path: string, input?: unknown, expectOk = true): Promise<CallResult<T>> {
    const res = await fetch(`${this.base}/trpc/${path}`, {
      method: 'POST',
      headers: { ...this.headers, 'content-type': 'application/json' },
      body: JSON.stringify(superjson.serialize(input)),
    });
    return this.trpc<T>(res, path, expectOk);
  }

  private async trpc<T>(res: Response, path: string, expectOk: boolean): Promise<CallResult<T>> {
    const text = await res.text();
    if (expectOk && res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`);
    const body = text ? (JSON.parse(text) as { result?: { data: SuperJSONResult } }) : {};
    return {
      status: res.status,
      node: Number(res.headers.get('x-upstream')),
      data: (body.result ? superjson.deserialize(body.result.data) : undefined) as T,
      headers: res.headers,
    };
  }
}

/**
 * One HTTP request from a chosen loopback address (`from`, e.g. 127.0.0.7): the proxy names it in
 * X-Forwarded-For, so each address is a different client to the nodes.
 */
export function requestFrom(
  from: string,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; node: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: init.method, headers: init.headers, localAddress: from, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, node: Number(res.headers['x-upstream']), headers: res.headers, body }),
        );
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}
