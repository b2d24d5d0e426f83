// First start of an empty database: demo data only when asked; otherwise one superadmin, from the
// environment or through a one-time setup link, and never an account with a known password.
import crypto from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { initOrm, migrate, prepareEmptyDatabase } from './orm.ts';

const serverUrl = inject('pgServerUrl');
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A migrated database with no row of data. */
async function emptyDatabase(): Promise<{ orm: MikroORM; url: string }> {
  const name = `first_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const orm = await initOrm(url.toString(), { pool: { max: 3 } });
  await migrate(orm);
  cleanups.push(async () => {
    await orm.close(true);
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  return { orm, url: url.toString() };
}

async function count(orm: MikroORM, table: string): Promise<number> {
  const [row] = await orm.em.fork().getConnection().execute<{ n: number }[]>(`select count(*)::int as n from ${table}`);
  return row.n;
}

describe('first start of an empty database', () => {
  it('defaults: demo data with the embedded database only', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/ops' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/ops', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'a long enough secret' })).toThrow(/ADMIN_EMAIL/);
  });

  it('creates the superadmin of ADMIN_EMAIL and ADMIN_PASSWORD, and no demo account', async () => {
    const { orm, url } = await emptyDatabase();
    const result = await prepareEmptyDatabase(orm, {
      seedDemo: false,
      admin: { email: 'Ops@Example.com', password: 'correct horse battery' },
      publicUrl: 'https://ops.example.com',
    });
    expect(result).toEqual({ seeded: 'admin', email: 'ops@example.com' });
    expect(await count(orm, 'users')).toBe(1);
    expect(await count(orm, 'customers')).toBe(0);

    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent' });
    const app = await buildApp(config, orm, { logger: false });
    cleanups.push(() => app.close());
    const login = (email: string, password: string) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect((await login('ops@example.com', 'correct horse battery')).statusCode).toBe(201);
    const demo = await login('superadmin@demo.com', 'superadmin');
    expect(demo.statusCode).toBe(400);
    expect(demo.json()).toEqual({ errors: { email: ['Invalid email or password'] } });

    // A second start finds an account and changes nothing.
    expect(await prepareEmptyDatabase(orm, { seedDemo: true, publicUrl: 'https://ops.example.com' })).toEqual({
      seeded: 'none',
    });
    expect(await count(orm, 'customers')).toBe(0);
  });

  it('without a password, logs a one-time link under PUBLIC_URL that sets it once', async () => {
    const { orm, url } = await emptyDatabase();
    const result = await prepareEmptyDatabase(orm, { seedDemo: false, publicUrl: 'https://ops.example.com' });
    if (result.seeded !== 'admin' || !result.setupLink) throw new Error(`no setup link: ${JSON.stringify(result)}`);
    expect(result.email).toBe('admin@ops.example.com');
    const link = new URL(result.setupLink);
    expect(`${link.origin}${link.pathname}`).toBe('https://ops.example.com/reset-password');
    const token = link.searchParams.get('token') ?? '';

    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent' });
    const app = await buildApp(config, orm, { logger: false });
    cleanups.push(() => app.close());
    const reset = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/trpc/auth.resetPassword',
        headers: { 'content-type': 'application/json' },
        payload: { json: { token, password } },
      });
    expect((await reset('Chosen-password-1')).statusCode).toBe(200);
    expect((await reset('Another-password-2')).statusCode).toBe(400);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@ops.example.com', password: 'Chosen-password-1' },
    });
    expect(login.statusCode).toBe(201);
  });

  it('seeds the demo customers when SEED_DEMO is on', async () => {
    const { orm } = await emptyDatabase();
    expect(await prepareEmptyDatabase(orm, { seedDemo: true, publicUrl: 'http://localhost:3000' })).toEqual({
      seeded: 'demo',
    });
    expect(await count(orm, 'customers')).toBeGreaterThanOrEqual(2);
  });
});
