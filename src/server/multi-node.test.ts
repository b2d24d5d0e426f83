// Three real server processes (src/server/main.ts, jobs on in each) on one PostgreSQL database and one
// DATA_DIR, behind a round-robin proxy (testing/cluster.ts): they behave as one. Sessions, sign-in
// limits, jobs, live chat and files are shared; a node killed with SIGKILL in a write storm loses no
// acknowledged write and the others keep answering.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { TChatEvent, TLiveMessage } from '../shared/schemas/chat.ts';
import { MISSED_QUEUE } from './domains/workflow/jobs/job-queue.ts';
import {
  BrowserSession,
  type ClusterNode,
  type Proxy,
  requestFrom,
  startNodes,
  startProxy,
  stopNodes,
} from './testing/cluster.ts';
import { createTestDatabase } from './testing/database.ts';
import { openSubscription } from './testing/sse.ts';

const started = performance.now();
const db = await createTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-nodes-'));
const sql = new pg.Client({ connectionString: db.url });
await sql.connect();
let nodes: ClusterNode[] = [];
let proxy: Proxy | undefined;

afterAll(async () => {
  await proxy?.close();
  stopNodes(nodes);
  await sql.end();
  await db.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.info(`multi-node: whole file ${Math.round(performance.now() - started)} ms`);
});

nodes = await startNodes(3, {
  DATABASE_URL: db.url,
  DATA_DIR: dataDir,
  NODE_ENV: 'test',
  JOBS: 'true',
  // Only the proxy (127.0.0.1) may name the client; the test's clients connect from other loopback addresses.
  TRUST_PROXY: '127.0.0.1',
  LOG_LEVEL: 'warn',
});
const ready = performance.now() - started;
const base = (proxy = await startProxy(nodes)).url;
const signIn = (email: string, password = email.split('@')[0]) => BrowserSession.signIn(base, email, password);

const count = async (query: string, values: unknown[] = []) =>
  Number((await sql.query<{ n: string }>(query, values)).rows[0].n);
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 864e5).toISOString().slice(0, 10);
const nodesOf = (answers: { node: number }[]) => new Set(answers.map((a) => a.node));

async function waitFor(what: string, check: () => Promise<boolean>, limitMs = 30_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('three app processes behind a proxy', () => {
  it(`start together and take traffic (all three ready in ${Math.round(ready)} ms)`, async () => {
    const answers = await Promise.all([0, 1, 2].map(() => fetch(`${base}/readyz`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.headers.get('x-upstream')))).toEqual(new Set(['0', '1', '2']));
  });

  it('share sessions: signed in on one node, the session works on the others; a logout on one is refused by all as its notification arrives', async () => {
    const analyst = await signIn('analyst@demo.com');
    const seen = [];
    for (let i = 0; i < 3; i++) seen.push(await analyst.query<{ userData: { email: string } }>('auth.me'));
    expect(seen.map((s) => s.data.userData.email)).toEqual(Array(3).fill('analyst@demo.com'));
    expect(nodesOf(seen).size).toBe(3);

    const out = await analyst.mutate('auth.logout');
    // The logout's node forgets the session before it answers; the others as the change's NOTIFY reaches
    // them (milliseconds after the commit): a request racing it may still be answered from memory, none after.
    const after: { node: number; status: number }[] = [];
    await waitFor(
      'every node refuses the logged-out session',
      async () => {
        after.length = 0;
        for (let i = 0; i < 3; i++) after.push(await analyst.query('auth.me', undefined, false));
        return after.every((a) => a.status === 401);
      },
      2_000,
    );
    expect(nodesOf([out, ...after]).size).toBe(3);
  });

  it('plan and perform a task end to end, each step on whichever node the proxy picks', async () => {
    const [admin, inspector, analyst] = await Promise.all([
      signIn('admin@demo.com'),
      signIn('qualitycontrol@demo.com'),
      signIn('analyst@demo.com'),
    ]);
    const steps: { node: number }[] = [];
    const step = async <T>(call: Promise<{ node: number; data: T }>) => {
      const answer = await call;
      steps.push(answer);
      return answer.data;
    };
    const draft = await step(
      admin.mutate<{ id: number }>('schemes.create', {
        name: 'Multi-node scheme',
        passingScore: 50,
        sections: [{ title: 'Only', questions: [{ key: 'only', text: 'Shelves tidy?', type: 'yesno' }] }],
      }),
    );
    const scheme = await step(admin.mutate<{ id: number }>('schemes.publish', { id: draft.id }));
    const location = (
      await step(
        admin.query<{ items: { id: number; latitude: number; longitude: number }[] }>('locations.list', {
          q: 'LYON-001',
        }),
      )
    ).items[0];
    const qc = (
      await step(
        admin.query<{ items: { id: number; team: { id: number } }[] }>('users.list', { q: 'qualitycontrol@demo.com' }),
      )
    ).items[0];
    const project = await step(
      admin.mutate<{ id: number }>('projects.create', {
        code: 'MN-E2E',
        name: 'Multi-node visit',
        schemeId: scheme.id,
        startDate: day(-1),
        endDate: day(30),
      }),
    );
    const assignment = await step(
      admin.mutate<{ id: number }>('assignments.create', {
        projectId: project.id,
        locationId: location.id,
        teamId: qc.team.id,
        assigneeId: qc.id,
        plannedVisits: 1,
      }),
    );
    await step(admin.mutate('projects.activate', { id: project.id }));
    const slot = await step(
      admin.mutate<{ taskId: number }>('slots.create', {
        assignmentId: assignment.id,
        startsAt: new Date(Date.now() - 10 * 60_000),
        endsAt: new Date(Date.now() + 4 * 3600_000),
      }),
    );
    const id = slot.taskId;
    const at = { latitude: location.latitude, longitude: location.longitude, accuracy: 5 };
    await step(inspector.mutate('tasks.start', { id, ...at }));
    await step(inspector.mutate('tasks.saveAnswers', { id, answers: [{ questionKey: 'only', value: true }] }));
    await step(inspector.mutate('tasks.submit', { id, clientMutationId: 'multi-node-1' }));
    const approved = await step(analyst.mutate<{ status: string }>('tasks.approve', { id, comment: 'Fine' }));
    expect(approved.status).toBe('approved');
    expect(nodesOf(steps).size).toBe(3);
    const actions = await sql.query<{ action: string }>(
      `select action from audit_events where entity_type = 'Task' and entity_id = $1 order by id`,
      [id],
    );
    expect(actions.rows.map((r) => r.action)).toEqual(['start', 'save_answers', 'submit', 'approve']);
  });

  it('1,000 generated slots give 1,000 tasks, and the missed-visit job turns each missed once, on any node', {
    timeout: 60_000,
  }, async () => {
    const admin = await signIn('admin@demo.com');
    const team = (await admin.query<{ items: { id: number }[] }>('teams.list', { q: 'Lyon' })).data.items[0];
    // An inspector of their own, so their notifications are about these visits only.
    const inspector = await admin.mutate<{ id: number }>('users.create', {
      email: 'multi.node@acme.example',
      fullName: 'Multi Node',
      role: 'qualitycontrol',
      teamId: team.id,
      password: 'Multi-Node-2026',
    });
    const scheme = (await admin.query<{ items: { id: number }[] }>('schemes.list', { view: 'latestPublished' })).data
      .items[0];
    const subDirectionId = (await admin.query<{ items: { id: number }[] }>('subDirections.list', {})).data.items[0].id;
    // Ten stores without opening hours (open every day), each visited every day for 100 days, all past.
    const locations = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        admin.mutate<{ id: number }>('locations.create', { subDirectionId, code: `MN-${i}`, name: `Multi-node ${i}` }),
      ),
    );
    const project = await admin.mutate<{ id: number }>('projects.create', {
      code: 'MN-1000',
      name: 'A thousand visits',
      schemeId: scheme.id,
      startDate: day(-130),
      endDate: day(130),
    });
    await Promise.all(
      locations.map((l) =>
        admin.mutate('assignments.create', {
          projectId: project.data.id,
          locationId: l.data.id,
          teamId: team.id,
          assigneeId: inspector.data.id,
          plannedVisits: 0,
        }),
      ),
    );
    await admin.mutate('projects.activate', { id: project.data.id });
    const generated = await admin.mutate<{ created: number }>('slots.generate', {
      projectId: project.data.id,
      recurrence: { kind: 'weekly', byWeekday: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] },
      from: day(1),
      to: day(100),
      durationMinutes: 60,
    });
    expect(generated.data.created).toBe(1000);
    const ofProject = `from tasks where project_id = ${project.data.id}`;
    expect(await count(`select count(*) as n ${ofProject}`)).toBe(1000);
    // The generator plans no visit that is already over: 121 days pass, and every visit has ended unseen.
    await sql.query(
      `update slots set starts_at = starts_at - interval '121 days', ends_at = ends_at - interval '121 days'
       where id in (select slot_id ${ofProject})`,
    );
    await sql.query(
      `update tasks set starts_at = starts_at - interval '121 days', ends_at = ends_at - interval '121 days'
       where project_id = ${project.data.id}`,
    );

    // The minute's schedule would send it; sent here (three times, as three processes would) so the
    // test need not wait for the minute. Any node's worker takes it.
    await waitFor(
      'job queues created',
      async () => (await count(`select count(*) as n from pgboss.queue where name = $1`, [MISSED_QUEUE])) === 1,
    );
    const boss = new PgBoss({
      connectionString: db.url,
      schema: 'pgboss',
      supervise: false,
      schedule: false,
      migrate: false,
    });
    await boss.start();
    try {
      for (let i = 0; i < 3; i++) await boss.send(MISSED_QUEUE);
      await waitFor(
        '1,000 missed',
        async () => (await count(`select count(*) as n ${ofProject} and status = 'missed'`)) === 1000,
      );
      // Once more after the fact: nothing is left to change.
      await boss.send(MISSED_QUEUE);
      await waitFor(
        'the queue drained',
        async () =>
          (await count(
            `select count(*) as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')`,
            [MISSED_QUEUE],
          )) === 0,
      );
    } finally {
      await boss.stop({ graceful: false });
    }
    expect(await count(`select count(*) as n ${ofProject} and version = 2`)).toBe(1000);
    const audits = await sql.query<{ events: string; tasks: string }>(
      `select count(*) as events, count(distinct entity_id) as tasks from audit_events
        where entity_type = 'Task' and action = 'missed' and entity_id in (select id ${ofProject})`,
    );
    expect(audits.rows[0]).toEqual({ events: '1000', tasks: '1000' });
    const told = await sql.query<{ title: string; body: string }>(
      `select title, body from notifications where user_id = $1 and title in ('Visit missed', 'Visits missed')`,
      [inspector.data.id],
    );
    const visits = told.rows.reduce(
      (sum, n) => sum + (n.title === 'Visit missed' ? 1 : Number(/^(\d+) of your visits/.exec(n.body)?.[1])),
      0,
    );
    expect(visits).toBe(1000);
    // Every process scheduled the same jobs, the counters' sweep among them, once each.
    const schedules = await sql.query<{ name: string }>(`select name from pgboss.schedule order by name`);
    expect(schedules.rows.map((r) => r.name)).toEqual([
      'integrations-idempotency-sweep',
      'integrations-webhooks-sweep',
      'platform-rate-limit-sweep',
      'workflow-missed-tasks',
      'workflow-overdue-actions',
      'workflow-task-reminders',
    ]);
  });

  it('count a failed sign-in series spread over the nodes against one shared limit (LOGIN_RATE_LIMIT=10)', async () => {
    const login = (from: string, password: string) =>
      requestFrom(from, `${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'businessuser@demo.com', password }),
      });
    const failures = [];
    for (let i = 0; i < 10; i++) failures.push(await login('127.0.0.5', 'wrong'));
    expect(failures.map((f) => f.status)).toEqual(Array(10).fill(400));
    expect(nodesOf(failures).size).toBe(3);
    const limited = await login('127.0.0.5', 'businessuser');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The pair is limited, not the person: the right password from another address goes in.
    expect((await login('127.0.0.6', 'businessuser')).status).toBe(201);
  });

  it('serve a file uploaded through one node from another (shared DATA_DIR)', async () => {
    const inspector = await signIn('qualitycontrol@demo.com');
    const form = new FormData();
    const text = `evidence written through the proxy ${Date.now()}`;
    form.append('file', new Blob([text], { type: 'text/plain' }), 'evidence.txt');
    const upload = await fetch(`${base}/api/files`, { method: 'POST', headers: inspector.headers, body: form });
    expect(upload.status).toBe(201);
    const { id } = (await upload.json()) as { id: number };
    const download = await fetch(`${base}/api/files/${id}`, { headers: inspector.headers });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(text);
    expect(download.headers.get('x-upstream')).not.toBe(upload.headers.get('x-upstream'));
  });

  it('deliver a chat message sent through one node live to a subscriber on another', async () => {
    const [admin, analyst] = await Promise.all([signIn('admin@demo.com'), signIn('analyst@demo.com')]);
    const analystId = (await analyst.query<{ userData: { id: number } }>('auth.me')).data.userData.id;
    const stream = await openSubscription<TChatEvent>(base, 'apps.chat.live.events', analyst.accessToken);
    try {
      await stream.next((e) => e.type === 'ready');
      const streamNode = proxy?.served.findLast((s) => s.path.startsWith('/trpc/apps.chat.live.events'))?.node;
      const sent = await admin.mutate<TLiveMessage>('apps.chat.live.send', {
        userId: analystId,
        message: 'Across nodes',
      });
      expect(sent.node).not.toBe(streamNode);
      const received = await stream.next((e) => e.type === 'message' && e.message.id === sent.data.id);
      expect(received).toMatchObject({ message: { message: 'Across nodes' } });
    } finally {
      stream.close();
    }
  });

  it('lose no acknowledged write when one node is killed (SIGKILL) in a write storm; the others keep answering', {
    timeout: 60_000,
  }, async () => {
    const admin = await signIn('admin@demo.com');
    const acknowledged: { code: string; node: number; afterKill: boolean }[] = [];
    let attempted = 0;
    let killed = false;
    let running = true;
    let next = 0;
    const writers = Array.from({ length: 6 }, async () => {
      while (running) {
        const code = `STORM-${next++}`;
        attempted++;
        const afterKill = killed;
        try {
          const res = await admin.mutate<{ code: string }>('directions.create', { code, name: `Storm ${code}` }, false);
          if (res.status === 200 && res.data.code === code) acknowledged.push({ code, node: res.node, afterKill });
        } catch {
          // cut by the kill: not acknowledged
        }
      }
    });
    await waitFor('writes before the kill', async () => acknowledged.length >= 60, 30_000);
    nodes[1].child.kill('SIGKILL');
    killed = true;
    await waitFor('writes after the kill', async () => acknowledged.filter((a) => a.afterKill).length >= 60, 30_000);
    running = false;
    await Promise.all(writers);

    const stored = new Set(
      (await sql.query<{ code: string }>(`select code from directions where code like 'STORM-%'`)).rows.map(
        (r) => r.code,
      ),
    );
    const lost = acknowledged.filter((a) => !stored.has(a.code));
    console.info(
      `multi-node storm: attempted ${attempted}, acknowledged ${acknowledged.length} (${acknowledged.filter((a) => a.afterKill).length} after the kill), stored ${stored.size}, acknowledged but lost ${lost.length}`,
    );
    expect(lost).toEqual([]);
    expect(proxy?.dead).toEqual(new Set([1]));
    expect(nodesOf(acknowledged.filter((a) => a.afterKill))).toEqual(new Set([0, 2]));
    const after = await Promise.all([0, 1, 2, 3].map(() => admin.query<{ userData: { email: string } }>('auth.me')));
    expect(after.map((a) => a.data.userData.email)).toEqual(Array(4).fill('admin@demo.com'));
  });
});

describe('three app processes starting at once on an empty database', () => {
  it('migrate and seed it once between them (the startup lock), then all take traffic', {
    timeout: 120_000,
  }, async () => {
    // The cluster above is done: its processes give the machine back first.
    await proxy?.close();
    stopNodes(nodes);
    const server = new pg.Client({ connectionString: inject('pgServerUrl') });
    await server.connect();
    const name = `${db.name}_empty`;
    await server.query(`create database ${name}`);
    const url = new URL(db.url);
    url.pathname = `/${name}`;
    const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-nodes-empty-'));
    const coldStart = performance.now();
    try {
      nodes = await startNodes(
        3,
        { DATABASE_URL: url.toString(), DATA_DIR: emptyDir, NODE_ENV: 'test', SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
        100_000,
      );
      const ms = Math.round(performance.now() - coldStart);
      proxy = await startProxy(nodes);
      const fresh = new pg.Client({ connectionString: url.toString() });
      await fresh.connect();
      const one = async (query: string) => Number((await fresh.query<{ n: string }>(query)).rows[0].n);
      const migrations = fs.readdirSync('migrations').filter((f) => f.endsWith('.ts')).length;
      const counts = {
        migrations: await one('select count(*) as n from mikro_orm_migrations'),
        admins: await one(`select count(*) as n from users where email = 'admin@demo.com'`),
        customers: await one(`select count(*) as n from customers where code = 'ACME'`),
      };
      await fresh.end();
      console.info(`multi-node: three processes on an empty database ready in ${ms} ms (migrated and seeded once)`);
      expect(counts).toEqual({ migrations, admins: 1, customers: 1 });
      const admin = await BrowserSession.signIn(proxy.url, 'admin@demo.com', 'admin');
      const seen = [];
      for (let i = 0; i < 3; i++) seen.push(await admin.query('auth.me'));
      expect(nodesOf(seen).size).toBe(3);
    } finally {
      await proxy?.close();
      proxy = undefined;
      stopNodes(nodes);
      await new Promise((r) => setTimeout(r, 200));
      await server.query(`drop database if exists ${name} with (force)`);
      await server.end();
      fs.rmSync(emptyDir, { recursive: true, force: true });
    }
  });
});
