// Test harness: a fresh database per test file, the real app (app.inject, no port), and callers per role.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import { createAbility, defineRulesFor } from '../../shared/abilities/index.ts';
import { buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config.ts';
import { initOrm } from '../db/orm.ts';
import { resolveSession } from '../domains/platform/auth/session.resolve.ts';
import type { SessionUser } from '../lib/context.ts';
import { innerContext } from '../trpc/context.ts';
import { createCallerFactory } from '../trpc/init.ts';
import { appRouter } from '../trpc/router.ts';
import { createTestDatabase } from './database.ts';

const createCaller = createCallerFactory(appRouter);
export type AppCaller = ReturnType<typeof createCaller>;

export const DEMO_PASSWORDS: Record<string, string> = {
  'superadmin@demo.com': 'superadmin',
  'admin@demo.com': 'admin',
  'floormanager@demo.com': 'floormanager',
  'teamleader@demo.com': 'teamleader',
  'businessadmin@demo.com': 'businessadmin',
  'businessuser@demo.com': 'businessuser',
  'qualitycontrol@demo.com': 'qualitycontrol',
  'analyst@demo.com': 'analyst',
  'client@demo.com': 'client',
  'admin@nws.demo.com': 'admin',
  'qualitycontrol@nws.demo.com': 'qualitycontrol',
};

export interface TestApp {
  app: FastifyInstance;
  orm: MikroORM;
  config: AppConfig;
  databaseUrl: string;
  /** Sign in through REST; returns the bearer token. Cached per email. */
  token(email: string): Promise<string>;
  /** Drop the cached token of `email`: the next token(), caller() or request({ as }) signs in again. */
  forget(email: string): void;
  /**
   * app.inject with a bearer token for `as` (an email), if given. The session is read afresh unless
   * `cached` (then the app's session cache answers, as between real requests).
   */
  request(opts: InjectOptions & { as?: string; cached?: boolean }): Promise<LightMyRequestResponse>;
  /** A tRPC caller with nobody signed in. */
  createAnonCaller(): AppCaller;
  /**
   * A tRPC caller acting as `email` (through the real session resolution). Each call reads the session
   * afresh, unless `cached`: then through the app's session cache, as requests over HTTP do (for suites
   * that make thousands of calls and change no session behind the app's back).
   */
  caller(email: string, options?: { cached?: boolean }): Promise<AppCaller>;
}

/**
 * Build the app over a fresh database for the current test file; closed and dropped after all tests.
 * Call at the top level of a test file: `const t = await setupTestApp();`
 */
export async function setupTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  // Uploaded files of this test file go to a temporary folder (unless the test names its own).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '1000',
    DATA_DIR: dataDir,
    ...env,
  });
  // Five connections per test file unless the test asks otherwise (DATABASE_POOL_MAX in `env`).
  const orm = await initOrm(db.url, {
    pool: { ...config.databasePool, max: env.DATABASE_POOL_MAX ? config.databasePool.max : 5 },
  });
  const app = await buildApp(config, orm, { logger: false });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await orm.close(true);
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const tokens = new Map<string, string>();
  const token = async (email: string) => {
    const cached = tokens.get(email);
    if (cached) return cached;
    const password = DEMO_PASSWORDS[email];
    if (!password) throw new Error(`no demo password for ${email}`);
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    if (res.statusCode !== 201) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
    const value = res.json<{ accessToken: string }>().accessToken;
    tokens.set(email, value);
    return value;
  };
  const request = async ({ as, cached, ...opts }: InjectOptions & { as?: string; cached?: boolean }) => {
    // Tests change sessions, roles and teams through callers and SQL, not only through requests, and
    // inject the next request at once: the change's notification (session-cache.ts) may not have
    // arrived yet. Each request here reads its session afresh; session-cache.test.ts and the
    // multi-node test exercise the cache itself.
    if (!cached) app.sessionCache.clear();
    const headers = { ...(opts.headers ?? {}) } as Record<string, string>;
    if (as) headers.authorization = `Bearer ${await token(as)}`;
    return app.inject({ ...opts, headers });
  };
  // Callers are built from the inner context alone (no HTTP exchange), as server-side code would.
  const inner = (em: EntityManager, session: { user: SessionUser } | null) =>
    innerContext({
      em,
      user: session?.user ?? null,
      ability: createAbility(session ? defineRulesFor(session.user) : []),
      ip: '127.0.0.1',
      publicUrl: config.publicUrl,
      outbox: app.outbox,
      accounts: app.accounts,
      fileStorage: app.fileStorage,
      signals: app.signals,
      jobs: app.jobs,
      allowPrivateWebhookTargets: config.webhooksAllowPrivateTargets,
      sso: config.sso,
      secretsKey: config.secretsKey,
    });
  const caller = async (email: string, options: { cached?: boolean } = {}) => {
    const accessToken = await token(email);
    // Each call gets a fresh EM fork and resolves the session as a request would.
    return createCaller(async () => {
      const em = orm.em.fork();
      const session = await resolveSession(em, accessToken, options.cached ? app.sessionCache : undefined);
      if (!session) throw new Error(`no session for ${email}`);
      return inner(em, session);
    });
  };
  const createAnonCaller = () => createCaller(() => inner(orm.em.fork(), null));
  const forget = (email: string) => void tokens.delete(email);
  return { app, orm, config, databaseUrl: db.url, token, forget, request, caller, createAnonCaller };
}
