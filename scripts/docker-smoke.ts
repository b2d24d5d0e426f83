// `npm run docker:smoke`: the production image and compose.yaml, checked the way an operator uses them
// (needs a Docker engine; never part of `npm test`). Prints each step's time and the measurements.
//  1. docker build (image size);
//  2. trial: the image on a fresh volume, no DATABASE_URL -> embedded PostgreSQL under /data and the demo
//     data; sign in over REST, upload a file; `docker stop` (drains, exit 0) and start again: the session,
//     the file and a fresh sign-in still work; cold start to ready, idle RSS of the node process;
//  3. external database: postgres:16 and the image with DATABASE_URL and ADMIN_EMAIL/ADMIN_PASSWORD
//     (no demo data: the demo password is refused, the admin's works); cold start to ready;
//  4. compose.yaml: postgres, two app replicas, nginx on a free port (SEED_DEMO=true passed through); sign in
//     and upload through the proxy, both replicas served requests; a chat message reaches a live stream;
//  5. everything removed (containers, volumes, network), also after a failure.
// Env: DOCKER_HOST (the engine), OPSDESK_IMAGE (default opsdesk:smoke), SMOKE_SKIP_BUILD=1 (use the image as is),
//      COMPOSE (the compose command; default `docker compose`, else `docker-compose`).
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { freePort } from '../src/server/db/embedded.ts';
import { BrowserSession } from '../src/server/testing/cluster.ts';
import { openSubscription } from '../src/server/testing/sse.ts';
import { ACCESS_TOKEN_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../src/shared/constants/http.ts';

const image = process.env.OPSDESK_IMAGE ?? 'opsdesk:smoke';
const run = crypto.randomBytes(3).toString('hex');
const names = {
  trial: `opsdesk-smoke-trial-${run}`,
  trialVolume: `opsdesk-smoke-data-${run}`,
  network: `opsdesk-smoke-net-${run}`,
  pg: `opsdesk-smoke-pg-${run}`,
  external: `opsdesk-smoke-ext-${run}`,
  externalVolume: `opsdesk-smoke-files-${run}`,
  project: `opsdesksmoke${run}`,
};
const timings: [string, number][] = [];
const facts: [string, string][] = [];

function docker(...args: string[]): string {
  return execFileSync('docker', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}
function quiet(cmd: string, args: string[]): void {
  spawnSync(cmd, args, { stdio: 'ignore' });
}
const composeCommand = (): string[] => {
  if (process.env.COMPOSE) return process.env.COMPOSE.split(' ');
  return spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0
    ? ['docker', 'compose']
    : ['docker-compose'];
};
function compose(env: Record<string, string>, ...args: string[]): string {
  const [cmd, ...pre] = composeCommand();
  return execFileSync(cmd, [...pre, '-p', names.project, '-f', 'compose.yaml', ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

async function step<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  process.stdout.write(`- ${name} … `);
  const result = await work();
  const ms = performance.now() - started;
  timings.push([name, ms]);
  console.log(`${(ms / 1000).toFixed(1)} s`);
  return result;
}

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`smoke check failed: ${what}`);
}

/** Poll GET base/readyz until 200; the time it took in ms. */
async function waitReady(base: string, container?: string, limitMs = 180_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    const ok = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return performance.now() - started;
    if (container && docker('inspect', '-f', '{{.State.Running}}', container) !== 'true') {
      throw new Error(`${container} stopped:\n${docker('logs', '--tail', '30', container)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${base} not ready within ${limitMs / 1000} s`);
}

async function waitHealthy(container: string, limitMs = 120_000): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    const status = docker('inspect', '-f', '{{.State.Health.Status}}', container);
    if (status === 'healthy') return;
    if (status === 'unhealthy') throw new Error(`${container} is unhealthy`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${container} not healthy within ${limitMs / 1000} s`);
}

interface Session {
  cookie: string;
  xsrf: string;
}
async function signIn(base: string, email: string, password: string): Promise<Session | number> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 201) return res.status;
  const cookies = new Map(res.headers.getSetCookie().map((c) => c.split(';')[0]?.split('=') as [string, string]));
  const token = cookies.get(ACCESS_TOKEN_COOKIE);
  const xsrf = decodeURIComponent(cookies.get(XSRF_COOKIE) ?? '');
  check(Boolean(token && xsrf), 'sign-in sets the session cookies');
  return { cookie: `${ACCESS_TOKEN_COOKIE}=${token}; ${XSRF_COOKIE}=${xsrf}`, xsrf };
}
async function mustSignIn(base: string, email: string, password: string): Promise<Session> {
  const session = await signIn(base, email, password);
  if (typeof session === 'number') throw new Error(`sign-in of ${email} at ${base}: ${session}`);
  return session;
}
const headersOf = (s: Session) => ({ cookie: s.cookie, [XSRF_HEADER]: s.xsrf });

async function upload(base: string, session: Session, text: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), 'smoke.txt');
  const res = await fetch(`${base}/api/files`, { method: 'POST', headers: headersOf(session), body: form });
  check(res.status === 201, `upload answers 201 (got ${res.status} ${res.status === 201 ? '' : await res.text()})`);
  return ((await res.json()) as { id: number }).id;
}
async function download(base: string, session: Session, id: number): Promise<string> {
  const res = await fetch(`${base}/api/files/${id}`, { headers: headersOf(session) });
  check(res.status === 200, `download of file ${id} answers 200 (got ${res.status})`);
  return res.text();
}

/** RSS of the container's node process (the server), in MB, via `docker top`. */
function nodeRss(container: string): number {
  const rows = docker('top', container, '-o', 'pid,rss,args').split('\n').slice(1);
  const row = rows.find((r) => /^\s*\d+\s+\d+\s+node src\/server\/main\.ts/.test(r)); // not tini, its parent
  check(Boolean(row), `a node process in ${container}`);
  return Number((row as string).trim().split(/\s+/)[1]) / 1024;
}

async function trial(): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const start = () =>
    docker(
      'run',
      '-d',
      '--name',
      names.trial,
      '-p',
      `127.0.0.1:${port}:3000`,
      '-v',
      `${names.trialVolume}:/data`,
      image,
    );
  const cold = await step(
    'trial: first start on an empty volume (embedded PostgreSQL, demo seeded) until ready',
    () => {
      start();
      return waitReady(base, names.trial);
    },
  );
  facts.push(['cold start, embedded database, empty volume (to /readyz 200)', `${(cold / 1000).toFixed(1)} s`]);
  await step('trial: health check turns healthy', () => waitHealthy(names.trial));
  const text = `trial evidence ${run}`;
  const { session, id } = await step('trial: sign in (admin@demo.com) and upload a file', async () => {
    const session = await mustSignIn(base, 'admin@demo.com', 'admin');
    return { session, id: await upload(base, session, text) };
  });
  await new Promise((r) => setTimeout(r, 5000));
  facts.push(['RSS of the idle node process (trial, after first start)', `${nodeRss(names.trial).toFixed(0)} MB`]);
  await step('trial: docker stop (drain) exits 0', () => {
    docker('stop', names.trial);
    const code = docker('inspect', '-f', '{{.State.ExitCode}}', names.trial);
    check(code === '0', `exit code 0 after docker stop (got ${code}):\n${docker('logs', '--tail', '20', names.trial)}`);
  });
  const warm = await step('trial: start again until ready', () => {
    docker('start', names.trial);
    return waitReady(base, names.trial);
  });
  facts.push(['restart, embedded database (to /readyz 200)', `${(warm / 1000).toFixed(1)} s`]);
  await step('trial: after the restart the session, the file and a new sign-in work', async () => {
    check((await download(base, session, id)) === text, 'the uploaded file survives the restart');
    const again = await mustSignIn(base, 'admin@demo.com', 'admin');
    check((await download(base, again, id)) === text, 'the file downloads in a new session');
  });
  await new Promise((r) => setTimeout(r, 5000));
  facts.push(['RSS of the idle node process (trial, after a restart)', `${nodeRss(names.trial).toFixed(0)} MB`]);
  quiet('docker', ['rm', '-f', '-v', names.trial]);
}

async function external(): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  await step('external: postgres:16 up and accepting connections', async () => {
    docker('network', 'create', names.network);
    docker(
      'run',
      '-d',
      '--name',
      names.pg,
      '--network',
      names.network,
      '-e',
      'POSTGRES_USER=opsdesk',
      '-e',
      'POSTGRES_PASSWORD=smoke-secret',
      '-e',
      'POSTGRES_DB=opsdesk',
      'postgres:16',
    );
    for (let i = 0; i < 240; i++) {
      if (
        spawnSync('docker', ['exec', names.pg, 'pg_isready', '-U', 'opsdesk', '-d', 'opsdesk', '-h', '127.0.0.1'], {
          stdio: 'ignore',
        }).status === 0
      )
        return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('postgres:16 did not get ready');
  });
  const cold = await step('external: the image with DATABASE_URL until ready (migrations, first superadmin)', () => {
    docker(
      'run',
      '-d',
      '--name',
      names.external,
      '--network',
      names.network,
      '-p',
      `127.0.0.1:${port}:3000`,
      '-v',
      `${names.externalVolume}:/data`,
      '-e',
      `DATABASE_URL=postgresql://opsdesk:smoke-secret@${names.pg}:5432/opsdesk`,
      '-e',
      'ADMIN_EMAIL=owner@example.com',
      '-e',
      'ADMIN_PASSWORD=smoke-password-1234',
      image,
    );
    return waitReady(base, names.external);
  });
  facts.push(['cold start, external PostgreSQL, empty database (to /readyz 200)', `${(cold / 1000).toFixed(1)} s`]);
  await step('external: the admin from the environment signs in, the demo accounts do not exist', async () => {
    await mustSignIn(base, 'owner@example.com', 'smoke-password-1234');
    check(typeof (await signIn(base, 'admin@demo.com', 'admin')) === 'number', 'no demo account in production');
  });
  await new Promise((r) => setTimeout(r, 5000));
  facts.push(['RSS of the idle node process (external database)', `${nodeRss(names.external).toFixed(0)} MB`]);
  quiet('docker', ['rm', '-f', '-v', names.external, names.pg]);
}

async function composeUp(): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    OPSDESK_IMAGE: image,
    PORT: String(port),
    PUBLIC_URL: base,
    SEED_DEMO: 'true',
    POSTGRES_PASSWORD: 'compose-secret',
  };
  const ready = await step(
    'compose: up (postgres, two app replicas, nginx) until ready through the proxy',
    async () => {
      const started = performance.now();
      compose(env, 'up', '-d', '--no-build');
      await waitReady(base);
      return performance.now() - started;
    },
  );
  facts.push(['compose up to ready through the proxy (empty database)', `${(ready / 1000).toFixed(1)} s`]);
  await step('compose: sign in and upload through the proxy; both replicas answer', async () => {
    const apps = compose(env, 'ps', '-q', 'app').split('\n').filter(Boolean);
    check(apps.length === 2, `two app replicas (got ${apps.length})`);
    const session = await mustSignIn(base, 'admin@demo.com', 'admin');
    const text = `compose evidence ${run}`;
    const id = await upload(base, session, text);
    for (let i = 0; i < 6; i++) check((await download(base, session, id)) === text, 'the file from any replica');
    for (const app of apps) {
      check(/"url":"\/api\/files\//.test(docker('logs', app)), `replica ${app.slice(0, 12)} served a request`);
    }
  });
  await step('compose: a chat message arrives live through the proxy (server-sent events, unbuffered)', async () => {
    const [admin, analyst] = await Promise.all([
      BrowserSession.signIn(base, 'admin@demo.com', 'admin'),
      BrowserSession.signIn(base, 'analyst@demo.com', 'analyst'),
    ]);
    const analystId = (await analyst.query<{ userData: { id: number } }>('auth.me')).data.userData.id;
    type Event = { type: string; message?: { id: number; message: string } };
    const stream = await openSubscription<Event>(base, 'apps.chat.live.events', analyst.accessToken);
    try {
      await stream.next((e) => e.type === 'ready', { timeoutMs: 15_000 });
      const sent = await admin.mutate<{ id: number }>('apps.chat.live.send', { userId: analystId, message: run });
      await stream.next((e) => e.type === 'message' && e.message?.id === sent.data.id, { timeoutMs: 15_000 });
    } finally {
      stream.close();
    }
  });
}

function teardown(): void {
  quiet('docker', ['rm', '-f', '-v', names.trial, names.external, names.pg]);
  quiet('docker', ['volume', 'rm', '-f', names.trialVolume, names.externalVolume]);
  quiet('docker', ['network', 'rm', names.network]);
  const [cmd, ...pre] = composeCommand();
  quiet(cmd, [...pre, '-p', names.project, '-f', 'compose.yaml', 'down', '-v', '--remove-orphans']);
}

const overall = performance.now();
let failed = false;
try {
  if (process.env.SMOKE_SKIP_BUILD !== '1') {
    await step(`docker build -t ${image} .`, () => {
      execFileSync('docker', ['build', '-t', image, '.'], { stdio: ['ignore', 'ignore', 'inherit'] });
    });
  }
  facts.push(['image size', `${(Number(docker('image', 'inspect', '-f', '{{.Size}}', image)) / 1e6).toFixed(0)} MB`]);
  await trial();
  await external();
  await composeUp();
} catch (error) {
  failed = true;
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
} finally {
  process.stdout.write('- tear down … ');
  teardown();
  console.log('done');
}
console.log(`\n| measurement | value |\n|---|---:|`);
for (const [what, value] of facts) console.log(`| ${what} | ${value} |`);
console.log(`\n${failed ? 'FAILED' : 'passed'} in ${((performance.now() - overall) / 1000).toFixed(0)} s`);
process.exit(failed ? 1 : 0);
