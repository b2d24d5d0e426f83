// `npm run bench:nodes`: throughput of a list endpoint (the shop's orders, page 1, as admin@demo.com) with
// one and with three app processes (the real src/server/main.ts, as `npm start` runs it) on one PostgreSQL,
// behind the small round-robin proxy of the multi-node test (src/server/testing/cluster.ts); one node is
// also measured without the proxy, to show what the proxy itself costs.
//  1. embedded PostgreSQL in a temp dir; the first node migrates and seeds the demo data;
//  2. for 1 then 3 nodes: start them, sign in through the proxy, 2 s warm-up, BENCH_SECONDS (default 10)
//     of autocannon with BENCH_CONNECTIONS (default 10); requests per node from the proxy's record;
//  3. a markdown table: req/s, p50/p95 latency, the three/one ratio.
// Everything (proxy, nodes, PostgreSQL, autocannon) shares this machine's cores: read the ratio with that.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { type ClusterNode, startNodes, startProxy, stopNodes } from '../src/server/testing/cluster.ts';
import { ACCESS_TOKEN_COOKIE } from '../src/shared/constants/http.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LIST = '/api/apps/ecommerce/orders?page=1&itemsPerPage=10';

interface Result {
  rps: number;
  p50: number;
  p95: number;
  failures: number;
}

function load(url: string, headers: Record<string, string>, seconds: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (error, result) => {
      if (error) return reject(error);
      resolve({
        rps: result.requests.total / (result.duration || seconds),
        p50: result.latency.p50,
        p95: result.latency.p97_5,
        failures: result.non2xx + result.errors + result.timeouts,
      });
    });
  });
}

async function signIn(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.com', password: 'admin' }),
  });
  if (res.status !== 201) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const token = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith(`${ACCESS_TOKEN_COOKIE}=`));
  if (!token) throw new Error('sign-in set no session cookie');
  const headers = { cookie: token };
  const check = await fetch(`${base}${LIST}`, { headers });
  if (check.status !== 200) throw new Error(`list: ${check.status} ${await check.text()}`);
  return headers;
}

async function stop(nodes: ClusterNode[]): Promise<void> {
  await Promise.all(
    nodes.map(
      (node) =>
        new Promise<void>((resolve) => {
          if (node.child.exitCode !== null) return resolve();
          node.child.once('exit', () => resolve());
          node.child.kill('SIGTERM');
        }),
    ),
  );
  stopNodes(nodes);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-bench-nodes-'));
fs.chmodSync(dir, 0o755); // run as root, the embedded server runs as its own user
const db = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), fast: true });
const env = {
  DATABASE_URL: db.url,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'true',
  LOGIN_RATE_LIMIT: '1000',
  // The proxy (127.0.0.1) names the client; the scheduled jobs stay off so only requests are measured.
  TRUST_PROXY: '127.0.0.1',
  JOBS: 'false',
  DATA_DIR: dir,
};
const rows: string[] = [];
const byCount = new Map<number, Result>();
try {
  for (const count of [1, 3]) {
    const nodes = await startNodes(count, env, 180_000);
    const proxy = await startProxy(nodes);
    try {
      const headers = await signIn(proxy.url);
      if (count === 1) {
        const direct = `http://127.0.0.1:${nodes[0]?.port}${LIST}`;
        await load(direct, headers, 2);
        const r = await load(direct, headers, SECONDS);
        rows.push(`| 1 node, no proxy | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p95} | ${r.failures} | – |`);
      }
      await load(`${proxy.url}${LIST}`, headers, 2);
      proxy.served.length = 0;
      const r = await load(`${proxy.url}${LIST}`, headers, SECONDS);
      byCount.set(count, r);
      const spread = nodes.map((n) => proxy.served.filter((s) => s.node === n.index).length).join(' / ');
      rows.push(
        `| ${count} node${count > 1 ? 's' : ''} behind the proxy | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p95} | ${r.failures} | ${spread} |`,
      );
    } finally {
      await proxy.close();
      await stop(nodes);
    }
  }
} finally {
  await db.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
const one = byCount.get(1)?.rps ?? NaN;
const three = byCount.get(3)?.rps ?? NaN;
console.log(`\nGET ${LIST}, ${CONNECTIONS} connections, ${SECONDS} s, ${os.cpus().length} cores\n`);
console.log('| setup | req/s | p50 ms | p97.5 ms | failures | requests per node |');
console.log('|---|---:|---:|---:|---:|---|');
for (const row of rows) console.log(row);
console.log(`\nthree nodes / one node: ${(three / one).toFixed(2)}`);
